import Foundation
import Keel
import Testing

/// `KeelEncoder` against Foundation's `JSONEncoder`: for the same value and the same strategies, both texts
/// must parse to equal JSON; and the encoder's own promises (errors with paths, options, exact values).
@Suite struct KeelEncoderTests {
    enum Kind: String, Codable { case cat, dog }
    enum Shape: Codable { case circle(radius: Double), square(side: Int), none }

    struct Owner: Codable { let firstName: String; let homeURL: URL?; let tags: Set<String> }

    /// A model with every kind of field a Codable model has.
    struct Everything: Codable {
        var int = -42, int8: Int8 = -8, int16: Int16 = 16, int32: Int32 = -32, int64 = Int64.min
        var uint: UInt = 42, uint8: UInt8 = 255, uint16: UInt16 = 65535, uint32 = UInt32.max, uint64 = UInt64.max
        var double = 0.1, tinyDouble = Double.leastNonzeroMagnitude, hugeDouble = 1.7976931348623157e308, float: Float = 0.3
        var flag = true, text = "quote \" backslash \\ slash / tab \t nul \u{0} é 😀"
        var missing: String? = nil, present: String? = "here", explicitNull: String?? = .some(nil)
        var numbers = [1, 2, 3], nested = [[1.5], [], [2.5, -0.0]]
        var byName = ["b": 2, "a": 1, "camelKey": 3], byNumber = [1: "one", 20: "twenty"]
        var kind = Kind.dog, shapes = [Shape.circle(radius: 1.5), .square(side: 2), .none]
        var owner = Owner(firstName: "Ada", homeURL: URL(string: "https://example.com/a?b=c#d"), tags: ["x"])
        var owners: [Owner] = []
        var when = Date(timeIntervalSince1970: 1_700_000_000.25), bytes = Data([0, 1, 2, 250, 255])
        var price = Decimal(string: "12345678901234567890.123456789")!, ratio = Decimal(string: "-0.5")!
        var link = URL(string: "https://example.com/path")!
    }

