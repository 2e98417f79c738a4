import Keel
import KeelOperators
import KeelTestInputs
import KeelTestSupport
import Testing

/// Wide and many: a million keys, keys built to collide, ten million elements and a hundred-megabyte string
/// parse and read back exactly. That the work grows linearly is counted in `GrowthTests`.
@Suite(.serialized) struct ScalingTests {
    @Test func aMillionKeys() throws {
        let bytes = objectText(keys: 1_000_000)
        let document = try JSONDocument(parsing: bytes)
        #expect(document.root.count == 1_000_000)
        #expect(document.root.member("key999999")?.numberValue == 1)
        #expect(document.root.member("key1000000") == nil)
        let tree = JSON(document.root)
        // Equal whatever the order of members: the same members reversed compare equal.
        guard case .object(let object) = tree else { Issue.record("not an object"); return }
        let reversed = JSON.object(JSONObject(members: object.reversed()))
        #expect(tree == reversed)
        #expect(tree.hashValue == reversed.hashValue)
    }

    /// Keys that all share one hash under the multiply-by-31 string hash many languages use ("Aa" and "BB"
    /// collide, and so does every string made of those two blocks): Keel seeds its hashing per process.
    @Test func aHundredThousandKeysBuiltToCollide() throws {
        let bytes = objectText(keys: 100_000, key: collidingKey)
        let document = try JSONDocument(parsing: bytes)
        #expect(document.root.member(collidingKey(99_999))?.numberValue == 1)
        #expect(document.root.member(collidingKey(100_000)) == nil)
    }

    @Test func tenMillionElements() throws {
        func array(_ count: Int) -> [UInt8] {
            var bytes: [UInt8] = [UInt8(ascii: "[")]
            bytes.reserveCapacity(count * 2 + 1)
            for index in 0..<count {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(UInt8(ascii: "0") + UInt8(index % 10))
            }
            bytes.append(UInt8(ascii: "]"))
            return bytes
        }
        let document = try JSONDocument(parsing: array(10_000_000))
        #expect(document.root.count == 10_000_000)
        #expect(document.root.element(at: 9_999_999)?.numberValue == 9)
    }

    @Test func aHundredMegabyteString() throws {
        func string(_ megabytes: Int) -> [UInt8] {
            var bytes: [UInt8] = [UInt8(ascii: "\"")]
            bytes.reserveCapacity(megabytes << 20 + 2)
            // Mostly plain text, with an escape and a multi-byte character every kilobyte.
            let block = Array((String(repeating: "abcdefgh", count: 126) + "\\n\\u00e9é!!!").utf8)
            while bytes.count + block.count <= megabytes << 20 { bytes += block }
            bytes.append(UInt8(ascii: "\""))
            return bytes
        }
        let bytes = string(100)
        let value = try JSONDocument(parsing: bytes).root.stringValue
        #expect(value?.utf8.count ?? 0 > 99 << 20)
        #expect(value?.hasSuffix("\néé!!!") == true)
    }
}

/// A failure in every element: the collecting decoders report each with its path, line and column, and the
/// work stays linear (`GrowthTests`: each error's path and position are found without walking from the start).
@Suite struct ManyErrorsTests {
    @Test func everyElementFailingIsReportedWithItsPlace() throws {
        let text = failingItemsText(1_000)
        let collected = KeelDecoder().decodeCollecting([NumberedItem].self, from: text)
        #expect(collected.value?.isEmpty == true)
        #expect(collected.errors.count == 1_000)
        let last = try #require(collected.errors.last?.jsonDecodingError)
        #expect(last.path == [999, "n"])
        #expect(last.location?.line == 1_000)
        let styleResult = CollectingJSONDecoder().decode(text: text, to: [NumberedItem].self)
        #expect(styleResult.errors.count == 1_000)
        #expect(styleResult.errors.last?.error.location?.line == 1_000)

    }

    /// Lines and columns found through the document's checkpoints agree with counting from the start, for
    /// every value of a document with LF, CR and CRLF lines, a byte-order mark and multi-byte characters.
    @Test func locationsFarIntoTheTextAreExact() throws {
        var text = "\u{FEFF}["
        for index in 0..<3_000 {
            let ending = ["\n", "\r", "\r\n", " "][index % 4]
            text += (index == 0 ? "" : ",") + ending + (index % 3 == 0 ? #""é😀\#(index)""# : "\(index)")
        }
        let bytes = Array((text + "]").utf8)
        #expect(bytes.count > 5 * 4096)
        let document = try JSONDocument(parsing: bytes)
        for view in document.root.elements {
            let expected = bytes.withUnsafeBufferPointer { JSONSourceLocation(byteOffset: view.byteOffset, in: $0) }
            #expect(view.location == expected)
        }
    }

    /// One document shared by several tasks that all ask for far locations and paths at once: the lazily
    /// built caches give every task the same answers.
    @Test func cachesAreSharedSafelyAcrossTasks() async throws {
        let document = try JSONDocument(parsing: failingItemsText(2_000))
        let expected = document.root.elements.map { "\($0.path) \($0.location)" }
        let results = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask { document.root.elements.reversed().map { "\($0.path) \($0.location)" }.reversed() }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0 == expected })
    }

    /// Paths and positions in large containers (indexed) match a walk over the values.
    @Test func pathsInLargeContainersAreExact() throws {
        let inner = (0..<100).map { #"{"k\#($0)": [\#($0), {"x": [1, 2]}]}"# }.joined(separator: ",")
        let text = #"{"pad": 0, "list": [\#(inner)], "#
            + (0..<100).map { #""m\#($0)": [[\#($0)]]"# }.joined(separator: ",") + "}"
        let document = try JSONDocument(parsing: text)
        var pending: [(JSONView, JSONPath)] = [(document.root, .root)]
        var checked = 0
        while let (view, path) = pending.popLast() {
            #expect(view.path == path)
            checked += 1
            for (position, element) in view.elements.enumerated() {
                #expect(view.element(at: position)?.byteOffset == element.byteOffset)
                pending.append((element, path.appending(.index(position))))
            }
            for (key, value) in view.members { pending.append((value, path.appending(.key(key)))) }
        }
        #expect(checked > 900)
    }
}
