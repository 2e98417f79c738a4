import Keel
import KeelTestSupport
import PropertyBased
import Testing

/// Properties over generated input. A failure prints the input and the seed; add `.fixedSeed(...)` with that
/// seed to the test to replay it.
@Suite struct PropertyTests {
    /// Any `JSON` value written in every layout parses back equal, and the document parsed from it agrees.
    @Test func anyJSONWritesAndParsesBackEqual() async {
        await propertyCheck(count: 400, input: Gen.uint8().array(of: 0...300)) { program in
            let value = GeneratedJSON.build(from: program)
            var sorted = JSONWritingOptions()
            sorted.sortsKeys = true
            for options in [JSONWritingOptions(), .pretty(), sorted] {
                let text = try value.jsonText(options: options)
                #expect(try JSON(parsing: text) == value, "\(text)")
                #expect(try JSON(JSONDocument(parsing: text).root) == value)
            }
        }
    }

    /// Any finite double written as JSON reads back with the same bits.
    @Test func anyDoubleRoundTripsBitExact() async {
        await propertyCheck(count: 2_000, input: Gen.uint64()) { bits in
            let double = Double(bitPattern: bits)
            guard double.isFinite else { return }
            let text = try JSON(double).jsonText()
            #expect(try JSON(parsing: text).double.get().bitPattern == bits, "\(text)")
            #expect(try Double.decode(parsing: text).bitPattern == bits)
            #expect(try KeelDecoder().decode(Double.self, from: text).bitPattern == bits)
        }
    }

    /// Random bytes, and random runs of JSON's own tokens, never trap: they parse or give a syntax error
    /// inside the input.
    @Test func parsingRandomBytesNeverTraps() async {
        await propertyCheck(count: 2_000, input: Gen.uint8().array(of: 0...200)) { bytes in
            Self.expectParsesOrFailsCleanly(bytes)
            let tokens = ["{", "}", "[", "]", ",", ":", "\"", "\\", "\\u", "1", "-", ".", "e", "0", "true", "null", "é", " ", "\u{0}"]
            Self.expectParsesOrFailsCleanly(Array(bytes.map { tokens[Int($0) % tokens.count] }.joined().utf8))
        }
    }

    static func expectParsesOrFailsCleanly(_ bytes: [UInt8]) {
        do {
            let document = try JSONDocument(parsing: bytes)
            _ = JSON(document.root).description
        } catch {
            #expect((0...bytes.count).contains(error.byteOffset))
        }
    }

    /// Over generated account documents (each field valid, of a wrong kind, out of range or missing): the
    /// collecting decoders report at least as many errors as strict decoding fails with, and when they
    /// report none their value is the strict one.
    @Test func collectingNeverReportsFewerErrorsThanStrictDecodingFails() async {
        await propertyCheck(count: 500, input: Gen.uint8().array(of: 7)) { choices in
            let document = try JSONDocument(GeneratedJSON.account(from: choices))
            let outcomes = Account.decodeInEveryWay(document.root)
            #expect(outcomes.disagreements == [], "\(outcomes)")
            guard let error = Account.Functional.decode(document.root).error else {
                #expect(outcomes.collectingErrors == 0 && outcomes.bridgedCollectingErrors == 0)
                return
            }
            let strictCount = error.kind == .multiple ? error.errors.count : 1
            #expect(outcomes.collectingErrors >= strictCount, "\(error)")
            #expect(outcomes.bridgedCollectingErrors >= 1)
        }
    }
}

/// Generated JSON: a byte string read as a program that builds a value, so that the generator's shrinking
/// of the bytes shrinks the value.
enum GeneratedJSON {
    struct Program {
        let bytes: [UInt8]
        var position = 0
        mutating func next() -> UInt8 {
            defer { position += 1 }
            return position < bytes.count ? bytes[position] : 0
        }
        mutating func word() -> UInt64 { (0..<8).reduce(0) { value, _ in value << 8 | UInt64(next()) } }
    }

    static func build(from bytes: [UInt8]) -> JSON {
        var program = Program(bytes: bytes)
        return value(&program, depth: 0)
    }

    /// Characters that test the writer: quotes, backslashes, control characters, non-ASCII, line separators.
    static let alphabet: [String] = ["a", "Z", "\"", "\\", "/", "\u{0}", "\n", "\t", "\u{1F}", "é", "😀", "\u{2028}", " ", "e\u{301}"]

    static func string(_ program: inout Program) -> String {
        (0..<Int(program.next() % 8)).map { _ in alphabet[Int(program.next()) % alphabet.count] }.joined()
    }

    static func value(_ program: inout Program, depth: Int) -> JSON {
        switch program.next() % (depth > 5 ? 6 : 8) {
        case 0: return nil
        case 1: return .bool(program.next() & 1 == 1)
        case 2: return JSON(Int64(bitPattern: program.word()))
        case 3:
            let double = Double(bitPattern: program.word())
            return JSON(double.isFinite ? double : 0.5)
        case 4:
            // A literal beyond 64 bits or with an exponent, kept as text.
            let digits = (0..<Int(program.next() % 30 + 1)).map { _ in String(program.next() % 10) }.joined()
            let literal = (program.next() & 1 == 1 ? "-" : "") + "1" + digits + (program.next() & 1 == 1 ? "e-\(program.next())" : "")
            return JSONNumber(literal: literal).map(JSON.number) ?? 0
        case 5: return .string(string(&program))
        case 6: return .array(JSONArray((0..<Int(program.next() % 5)).map { _ in value(&program, depth: depth + 1) }))
        default:
            // Keys may repeat; every member is kept.
            let members = (0..<Int(program.next() % 5)).map { _ in (string(&program), value(&program, depth: depth + 1)) }
            return .object(JSONObject(members: members))
        }
    }

    /// An account document whose fields are each chosen by one byte: valid, another kind, out of range,
    /// null or missing.
    static func account(from choices: [UInt8]) -> JSON {
        let options: [(key: String, values: [JSON?])] = [
            ("id", [1, "1", 1.5, nil, JSON.number(JSONNumber(literal: "99999999999999999999")!), .null]),
            ("name", ["Ada", 5, nil, .null, ["Ada"]]),
            ("email", ["a@x", nil, .null, 5, true]),
            ("tags", [["a", "b"], [], ["a", 2, "c", false], nil, "a"]),
            ("score", [9.5, -0.0, "high", nil, JSON.number(JSONNumber(literal: "1e400")!)]),
            ("meta", [["role": "admin"], ["role": "root"], ["role": 1], [:], nil, .null]),
            ("extra", [nil, [1, 2], "x"]),
        ]
        var members: [(String, JSON)] = []
        for (index, option) in options.enumerated() {
            let choice = option.values[Int(choices[index]) % option.values.count]
            if let choice { members.append((option.key, choice)) }
        }
        return .object(JSONObject(members: members))
    }
}
