import Foundation
import Keel
import KeelTestSupport
import Testing

/// RFC 8259 conformance against the JSONTestSuite (`../shared/JSONTestSuite/test_parsing`, or the folder in
/// `KEEL_JSON_TEST_SUITE`): every `y_` file parses, every `n_` file is rejected, every `i_` file has the
/// outcome our policy table (`Documentation.docc/Conformance.md`) states. Skipped, with a message, when the
/// suite is not there.
@Suite(.enabled(if: SharedFixtures.jsonTestSuite != nil,
                "JSONTestSuite not found beside the repository; set KEEL_JSON_TEST_SUITE to its folder"))
struct ConformanceTests {
    static let suite = SharedFixtures.jsonTestSuite
    static let mustAccept = SharedFixtures.files(in: suite, prefix: "y_")
    static let mustReject = SharedFixtures.files(in: suite, prefix: "n_")
    static let implementationDefined = SharedFixtures.files(in: suite, prefix: "i_")

    static func bytes(_ name: String) throws -> [UInt8] {
        try SharedFixtures.bytes(of: try #require(suite).appendingPathComponent(name))
    }

    /// Our documented outcome for each `i_` file with default options.
    static func expectedToParse(_ name: String) -> Bool {
        // Numbers of any size or precision are kept as text, so they parse; the 500-deep file is within the
        // default depth of 512; a UTF-8 byte-order mark is skipped. Every other i_ file holds a lone
        // surrogate escape or bytes that are not UTF-8, which the defaults reject.
        name.hasPrefix("i_number_") || name == "i_structure_500_nested_arrays.json"
            || name == "i_structure_UTF-8_BOM_empty_object.json"
    }

    @Test func theSuiteIsComplete() {
        #expect(Self.mustAccept.count == 95)
        #expect(Self.mustReject.count == 188)
        #expect(Self.implementationDefined.count == 35)
    }

    @Test(arguments: mustAccept)
    func accepts(_ name: String) throws {
        let bytes = try Self.bytes(name)
        let document = try JSONDocument(parsing: bytes)
        let value = JSON(document.root)
        // Parse, print, parse again: the values are equal.
        let printed = value.description
        let reparsed = try JSON(parsing: printed)
        #expect(reparsed == value, "\(name) printed as \(printed)")
        #expect(reparsed.hashValue == value.hashValue)
    }

    @Test(arguments: mustReject)
    func rejects(_ name: String) throws {
        let bytes = try Self.bytes(name)
        let error = try #require(syntaxError(bytes), "\(name) was accepted")
        #expect(error.line >= 1 && error.column >= 1 && error.byteOffset <= bytes.count)
        #expect(!error.description.isEmpty)
    }

    @Test(arguments: implementationDefined)
    func followsThePolicyTable(_ name: String) throws {
        let bytes = try Self.bytes(name)
        let error = syntaxError(bytes)
        if Self.expectedToParse(name) {
            #expect(error == nil, "\(name): \(String(describing: error))")
        } else {
            #expect(error != nil, "\(name) was accepted")
        }
    }

    /// With lone surrogates replaced by U+FFFD, the surrogate-escape files parse instead; nothing crashes
    /// under any combination of options.
    @Test(arguments: implementationDefined + mustReject + mustAccept)
    func neverCrashesUnderOtherOptions(_ name: String) throws {
        let bytes = try Self.bytes(name)
        var options = JSONParsingOptions()
        options.loneSurrogates = .replace
        options.byteOrderMark = .reject
        options.duplicateKeys = .reject
        options.maximumDepth = 3
        _ = syntaxError(bytes, options: options)
        options.maximumDepth = 100_000
        if let document = try? JSONDocument(parsing: bytes, options: options) {
            _ = JSON(document.root).description
        }
    }

    @Test func surrogateEscapesParseWhenReplaced() throws {
        var options = JSONParsingOptions()
        options.loneSurrogates = .replace
        for name in ["i_string_1st_surrogate_but_2nd_missing.json", "i_string_invalid_lonely_surrogate.json",
                     "i_string_inverted_surrogates_U+1D11E.json", "i_object_key_lone_2nd_surrogate.json"] {
            #expect(syntaxError(try Self.bytes(name), options: options) == nil, "\(name)")
        }
    }

    /// With encodings detected, the UTF-16 files read as the UTF-8 text they hold, and every verdict on UTF-8
    /// input stays as it was: detection changes only what strict parsing would call an unsupported encoding.
    @Test func wideFilesParseWhenDetected() throws {
        var options = JSONParsingOptions()
        options.textEncoding = .detect
        for name in ["i_string_UTF-16LE_with_BOM.json", "i_string_utf16BE_no_BOM.json", "i_string_utf16LE_no_BOM.json"] {
            let document = try JSONDocument(parsing: try Self.bytes(name), options: options)
            #expect(JSON(document.root) == ["é"], "\(name)")
        }
        for name in Self.mustAccept {
            #expect(syntaxError(try Self.bytes(name), options: options) == nil, "\(name)")
        }
        for name in Self.mustReject {
            #expect(syntaxError(try Self.bytes(name), options: options) != nil, "\(name) was accepted")
        }
    }
}
