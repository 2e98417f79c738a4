// `@JSONModel(codable: true)`: the same model read through KeelDecoder, Foundation's JSONDecoder and Keel's
// own entry points gives the same values and the same errors, and writes the same JSON through any encoder.
import Foundation
import Keel
import KeelMacros
import Testing

@JSONModel(keys: .snakeCase, codable: true)
struct Order: Equatable {
    let orderId: Int
    var note: String?
    var retries = 3
    @JSONLossy var tags: [String]
    let lines: [OrderLine]
    @JSONDate(.rfc3339) var placedAt: Date
}

/// Written as "direct" by `write(to:)` and "tree" by `toJSON()` (see `WriteMarker`).
@JSONModel(codable: true)
struct Marked {
    var marker: WriteMarker
    var ratio: Double
}

@JSONModel(codable: true)
struct OrderLine: Equatable {
    let sku: String
    let quantity: Int
}

@JSONModel(layout: .inline(tag: "type"), codable: true)
enum Payment: Equatable {
    case card(last4: String)
    case cash
    @JSONUnknown case other(String)
}

/// A plain `Codable` model that holds generated ones, as an app's existing models would.
struct Envelope: Codable, Equatable {
    let order: Order
    let payments: [Payment]
}

let orderText = """
    {"order": {"order_id": 7, "tags": ["a", 2, "b"], "lines": [{"sku": "x", "quantity": 1}],
               "placed_at": "2024-03-01T12:30:00Z"},
     "payments": [{"type": "card", "last4": "4242"}, {"type": "cash"}, {"type": "iou"}]}
    """

@Suite struct JSONModelCodableTests {
    let expected = Envelope(
        order: Order(orderId: 7, note: nil, retries: 3, tags: ["a", "b"], lines: [OrderLine(sku: "x", quantity: 1)],
                     placedAt: Date(timeIntervalSince1970: 1_709_296_200)),
        payments: [.card(last4: "4242"), .cash, .other("iou")])

    @Test func everyDecoderReadsTheSameValues() throws {
        let data = Data(orderText.utf8)
        #expect(try KeelDecoder().decode(Envelope.self, from: data) == expected)
        #expect(try JSONDecoder().decode(Envelope.self, from: data) == expected)
        let root = try JSONDocument(parsing: orderText).root
        #expect(try Order.decode(root.requiredMember("order")) == expected.order)
    }

