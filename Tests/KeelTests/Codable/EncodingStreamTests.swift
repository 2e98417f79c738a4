import Foundation
@testable import Keel
import Testing
import KeelTestSupport

/// KeelEncoder writes text straight from `encode(to:)` calls (EncodingStream) and falls back to building a
/// tree (ModelEncoder) when a model uses its containers out of order. Both ways must give the same bytes and
/// the same errors, for every writing option; the fallback must be taken exactly when the order requires it.
@Suite struct EncodingStreamTests {
    typealias Key = KeelEncoderTests.JSONCodingKey

    static let optionSets: [JSONWritingOptions] = {
        var sorted = JSONWritingOptions(); sorted.sortsKeys = true
        var omitting = JSONWritingOptions(); omitting.omitsNullMembers = true
        var escaping = JSONWritingOptions(); escaping.escapesSlashes = true; escaping.escapesNonASCII = true
        var everything = JSONWritingOptions.pretty(indent: 3)
        everything.sortsKeys = true; everything.omitsNullMembers = true
        return [JSONWritingOptions(), .pretty(indent: 2), sorted, omitting, escaping, everything]
    }()

    /// The text the stream writes, and whether it gave up.
    func streamed<T: Encodable>(_ value: T, _ encoder: KeelEncoder) throws -> (bytes: [UInt8], abandoned: Bool) {
        let stream = EncodingStream(session: EncodingSession(options: encoder))
        defer { stream.finish() }
        do {
            try stream.encodeTopLevel(value)
        } catch where stream.isAbandoned {}
        return (stream.output, stream.isAbandoned)
    }

    /// The text the tree writes.
    func built<T: Encodable>(_ value: T, _ encoder: KeelEncoder) throws -> [UInt8] {
        let tree = try ModelEncoder(session: EncodingSession(options: encoder), path: .root).topLevelSlot(for: value)
        var writer = EncodingTreeWriter(options: encoder.writingOptions)
        try writer.write(tree)
        return writer.output
    }

