import Foundation
import Keel
import Testing

/// The `JSON` value: literals, equality and hashing, printing, objects and arrays, Codable.
@Suite struct JSONValueTests {
    @Test func literalsBuildEveryKind() {
        let value: JSON = ["name": "Matt", "age": 32, "score": 9.5, "admin": true, "tags": ["a", nil], "none": nil]
        #expect(value.kind == .object)
        #expect(value.description == #"{"name":"Matt","age":32,"score":9.5,"admin":true,"tags":["a",null],"none":null}"#)
        #expect(value["tags"][1].isNull == .success(true))
        #expect(JSON(["b": 1, "a": 2] as [String: JSON]).description == #"{"a":2,"b":1}"#)
        #expect(JSON([1, 2] as [JSON]) == [1, 2])
        #expect(JSON(UInt64.max).description == "18446744073709551615")
        #expect(JSON("x") == "x")
        #expect(JSON(true) == true)
    }

    @Test func stringsPrintWithTheEscapesJSONNeeds() throws {
        let value: JSON = "quote \" backslash \\ newline \n tab \t bell \u{07} é 😀 /"
        #expect(value.description == #""quote \" backslash \\ newline \n tab \t bell \u0007 é 😀 /""#)
        #expect(try JSON(parsing: value.description) == value)
    }

    @Test func parsedStringsAreUnescaped() throws {
        let json = try JSON(parsing: #"["\u00e9\t\"\\\/\b\f\n\r", "\ud83d\ude00", "plain"]"#)
        #expect(json[0].string == .success("é\t\"\\/\u{08}\u{0C}\n\r"))
        #expect(json[1].string == .success("😀"))
        #expect(json[2].string == .success("plain"))
        var options = JSONParsingOptions()
        options.loneSurrogates = .replace
        #expect(try JSON(parsing: #"["a\ud800b", "\udc00\ud83d\ude00"]"#, options: options)
                == ["a\u{FFFD}b", "\u{FFFD}😀"])
    }

