// Each row of the options table in DeclaringModels.md: what a property makes of a missing member, `null`
// and a value of the wrong type.
import Foundation
import Keel
import KeelMacros
import Testing

@JSONModel struct Plain { let value: Int }
@JSONModel struct Optional { var value: Int? }
@JSONModel struct InitialValue { var value = 3 }
@JSONModel struct Defaulted { @JSONDefault(50) var value: Int }
@JSONModel struct DefaultedForNull { @JSONDefault(50, when: .missingOrNull) var value: Int }
@JSONModel struct DefaultedAlways { @JSONDefault(50, when: .always) var value: Int }
@JSONModel struct Field { var value: JSONField<Int> }
@JSONModel struct Lossy { @JSONLossy var value: [Int] }
@JSONModel struct LossyDictionary { @JSONLossy var value: [String: Int] }
@JSONModel struct Coercing { @JSONCoercing var value: Int }
@JSONModel struct Dated { @JSONDate(.millisecondsSince1970) var value: Date }
@JSONModel struct MaybeDated { @JSONDate(.rfc3339) var value: Date? }
@JSONModel struct Aliased {
    @JSONKey("title", or: "title_name", "name") var title: String
    @JSONKey("count", or: "n") var count: Int?
}
/// A colour written `"#RRGGBB"`, kept as a number.
enum HexColor: JSONValueCoder {
    static func decode(_ json: JSONView) throws -> UInt32 {
        guard let text = json.stringValue, text.count == 7, text.hasPrefix("#"), let value = UInt32(text.dropFirst(), radix: 16) else {
            throw JSONDecodingError.typeMismatch("a colour as #RRGGBB", at: json)
        }
        return value
    }
    static func encode(_ value: UInt32) -> JSON {
        let digits = String(value, radix: 16)
        return .string("#" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits)
    }
}
@JSONModel struct Theme {
    @JSONCoded(by: HexColor.self) var accent: UInt32
    @JSONCoded(by: HexColor.self) var border: UInt32?
}

/// Members every event has, beside each event's own.
@JSONModel struct EventHeader { let id: String; let at: Int }
@JSONModel(layout: .inline(tag: "type"))
enum EventBody {
    case click(x: Int, y: Int)
    case key(code: String)
}
@JSONModel struct FlatEvent {
    @JSONFlattened var header: EventHeader
    @JSONFlattened var body: EventBody
    var source: String?
}
@JSONModel struct PatternDated { @JSONDate(.pattern("EEE MMM dd HH:mm:ss Z yyyy")) var value: Date }
@JSONModel struct Generic<Element: JSONDecodable & JSONEncodable> { let value: Element }

/// Decodes `text` as `T` in collecting mode: the value (or `nil`), and the paths of errors and warnings.
private func read<T: JSONDecodable>(_ type: T.Type, _ text: String) throws -> (T?, errors: [String], warnings: [String]) {
    let context = JSONDecodingContext(mode: .collecting)
    let value = try? T.decode(JSONDocument(parsing: text).root, in: context)
    return (value, context.errors.map(\.path.description), context.warnings.map(\.path.description))
}

