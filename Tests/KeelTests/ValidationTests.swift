import Keel
import KeelTestSupport
import PropertyBased
import Testing

/// `JSONDocument.validate` scans without recording a tape; it must decide exactly as parsing does and throw
/// the very same error (kind, place, message) for every input and every option.
@Suite struct ValidationTests {
    /// The outcome of parsing and of validating `bytes`: `nil` for success, else the error.
    static func outcomes(_ bytes: [UInt8], options: JSONParsingOptions = JSONParsingOptions())
        -> (parsed: JSONSyntaxError?, validated: JSONSyntaxError?) {
        var parsed: JSONSyntaxError?
        var validated: JSONSyntaxError?
        do { _ = try JSONDocument(parsing: bytes, options: options) } catch { parsed = error }
        do { try JSONDocument.validate(bytes, options: options) } catch { validated = error }
        return (parsed, validated)
    }

    static func expectSameOutcome(_ bytes: [UInt8], options: JSONParsingOptions = JSONParsingOptions(),
                                  _ comment: @autoclosure () -> String = "") {
        let (parsed, validated) = outcomes(bytes, options: options)
        #expect(parsed == validated, "\(comment()) \(String(decoding: bytes.prefix(200), as: UTF8.self))")
    }

    /// Option sets that reach every limit and policy the scanner has.
    static let optionSets: [JSONParsingOptions] = {
        var sets = [JSONParsingOptions()]
        var options = JSONParsingOptions()
        options.loneSurrogates = .replace
        options.byteOrderMark = .reject
        sets.append(options)
        options = JSONParsingOptions()
        options.maximumDepth = 3
        options.maximumStringLength = 4
        options.maximumNumberLength = 3
        sets.append(options)
        options = JSONParsingOptions()
        options.maximumDocumentSize = 10
        sets.append(options)
        options = JSONParsingOptions()
        options.duplicateKeys = .reject
        sets.append(options)
        return sets
    }()

    @Test(.enabled(if: SharedFixtures.jsonTestSuite != nil, "JSONTestSuite not found beside the repository"))
    func agreesWithParsingOnTheConformanceSuite() throws {
        let names = SharedFixtures.files(in: SharedFixtures.jsonTestSuite)
        #expect(names.count > 300)
        var rejected = 0
        for name in names {
            let bytes = try SharedFixtures.bytes(of: try #require(SharedFixtures.jsonTestSuite).appendingPathComponent(name))
            for options in Self.optionSets {
                Self.expectSameOutcome(bytes, options: options, name)
            }
            if Self.outcomes(bytes).validated != nil { rejected += 1 }
        }
        // Validation rejects (the n_ files and most i_ files), so agreeing is not agreeing on "accept".
        #expect(rejected > 200)
    }

    /// Each corpus file validates; cut at many places, or with one byte changed, it gets parsing's error.
    @Test(.enabled(if: SharedFixtures.corpus != nil, "corpus not found beside the repository"))
    func agreesWithParsingOnTheCorpusCutAndDamaged() throws {
        for name in ["twitter.json", "citm_catalog.json", "canada.json"] {
            let bytes = try SharedFixtures.bytes(of: try #require(SharedFixtures.corpus).appendingPathComponent(name))
            try JSONDocument.validate(bytes)
            var generator = SystemRandomNumberGenerator()
            for _ in 0..<10 {
                let cut = Int.random(in: 0..<bytes.count, using: &generator)
                Self.expectSameOutcome(Array(bytes[..<cut]), "\(name) cut at \(cut)")
                var damaged = bytes
                let place = Int.random(in: 0..<bytes.count, using: &generator)
                damaged[place] = [UInt8(ascii: "}"), UInt8(ascii: "\""), UInt8(ascii: ","), 0xFF, 0x01, UInt8(ascii: "\\")]
                    .randomElement(using: &generator) ?? 0
                Self.expectSameOutcome(damaged, "\(name) with byte \(place) changed to \(damaged[place])")
            }
        }
    }

    /// Generated runs of JSON's tokens (mostly invalid, some valid) under every option set.
    @Test func agreesWithParsingOnGeneratedTokens() async {
        let tokens = ["{", "}", "[", "]", ",", ":", "\"", "\"k\":", "\\", "\\u00e9", "\\ud800", "1", "-", ".", "e",
                      "0", "true", "null", "é", " ", "\n", "\u{0}", "\"a\"", "{\"a\":1,\"a\":2}"]
        await propertyCheck(count: 1_500, input: Gen.uint8().array(of: 0...60)) { choices in
            let bytes = Array(choices.map { tokens[Int($0) % tokens.count] }.joined().utf8)
            for options in Self.optionSets {
                Self.expectSameOutcome(bytes, options: options)
            }
        }
    }

    /// Objects large enough for a key index, with and without repeated keys: validation does not build the
    /// index, and rejects the repeat only under `.reject`, as parsing does.
    @Test func largeObjectsAndRepeatedKeys() throws {
        let members = (0..<100).map { "\"k\($0)\": \($0)" }
        let large = Array(("{" + members.joined(separator: ",") + "}").utf8)
        let repeated = Array(("{" + (members + ["\"k7\": 0"]).joined(separator: ",") + "}").utf8)
        var reject = JSONParsingOptions()
        reject.duplicateKeys = .reject
        try JSONDocument.validate(large)
        try JSONDocument.validate(repeated)
        try JSONDocument.validate(large, options: reject)
        #expect(throws: JSONSyntaxError.self) { try JSONDocument.validate(repeated, options: reject) }
        Self.expectSameOutcome(repeated, options: reject)
    }
}
