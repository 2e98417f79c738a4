import Foundation
@_spi(Testing) @testable import Keel
import KeelTestSupport
import KeelVectorScan
import Testing

/// The scanner's vector loops (strings and indentation, sixteen bytes at a time) give exactly what its
/// word-at-a-time loops give: the same values, or the same error at the same place. Checked on the
/// JSONTestSuite, the benchmark corpus, and generated text that puts every kind of byte at every position
/// around the sixteen- and eight-byte steps and the end of the input.
struct VectorScanTests {
    /// The outcome of parsing `bytes` with or without the vector loops: the value, or the error.
    static func outcome(_ bytes: [UInt8], vector: Bool, options: JSONParsingOptions = JSONParsingOptions()) -> Result<JSON, JSONSyntaxError> {
        var options = options
        options.usesVectorInstructions = vector
        do throws(JSONSyntaxError) {
            return .success(JSON(try JSONDocument(parsing: bytes, options: options).root))
        } catch {
            return .failure(error)
        }
    }

    /// Where the tapes of `bytes` with and without the vector loops first differ, or `nil` when they are the
    /// same: what the vector loops record must be exactly what the word-at-a-time loops record (flags,
    /// lengths and key links included), not only give the same values.
    static func tapeDifference(_ bytes: [UInt8], options: JSONParsingOptions = JSONParsingOptions()) -> String? {
        func tape(vector: Bool) -> [[UInt64]]? {
            var options = options
            options.usesVectorInstructions = vector
            guard let document = try? JSONDocument(parsing: bytes, options: options) else { return nil }
            let tape = document.storage.tape
            return (0..<tape.count).map { [tape.base[$0].header, tape.base[$0].payload] }
        }
        let (vector, scalar) = (tape(vector: true), tape(vector: false))
        guard vector != scalar else { return nil }
        guard let vector, let scalar, vector.count == scalar.count else { return "the tapes differ in length" }
        let index = vector.indices.first { vector[$0] != scalar[$0] } ?? 0
        return "entry \(index): \(vector[index]) with vector loops, \(scalar[index]) without"
    }

    /// Whether both ways agree on `bytes`, as parsing (values or error, and the tape) and as validation.
    static func agree(_ bytes: [UInt8], options: JSONParsingOptions = JSONParsingOptions()) -> Bool {
        guard outcome(bytes, vector: true, options: options) == outcome(bytes, vector: false, options: options),
              tapeDifference(bytes, options: options) == nil else { return false }
        var scalar = options
        scalar.usesVectorInstructions = false
        func validation(_ options: JSONParsingOptions) -> JSONSyntaxError? {
            do throws(JSONSyntaxError) { try JSONDocument.validate(bytes, options: options) } catch { return error }
            return nil
        }
        return validation(options) == validation(scalar)
    }

    /// Every x86-64 processor has SSE2 and every arm64 one NEON, so both builds run the vector loops.
    @Test func theVectorLoopsAreBuiltOnX86AndArm64() {
        #if arch(x86_64) || arch(arm64)
        #expect(keel_vector_scan_available() == 1)
        #endif
        #expect(JSONParsingOptions().usesVectorInstructions)
    }