@Suite struct JSONModelOptionTests {
    @Test func requiredAndOptional() throws {
        #expect(throws: JSONDecodingError.self) { try Plain.decode(parsing: "{}") }
        #expect(throws: JSONDecodingError.self) { try Plain.decode(parsing: #"{"value": null}"#) }
        #expect(try Optional.decode(parsing: "{}").value == nil)
        #expect(try Optional.decode(parsing: #"{"value": null}"#).value == nil)
        #expect(throws: JSONDecodingError.self) { try Optional.decode(parsing: #"{"value": "1"}"#) }
        let collected = try read(Optional.self, #"{"value": "1"}"#)
        #expect(collected.0?.value == nil && collected.errors == ["$.value"], "collecting: nil, recorded")
    }

    @Test func defaults() throws {
        #expect(try InitialValue.decode(parsing: "{}").value == 3)
        #expect(throws: JSONDecodingError.self) { try InitialValue.decode(parsing: #"{"value": null}"#) }
        #expect(try Defaulted.decode(parsing: "{}").value == 50)
        #expect(throws: JSONDecodingError.self) { try Defaulted.decode(parsing: #"{"value": null}"#) }
        #expect(try DefaultedForNull.decode(parsing: #"{"value": null}"#).value == 50)
        #expect(throws: JSONDecodingError.self) { try DefaultedForNull.decode(parsing: #"{"value": "x"}"#) }
        let replaced = try read(DefaultedAlways.self, #"{"value": "x"}"#)
        #expect(replaced.0?.value == 50 && replaced.errors.isEmpty && replaced.warnings == ["$.value"])
    }

    @Test func threeStates() throws {
        #expect(try Field.decode(parsing: "{}").value == .absent)
        #expect(try Field.decode(parsing: #"{"value": null}"#).value == .null)
        #expect(try Field.decode(parsing: #"{"value": 2}"#).value == .value(2))
        #expect(throws: JSONDecodingError.self) { try Field.decode(parsing: #"{"value": true}"#) }
    }

    @Test func lossyCollections() throws {
        #expect(try Lossy.decode(parsing: #"{"value": [1, "2", 3]}"#).value == [1, 3])
        #expect(throws: JSONDecodingError.self) { try Lossy.decode(parsing: "{}") }
        #expect(throws: JSONDecodingError.self) { try Lossy.decode(parsing: #"{"value": null}"#) }
        let collected = try read(LossyDictionary.self, #"{"value": {"a": 1, "b": "2"}}"#)
        #expect(collected.0?.value == ["a": 1] && collected.errors == ["$.value.b"])
    }

    @Test func coercion() throws {
        let read42 = try read(Coercing.self, #"{"value": "42"}"#)
        #expect(read42.0?.value == 42 && read42.warnings == ["$.value"])
        #expect(throws: JSONDecodingError.self) { try Coercing.decode(parsing: #"{"value": "4.2"}"#) }
        #expect(throws: JSONDecodingError.self) { try Coercing.decode(parsing: #"{"value": null}"#) }
    }

    @Test func datesReadAndWriteInTheirFormat() throws {
        let dated = try Dated.decode(parsing: #"{"value": 1700000000123}"#)
        #expect(abs(dated.value.timeIntervalSince1970 - 1_700_000_000.123) < 1e-6)
        #expect(try dated.toJSON().jsonText() == #"{"value":1700000000123}"#)
        #expect(throws: JSONDecodingError.self) { try Dated.decode(parsing: #"{"value": "soon"}"#) }
        #expect(try MaybeDated.decode(parsing: #"{"value": null}"#).value == nil)
        let text = #"{"value":"2024-02-29T23:59:59.5Z"}"#
        #expect(try MaybeDated.decode(parsing: text).toJSON().jsonText() == text)
        #expect(throws: JSONDecodingError.self) { try MaybeDated.decode(parsing: #"{"value": "2023-02-29T00:00:00Z"}"#) }
        // A pattern, as Twitter writes its dates: read, written back the same, and a mismatch named.
        let tweet = #"{"value":"Wed Aug 27 13:08:45 +0000 2008"}"#
        let patterned = try PatternDated.decode(parsing: tweet)
        #expect(patterned.value == Date(timeIntervalSince1970: 1_219_842_525))
        #expect(try patterned.toJSON().jsonText() == tweet)
        let error = #expect(throws: JSONDecodingError.self) { try PatternDated.decode(parsing: #"{"value": "2008-08-27"}"#) }
        #expect(error?.path == ["value"])
        #expect(error?.expected == #"a date in the pattern "EEE MMM dd HH:mm:ss Z yyyy" (the day of the week at character 1)"#)
    }

    @Test func alternativeNamesReadTheFirstPresentAndWriteTheFirst() throws {
        #expect(try Aliased.decode(parsing: #"{"title": "a"}"#).title == "a")
        #expect(try Aliased.decode(parsing: #"{"title_name": "b"}"#).title == "b")
        #expect(try Aliased.decode(parsing: #"{"name": "c", "n": 2}"#).count == 2)
        // In the order written, whatever the order in the object.
        #expect(try Aliased.decode(parsing: #"{"name": "c", "title_name": "b"}"#).title == "b")
        #expect(try Aliased.decode(parsing: #"{"name": "c", "title": "a", "title_name": "b"}"#).title == "a")
        // The first present is read even when it is wrong; another name does not hide bad data.
        let wrong = #expect(throws: JSONDecodingError.self) { try Aliased.decode(parsing: #"{"title_name": 1, "name": "c"}"#) }
        #expect(wrong?.path == ["title_name"])
        let missing = #expect(throws: JSONDecodingError.self) { try Aliased.decode(parsing: #"{"count": 1}"#) }
        #expect(missing?.kind == .missingKey)
        #expect(missing?.path == ["title"])
        #expect(try Aliased.decode(parsing: #"{"name": "c", "n": 3}"#).toJSON().jsonText() == #"{"title":"c","count":3}"#)
    }

    @Test func aPropertyCanHaveItsOwnCoder() throws {
        let theme = try Theme.decode(parsing: ##"{"accent": "#ff8800"}"##)
        #expect(theme.accent == 0xFF8800 && theme.border == nil)
        #expect(try theme.toJSON().jsonText() == ##"{"accent":"#ff8800"}"##)
        #expect(try theme.jsonText() == ##"{"accent":"#ff8800"}"##)
        let both = try Theme.decode(parsing: ##"{"accent": "#000001", "border": "#0000ff"}"##)
        #expect(both.border == 0xFF)
        #expect(try both.jsonText() == ##"{"accent":"#000001","border":"#0000ff"}"##)
        #expect(try Theme.decode(parsing: ##"{"accent": "#000001", "border": null}"##).border == nil)
        let wrong = #expect(throws: JSONDecodingError.self) { try Theme.decode(parsing: ##"{"accent": "orange"}"##) }
        #expect(wrong?.path == ["accent"])
        #expect(wrong?.expected == "a colour as #RRGGBB")
        let missing = #expect(throws: JSONDecodingError.self) { try Theme.decode(parsing: ##"{"border": "#000000"}"##) }
        #expect(missing?.kind == .missingKey)
    }

    @Test func flattenedPropertiesReadAndWriteTheEnclosingObject() throws {
        let text = #"{"id": "e1", "type": "click", "x": 3, "y": 4, "at": 17, "source": "web"}"#
        let event = try FlatEvent.decode(parsing: text)
        #expect(event.header.id == "e1" && event.header.at == 17 && event.source == "web")
        guard case .click(let x, let y) = event.body else {
            Issue.record("\(event.body)")
            return
        }
        #expect(x == 3 && y == 4)
        let written = try event.jsonText()
        #expect(written == #"{"id":"e1","at":17,"type":"click","x":3,"y":4,"source":"web"}"#)
        #expect(try FlatEvent.decode(parsing: written).jsonText() == written)
        // An error in a flattened part names the member in the enclosing object.
        let error = #expect(throws: JSONDecodingError.self) { try FlatEvent.decode(parsing: #"{"id": "e", "at": "x", "type": "key", "code": "a"}"#) }
        #expect(error?.path == ["at"])
        let body = #expect(throws: JSONDecodingError.self) { try FlatEvent.decode(parsing: #"{"id": "e", "at": 1, "type": "key"}"#) }
        #expect(body?.path == ["code"])
    }

    @Test func genericModels() throws {
        #expect(try Generic<String>.decode(parsing: #"{"value": "a"}"#).value == "a")
        #expect(try Generic<[Int]>.decode(parsing: #"{"value": [1]}"#).toJSON().jsonText() == #"{"value":[1]}"#)
    }

    @Test func notAnObjectNamesTheModel() throws {
        #expect {
            try Plain.decode(parsing: "[1]")
        } throws: { error in
            (error as? JSONDecodingError)?.description.contains("an object (Plain)") ?? false
        }
    }
}

@Suite struct TimestampTextTests {
    /// Writing RFC 3339 text and reading it back gives the same instant, across eras, leap days and fractions.
    @Test(arguments: [Int64(-62_167_219_200), -1, 0, 951_782_400, 1_709_296_200, 253_402_300_799])
    func roundTrips(seconds: Int64) throws {
        for nanoseconds: Int32 in [0, 1, 500_000_000, 999_999_999] {
            let timestamp = JSONTimestamp(secondsSince1970: seconds, nanoseconds: nanoseconds)
            let text = try #require(timestamp.rfc3339Text)
            #expect(JSONTimestamp(rfc3339: text) == timestamp, "\(text)")
        }
        #expect(JSONTimestamp(secondsSince1970: 253_402_300_800).rfc3339Text == nil, "year 10000 has no RFC 3339 form")
        #expect(JSONTimestamp(secondsSince1970: 951_782_400).rfc3339Text == "2000-02-29T00:00:00Z")
    }

    /// Instants at the ends of the range write as numbers, without overflowing on the way.
    @Test func extremeInstantsWriteWithoutOverflow() throws {
        #expect(JSONTimestamp(secondsSince1970: .min).rfc3339Text == nil)
        #expect(JSONTimestamp(secondsSince1970: .max).rfc3339Text == nil)
        let nearTheEnd = JSONTimestamp(secondsSince1970: 9_223_372_036_854_775, nanoseconds: 900_000_000)
        guard case .number(let milliseconds) = nearTheEnd.toJSON(format: .millisecondsSince1970) else {
            Issue.record("milliseconds should be a number")
            return
        }
        #expect((milliseconds.double ?? 0) > 9.2e18, "past Int64's range, written as a double")
        #expect(JSONTimestamp(secondsSince1970: -86_401).rfc3339Text == "1969-12-30T23:59:59Z")
    }
}