    @Test func everyDecoderGivesKeelsErrorAtTheSamePlace() throws {
        let inputs = [
            #"{"order": {"order_id": "7", "tags": [], "lines": [], "placed_at": "2024-03-01T12:30:00Z"}, "payments": []}"#,
            #"{"order": {"order_id": 7, "tags": [], "lines": [{"sku": "x"}], "placed_at": "2024-03-01T12:30:00Z"}, "payments": []}"#,
            #"{"order": {"order_id": 7, "tags": [], "lines": [], "placed_at": "yesterday"}, "payments": []}"#,
            #"{"order": {"order_id": 7, "tags": [], "lines": [], "placed_at": "2024-03-01T12:30:00Z"}, "payments": [{"kind": "cash"}]}"#,
        ]
        for input in inputs {
            let native = nativeError(input)
            let keel = underlying(of: { try KeelDecoder().decode(Envelope.self, from: Data(input.utf8)) })
            let foundation = underlying(of: { try JSONDecoder().decode(Envelope.self, from: Data(input.utf8)) })
            #expect(native != nil, "\(input)")
            #expect(keel == native, "KeelDecoder gives the native error itself, line and column included: \(input)")
            #expect(foundation?.path == native?.path && foundation?.kind == native?.kind && foundation?.expected == native?.expected,
                    "JSONDecoder gives the same error at the same path: \(input)")
        }
    }

    @Test func aMissingMemberIsKeyNotFoundForFoundationsCallers() throws {
        let input = #"{"order": {"tags": [], "lines": [], "placed_at": "2024-03-01T12:30:00Z"}, "payments": []}"#
        for decode in [{ try KeelDecoder().decode(Envelope.self, from: Data(input.utf8)) },
                       { try JSONDecoder().decode(Envelope.self, from: Data(input.utf8)) }] {
            #expect {
                _ = try decode()
            } throws: { error in
                guard case DecodingError.keyNotFound(let key, let context) = error else { return false }
                return key.stringValue == "order_id" && context.codingPath.map(\.stringValue) == ["order"]
            }
        }
    }

    @Test func collectingThroughKeelDecoderReportsWhatTheModelRecorded() throws {
        let collected = KeelDecoder().decodeCollecting(Envelope.self, from: Data(orderText.utf8))
        #expect(collected.value == expected)
        let errorPaths = collected.errors.compactMap { $0.jsonDecodingError?.path.description }
        let warningPaths = collected.warnings.compactMap { $0.jsonDecodingError?.path.description }
        #expect(errorPaths == ["$.order.tags[1]"], "the dropped element")
        #expect(warningPaths == ["$.payments[2].type"], "the unknown tag")
    }

    @Test func everyEncoderWritesTheModelsJSON() throws {
        let native = try JSONDocument(parsing: expected.order.toJSON().jsonText()).root
        let keel = try JSONDocument(parsing: KeelEncoder().encodeToBytes(expected.order)).root
        let foundation = try JSONDocument(parsing: Array(JSONEncoder().encode(expected.order))).root
        #expect(JSON(keel) == JSON(native))
        #expect(JSON(foundation) == JSON(native))
        #expect(try JSONDecoder().decode(Envelope.self, from: JSONEncoder().encode(expected)) == expected)
    }

    @Test func keelEncoderWritesTheModelStraight() throws {
        // The marker writes "direct" through `write(to:)` and "tree" through `toJSON()`.
        let marked = Marked(marker: WriteMarker(), ratio: 0.5)
        #expect(try KeelEncoder().encodeToString(marked) == #"{"marker":"direct","ratio":0.5}"#)
        #expect(try KeelEncoder().encode(marked) == Data(#"{"marker":"direct","ratio":0.5}"#.utf8))
        #expect(try KeelEncoder(writingOptions: .pretty()).encodeToString(marked)
                == "{\n  \"marker\": \"direct\",\n  \"ratio\": 0.5\n}")
        #expect(try String(decoding: JSONEncoder().encode(marked), as: UTF8.self).contains(#""marker":"tree""#))
        // The same text as the tree, under a key strategy too (the model names its members).
        var snake = KeelEncoder()
        snake.keyEncodingStrategy = .convertToSnakeCase
        #expect(try snake.encodeToBytes(expected.order) == expected.order.toJSON().jsonBytes())

        // Lists and maps of such models are written straight too.
        #expect(try KeelEncoder().encodeToString([marked, marked]) == #"[{"marker":"direct","ratio":0.5},{"marker":"direct","ratio":0.5}]"#)
        #expect(try KeelEncoder().encodeToString(["m": marked]) == #"{"m":{"marker":"direct","ratio":0.5}}"#)
        #expect(try KeelEncoder().encodeToString(Marked?.none) == "null")
        #expect(try KeelEncoder().encodeToBytes([expected.order]) == [expected.order].toJSON().jsonBytes())

        let broken = Marked(marker: WriteMarker(), ratio: .nan)
        let error = #expect(throws: EncodingError.self) { try KeelEncoder().encodeToBytes(broken) }
        guard case .invalidValue(_, let context)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(context.codingPath.map(\.stringValue) == ["ratio"])
        // The model writes its own numbers: a strategy for non-finite ones does not apply to it.
        var spelling = KeelEncoder()
        spelling.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        #expect(throws: EncodingError.self) { try spelling.encodeToBytes(broken) }
    }

    private func nativeError(_ input: String) -> JSONDecodingError? {
        do {
            let root = try JSONDocument(parsing: input).root
            _ = try Order.decode(root.requiredMember("order"))
            _ = try [Payment].decode(root.requiredMember("payments"))
            return nil
        } catch {
            return error as? JSONDecodingError
        }
    }

    private func underlying(of decode: () throws -> Envelope) -> JSONDecodingError? {
        do {
            _ = try decode()
            return nil
        } catch {
            return (error as? DecodingError)?.jsonDecodingError
        }
    }
}
