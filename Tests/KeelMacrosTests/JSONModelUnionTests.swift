// Enums declared with `@JSONModel`: discriminated unions in the three layouts, per-case tags, a fallback for
// unknown tags (a warning in collecting mode, nothing lost when written back), and raw-value enums with a
// fallback case. Each compared with the JSON users exchange, read and written.
import Keel
import KeelMacros
import Testing

@JSONModel(tags: .snakeCase, layout: .inline(tag: "type"))
enum Shape: Equatable {
    case circle(radius: Double)
    case roundedRectangle(width: Double, height: Double = 1, label: String?)
    @JSONTag("pt") case point
    case polygon(Polygon)
    @JSONUnknown case other(String)
}

@JSONModel struct Polygon: Equatable {
    let sides: Int
}

@JSONModel(layout: .adjacent(tag: "type", content: "payload"))
enum Event: Equatable {
    @JSONTag("PushEvent") case push(Push)
    @JSONTag("ForkEvent") case fork(forkee: String, stars: Int?)
    @JSONUnknown case other(String, JSON)
}

@JSONModel struct Push: Equatable {
    let ref: String
}

@JSONModel
enum Command: Equatable {
    case move(x: Int, y: Int)
    case stop
    case say(String)
    case pair(Int, Int)
}

@JSONModel
enum Plan: String, Equatable {
    case free, pro
    @JSONUnknown case unknown
}

@Suite struct JSONModelUnionTests {
    @Test func inlineTagsReadEveryKindOfCase() throws {
        #expect(try Shape.decode(parsing: #"{"type": "circle", "radius": 2}"#) == .circle(radius: 2))
        #expect(try Shape.decode(parsing: #"{"width": 3, "type": "rounded_rectangle"}"#) == .roundedRectangle(width: 3, height: 1, label: nil),
                "the tag may come anywhere; a default and an optional fill in")
        #expect(try Shape.decode(parsing: #"{"type": "pt"}"#) == .point)
        #expect(try Shape.decode(parsing: #"{"type": "polygon", "sides": 5}"#) == .polygon(Polygon(sides: 5)),
                "one unlabeled value reads the whole object")
    }

    @Test func inlineTagsWriteWhatTheyRead() throws {
        let shapes: [Shape] = [.circle(radius: 2), .roundedRectangle(width: 3, height: 4, label: "a"), .point, .polygon(Polygon(sides: 5))]
        let texts = try shapes.map { try $0.toJSON().jsonText() }
        #expect(texts == [
            #"{"type":"circle","radius":2.0}"#, #"{"type":"rounded_rectangle","width":3.0,"height":4.0,"label":"a"}"#,
            #"{"type":"pt"}"#, #"{"type":"polygon","sides":5}"#,
        ])
        #expect(try texts.map { try Shape.decode(parsing: $0) } == shapes)
    }

    @Test func anUnknownTagIsTheFallbackAndAWarning() throws {
        let context = JSONDecodingContext(mode: .collecting)
        let shapes = try [Shape].decode(JSONDocument(parsing: #"[{"type": "circle", "radius": 1}, {"type": "hexagon", "side": 2}]"#).root,
                                        in: context)
        #expect(shapes == [.circle(radius: 1), .other("hexagon")])
        #expect(context.errors.isEmpty)
        #expect(context.warnings.map(\.path.description) == ["$[1].type"])
        #expect(context.warnings.first?.expected.contains(#""rounded_rectangle""#) == true, "the warning lists the known tags")
    }

    @Test func anUnknownTagWithoutAFallbackIsAnErrorNamingTheTags() throws {
        #expect {
            _ = try Command.decode(parsing: "{\n  \"jump\": {}\n}")
        } throws: { error in
            guard let error = error as? JSONDecodingError else { return false }
            return error.kind == .unknownRawValue && error.path.description == "$.jump" && error.location?.line == 2
                && error.expected == #"one of the tags "move", "stop", "say", "pair""#
        }
    }

    @Test func errorsInsideACaseNameTheirPath() throws {
        #expect {
            _ = try Shape.decode(parsing: #"{"type": "circle", "radius": "big"}"#)
        } throws: { error in
            (error as? JSONDecodingError)?.path.description == "$.radius"
        }
        #expect(throws: JSONDecodingError.self, "a missing tag") { try Shape.decode(parsing: #"{"radius": 1}"#) }
        #expect(throws: JSONDecodingError.self, "a tag that is not a string") { try Shape.decode(parsing: #"{"type": 1}"#) }
        #expect(throws: JSONDecodingError.self, "not an object") { try Shape.decode(parsing: "[]") }
    }

    @Test func adjacentLayoutKeepsAnUnknownPayload() throws {
        let push = #"{"type": "PushEvent", "payload": {"ref": "main"}}"#
        #expect(try Event.decode(parsing: push) == .push(Push(ref: "main")))
        #expect(try Event.decode(parsing: #"{"payload": {"forkee": "x"}, "type": "ForkEvent"}"#) == .fork(forkee: "x", stars: nil))
        #expect(throws: JSONDecodingError.self, "a case with values needs its content") {
            try Event.decode(parsing: #"{"type": "PushEvent"}"#)
        }
        let unknown = #"{"type":"StarEvent","payload":{"stars":3}}"#
        let event = try Event.decode(parsing: unknown)
        #expect(event == .other("StarEvent", ["stars": 3]))
        #expect(try event.toJSON().jsonText() == unknown, "an unknown case is written back as it came")
        #expect(try Event.push(Push(ref: "main")).toJSON().jsonText() == #"{"type":"PushEvent","payload":{"ref":"main"}}"#)
    }

    @Test func externalLayoutNamesTheCaseByTheOnlyMember() throws {
        let commands: [Command] = [.move(x: 1, y: 2), .stop, .say("hi"), .pair(3, 4)]
        let texts = try commands.map { try $0.toJSON().jsonText() }
        #expect(texts == [#"{"move":{"x":1,"y":2}}"#, #"{"stop":{}}"#, #"{"say":"hi"}"#, #"{"pair":{"_0":3,"_1":4}}"#])
        #expect(try texts.map { try Command.decode(parsing: $0) } == commands)
        #expect(throws: JSONDecodingError.self, "two members name two cases") {
            try Command.decode(parsing: #"{"stop": {}, "say": "x"}"#)
        }
    }

    @Test func rawValueEnumsFallBackToTheirUnknownCase() throws {
        #expect(try [Plan].decode(parsing: #"["free", "pro", "enterprise"]"#) == [.free, .pro, .unknown])
        let context = JSONDecodingContext(mode: .collecting)
        _ = try Plan.decode(JSONDocument(parsing: #""enterprise""#).root, in: context)
        #expect(context.warnings.count == 1)
        #expect(throws: JSONDecodingError.self, "a value of the wrong kind is still an error") { try Plan.decode(parsing: "1") }
        #expect(try Plan.pro.toJSON().jsonText() == #""pro""#)
    }
}