    /// Checks that the stream follows `value` (or gives up when `inOrder` is false), and that KeelEncoder's
    /// text is the tree's byte for byte under every option set.
    func expectSameText<T: Encodable>(_ value: T, inOrder: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for options in Self.optionSets {
            var encoder = KeelEncoder(writingOptions: options)
            encoder.dateEncodingStrategy = .deferredToDate
            let stream = try streamed(value, encoder)
            let tree = try built(value, encoder)
            #expect(stream.abandoned == !inOrder, "options \(options)", sourceLocation: sourceLocation)
            if inOrder {
                #expect(String(decoding: stream.bytes, as: UTF8.self) == String(decoding: tree, as: UTF8.self),
                        "options \(options)", sourceLocation: sourceLocation)
            }
            #expect(try encoder.encodeToBytes(value) == tree, "options \(options)", sourceLocation: sourceLocation)
        }
    }

    // MARK: Models used in order: streamed

    @Test func everyKindOfFieldIsStreamed() throws {
        try expectSameText(KeelEncoderTests.Everything())
        var crowded = KeelEncoderTests.Everything()
        crowded.owners = [crowded.owner, crowded.owner]
        try expectSameText([crowded, KeelEncoderTests.Everything()])
    }

    @Test func topLevelScalarsAndEmptyContainersAreStreamed() throws {
        try expectSameText(42)
        try expectSameText("text")
        try expectSameText(Optional<Int>.none)
        try expectSameText([Int]())
        try expectSameText([String: Int]())
        try expectSameText(Date(timeIntervalSince1970: 0))
        try expectSameText(JSON.object(["b": 1, "a": [true, .null]]))
    }

    struct Scalars: Codable {
        var integers = [0, -1, Int.min, Int.max, 42], noIntegers: [Int] = []
        var doubles = [0.1, -0.0, 1e300, 5e-324, 12], noDoubles: [Double] = []
        var strings = ["plain", "quote \" slash / é \u{1}", ""], noStrings: [String] = []
        var flags = [true, false], noFlags: [Bool] = []
        var pairs = [[1.5, -2.25], [], [3]], grid = [[1, 2], [3]]
        var optionalDoubles: [Double]? = [1, 2], absentDoubles: [Double]? = nil
    }

    @Test func arraysOfScalarsAreWrittenLikeAnyArray() throws {
        // `[Int]`, `[Double]`, `[String]` and `[Bool]` are written by the stream in one loop, as members, as
        // elements and at the top level; the text must be the tree's under every option.
        try expectSameText(Scalars())
        try expectSameText([Scalars(), Scalars()])
        try expectSameText([0.5, 1e-7, -3])
        try expectSameText(["a", "b/c"])
        try expectSameText([[true], [], [false, true]])
        // A non-finite element: the strategy's string, or an error naming the element.
        var converting = KeelEncoder()
        converting.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "NaN")
        #expect(try converting.encodeToString([[1, Double.infinity], [-.infinity, .nan]]) == #"[[1.0,"+inf"],["-inf","NaN"]]"#)
        let error = #expect(throws: EncodingError.self) { try KeelEncoder().encodeToBytes([[1], [2, Double.nan]]) }
        guard case .invalidValue(_, let context)? = error else { return }
        #expect(context.codingPath.map(\.intValue) == [1, 1])
        // A member whose array threw is taken back with it.
        #expect(throws: EncodingError.self) { try KeelEncoder().encodeToBytes(["ok": [1.0], "bad": [.nan]]) }
    }

    /// A subclass that encodes into the same encoder as its superclass (the usual pattern), then a
    /// superclass copy through `superEncoder()`, used at once.
    final class Derived: KeelEncoderTests.Base {
        var derivedValue: String? = nil
        override func encode(to encoder: any Encoder) throws {
            try super.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(derivedValue, forKey: "derivedValue")
            try super.encode(to: container.superEncoder())
            var list = container.nestedUnkeyedContainer(forKey: "list")
            try super.encode(to: list.superEncoder())
            try list.encodeNil()
            _ = container.superEncoder(forKey: "emptySuper")
            try container.encode(Optional<Int>.none, forKey: "nullThroughOptional")
        }
    }

    @Test func superclassesAndSuperEncodersUsedAtOnceAreStreamed() throws {
        try expectSameText(Derived())
    }

    /// Keys written twice, in small and large objects, with nulls, for sorting and leaving out nulls. The
    /// prefix makes names that are written plain (short ASCII), escaped under some options (a slash, a
    /// non-ASCII letter), or through the general path for their length, mixed with plain ones.
    struct Repeats: Encodable {
        let count: Int
        var prefix = "k"
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for number in 0..<count {
                let name = number.isMultiple(of: 3) ? "k" : prefix
                try container.encode(number, forKey: Key(stringValue: "\(name)\(count - number)"))
            }
            try container.encode("again", forKey: Key(stringValue: "\(prefix)1"))
            try container.encodeNil(forKey: Key(stringValue: "\(prefix)2"))
            try container.encode([1, 2], forKey: Key(stringValue: "k\(count)"))
            var nested = container.nestedContainer(keyedBy: Key.self, forKey: "inner")
            try nested.encode(1, forKey: "z")
            try nested.encode(2, forKey: "z")
            try nested.encodeNil(forKey: "y")
        }
    }

    @Test(arguments: [3, 32, 33, 200], ["k", "a/b", "é", String(repeating: "long name ", count: 4)])
    func repeatedKeysKeepTheirFirstPlaceAndLastValue(count: Int, prefix: String) throws {
        try expectSameText(Repeats(count: count, prefix: prefix))
    }

    @Test func findingRepeatedKeysTakesTimeInProportionToTheMembers() throws {
        // A dictionary's keys, and an object whose keys repeat near its end: the records compared grow with
        // the count (once they were compared pair by pair, 32 million times for 8,000 members).
        for count in [1_000, 8_000] {
            let dictionary = Dictionary(uniqueKeysWithValues: (0..<count).map { ("member\($0)", $0) })
            for value in [dictionary as any Encodable, Repeats(count: count)] {
                let stream = EncodingStream(session: EncodingSession(options: KeelEncoder()))
                defer { stream.finish() }
                try stream.encodeTopLevel(value)
                #expect(!stream.isAbandoned)
                #expect(stream.recordComparisons <= 3 * count + 2_000, "\(type(of: value)) of \(count)")
            }
        }
        try expectSameText(Repeats(count: 8_000))
    }

    /// An object of `count` nested containers, one per key, as hand-written code encodes a dictionary of
    /// records; with `again`, the first key's container is asked for once more at the end.
    struct NestedPerKey: Encodable {
        let count: Int
        var again = false
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for number in 0..<count {
                var nested = container.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: "p\(number)"))
                try nested.encode(number, forKey: "x")
                var list = nested.nestedUnkeyedContainer(forKey: "list")
                try list.encode(number)
            }
            if again {
                var nested = container.nestedContainer(keyedBy: Key.self, forKey: "p0")
                try nested.encode(-1, forKey: "y")
            }
        }
    }

    @Test func nestedContainersPerKeyAreCheckedOnceWhenTheObjectCloses() throws {
        // Each nested container's key was once looked for among all the object's members when it was asked
        // for (8,000 nested containers: 32 million comparisons); a repeat is now found when the object closes.
        let stream = EncodingStream(session: EncodingSession(options: KeelEncoder()))
        defer { stream.finish() }
        try stream.encodeTopLevel(NestedPerKey(count: 8_000))
        #expect(!stream.isAbandoned)
        #expect(stream.recordComparisons <= 3 * 8_000 + 2_000)
        try expectSameText(NestedPerKey(count: 300))
        // Asked for again, the first container is filled further by the tree, which the stream hands over to.
        try expectSameText(NestedPerKey(count: 300, again: true), inOrder: false)
        try expectSameText(NestedPerKey(count: 3, again: true), inOrder: false)
        let text = try KeelEncoder().encodeToString(NestedPerKey(count: 2, again: true))
        #expect(text == #"{"p0":{"x":0,"list":[0],"y":-1},"p1":{"x":1,"list":[1]}}"#)
    }

    /// Every scalar overload the stream's keyed container writes straight to the text (String, Bool, the
    /// integers, Double), each key written twice with another type the second time, beside the overloads
    /// that still go through a `JSON` value; names of every length up to nine, so that repeated keys are
    /// found however short their text.
    struct KeyedScalars: Encodable {
        let double: Double
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            let names = (0...9).map { String(repeating: "n", count: $0) }
            for (number, name) in names.enumerated() {
                let key = Key(stringValue: name)
                switch number % 5 {
                case 0: try container.encode("text \(number)", forKey: key)
                case 1: try container.encode(number.isMultiple(of: 2), forKey: key)
                case 2: try container.encode(Int64(-number), forKey: key)
                case 3: try container.encode(UInt64(number) << 40, forKey: key)
                default: try container.encode(double, forKey: key)
                }
            }
            try container.encode(Int32(-7), forKey: "int32")
            try container.encode(UInt(7), forKey: "uint")
            try container.encode(Int16(-3), forKey: "int16")
            try container.encode(Float(0.5), forKey: "float")
            // The second time, each name gets a value of another kind: the first place, the last value.
            for (number, name) in names.enumerated().reversed() {
                let key = Key(stringValue: name)
                switch number % 3 {
                case 0: try container.encode(number, forKey: key)
                case 1: try container.encode("again", forKey: key)
                default: try container.encodeNil(forKey: key)
                }
            }
            try container.encode(double, forKey: "last")
        }
    }

    @Test(arguments: [1.25, -0.0, 1e300, Double.leastNonzeroMagnitude])
    func keyedScalarsWrittenStraightMatchTheTree(double: Double) throws {
        try expectSameText(KeyedScalars(double: double))
    }

    @Test func nonFiniteDoublesInKeyedContainersFollowTheStrategy() throws {
        var encoder = KeelEncoder()
        #expect(throws: EncodingError.self) { try encoder.encodeToBytes(KeyedScalars(double: .infinity)) }
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        let text = String(decoding: try encoder.encodeToBytes(KeyedScalars(double: -.infinity)), as: UTF8.self)
        #expect(text.hasSuffix(#""last":"-inf"}"#))
        let nan = String(decoding: try encoder.encodeToBytes(KeyedScalars(double: .nan)), as: UTF8.self)
        #expect(nan.hasSuffix(#""last":"nan"}"#))
    }

    struct Failure: Error {}

    /// Starts writing (a container and a member), then throws.
    struct FailsHalfway: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode("partial", forKey: "written")
            var list = container.nestedUnkeyedContainer(forKey: "list")
            try list.encode(1)
            throw Failure()
        }
    }

    /// A model that catches its members' errors and goes on: what they wrote before throwing is taken back.
    struct CatchesErrors: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(1, forKey: "before")
            _ = try? container.encode(FailsHalfway(), forKey: "failed")
            try container.encode(2, forKey: "after")
            var list = container.nestedUnkeyedContainer(forKey: "list")
            _ = try? list.encode(FailsHalfway())
            try list.encode(3)
            var single = container.superEncoder(forKey: "single").singleValueContainer()
            _ = try? single.encode(FailsHalfway())
            try single.encode("kept")
        }
    }

    @Test func whatAFailedMemberWroteIsTakenBack() throws {
        try expectSameText(CatchesErrors())
        let text = try KeelEncoder().encodeToString(CatchesErrors())
        #expect(text == #"{"before":1,"after":2,"list":[3],"single":"kept"}"#)
    }

    @Test func errorsAreTheTreesErrors() throws {
        struct Deep: Encodable {
            let values: [[String: Double]]
        }
        let value = Deep(values: [["fine": 1], ["bad": .infinity]])
        let encoder = KeelEncoder()
        var streamError: EncodingError?
        do { _ = try encoder.encodeToBytes(value) } catch let error as EncodingError { streamError = error }
        var treeError: EncodingError?
        do { _ = try built(value, encoder) } catch let error as EncodingError { treeError = error }
        let paths = [streamError, treeError].map { error -> [String] in
            guard case .invalidValue(_, let context)? = error else { return ["no error"] }
            return context.codingPath.map(\.stringValue)
        }
        #expect(paths[0] == ["values", "Index 1", "bad"])
        #expect(paths[0] == paths[1])

        struct Silent: Encodable { func encode(to encoder: any Encoder) throws {} }
        #expect(throws: EncodingError.self) { try streamed(Silent(), encoder) }
        #expect(try KeelEncoder().encodeToString([Silent()]) == "[{}]")
    }

    /// Dictionary keys stay as they are under a key strategy, which the stream writes itself.
    @Test func stringKeyedDictionariesUnderAKeyStrategyAreStreamed() throws {
        struct Holder: Encodable { let someValues: [String: [String: Int]]; let camelCase = 1 }
        var encoder = KeelEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let value = Holder(someValues: ["keepMe": ["andMe": 1]])
        let stream = try streamed(value, encoder)
        #expect(!stream.abandoned)
        #expect(stream.bytes == (try built(value, encoder)))
        #expect(String(decoding: stream.bytes, as: UTF8.self) == #"{"some_values":{"keepMe":{"andMe":1}},"camel_case":1}"#)
    }

    // MARK: Models used out of order: the tree

    /// Comes back to a container after using one nested in it.
    struct Interleaves: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            var nested = container.nestedContainer(keyedBy: Key.self, forKey: "nested")
            try container.encode(1, forKey: "outer")
            try nested.encode(2, forKey: "late")
        }
    }

    /// Keeps a superclass encoder and fills it after writing more members.
    struct LateSuper: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            let parent = container.superEncoder()
            try container.encode(1, forKey: "own")
            var parentContainer = parent.container(keyedBy: Key.self)
            try parentContainer.encode(2, forKey: "inherited")
        }
    }

    /// Writes a single value twice: the last one counts.
    struct WritesTwice: Encodable {
        func encode(to encoder: any Encoder) throws {
            var single = encoder.singleValueContainer()
            try single.encode(1)
            try single.encode("second")
        }
    }

    /// Starts an array, then asks the same encoder for an object.
    struct ChangesItsMind: Encodable {
        func encode(to encoder: any Encoder) throws {
            var list = encoder.unkeyedContainer()
            try list.encode(1)
            var object = encoder.container(keyedBy: Key.self)
            try object.encode(2, forKey: "instead")
        }
    }

    @Test func containersUsedOutOfOrderFallBackToTheTree() throws {
        try expectSameText(KeelEncoderTests.Derived(), inOrder: false)
        try expectSameText(Interleaves(), inOrder: false)
        try expectSameText(LateSuper(), inOrder: false)
        try expectSameText(WritesTwice(), inOrder: false)
        try expectSameText(ChangesItsMind(), inOrder: false)
        // Inside an array of in-order values, one out-of-order value sends the whole text to the tree.
        try expectSameText(Pair(first: [1, 2], second: Interleaves()), inOrder: false)
        #expect(try KeelEncoder().encodeToString(Interleaves()) == #"{"nested":{"late":2},"outer":1}"#)
        #expect(try KeelEncoder().encodeToString(WritesTwice()) == #""second""#)
    }

    @Test func dataBytesAndStringHoldTheSameText() throws {
        // Each form is made from the text the stream (or the tree) wrote, with its own copy.
        let streamed = Branch(name: "root", leaves: [Leaf(id: 1, tags: ["a", "é\n"])], next: [])
        let expected = #"{"name":"root","leaves":[{"id":1,"tags":["a","é\n"]}],"next":[]}"#
        let fallsBack = Pair(first: [1, 2], second: Interleaves())
        let expectedFallback = #"{"first":[1,2],"second":{"nested":{"late":2},"outer":1}}"#
        for (value, text) in [(streamed as any Encodable, expected), (fallsBack, expectedFallback)] {
            let encoder = KeelEncoder()
            #expect(try encoder.encodeToString(value) == text)
            #expect(try encoder.encodeToBytes(value) == Array(text.utf8))
            #expect(try encoder.encode(value) == Data(text.utf8))
        }
    }

    struct Pair<A: Encodable, B: Encodable>: Encodable { let first: A; let second: B }

    // MARK: Keyed containers handed out again

    struct Leaf: Encodable { let id: Int; let tags: [String] }
    struct Branch: Encodable { let name: String; let leaves: [Leaf]; let next: [Branch] }

    @Test func aReleasedKeyedContainerIsHandedOutAgain() throws {
        let leaves = (0..<40).map { Leaf(id: $0, tags: ["t\($0)"]) }
        // A type nested in itself holds its own container while the inner one is asked for.
        let tree = Branch(name: "root", leaves: leaves, next: [Branch(name: "a", leaves: leaves, next: []),
                                                             Branch(name: "b", leaves: [], next: [])])
        let stream = EncodingStream(session: EncodingSession(options: KeelEncoder()))
        defer { stream.finish() }
        try stream.encodeTopLevel(tree)
        #expect(!stream.isAbandoned)
        // One for the outer branch, one for the inner branches (the outer's is held meanwhile), one for the leaves.
        #expect(stream.keyedContainersMade == 3)
        try expectSameText(tree)
    }

    /// Each depth of nesting has a key type of its own (`Nest<Inner>.CodingKeys`).
    struct Nest<Inner: Encodable>: Encodable { let inner: Inner }

    @Test func keyTypesBeyondTheKeptOnesGetNewContainersEveryTime() throws {
        func nested<T: Encodable>(_ value: T, depth: Int) -> any Encodable {
            depth == 0 ? value : nested(Nest(inner: value), depth: depth - 1)
        }
        func twice<T: Encodable>(_ value: T) -> any Encodable { Pair(first: value, second: value) }
        // Forty-one key types, more than the stream keeps (32): the second copy reuses the 31 kept nests and
        // makes the other 9 again, each held while the ones inside it are asked for.
        let value = twice(nested(7, depth: 40))
        let stream = EncodingStream(session: EncodingSession(options: KeelEncoder()))
        defer { stream.finish() }
        try stream.encodeTopLevel(value)
        #expect(!stream.isAbandoned)
        #expect(stream.keyedContainersMade == 1 + 40 + 9)
        let one = String(repeating: #"{"inner":"#, count: 40) + "7" + String(repeating: "}", count: 40)
        #expect(String(decoding: stream.output, as: UTF8.self) == #"{"first":\#(one),"second":\#(one)}"#)
        #expect(try KeelEncoder().encodeToString(value) == #"{"first":\#(one),"second":\#(one)}"#)
    }

    /// Keeps the container of the value encoded before and writes through it (a use the stream cannot follow).
    final class ContainerKeeper: @unchecked Sendable { var kept: KeyedEncodingContainer<Key>? }

    struct KeepsItsContainer: Encodable {
        let keeper: ContainerKeeper
        let value: Int

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(value, forKey: Key(stringValue: "value"))
            if var earlier = keeper.kept { try earlier.encode(value, forKey: Key(stringValue: "late")) }
            keeper.kept = container
        }
    }

    @Test func aKeptKeyedContainerIsNeverHandedOutAgain() throws {
        func values() -> [KeepsItsContainer] {
            let keeper = ContainerKeeper()
            return [KeepsItsContainer(keeper: keeper, value: 1), KeepsItsContainer(keeper: keeper, value: 2)]
        }
        // The first value's container is still held when the second asks for one: had it been handed out
        // again, `late` would land in the second object and the stream would not notice.
        let first = values()
        #expect(try streamed(first, KeelEncoder()).abandoned)
        first[0].keeper.kept = nil
        let text = try KeelEncoder().encodeToString(values())
        #expect(text == #"[{"value":1,"late":2},{"value":2}]"#)
    }

    // MARK: Generated models

    /// A value whose `encode(to:)` uses containers in every in-order way: members by `encode`, by nested
    /// containers and by `superEncoder`, repeated keys, nulls, and failing members that are caught.
    indirect enum Generated: Encodable {
        case int(Int), text(String), number(Double), null, fails
        case object([(key: String, value: Generated, way: Int)])
        case array([(value: Generated, way: Int)])

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .int(let value): var single = encoder.singleValueContainer(); try single.encode(value)
            case .text(let value): var single = encoder.singleValueContainer(); try single.encode(value)
            case .number(let value): var single = encoder.singleValueContainer(); try single.encode(value)
            case .null: var single = encoder.singleValueContainer(); try single.encodeNil()
            case .fails: try FailsHalfway().encode(to: encoder)
            case .object(let members):
                var container = encoder.container(keyedBy: Key.self)
                for (key, value, way) in members {
                    let key = Key(stringValue: key)
                    switch (value, way % 4) {
                    case (.fails, _): _ = try? container.encode(value, forKey: key)
                    case (.int(let number), 0): try container.encode(number, forKey: key)
                    case (.null, 0): try container.encodeNil(forKey: key)
                    case (.object(let inner), 1):
                        var nested = container.nestedContainer(keyedBy: Key.self, forKey: key)
                        for (innerKey, innerValue, _) in inner {
                            let innerKey = Key(stringValue: innerKey)
                            if case .fails = innerValue { _ = try? nested.encode(innerValue, forKey: innerKey) } else {
                                try nested.encode(innerValue, forKey: innerKey)
                            }
                        }
                    case (_, 2): try value.encode(to: container.superEncoder(forKey: key))
                    default: try container.encode(value, forKey: key)
                    }
                }
            case .array(let elements):
                var container = encoder.unkeyedContainer()
                for (value, way) in elements {
                    switch (value, way % 3) {
                    case (.fails, _): _ = try? container.encode(value)
                    case (.array(let inner), 1):
                        var nested = container.nestedUnkeyedContainer()
                        for (innerValue, _) in inner {
                            if case .fails = innerValue { _ = try? nested.encode(innerValue) } else { try nested.encode(innerValue) }
                        }
                    case (_, 2): try value.encode(to: container.superEncoder())
                    default: try container.encode(value)
                    }
                }
            }
        }
    }

    static func generate(depth: Int, using random: inout SplitMix64) -> Generated {
        let keys = ["a", "b", "c", "dd", "é", "\"q\"", "/", "k\u{1F600}"]
        switch Int.random(in: 0..<(depth > 3 ? 5 : 7), using: &random) {
        case 0: return .int(Int.random(in: -1000...1000, using: &random))
        case 1: return .text(keys.randomElement(using: &random)!)
        case 2: return Bool.random(using: &random) ? .null : .number(Double.random(in: -1e6...1e6, using: &random))
        case 3: return Int.random(in: 0..<4, using: &random) == 0 ? .fails : .int(0)
        case 4, 5:
            return .object((0..<Int.random(in: 0...6, using: &random)).map { _ in
                (keys.randomElement(using: &random)!, generate(depth: depth + 1, using: &random), Int.random(in: 0..<8, using: &random))
            })
        default:
            return .array((0..<Int.random(in: 0...5, using: &random)).map { _ in
                (generate(depth: depth + 1, using: &random), Int.random(in: 0..<8, using: &random))
            })
        }
    }

    @Test func generatedModelsAreStreamedAsTheTreeWritesThem() throws {
        var random = SplitMix64(seed: 0x6B65_656C)
        var objects = 0
        for _ in 0..<300 {
            let value = Self.generate(depth: 0, using: &random)
            if case .object = value { objects += 1 }
            if case .fails = value { continue }
            try expectSameText(value, inOrder: !value.reopensAContainer)
        }
        #expect(objects > 50)
    }
}

extension EncodingStreamTests.Generated {
    /// Whether an object asks for a nested container under a key it has used already: the tree adds to the
    /// earlier container, which the text has closed, so the stream gives up.
    var reopensAContainer: Bool {
        switch self {
        case .object(let members):
            var seen = Set<String>()
            for (key, value, way) in members {
                if case .fails = value { continue }
                if case .object(let inner) = value, way % 4 == 1 {
                    if seen.contains(key) || inner.contains(where: { $0.value.reopensAContainer }) { return true }
                } else if value.reopensAContainer {
                    return true
                }
                seen.insert(key)
            }
            return false
        case .array(let elements):
            return elements.contains { $0.value.reopensAContainer }
        default:
            return false
        }
    }
}