    /// The C functions themselves, against a byte-at-a-time search, at every start and end around a
    /// sixteen-byte block. Without a vector unit (neither SSE2 nor NEON) they stop at once, and the one-block
    /// key check says 16, so that callers take their general paths.
    @Test func theSearchesStopAtTheFirstByteThatMatters() {
        let hasVectors = keel_vector_scan_available() != 0
        for special in [UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xFF, 0x20, 0x21] {
            let matters = special == UInt8(ascii: "\"") || special == UInt8(ascii: "\\") || special < 0x20 || special >= 0x80
            for position in 0..<40 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 40)
                bytes[position] = special
                var spaces = [UInt8](repeating: 0x20, count: 40)
                spaces[position] = special
                for start in 0..<20 {
                    for end in start...40 {
                        let stringStop = bytes.withUnsafeBufferPointer { keel_skip_plain_string_bytes($0.baseAddress, start, end) }
                        let spaceStop = spaces.withUnsafeBufferPointer { keel_skip_spaces($0.baseAddress, start, end) }
                        if hasVectors {
                            // Whole blocks only: it stops at the byte, or where fewer than 16 bytes are left.
                            let lastBlockEnd = start + (end - start) / 16 * 16
                            let expectedString = matters && position >= start && position < lastBlockEnd ? position : lastBlockEnd
                            let expectedSpace = special != 0x20 && position >= start && position < lastBlockEnd ? position : lastBlockEnd
                            #expect(stringStop == expectedString, "string: \(special) at \(position), \(start)..<\(end)")
                            #expect(spaceStop == expectedSpace, "spaces: \(special) at \(position), \(start)..<\(end)")
                        } else {
                            #expect(stringStop == start && spaceStop == start)
                        }
                    }
                    // The one-block key check: how many bytes come before the first that matters, 16 for none.
                    let prefix = bytes.withUnsafeBufferPointer { keel_plain_prefix_length($0.baseAddress! + start) }
                    if hasVectors {
                        #expect(prefix == (matters && position >= start && position < start + 16 ? position - start : 16),
                                "prefix: \(special) at \(position), from \(start)")
                    } else {
                        #expect(prefix == 16)
                    }
                }
            }
        }
    }

    @Test(.enabled(if: SharedFixtures.jsonTestSuite != nil, "JSONTestSuite not found beside the repository"))
    func theConformanceSuiteGivesTheSameOutcomes() throws {
        let suite = try #require(SharedFixtures.jsonTestSuite)
        var lenient = JSONParsingOptions()
        lenient.loneSurrogates = .replace
        lenient.duplicateKeys = .reject
        for name in SharedFixtures.files(in: suite) {
            let bytes = try SharedFixtures.bytes(of: suite.appendingPathComponent(name))
            #expect(Self.agree(bytes), "\(name)")
            #expect(Self.agree(bytes, options: lenient), "\(name), lenient")
        }
    }

    @Test(.enabled(if: SharedFixtures.corpus != nil, "the benchmark corpus not found beside the repository"))
    func theCorpusGivesTheSameValuesAndTapes() throws {
        let corpus = try #require(SharedFixtures.corpus)
        for name in SharedFixtures.files(in: corpus) {
            let bytes = try SharedFixtures.bytes(of: corpus.appendingPathComponent(name))
            let vector = Self.outcome(bytes, vector: true)
            #expect(vector == Self.outcome(bytes, vector: false), "\(name)")
            let difference = Self.tapeDifference(bytes)
            #expect(difference == nil, "\(name)")
            if case .failure(let error) = vector { Issue.record("\(name) did not parse: \(error)") }
        }
    }

    /// Strings and keys of every length up to 40 with one byte of each kind at every position, closed, unclosed
    /// or cut in the middle; and indentation of every width before each kind of byte. Errors must be the same
    /// kind at the same offset, line and column.
    @Test func generatedTextGivesTheSameOutcomes() {
        let specials: [[UInt8]] = [[0x22], [0x5C, 0x6E], [0x5C, 0x75, 0x30, 0x30, 0x34, 0x31], [0x5C], [0x5C, 0x71], [0x00], [0x1F],
                                   [0x7F], [0xC3, 0xA9], [0xE6, 0x97, 0xA5], [0xF0, 0x9F, 0x98, 0x80], [0xC3], [0xE6, 0x97], [0x80], [0xFF],
                                   [0xED, 0xA0, 0x80], [0x20], [0x0A]]
        var disagreements: [String] = []
        for length in 0...40 {
            for position in 0...length {
                for special in specials {
                    var body = [UInt8](repeating: UInt8(ascii: "x"), count: length)
                    body.replaceSubrange(position..<min(position + 1, length), with: special)
                    // Strings and keys also with room after them (keys first and later in their object), so that
                    // the one- or two-block check for short plain strings (which needs the blocks readable) runs.
                    let room = String(repeating: " ", count: 20)
                    for (prefix, suffix) in [("[\"", "\"]"), ("{\"", "\":1}"), ("\"", ""), ("[\"", ""),
                                             ("{\"", "\":1}" + room), ("{\"a\":1,\"", "\" : 2}" + room),
                                             ("{\"a\":1, \"", "\"" + room), ("[\"", "\"]" + room), ("[\"", "\"" + room)] {
                        let bytes = Array(prefix.utf8) + body + Array(suffix.utf8)
                        if !Self.agree(bytes) { disagreements.append("string \(bytes)") }
                    }
                }
            }
        }
        for width in 0...40 {
            for next in [UInt8(ascii: "1"), UInt8(ascii: "]"), 0x09, 0x0D, 0x0A, 0x00, 0x80, UInt8(ascii: "\"")] {
                let indentation = [UInt8](repeating: 0x20, count: width)
                for bytes in [[UInt8(ascii: "["), 0x0A] + indentation + [next, UInt8(ascii: "]")],
                              [UInt8(ascii: "["), 0x0A] + indentation + [next],
                              [UInt8(ascii: "1"), 0x0A] + indentation] {
                    if !Self.agree(bytes) { disagreements.append("indentation \(bytes)") }
                }
            }
        }
        let count = disagreements.count
        #expect(count == 0, "the first: \(disagreements.prefix(3))")
    }

    /// Runs of three-byte characters (taken fifteen bytes at a time by the vector loop) of every length up to
    /// 24 characters, with each kind of byte or character put in at every position: well-formed forms the vector
    /// loop leaves to the scalar checks (E0 and ED leads, two- and four-byte characters, ASCII), and ill-formed
    /// ones (an overlong form, a surrogate, a character cut short, a stray continuation byte), closed or unclosed.
    @Test func runsOfThreeByteCharactersGiveTheSameOutcomes() {
        let character: [UInt8] = [0xE3, 0x81, 0x82]
        let replacements: [[UInt8]] = [[0xE0, 0xA4, 0x80], [0xED, 0x9F, 0xBF], [0xC3, 0xA9], [0xF0, 0x9F, 0x98, 0x80],
                                       [UInt8(ascii: "a")], [0x20], [0x22], [0x5C, 0x6E], [0x00],
                                       [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xE3, 0x81], [0xE3], [0x81], [0xFF],
                                       [0xEF, 0xBF, 0xBF], [0xE1, 0x80, 0x80]]
        var disagreements: [String] = []
        for count in 0...24 {
            let run = Array([[UInt8]](repeating: character, count: count).joined())
            for position in 0...run.count {
                for replacement in replacements {
                    var body = run
                    body.replaceSubrange(position..<min(position + 1, body.count), with: replacement)
                    for (prefix, suffix) in [("[\"", "\"]"), ("{\"", "\":1}"), ("[\"", ""), ("[\"", "\"]" + String(repeating: " ", count: 20))] {
                        let bytes = Array(prefix.utf8) + body + Array(suffix.utf8)
                        if !Self.agree(bytes) { disagreements.append("\(bytes)") }
                    }
                }
            }
        }
        let total = disagreements.count
        #expect(total == 0, "the first: \(disagreements.prefix(3))")
    }
}
