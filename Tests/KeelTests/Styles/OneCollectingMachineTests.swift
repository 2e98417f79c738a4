import Foundation
import Keel
import KeelOperators
import Testing

/// The collecting style and the Codable bridge's collecting mode return the same result type, order their
/// errors the same way (by place in the text, whatever order a model reads its members in) and keep warnings
/// apart from errors.
@Suite struct OneCollectingMachineTests {
    /// Reads its members in the reverse of their order in the text, so errors are met last-first.
    struct Bridged: Decodable {
        let later: Int?
        let earlier: Int?
        let status: OpenStatus

        enum CodingKeys: String, CodingKey { case earlier, later, status }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            later = try container.decodeIfPresent(Int.self, forKey: .later)
            earlier = try container.decodeIfPresent(Int.self, forKey: .earlier)
            status = try container.decode(OpenStatus.self, forKey: .status)
        }
    }

    struct Styled: CollectingJSONDecodable {
        let later: Int?
        let earlier: Int?
        let status: OpenStatus

        init?(from decoder: CollectingDecoder) {
            later = decoder["later"] --> Int?.self
            earlier = decoder["earlier"] --> Int?.self
            guard let status = decoder["status"] --> OpenStatus.self else { return nil }
            self.status = status
        }
    }

    enum OpenStatus: String, Codable, JSONDecodable, UnknownCaseRepresentable {
        case active, unknown
        static var unknownCase: OpenStatus { .unknown }
    }

    static let text = """
        [
          {"earlier": "one", "status": "active", "later": "two"},
          {"earlier": 1, "status": "frozen", "later": 2}
        ]
        """

    @Test func bothEntryPointsGiveOneResultTypeInDocumentOrder() throws {
        let bridged: Collected<[Bridged], DecodingError> = KeelDecoder().decodeCollecting([Bridged].self, from: Self.text)
        let styled: Collected<[Styled], CollectedError> = CollectingJSONDecoder().decode([Styled].self, from: Self.text)

        let bridgedErrors = bridged.errors.compactMap { $0.jsonDecodingError }
        #expect(bridgedErrors.map(\.path.description) == ["$[0].earlier", "$[0].later"])
        #expect(styled.errors.map(\.error.path.description) == ["$[0].earlier", "$[0].later"])
        #expect(bridgedErrors.map(\.location) == styled.errors.map(\.location))

        #expect(bridged.warnings.compactMap { $0.jsonDecodingError?.location?.line } == [3])
        #expect(styled.warnings.compactMap { $0.location?.line } == [3])

        #expect(bridged.value?.map(\.status) == [.active, .unknown])
        #expect(styled.value?.map(\.status) == [.active, .unknown])
        #expect(!bridged.isComplete && !styled.isComplete)
    }

    @Test func aSyntaxErrorIsTheOneErrorOfEither() {
        let bridged = KeelDecoder().decodeCollecting([Bridged].self, from: "[{]")
        let styled = CollectingJSONDecoder().decode([Styled].self, from: "[{]")
        #expect(bridged.value == nil && bridged.errors.count == 1)
        #expect(styled.value == nil && styled.errors.count == 1)
        let syntaxError = bridged.errors.first?.jsonSyntaxError
        #expect(syntaxError?.byteOffset == 2)
        #expect(styled.errors.first?.location?.byteOffset == syntaxError?.byteOffset)
    }
}
