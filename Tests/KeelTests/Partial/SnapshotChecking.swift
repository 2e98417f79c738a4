import Keel
import KeelTestSupport

/// Feeds `bytes` in the given chunk sizes (cycled), returning the parser.
func parser(fedWith bytes: [UInt8], chunks sizes: [Int], options: JSONParsingOptions = JSONParsingOptions()) throws(JSONSyntaxError) -> JSONIncrementalParser {
    var parser = JSONIncrementalParser(options: options)
    for (chunk, _) in ChunkCuts(count: bytes.count, sizes: sizes) { try parser.feed(bytes[chunk]) }
    return parser
}

/// A random document: nested containers, strings with escapes and characters of every UTF-8 length,
/// numbers of every form, and the literals.
struct RandomDocuments {
    var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    mutating func document(depth: Int = 0) -> String {
        let pick = depth > 4 ? Int.random(in: 0..<5, using: &generator) : Int.random(in: 0..<8, using: &generator)
        switch pick {
        case 0: return ["true", "false", "null"].randomElement(using: &generator)!
        case 1, 2: return number()
        case 3, 4: return string()
        case 5: return "[" + (0..<Int.random(in: 0..<5, using: &generator)).map { _ in space() + document(depth: depth + 1) + space() }.joined(separator: ",") + "]"
        default:
            let members = (0..<Int.random(in: 0..<5, using: &generator)).map { _ in
                space() + string() + space() + ":" + space() + document(depth: depth + 1) + space()
            }
            return "{" + members.joined(separator: ",") + "}"
        }
    }

    mutating func space() -> String {
        [" ", "", "", "\n", "\r\n", "\t", "  "].randomElement(using: &generator)!
    }

    mutating func number() -> String {
        var text = Bool.random(using: &generator) ? "-" : ""
        text += Bool.random(using: &generator) ? "0" : String(Int.random(in: 1...99_999_999, using: &generator))
        if Bool.random(using: &generator) { text += "." + String(Int.random(in: 0...999, using: &generator)) }
        if Int.random(in: 0..<4, using: &generator) == 0 {
            text += ["e", "E", "e+", "e-", "E-"].randomElement(using: &generator)! + String(Int.random(in: 0...40, using: &generator))
        }
        return text
    }

    mutating func string() -> String {
        let pieces = ["a", "key", " ", "é", "日本", "😀", "\\n", "\\\"", "\\\\", "\\/", "\\u00e9", "\\ud83d\\ude00", "\\u0000", "\\t", "x y"]
        return "\"" + (0..<Int.random(in: 0..<6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined() + "\""
    }
}
