// `@JSONModel`'s `write(to:)`: models written straight to text give, byte for byte and under every writing
// option, the text of their `toJSON()`; nested paths, optionals, fields, dates and every union layout.
import Keel
import KeelTestSupport
import KeelMacros
import Testing

/// Written one way by `write(to:)` and another by `toJSON()`, so a test can see which one made the text.
struct WriteMarker: JSONDecodable, JSONEncodable, Equatable {
    static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Self { Self() }
    func toJSON() -> JSON { "tree" }
    func write(to writer: inout JSONTextWriter) throws(JSONWritingError) { writer.string("direct") }
}

/// Two paths into one nested object, with a member between them.
@JSONModel struct Located {
    let id: Int
    @JSONKey("geo", "lat") var lat: Double
    var name: String?
    @JSONKey("geo", "lon") var lon: Double
    @JSONKey("geo", "precision", "meters") var meters: Int?
}

/// A nested object whose first member may be left out and whose members are apart: `toJSON()` puts the
/// object where its first written member is.
@JSONModel struct Scattered {
    @JSONKey("a", "x") var x: Int?
    let b: Int
    @JSONKey("a", "y") var y: Int?
}

/// A nested object of optional members only: left out when none is written.
@JSONModel struct MaybeNested {
    @JSONKey("a", "x") var x: Int?
    @JSONKey("a", "y") var y: JSONField<String>
    @JSONDate(.secondsSince1970) var at: JSONTimestamp?
    var marker: WriteMarker
}

/// Names the writer copies as they are and names it must escape (under some options only, for `/` and
/// `é`), in objects and nested paths.
@JSONModel struct OddlyNamed {
    @JSONKey("a/b") var slash: Int
    @JSONKey("é", "x") var accented: Int
    @JSONKey("quote\"d") var quoted: Int?
    @JSONKey("tab\tname") var tabbed: Int
    @JSONKey(" ~{}") var spaced: Int
    var plain: Int
}

@JSONModel(layout: .adjacent(tag: "t/ag", content: "ç"))
enum OddlyTaggedUnion {
    case sized(width: Double)
    case wrapped(Int)
}

@JSONModel(layout: .inline(tag: "kind"))
enum InlineUnion {
    case point
    case sized(width: Double, kind: String, lat: Double?)
    case wrapped(WriteMarker)
    @JSONUnknown case other(String, JSON)
}

@JSONModel(layout: .adjacent(tag: "t", content: "c"))
enum AdjacentUnion {
    case point
    case sized(width: Double, name: String?)
    case wrapped(WriteMarker)
    @JSONUnknown case other(String)
}

@JSONModel
enum ExternalUnion {
    case point
    case sized(width: Double, name: String?)
    case wrapped(WriteMarker)
    case pair(Int, Int)
}

