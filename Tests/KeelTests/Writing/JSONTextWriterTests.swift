import Keel
import KeelTestSupport
import Testing

/// `jsonBytes(options:)` on `JSONEncodable` values: written straight by `write(to:)`, and byte for byte the
/// text of `toJSON()` under every option, errors included.
@Suite struct JSONTextWriterTests {
    /// Writes with `write(to:)` its own way, so a test can see which way the text was made.
    struct Marker: JSONEncodable {
        func toJSON() -> JSON { "tree" }
        func write(to writer: inout JSONTextWriter) throws(JSONWritingError) { writer.string("direct") }
    }

    /// The documented way to write a hand-made conformance.
    struct Point: JSONEncodable {
        let x: Double, y: Double?
        func toJSON() -> JSON { ["x": x.toJSON(), "y": y.toJSON()] }
        func write(to writer: inout JSONTextWriter) throws(JSONWritingError) {
            writer.beginObject()
            try writer.member("x", x)
            try writer.member("y", y)
            writer.endObject()
        }
    }

    /// Only `toJSON()`: the default `write(to:)` writes it.
    struct TreeOnly: JSONEncodable {
        func toJSON() -> JSON { ["b": [1, ["c": nil]], "a": "é/"] }
    }

    private func expectSameText(_ value: some JSONEncodable, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for options in JSONWritingOptions.variety {
            #expect(try value.jsonText(options: options) == value.toJSON().jsonText(options: options),
                    "\(options)", sourceLocation: sourceLocation)
        }
    }

    @Test func standardTypesWriteTheTextOfTheirJSON() throws {
        try expectSameText(Int.min)
        try expectSameText(UInt64.max)
        try expectSameText(Int8(-5))
        try expectSameText(0.1)
        try expectSameText(Float(0.1))
        try expectSameText(-0.0)
        try expectSameText(1e300)
        try expectSameText(true)
        try expectSameText("a\"b\\c/é\u{1}\u{1F600}")
        try expectSameText(nil as Int?)
        try expectSameText([1, 2])
        try expectSameText([Int]())
        try expectSameText([[Int]]([[], [1], [2, 3]]))
        try expectSameText(Set(["x"]))
        try expectSameText(["a": 1])
        try expectSameText([String: Int]())
        try expectSameText(["a": nil, "b": 2] as [String: Int?])
        try expectSameText([nil, 1] as [Int?])
        try expectSameText([["k": [nil, ["z": nil]]]] as [[String: [JSON?]]])
        try expectSameText(JSON(["x": [1, 2.5, nil, ["y": "z"]]]))
        try expectSameText([Point(x: 1, y: nil), Point(x: 2.5, y: 3)])
        try expectSameText(["p": TreeOnly()])
        try expectSameText(JSONField<Int>.null)
        try expectSameText(JSONField<Int>.value(3))
    }

    @Test func doublesAreWrittenInTheirShortestDigitsWhole() throws {
        // The longest shortest forms (24 characters) and others, written without a `String` in between.
        let values: [Double] = [-Double.greatestFiniteMagnitude, -Double.leastNormalMagnitude, Double.leastNonzeroMagnitude,
                                -2.2250738585072014e-308, 1e-7, 1.2345678901234568e20, -0.0, 0.1 + 0.2, 1, -65.613616999999977]
        for value in values {
            #expect(try value.jsonText() == value.description)
            #expect(try JSON.number(JSONNumber(value)).jsonText() == value.description)
            #expect(try [value].jsonText(options: .pretty()) == "[\n  \(value.description)\n]")
        }
    }

    @Test func nullsAreLeftOutOfObjectsOnlyWhenAsked() throws {
        var omitting = JSONWritingOptions()
        omitting.omitsNullMembers = true
        #expect(try (["a": nil] as [String: Int?]).jsonText(options: omitting) == "{}")
        #expect(try ([nil, 1] as [Int?]).jsonText(options: omitting) == "[null,1]")
        #expect(try Point(x: 1, y: nil).jsonText(options: omitting) == #"{"x":1.0}"#)
        #expect(try Point(x: 1, y: nil).jsonText() == #"{"x":1.0,"y":null}"#)
        #expect(try (nil as Int?).jsonText(options: omitting) == "null")
    }

    @Test func containersWriteTheirElementsDirectly() throws {
        #expect(try [Marker()].jsonText() == #"["direct"]"#)
        #expect(try ["m": Marker()].jsonText() == #"{"m":"direct"}"#)
        #expect(try (Marker() as Marker?).jsonText() == #""direct""#)
        // Sorting keys needs the whole object, so the tree writes it.
        var sorting = JSONWritingOptions()
        sorting.sortsKeys = true
        #expect(try ["m": Marker()].jsonText(options: sorting) == #"{"m":"tree"}"#)
    }

    /// A `write(to:)` that writes `mistake` instead of its JSON.
    struct Miswritten: JSONEncodable {
        enum Mistake: CaseIterable { case nothing, openObject, keyInArray, valueWithoutKey, twoValues, danglingKey, wrongClose }
        let mistake: Mistake
        func toJSON() -> JSON { ["ok": true] }
        func write(to writer: inout JSONTextWriter) throws(JSONWritingError) {
            switch mistake {
            case .nothing: break
            case .openObject: writer.beginObject(); writer.key("ok"); writer.bool(true)
            case .keyInArray: writer.beginArray(); writer.key("ok"); writer.bool(true); writer.endArray()
            case .valueWithoutKey: writer.beginObject(); writer.bool(true); writer.endObject()
            case .twoValues: writer.bool(true); writer.bool(false)
            case .danglingKey: writer.beginObject(); writer.key("ok"); writer.endObject()
            case .wrongClose: writer.beginObject(); writer.endArray()
            }
        }
    }

    @Test func aWriteThatIsNotOneValueGivesWayToToJSON() throws {
        for mistake in Miswritten.Mistake.allCases {
            let value = Miswritten(mistake: mistake)
            #expect(try value.jsonText() == #"{"ok":true}"#, "\(mistake)")
            #expect(try [value, value].jsonText(options: .pretty()) == JSON([value.toJSON(), value.toJSON()]).jsonText(options: .pretty()),
                    "\(mistake)")
        }
    }

    @Test func aNonFiniteNumberFailsWithItsPath() throws {
        let points = [Point(x: 1, y: 2), Point(x: 3, y: .infinity)]
        let error = #expect(throws: JSONWritingError.self) { try points.jsonBytes() }
        #expect(error == JSONWritingError(value: "inf", path: JSONPath([.index(1), .key("y")])))
        #expect(throws: JSONWritingError(value: "nan", path: JSONPath([]))) { try Double.nan.jsonBytes() }
    }
}