    /// An object that encodes its superclass's members through `superEncoder()`, and nests containers by hand.
    class Base: Encodable {
        var baseValue = 1
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: JSONCodingKey.self)
            try container.encode(baseValue, forKey: "baseValue")
        }
    }

    final class Derived: Base {
        var derivedValue = "d"
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: JSONCodingKey.self)
            try container.encode(derivedValue, forKey: "derivedValue")
            try super.encode(to: container.superEncoder())
            try super.encode(to: container.superEncoder(forKey: "parentCopy"))
            var nested = container.nestedContainer(keyedBy: JSONCodingKey.self, forKey: "nestedBox")
            try nested.encode(true, forKey: "inside")
            var list = container.nestedUnkeyedContainer(forKey: "list")
            try list.encode(1)
            var inner = list.nestedContainer(keyedBy: JSONCodingKey.self)
            try inner.encode("x", forKey: "innerKey")
            try super.encode(to: list.superEncoder())
            try list.encodeNil()
            // Asking again for the same nested container adds to it, as in Foundation.
            var again = container.nestedContainer(keyedBy: JSONCodingKey.self, forKey: "nestedBox")
            try again.encode(false, forKey: "second")
            // Encoding a key twice keeps the last value.
            try container.encode("first", forKey: "twice")
            try container.encode("last", forKey: "twice")
        }
    }

    struct JSONCodingKey: CodingKey, ExpressibleByStringLiteral {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
        init(stringLiteral value: String) { stringValue = value }
    }

    /// Encodes `value` with Keel and with Foundation under the same strategies, and checks that both texts
    /// parse to the same JSON.
    func expectSameJSON<T: Encodable>(
        _ value: T, sourceLocation: SourceLocation = #_sourceLocation,
        configure: (inout KeelEncoder, JSONEncoder) -> Void = { _, _ in }
    ) throws {
        var keel = KeelEncoder()
        let foundation = JSONEncoder()
        configure(&keel, foundation)
        let ours = try JSON(parsing: keel.encode(value))
        let theirs = try JSON(parsing: foundation.encode(value))
        #expect(ours == theirs, "Keel: \(ours)\nFoundation: \(theirs)", sourceLocation: sourceLocation)
    }

    @Test func everyKindOfFieldMatchesFoundation() throws {
        var model = Everything()
        model.owners = [model.owner, Owner(firstName: "Bo", homeURL: nil, tags: [])]
        try expectSameJSON(model)
        try expectSameJSON(Derived())
        try expectSameJSON([model, model])
        try expectSameJSON(["top": model])
    }

    @Test func topLevelValuesOfEveryKindMatchFoundation() throws {
        try expectSameJSON(1)
        try expectSameJSON("text")
        try expectSameJSON(Optional<Int>.none)
        try expectSameJSON(Double.pi)
        try expectSameJSON([String]())
        try expectSameJSON([String: Int]())
        try expectSameJSON(Kind.cat)
        try expectSameJSON(Date(timeIntervalSince1970: 0))
        try expectSameJSON(Data("hi".utf8))
        try expectSameJSON(URL(string: "file:///tmp/a%20b")!)
        try expectSameJSON(Decimal(string: "3.14159")!)
    }

    @Test func keyStrategiesMatchFoundation() throws {
        try expectSameJSON(Everything()) { keel, foundation in
            keel.keyEncodingStrategy = .convertToSnakeCase
            foundation.keyEncodingStrategy = .convertToSnakeCase
        }
        try expectSameJSON(Derived()) { keel, foundation in
            keel.keyEncodingStrategy = .custom { path in JSONCodingKey(stringValue: path.last!.stringValue.uppercased()) }
            foundation.keyEncodingStrategy = .custom { path in JSONCodingKey(stringValue: path.last!.stringValue.uppercased()) }
        }
    }

    /// Each name on its own, so that a difference names the key (these include Foundation's quirks).
    @Test(arguments: [
        "oneTwoThree", "myURLProperty", "URL", "HTTPServer", "a1B2", "ABC1d", "AB", "aBC", "aBc", "iOS", "isHTML5",
        "someValue2Go", "_leading", "trailing_", "__both__", "_", "__", "", "x", "A", "Foo", "already_snake",
        "foo_Bar", "camelCase_withUnderscore", "ÉtéAb", "ÀÉÎ", "öÖö", "a b C", "fooBAR", "ǅemo", "x\u{301}Y",
    ])
    func snakeCaseNamesMatchFoundation(name: String) throws {
        struct Named: Encodable {
            let name: String
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: JSONCodingKey.self)
                try container.encode(1, forKey: JSONCodingKey(stringValue: name))
            }
        }
        var keel = KeelEncoder()
        keel.keyEncodingStrategy = .convertToSnakeCase
        let foundation = JSONEncoder()
        foundation.keyEncodingStrategy = .convertToSnakeCase
        let ours = try JSON(parsing: keel.encode(Named(name: name)))
        let theirs = try JSON(parsing: foundation.encode(Named(name: name)))
        #expect(try ours.object.get().map(\.key) == theirs.object.get().map(\.key))
    }

    /// Objects of a few members and of many find repeated keys in different ways; both keep the last value.
    @Test(arguments: [3, 40])
    func aKeyEncodedTwiceKeepsItsLastValueLikeFoundation(memberCount: Int) throws {
        struct Repeats: Encodable {
            let memberCount: Int
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: JSONCodingKey.self)
                for number in 0..<memberCount { try container.encode(number, forKey: JSONCodingKey(stringValue: "k\(number)")) }
                try container.encode("again", forKey: "k1")
                try container.encode("last", forKey: JSONCodingKey(stringValue: "k\(memberCount - 1)"))
            }
        }
        try expectSameJSON(Repeats(memberCount: memberCount))
        let json = try KeelEncoder().encodeToJSON(Repeats(memberCount: memberCount))
        #expect(try json["k1"].string.get() == "again")
        #expect(try json.object.get().count == memberCount)
    }

    @Test func dictionaryKeysAreDataAndKeepTheirSpelling() throws {
        var keel = KeelEncoder()
        keel.keyEncodingStrategy = .convertToSnakeCase
        struct Holder: Encodable { let someMap: [String: Int] }
        #expect(try keel.encodeToJSON(Holder(someMap: ["camelKey": 1])) == ["some_map": ["camelKey": 1]])
    }

    @Test(arguments: 0..<6)
    func dateStrategiesMatchFoundation(choice: Int) throws {
        let dates = [Date(timeIntervalSince1970: 1_700_000_000), Date(timeIntervalSince1970: -1.5), Date(timeIntervalSinceReferenceDate: 0)]
        try expectSameJSON(dates) { keel, foundation in
            switch choice {
            case 0: break  // deferredToDate on both
            case 1: (keel.dateEncodingStrategy, foundation.dateEncodingStrategy) = (.secondsSince1970, .secondsSince1970)
            case 2: (keel.dateEncodingStrategy, foundation.dateEncodingStrategy) = (.millisecondsSince1970, .millisecondsSince1970)
            case 3: (keel.dateEncodingStrategy, foundation.dateEncodingStrategy) = (.iso8601, .iso8601)
            case 4:
                keel.dateEncodingStrategy = .custom { date, encoder in
                    var container = encoder.singleValueContainer()
                    try container.encode("day \(Int(date.timeIntervalSince1970) / 86_400)")
                }
                foundation.dateEncodingStrategy = .custom { date, encoder in
                    var container = encoder.singleValueContainer()
                    try container.encode("day \(Int(date.timeIntervalSince1970) / 86_400)")
                }
            default:
                // A custom strategy that encodes nothing writes {} in both.
                keel.dateEncodingStrategy = .custom { _, _ in }
                foundation.dateEncodingStrategy = .custom { _, _ in }
            }
        }
    }

    @Test func iso8601WithFractionalSecondsKeepsMilliseconds() throws {
        var keel = KeelEncoder()
        keel.dateEncodingStrategy = .iso8601WithFractionalSeconds
        #expect(try keel.encodeToString([Date(timeIntervalSince1970: 1_709_296_200.25)]) == #"["2024-03-01T12:30:00.250Z"]"#)
        keel.dateEncodingStrategy = .iso8601
        #expect(try keel.encodeToString([Date(timeIntervalSince1970: 1_709_296_200)]) == #"["2024-03-01T12:30:00Z"]"#)
    }

    @Test(arguments: 0..<3)
    func dataStrategiesMatchFoundation(choice: Int) throws {
        let blobs = [Data(), Data([0xFF]), Data("hello world".utf8)]
        try expectSameJSON(blobs) { keel, foundation in
            switch choice {
            case 0: (keel.dataEncodingStrategy, foundation.dataEncodingStrategy) = (.base64, .base64)
            case 1: (keel.dataEncodingStrategy, foundation.dataEncodingStrategy) = (.deferredToData, .deferredToData)
            default:
                keel.dataEncodingStrategy = .custom { data, encoder in
                    var container = encoder.singleValueContainer()
                    try container.encode(data.count)
                }
                foundation.dataEncodingStrategy = .custom { data, encoder in
                    var container = encoder.singleValueContainer()
                    try container.encode(data.count)
                }
            }
        }
    }

    struct Measurements: Codable { var values: [Double]; var single: Float }

    @Test func nonFiniteNumbersThrowWithTheirPathLikeFoundation() throws {
        let value = Measurements(values: [1, .nan], single: 0)
        let ours = #expect(throws: EncodingError.self) { try KeelEncoder().encode(value) }
        let theirs = #expect(throws: EncodingError.self) { try JSONEncoder().encode(value) }
        guard case .invalidValue(_, let ourContext)? = ours, case .invalidValue(_, let theirContext)? = theirs else {
            Issue.record("expected invalidValue from both")
            return
        }
        #expect(ourContext.codingPath.map(\.stringValue) == ["values", "Index 1"])
        #expect(ourContext.codingPath.map(\.stringValue) == theirContext.codingPath.map(\.stringValue))
        #expect(ourContext.codingPath.map(\.intValue) == [nil, 1])
        #expect(throws: EncodingError.self) { try KeelEncoder().encode(Measurements(values: [], single: -.infinity)) }
    }

    @Test func nonFiniteNumbersCanBecomeStringsLikeFoundation() throws {
        let value = Measurements(values: [.infinity, -.infinity, .nan, 2], single: .nan)
        try expectSameJSON(value) { keel, foundation in
            keel.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "NaN")
            foundation.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "NaN")
        }
    }

    struct Silent: Encodable { func encode(to encoder: any Encoder) throws {} }

    @Test func aTopLevelValueThatEncodesNothingIsAnErrorLikeFoundation() throws {
        #expect(throws: EncodingError.self) { try KeelEncoder().encode(Silent()) }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(Silent()) }
        // Nested, it is an empty object in both.
        try expectSameJSON(["inner": Silent()])
    }

    @Test func writingOptionsShapeTheText() throws {
        struct Small: Encodable { let b: Int; let a: String?; let c = "x/y" }
        var keel = KeelEncoder(writingOptions: .pretty(indent: 2))
        keel.writingOptions.sortsKeys = true
        keel.writingOptions.escapesSlashes = true
        #expect(try keel.encodeToString(Small(b: 1, a: "é")) == "{\n  \"a\": \"é\",\n  \"b\": 1,\n  \"c\": \"x\\/y\"\n}")
        // Members keep the order the model encoded them in, when not sorted.
        #expect(try KeelEncoder().encodeToString(Small(b: 1, a: nil)) == #"{"b":1,"c":"x/y"}"#)
    }

    @Test func jsonValuesInsideModelsKeepTheirExactNumbersAndKeys() throws {
        struct Holder: Encodable { let payload: JSON }
        let exact = try #require(JSONNumber(literal: "1.000000000000000000000000000001"))
        var keel = KeelEncoder()
        keel.keyEncodingStrategy = .convertToSnakeCase
        let text = try keel.encodeToString(Holder(payload: ["camelKey": .number(exact), "list": [1, nil]]))
        #expect(text == #"{"payload":{"camelKey":1.000000000000000000000000000001,"list":[1,null]}}"#)
        // A non-finite number inside a JSON value fails at write time, with the coding path.
        let error = #expect(throws: EncodingError.self) { try keel.encode(Holder(payload: ["x": [JSON(Double.nan)]])) }
        if case .invalidValue(_, let context)? = error {
            #expect(context.codingPath.map(\.stringValue) == ["payload", "x", "Index 0"])
        }
    }

    struct ReadsUserInfo: Encodable {
        static let unitKey = CodingUserInfoKey(rawValue: "unit")!
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(encoder.userInfo[ReadsUserInfo.unitKey] as? String ?? "none")
        }
    }

    @Test func userInfoReachesEveryEncodeCall() throws {
        var keel = KeelEncoder()
        keel.userInfo[ReadsUserInfo.unitKey] = "cm"
        #expect(try keel.encodeToJSON([ReadsUserInfo()]) == ["cm"])
    }

    struct ReportsPath: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(encoder.codingPath.map(\.stringValue).joined(separator: "/"))
        }
    }

    @Test func codingPathsMatchFoundation() throws {
        struct Outer: Encodable { let list: [[String: ReportsPath]]; let one: ReportsPath }
        try expectSameJSON(Outer(list: [[:], ["k": ReportsPath()]], one: ReportsPath()))
    }

    /// Reports its coding path from its encoder, its keyed container and a nested value's encoder, and
    /// holds a double that may fail (whose error names the path).
    struct ReportsPathInObject: Encodable {
        var number = 1.5
        enum CodingKeys: String, CodingKey { case fromEncoder, fromContainer, nested, number }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(encoder.codingPath.map(\.stringValue).joined(separator: "/"), forKey: .fromEncoder)
            try container.encode(container.codingPath.map(\.stringValue).joined(separator: "/"), forKey: .fromContainer)
            try container.encode(ReportsPath(), forKey: .nested)
            try container.encode(number, forKey: .number)
        }
    }

    @Test func anArrayElementsPathIsMadeWhenAskedForAndMatchesFoundation() throws {
        // The stream keeps an element's position in its frame and makes its path only when something reads it.
        struct Outer: Encodable {
            let elements: [ReportsPath]
            let objects: [ReportsPathInObject]
            let nested: [[ReportsPathInObject]]
        }
        let value = Outer(elements: [ReportsPath(), ReportsPath()], objects: [ReportsPathInObject(), ReportsPathInObject()],
                          nested: [[], [ReportsPathInObject(), ReportsPathInObject()]])
        try expectSameJSON(value)
        try expectSameJSON([ReportsPathInObject(), ReportsPathInObject()])
        // A key strategy's function is given the path of the member it renames.
        try expectSameJSON(value) { keel, foundation in
            let rename: @Sendable ([any CodingKey]) -> any CodingKey = { path in
                JSONCodingKey(stringValue: path.map(\.stringValue).joined(separator: "."))
            }
            keel.keyEncodingStrategy = .custom(rename)
            foundation.keyEncodingStrategy = .custom(rename)
        }
        // An error inside an element names the element's position.
        let failing = Outer(elements: [], objects: [ReportsPathInObject(), ReportsPathInObject(number: .nan)], nested: [])
        let ours = #expect(throws: EncodingError.self) { try KeelEncoder().encode(failing) }
        let theirs = #expect(throws: EncodingError.self) { try JSONEncoder().encode(failing) }
        guard case .invalidValue(_, let ourContext)? = ours, case .invalidValue(_, let theirContext)? = theirs else {
            Issue.record("expected invalidValue from both")
            return
        }
        #expect(ourContext.codingPath.map(\.stringValue) == ["objects", "Index 1", "number"])
        #expect(ourContext.codingPath.map(\.stringValue) == theirContext.codingPath.map(\.stringValue))
    }

    @Test func anEncoderIsASendableValueSharedAcrossTasks() async throws {
        var keel = KeelEncoder()
        keel.keyEncodingStrategy = .convertToSnakeCase
        let shared = keel
        let texts = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<8 {
                group.addTask { try shared.encodeToString(Owner(firstName: "n\(index)", homeURL: nil, tags: [])) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(texts).count == 8)
        #expect(texts.allSatisfy { $0.contains("\"first_name\"") })
    }
}
