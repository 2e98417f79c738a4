import Keel
import KeelTestSupport
import Testing

/// JSONC against the JSONTestSuite: what strict JSON accepts, JSONC reads to the same value; of what strict
/// JSON rejects, JSONC accepts exactly the files whose only fault is a comment or a trailing comma.
@Suite(.enabled(if: SharedFixtures.jsonTestSuite != nil, "JSONTestSuite not found beside the repository"))
struct JSONCConformanceTests {
    static let suite = SharedFixtures.jsonTestSuite
    static let everyFile = ["y_", "n_", "i_"].flatMap { SharedFixtures.files(in: suite, prefix: $0) }

    /// The rejected files that are JSONC: a trailing comma, or a comment.
    static let acceptedAsJSONC: Set<String> = [
        "n_array_extra_comma.json", "n_array_number_and_comma.json", "n_object_trailing_comma.json",
        "n_object_trailing_comment.json", "n_object_trailing_comment_slash_open.json",
        "n_structure_object_with_comment.json",
    ]

    static var jsonc: JSONParsingOptions {
        var options = JSONParsingOptions()
        options.syntax = .jsonc
        return options
    }

    @Test(arguments: everyFile)
    func strictVerdictsCarryOver(_ name: String) throws {
        let bytes = try SharedFixtures.bytes(of: try #require(Self.suite).appendingPathComponent(name))
        let strict = Result { () throws(JSONSyntaxError) in JSON(try JSONDocument(parsing: bytes).root) }
        let commented = Result { () throws(JSONSyntaxError) in JSON(try JSONDocument(parsing: bytes, options: Self.jsonc).root) }
        switch (strict, commented) {
        case (.success(let value), .success(let read)):
            #expect(read == value, "\(name)")
        case (.success, .failure(let error)):
            Issue.record("\(name): strict JSON that JSONC rejects: \(error)")
        case (.failure, .success):
            #expect(Self.acceptedAsJSONC.contains(name), "\(name) accepted as JSONC")
        case (.failure(let strictError), .failure(let error)):
            #expect(!Self.acceptedAsJSONC.contains(name), "\(name) rejected: \(error)")
            // The same fault, at the same place, unless a comment or trailing comma moved it.
            if !bytes.contains(UInt8(ascii: "/")), !bytes.contains(UInt8(ascii: ",")) {
                #expect(error.byteOffset == strictError.byteOffset, "\(name)")
                #expect(error.kind == strictError.kind, "\(name)")
            }
        }
    }
}