@Suite struct JSONModelWritingTests {
    /// The text `write(to:)` gives equals `toJSON()`'s under every option; `WriteMarker` aside, which
    /// says which way was taken (under `sortsKeys`, always `toJSON()`).
    private func expectSameText(_ value: some JSONEncodable, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for options in JSONWritingOptions.variety {
            var tree = try value.toJSON().jsonText(options: options)
            if !options.sortsKeys { tree = tree.replacing(#""tree""#, with: #""direct""#) }
            #expect(try value.jsonText(options: options) == tree, "\(options)", sourceLocation: sourceLocation)
        }
    }

    @Test func structsWithNestedPaths() throws {
        try expectSameText(Located(id: 1, lat: 51.5, name: "Kew/é", lon: -0.3, meters: 5))
        try expectSameText(Located(id: 1, lat: 51.5, name: nil, lon: -0.3, meters: nil))
        #expect(try Located(id: 1, lat: 2, name: nil, lon: 3, meters: 4).jsonText()
                == #"{"id":1,"geo":{"lat":2.0,"lon":3.0,"precision":{"meters":4}}}"#)
        for (x, y) in [(1, 2), (nil, 2), (1, nil), (nil, nil)] as [(Int?, Int?)] {
            try expectSameText(Scattered(x: x, b: 0, y: y))
        }
        #expect(try Scattered(x: nil, b: 0, y: 2).jsonText() == #"{"b":0,"a":{"y":2}}"#)
        for field in [JSONField<String>.absent, .null, .value("v")] {
            try expectSameText(MaybeNested(x: nil, y: field, at: nil, marker: WriteMarker()))
            try expectSameText(MaybeNested(x: 3, y: field, at: JSONTimestamp(secondsSince1970: 9), marker: WriteMarker()))
        }
        #expect(try MaybeNested(x: nil, y: .absent, at: nil, marker: WriteMarker()).jsonText() == #"{"marker":"direct"}"#)
    }

    @Test func namesThatNeedEscapesUnderSomeOptionsAreEscaped() throws {
        let value = OddlyNamed(slash: 1, accented: 2, quoted: 3, tabbed: 4, spaced: 5, plain: 6)
        try expectSameText(value)
        #expect(try value.jsonText() == #"{"a/b":1,"é":{"x":2},"quote\"d":3,"tab\tname":4," ~{}":5,"plain":6}"#)
        var options = JSONWritingOptions()
        options.escapesSlashes = true
        options.escapesNonASCII = true
        #expect(try value.jsonText(options: options) == #"{"a\/b":1,"\u00E9":{"x":2},"quote\"d":3,"tab\tname":4," ~{}":5,"plain":6}"#)
        try expectSameText(OddlyTaggedUnion.sized(width: 1))
        try expectSameText(OddlyTaggedUnion.wrapped(2))
        #expect(try OddlyTaggedUnion.wrapped(2).jsonText(options: options) == #"{"t\/ag":"wrapped","\u00E7":2}"#)
    }

    @Test func theModelsOfTheOtherTests() throws {
        let account = try Account.decode(parsing: fullAccount)
        try expectSameText(account)
        var changed = account
        changed.nickname = "Lovelace"
        changed.last4 = nil
        changed.note = .value("ü\n")
        try expectSameText(changed)
        try expectSameText(Shop.Order(items: [Shop.Item(sku: "a")], status: .open))
        for shape in [Shape.circle(radius: 2), .roundedRectangle(width: 1, height: 2, label: nil), .point,
                      .polygon(Polygon(sides: 5)), .other("hexagon")] {
            try expectSameText(shape)
        }
        for event in [Event.push(Push(ref: "main")), .fork(forkee: "x", stars: nil), .other("Watch", ["a": [1]])] {
            try expectSameText(event)
        }
        for command in [Command.move(x: 1, y: 2), .stop, .say("hi"), .pair(3, 4)] {
            try expectSameText(command)
        }
        try expectSameText([Plan.free, .unknown])
        try expectSameText(Generic(value: [1, 2]))
    }

    @Test func unionsInEveryLayout() throws {
        for value in [InlineUnion.point, .sized(width: 2, kind: "ignored", lat: 1), .sized(width: 2, kind: "", lat: nil),
                      .other("new", ["n": 1]), .other("new", 5)] {
            try expectSameText(value)
        }
        for value in [AdjacentUnion.point, .sized(width: 2, name: nil), .wrapped(WriteMarker()), .other("new")] {
            try expectSameText(value)
        }
        for value in [ExternalUnion.point, .sized(width: 2, name: "n"), .wrapped(WriteMarker()), .pair(1, 2)] {
            try expectSameText(value)
        }
        // Written straight where the layout allows it: the marker's own text. A single payload beside an
        // inline tag is spread only if it turns out to be an object, so `toJSON()` writes it.
        #expect(try InlineUnion.wrapped(WriteMarker()).jsonText() == #"{"kind":"wrapped","value":"tree"}"#)
        #expect(try AdjacentUnion.wrapped(WriteMarker()).jsonText() == #"{"t":"wrapped","c":"direct"}"#)
        #expect(try ExternalUnion.wrapped(WriteMarker()).jsonText() == #"{"wrapped":"direct"}"#)
        #expect(try InlineUnion.sized(width: 2, kind: "x", lat: 1).jsonText() == #"{"kind":"sized","width":2.0,"lat":1.0}"#)
    }

    @Test func aNonFiniteNumberFailsWithItsPath() throws {
        let error = #expect(throws: JSONWritingError.self) {
            try [Located(id: 1, lat: 1, name: nil, lon: .nan, meters: nil)].jsonBytes()
        }
        #expect(error == JSONWritingError(value: "nan", path: [0, "geo", "lon"]))
        #expect(throws: JSONWritingError(value: "inf", path: ["sized", "width"])) {
            try ExternalUnion.sized(width: .infinity, name: nil).jsonBytes()
        }
    }
}
