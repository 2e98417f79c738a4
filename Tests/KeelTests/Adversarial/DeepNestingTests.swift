import Foundation
import Keel
import KeelTestSupport
import Testing

/// 100,000 levels of nesting: parsing fails cleanly at the depth limit, and with the limit raised (or when
/// built in code) values parse, compare, hash, print and are released without overflowing the stack, even on
/// a thread with a 512 KiB stack.
@Suite struct DeepNestingTests {
    static let depth = 100_000
    static let smallStack = 512 * 1024
    static let deepArrays = Array(repeating: UInt8(ascii: "["), count: depth) + Array(repeating: UInt8(ascii: "]"), count: depth)

    static func deepObjects() -> [UInt8] {
        Array(String(repeating: #"{"a":"#, count: depth).utf8) + [UInt8(ascii: "1")] + Array(repeating: UInt8(ascii: "}"), count: depth)
    }

    @Test func defaultLimitGivesACleanError() {
        let error = syntaxError(Self.deepArrays)
        #expect(error?.kind == .nestingTooDeep)
        #expect(error?.byteOffset == 512)
        #expect(error?.limit == 512)
        // Unclosed, as a fuzzer would send it.
        #expect(syntaxError(Array(repeating: UInt8(ascii: "["), count: Self.depth))?.kind == .nestingTooDeep)
    }

    @Test func theLimitHoldsExactly() {
        var options = JSONParsingOptions()
        options.maximumDepth = 10
        let ten = Array(repeating: UInt8(ascii: "["), count: 10) + Array(repeating: UInt8(ascii: "]"), count: 10)
        let eleven = [UInt8(ascii: "[")] + ten + [UInt8(ascii: "]")]
        #expect(syntaxError(ten, options: options) == nil)
        #expect(syntaxError(eleven, options: options)?.kind == .nestingTooDeep)
    }

    @Test func onASmallStackTheDefaultLimitStillErrorsCleanly() {
        let kind = runOnThread(stackSize: Self.smallStack) { syntaxError(Self.deepArrays)?.kind }
        #expect(kind == .nestingTooDeep)
    }

    /// Everything a user does with a deep value, on a thread whose stack a recursive implementation would
    /// overflow many times over.
    static func exerciseDeepValues() -> [String] {
        var failures: [String] = []
        var options = JSONParsingOptions()
        options.maximumDepth = .max
        for input in [deepArrays, deepObjects()] {
            do {
                let document = try JSONDocument(parsing: input, options: options)
                let tree = JSON(document.root)
                let again = JSON(document.root)
                if tree != again { failures.append("not equal to itself") }
                if tree.hashValue != again.hashValue { failures.append("hash differs") }
                let printed = tree.description
                if printed.utf8.count != input.count { failures.append("printed \(printed.utf8.count) bytes") }
                let reparsed = try JSON(parsing: printed, options: options)
                if reparsed != tree { failures.append("reparsed value differs") }
                if document.root.jsonBytes() != input { failures.append("the document view wrote other text") }
                // A `JSON` value decodes without recursion, through the core and through the bridge.
                if try JSON.decode(document.root) != tree { failures.append("JSON decoded through the core differs") }
                if try KeelDecoder().decode(JSON.self, from: document.root) != tree { failures.append("JSON through the bridge differs") }
            } catch {
                failures.append("\(error)")
            }
        }
        // Built in code, then released.
        var built: JSON = 1
        for _ in 0..<depth { built = [built] }
        var other: JSON = 1
        for _ in 0..<depth { other = ["a": other] }
        if built == other { failures.append("different shapes compared equal") }
        _ = built.hashValue
        _ = other.description
        return failures
    }

    @Test func deepValuesOnTheMainStack() {
        #expect(Self.exerciseDeepValues() == [])
    }

    @Test func deepValuesOnA512KiBStack() {
        let failures = runOnThread(stackSize: Self.smallStack) { Self.exerciseDeepValues() }
        #expect(failures == [])
    }
}