    @Test func objectsCompareWhateverTheOrderButKeepIt() throws {
        let a = try JSON(parsing: #"{"x": 1, "y": [1, {"z": null}]}"#)
        let b = try JSON(parsing: #"{"y": [1, {"z": null}], "x": 1}"#)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a.description == #"{"x":1,"y":[1,{"z":null}]}"#)
        #expect(b.description == #"{"y":[1,{"z":null}],"x":1}"#)
        #expect(try JSON(parsing: "[1, 2]") != JSON(parsing: "[2, 1]"))
        #expect(try JSON(parsing: #"{"x": 1}"#) != JSON(parsing: #"{"x": 1, "y": 2}"#))
        #expect(try JSON(parsing: "1") != JSON(parsing: "\"1\""))
        #expect(JSON.null != false)
    }

    @Test func duplicateKeysAreKeptAndTheLastWins() throws {
        let text = #"{"a": 1, "b": 2, "a": 3}"#
        let json = try JSON(parsing: text)
        guard case .object(let object) = json else { Issue.record("not an object"); return }
        #expect(object.keys == ["a", "b", "a"])
        #expect(object.hasDuplicateKeys)
        #expect(object["a"] == 3)
        #expect(object.values(forKey: "a") == [1, 3])
        #expect(json.description == #"{"a":1,"b":2,"a":3}"#)
        #expect(try JSONDocument(parsing: text).root["a"].int == .success(3))
        #expect(json != (try JSON(parsing: #"{"a": 3, "b": 2, "a": 1}"#)))
        #expect(json == (try JSON(parsing: #"{"b": 2, "a": 1, "a": 3}"#)))
        var options = JSONParsingOptions()
        options.duplicateKeys = .reject
        #expect(throws: JSONSyntaxError.self) { try JSON(parsing: text, options: options) }
        // Keys equal only after unescaping are duplicates too.
        #expect(throws: JSONSyntaxError.self) { try JSON(parsing: #"{"é": 1, "\u00e9": 2}"#, options: options) }
    }

    @Test func documentLookupsFindEveryMemberAndTheLastOfRepeatedKeys() throws {
        // Members with nested values between them, a one-member object, an empty key, an escaped repeat.
        let text = #"{"a": 1, "b": {"a": 9, "c": [1, {"d": 2}]}, "": 3, "c": [], "a": 4, "\u0062": 5}"#
        let root = try JSONDocument(parsing: text).root
        #expect(root["a"].int == .success(4))
        #expect(root["b"].int == .success(5))
        #expect(root[""].int == .success(3))
        #expect(root["c"].array.map(\.count) == .success(0))
        #expect(root["d"].int.isFailure)
        let single = try JSONDocument(parsing: #"{"only": true}"#).root
        #expect(single["only"].bool == .success(true))
        #expect(single["other"].bool.isFailure)
        // A wide object, looked up through its hash index, and every member of a narrow one.
        for width in [3, 64, 65, 200] {
            let members = (0..<width).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ")
            let wide = try JSONDocument(parsing: "{\(members), \"k0\": -1}").root
            #expect(wide["k0"].int == .success(-1))
            for position in 1..<width { #expect(wide["k\(position)"].int == .success(position)) }
            #expect(wide["k\(width)"].int.isFailure)
        }
    }

    @Test func keysCompareByTheirUTF8Bytes() throws {
        let text = #"{"\u00e9": "composed", "e\u0301": "decomposed"}"#
        let json = try JSON(parsing: text)
        #expect(json["\u{E9}"].string == .success("composed"))
        #expect(json["e\u{301}"].string == .success("decomposed"))
        #expect(try JSONDocument(parsing: text).root["e\u{301}"].string == .success("decomposed"))
        guard case .object(let object) = json else { return }
        #expect(!object.hasDuplicateKeys)
        var options = JSONParsingOptions()
        options.duplicateKeys = .reject
        #expect(throws: Never.self) { try JSON(parsing: text, options: options) }
        // Strings as values compare by bytes too.
        #expect(JSON("\u{E9}") != JSON("e\u{301}"))
    }

    @Test func objectsAndArraysCanBeChanged() {
        var object: JSONObject = ["id": 7]
        let copy = object
        object["name"] = "Ada"
        object["id"] = 8
        #expect(object.keys == ["id", "name"])
        #expect(object["id"] == 8)
        #expect(copy["id"] == 7 && copy.count == 1)
        object["id"] = nil
        #expect(object.keys == ["name"])
        var array: JSONArray = [1, 2]
        array.append(3)
        array[0] = "first"
        #expect(JSON.array(array) == ["first", 2, 3])
    }

    @Test func largeObjectsLookUpEveryKey() throws {
        let count = 100_000
        let text = "{" + (0..<count).map { "\"key\($0)\": \($0)" }.joined(separator: ",") + "}"
        let document = try JSONDocument(parsing: text)
        let json = JSON(document.root)
        for i in stride(from: 0, to: count, by: 997) {
            #expect(document.root["key\(i)"].int == .success(i))
            #expect(json["key\(i)"].int == .success(i))
        }
        #expect(document.root["key\(count)"].error?.kind == .missingKey)
    }

    @Test func codableRoundTrip() throws {
        let value: JSON = ["a": [1, 2.5, "x", true, nil], "b": ["c": JSON(UInt64.max)]]
        let data = try JSONEncoder().encode(value)
        let decoded = try JSONDecoder().decode(JSON.self, from: data)
        #expect(decoded == value)
        struct Model: Codable, Equatable { let id: Int; let extra: JSON }
        let model = try JSONDecoder().decode(Model.self, from: Data(#"{"id": 1, "extra": {"k": [1, "v"]}}"#.utf8))
        #expect(model.extra == ["k": [1, "v"]])
    }

    @Test func documentsMaterialiseToTheSameTree() throws {
        let text = #"{"a": [1, {"b": [true, false, null, "s", -2.5e3]}], "c": {}, "d": [], "e": {"f": {"g": 1}}}"#
        let document = try JSONDocument(parsing: text)
        let json = JSON(document.root)
        #expect(json == ["a": [1, ["b": [true, false, nil, "s", -2500.0]]], "c": [:], "d": [], "e": ["f": ["g": 1]]])
        #expect(json.description == #"{"a":[1,{"b":[true,false,null,"s",-2.5e3]}],"c":{},"d":[],"e":{"f":{"g":1}}}"#)
        #expect(document.root["a"][1].value?.sourceText == #"{"b": [true, false, null, "s", -2.5e3]}"#)
        #expect(document.root["e"].value?.members.map(\.key) == ["f"])
        #expect(document.valueCount == 22)  // keys count as values
    }

    @Test func bytesStringsAndBuffersParseAlike() throws {
        let text = #"{"k": [1, "two"]}"#
        let fromString = try JSON(parsing: text)
        let fromBytes = try JSON(parsing: Array(text.utf8))
        let fromBuffer = try Array(text.utf8).withUnsafeBytes { try JSON(parsing: $0) }
        let fromData = try JSON(parsing: Data(text.utf8))
        #expect(fromString == fromBytes && fromBytes == fromBuffer && fromBuffer == fromData)
        try Array(text.utf8).withUnsafeBytes { try JSONDocument.validate($0) }
        #expect(throws: JSONSyntaxError.self) { try Array("[".utf8).withUnsafeBytes { try JSONDocument.validate($0) } }
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
            let bytes = Array(text.utf8)
            let document = try JSONDocument(parsing: bytes.span.bytes)
            #expect(JSON(document.root) == fromString)
        }
    }

    @Test func byteOrderMarkIsSkippedByDefault() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{}".utf8)
        #expect(try JSON(parsing: bytes) == [:])
        var options = JSONParsingOptions()
        options.byteOrderMark = .reject
        #expect(throws: JSONSyntaxError.self) { try JSON(parsing: bytes, options: options) }
        // A BOM anywhere else is an unexpected character.
        #expect(throws: JSONSyntaxError.self) { try JSON(parsing: [UInt8(ascii: " ")] + bytes) }
    }

    @Test func scalarsAtTheTopLevel() throws {
        #expect(try JSON(parsing: "null") == nil)
        #expect(try JSON(parsing: " true ") == true)
        #expect(try JSON(parsing: "\"s\"") == "s")
        #expect(try JSON(parsing: "-0.5") == -0.5)
    }
}
