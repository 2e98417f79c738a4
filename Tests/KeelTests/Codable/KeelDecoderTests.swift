import Foundation
import Keel
import KeelTestSupport
import Testing

/// `KeelDecoder` against Foundation's `JSONDecoder`: for the same model, document and strategies, both succeed
/// with equal values or both fail with the same kind of `DecodingError` at the same coding path; and the
/// bridge's own promises (Keel's error inside, collecting mode, inputs, sharing).
@Suite struct KeelDecoderTests {
    typealias Everything = EveryKindOfField
    typealias Kind = EveryKindOfField.Kind
    typealias Shape = EveryKindOfField.Shape
    typealias Owner = EveryKindOfField.Owner

    /// A class that decodes its superclass's members through `superDecoder()` and reads containers by hand.
    class Base: Decodable, Equatable {
        var baseValue: Int
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            baseValue = try container.decode(Int.self, forKey: "baseValue")
        }
        static func == (a: Base, b: Base) -> Bool { a.baseValue == b.baseValue && a.isEqual(b) }
        func isEqual(_ other: Base) -> Bool { true }
    }

    final class Derived: Base {
        var derivedValue = "", parentCopy = 0, inside = false, listed: [String] = [], nullSeen = false, keys: [String] = []
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            derivedValue = try container.decode(String.self, forKey: "derivedValue")
            parentCopy = try Base(from: container.superDecoder(forKey: "parentCopy")).baseValue
            let nested = try container.nestedContainer(keyedBy: Key.self, forKey: "nestedBox")
            inside = try nested.decode(Bool.self, forKey: "inside")
            keys = nested.allKeys.map(\.stringValue).sorted()
            var list = try container.nestedUnkeyedContainer(forKey: "list")
            listed.append(String(try list.decode(Int.self)))
            let inner = try list.nestedContainer(keyedBy: Key.self)
            listed.append(try inner.decode(String.self, forKey: "innerKey"))
            listed.append(String(try Base(from: list.superDecoder()).baseValue))
            nullSeen = try list.decodeNil()
            try super.init(from: container.superDecoder())
        }
        override func isEqual(_ other: Base) -> Bool {
            guard let other = other as? Derived else { return false }
            return (derivedValue, parentCopy, inside, listed, nullSeen, keys)
                == (other.derivedValue, other.parentCopy, other.inside, other.listed, other.nullSeen, other.keys)
        }
    }

    struct Key: CodingKey, ExpressibleByStringLiteral {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
        init(stringLiteral value: String) { stringValue = value }
    }

    struct Person: Codable, Equatable { let name: String; let age: Int; let email: String? }
    struct Team: Codable, Equatable { let title: String; let people: [Person]; let lead: Person? }

    /// The outcome of decoding: the value, or the error's case, coding path and (for Keel) Keel's error.
    enum Outcome<T: Equatable>: Equatable, CustomStringConvertible {
        case value(T)
        case failure(String, [String])

        /// Equal values, or the same case of error at the same path. Foundation reports a number that does
        /// not fit, or a date or Base64 string it cannot read, as `dataCorrupted` with an empty path; Keel
        /// gives the path, so an empty path on the right matches any.
        static func == (ours: Outcome, theirs: Outcome) -> Bool {
            switch (ours, theirs) {
            case let (.value(a), .value(b)): return a == b
            case let (.failure(a, pathA), .failure(b, pathB)):
                return a == b && (pathA == pathB || (a == "dataCorrupted" && pathB.isEmpty))
            default: return false
            }
        }

        init(_ body: () throws -> T) {
            do {
                self = .value(try body())
            } catch let error as DecodingError {
                let name: String
                let path: [any CodingKey]
                switch error {
                case .typeMismatch(_, let context): (name, path) = ("typeMismatch", context.codingPath)
                case .valueNotFound(_, let context): (name, path) = ("valueNotFound", context.codingPath)
                case .keyNotFound(let key, let context): (name, path) = ("keyNotFound", context.codingPath + [key])
                case .dataCorrupted(let context): (name, path) = ("dataCorrupted", context.codingPath)
                @unknown default: (name, path) = ("unknown", [])
                }
                self = .failure(name, path.map(\.stringValue))
            } catch {
                self = .failure("\(error)", [])
            }
        }

        var description: String {
            switch self {
            case .value(let value): return "value \(value)"
            case .failure(let name, let path): return "\(name) at \(path)"
            }
        }
    }

    /// Decodes `text` with Keel and with Foundation under the same strategies and expects the same outcome.
    func expectSameOutcome<T: Decodable & Equatable>(
        _ type: T.Type, _ text: String, sourceLocation: SourceLocation = #_sourceLocation,
        configure: (inout KeelDecoder, JSONDecoder) -> Void = { _, _ in }
    ) {
        var keel = KeelDecoder()
        let foundation = JSONDecoder()
        configure(&keel, foundation)
        let ours = Outcome { try keel.decode(T.self, from: text) }
        let theirs = Outcome { try foundation.decode(T.self, from: Data(text.utf8)) }
        #expect(ours == theirs, "\(text)", sourceLocation: sourceLocation)
    }

    func text<T: Encodable>(of value: T, _ configure: (JSONEncoder) -> Void = { _ in }) throws -> String {
        let encoder = JSONEncoder()
        configure(encoder)
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    // MARK: Agreement with Foundation

    @Test func everyKindOfFieldDecodesAsFoundationDecodesIt() throws {
        var model = Everything()
        model.owners = [model.owner, Owner(firstName: "Bo", homeURL: nil, tags: [])]
        let json = try text(of: model)
        #expect(try KeelDecoder().decode(Everything.self, from: json) == model)
        expectSameOutcome(Everything.self, json)
        expectSameOutcome([Everything].self, try text(of: [model, Everything()]))
        expectSameOutcome([String: Everything].self, try text(of: ["top": model]))
    }

    @Test func handWrittenContainersAndSuperDecodersMatchFoundation() throws {
        let json = #"""
            {"derivedValue": "d", "parentCopy": {"baseValue": 7}, "nestedBox": {"inside": true, "second": false},
             "list": [1, {"innerKey": "x"}, {"baseValue": 3}, null], "super": {"baseValue": 1}}
            """#
        let derived = try KeelDecoder().decode(Derived.self, from: json)
        #expect((derived.derivedValue, derived.parentCopy, derived.inside, derived.listed, derived.nullSeen)
            == ("d", 7, true, ["1", "x", "3"], true))
        #expect(derived.baseValue == 1)
        #expect(Set(derived.keys) == ["inside", "second"])
        expectSameOutcome(Derived.self, json)
    }

    @Test func topLevelValuesOfEveryKindMatchFoundation() {
        expectSameOutcome(Int.self, "1")
        expectSameOutcome(Int.self, " 1.0 ")
        expectSameOutcome(String.self, #""text""#)
        expectSameOutcome(Int?.self, "null")
        expectSameOutcome(Double.self, "3.141592653589793")
        expectSameOutcome([String].self, "[]")
        expectSameOutcome([String: Int].self, "{}")
        expectSameOutcome(Kind.self, #""cat""#)
        expectSameOutcome(Kind.self, #""cow""#)
        expectSameOutcome(Date.self, "0")
        expectSameOutcome(Data.self, #""aGk=""#)
        expectSameOutcome(URL.self, #""file:///tmp/a%20b""#)
        expectSameOutcome(Decimal.self, "3.14159")
        expectSameOutcome(Shape.self, #"{"circle": {"radius": 2}}"#)
        expectSameOutcome(Shape.self, #"{"circle": {"radius": 2}, "none": {}}"#)
    }

    /// Broken documents: both decoders fail, with the same case of `DecodingError` at the same path.
    @Test(arguments: [
        #"{"title": "t", "people": []}"#,
        #"{"people": []}"#,
        #"{"title": null, "people": []}"#,
        #"{"title": 5, "people": []}"#,
        #"{"title": "t", "people": {}}"#,
        #"{"title": "t", "people": [{"name": "a", "age": 1}, {"name": "b", "age": "2"}]}"#,
        #"{"title": "t", "people": [{"name": "a", "age": 1}, {"name": "b"}]}"#,
        #"{"title": "t", "people": [{"name": "a", "age": 1.5}]}"#,
        #"{"title": "t", "people": [{"name": "a", "age": 1e30}]}"#,
        #"{"title": "t", "people": [{"name": "a", "age": 1, "email": 3}]}"#,
        #"{"title": "t", "people": [], "lead": {"name": "a", "age": null}}"#,
        #"{"title": "t", "people": [], "lead": 1}"#,
        #"{"title": "t", "people": [null]}"#,
        #"["t"]"#,
        #"null"#,
    ])
    func brokenDocumentsFailAsInFoundation(_ json: String) {
        expectSameOutcome(Team.self, json)
    }

    @Test func integersAndFloatsAtTheirLimitsMatchFoundation() {
        for json in ["255", "256", "-1", "0", "1e2", "1.0", "-0"] { expectSameOutcome(UInt8.self, json) }
        for json in ["-128", "-129", "127", "128"] { expectSameOutcome(Int8.self, json) }
        for json in ["9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809"] {
            expectSameOutcome(Int.self, json)
        }
        for json in ["18446744073709551615", "18446744073709551616"] { expectSameOutcome(UInt64.self, json) }
        for json in ["1.7976931348623157e308", "1e400", "-1e400", "5e-324", "true", #""1""#] {
            expectSameOutcome(Double.self, json)
        }
        for json in ["3.4028235e38", "1e39", "0.1"] { expectSameOutcome(Float.self, json) }
    }

    // MARK: Strategies

    struct Profile: Codable, Equatable {
        let userName: String
        let homePageUrl: String
        let _private: Int
        let tags: [String: Int]
    }

    @Test func snakeCaseKeysMatchFoundation() throws {
        let json = #"{"user_name": "ada", "home_page_url": "x", "_private": 1, "tags": {"snake_key": 1}}"#
        let configure: (inout KeelDecoder, JSONDecoder) -> Void = { keel, foundation in
            keel.keyDecodingStrategy = .convertFromSnakeCase
            foundation.keyDecodingStrategy = .convertFromSnakeCase
        }
        expectSameOutcome(Profile.self, json, configure: configure)
        // Dictionary keys stay as written.
        var decoder = KeelDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try decoder.decode(Profile.self, from: json).tags == ["snake_key": 1])
        expectSameOutcome(Everything.self, try text(of: Everything()) { $0.keyEncodingStrategy = .convertToSnakeCase },
                          configure: configure)
    }

    /// Each member name on its own, matched through a one-key container.
    @Test(arguments: ["one_two_three", "a__b", "ABC_def", "a_b_", "_id", "__private_key__", "oneTwo", "URL",
                      "_", "", "x_1_y", "üml_aut", "HTTP_server", "a_Bc_DEF"])
    func snakeCaseNamesConvertAsInFoundation(_ name: String) throws {
        let json = try text(of: [name: 1])
        var keel = KeelDecoder()
        keel.keyDecodingStrategy = .convertFromSnakeCase
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        let ours = try keel.decode(Names.self, from: json).names
        let theirs = try foundation.decode(Names.self, from: Data(json.utf8)).names
        #expect(ours == theirs)
    }

    /// The names a keyed container reports.
    struct Names: Decodable {
        let names: [String]
        init(from decoder: any Decoder) throws {
            names = try decoder.container(keyedBy: Key.self).allKeys.map(\.stringValue)
        }
    }

    @Test func customKeyStrategyMatchesFoundation() {
        let convert: @Sendable ([any CodingKey]) -> any CodingKey = { path in
            Key(stringValue: path.last!.stringValue.lowercased() + "\(path.count)")
        }
        let json = #"{"TITLE": "t", "PEOPLE": [{"NAME": "a", "AGE": 1}]}"#
        struct Lowered: Codable, Equatable {
            let title1: String
            let people1: [Inner]
            struct Inner: Codable, Equatable { let name3: String; let age3: Int }
        }
        expectSameOutcome(Lowered.self, json) { keel, foundation in
            keel.keyDecodingStrategy = .custom(convert)
            foundation.keyDecodingStrategy = .custom(convert)
        }
    }

    struct Stamp: Codable, Equatable { let at: Date }

    @Test func dateStrategiesMatchFoundation() {
        let documents = [#"{"at": 1700000000.5}"#, #"{"at": -1}"#, #"{"at": "2024-03-01T12:30:00Z"}"#, #"{"at": "2024-03-01"}"#,
                         #"{"at": "2024-03-01T12:30:00+01:00"}"#, #"{"at": "March"}"#, #"{"at": null}"#, #"{"at": []}"#]
        let pairs: [(KeelDecoder.DateDecodingStrategy, JSONDecoder.DateDecodingStrategy)] = [
            (.deferredToDate, .deferredToDate), (.secondsSince1970, .secondsSince1970),
            (.millisecondsSince1970, .millisecondsSince1970), (.iso8601, .iso8601),
            (.custom(Self.day), .formatted(Self.dayFormatter)),
            (.custom({ try Date(timeIntervalSince1970: $0.singleValueContainer().decode(Double.self) * 2) }),
             .custom({ try Date(timeIntervalSince1970: $0.singleValueContainer().decode(Double.self) * 2) })),
        ]
        for json in documents {
            for (ours, theirs) in pairs {
                expectSameOutcome(Stamp.self, json) { keel, foundation in
                    keel.dateDecodingStrategy = ours
                    foundation.dateDecodingStrategy = theirs
                }
            }
        }
    }

    /// A fixed-format formatter, configured once and then only read: what `.formatted` expects.
    static let dayFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter
    }()

    /// What the docs offer for `.formatted(DateFormatter)`, which Keel does not have (it would link all of
    /// Foundation on Linux): a `custom` strategy capturing the formatter, which compiles in Swift 6 mode because
    /// `DateFormatter` is `Sendable`, and fails as Foundation's does, with Keel's place underneath.
    @Sendable static func day(_ decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = dayFormatter.date(from: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Date string does not match format expected by formatter.")
        }
        return date
    }

    @Test func aCustomFormatterStrategyReportsWhereTheDateWas() throws {
        var decoder = KeelDecoder()
        decoder.dateDecodingStrategy = .custom(Self.day)
        #expect(try decoder.decode(Stamp.self, from: #"{"at": "2024-03-01"}"#).at.timeIntervalSince1970 == 1_709_251_200)
        let error = try #require(throws: DecodingError.self) { try decoder.decode(Stamp.self, from: #"{"at": "March"}"#) }
        #expect(error.jsonDecodingError?.description == "Date string does not match format expected by formatter at $.at (line 1, column 8).")
        #expect(!"\(error)".contains(".."), "\(error)")
    }

    @Test func iso8601AcceptsFractionalSecondsAndTheStricterStrategyRequiresThem() throws {
        var decoder = KeelDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let json = #"{"at": "2024-03-01T12:30:00.250Z"}"#
        #expect(try decoder.decode(Stamp.self, from: json).at.timeIntervalSince1970 == 1_709_296_200.25)
        decoder.dateDecodingStrategy = .iso8601WithFractionalSeconds
        #expect(try decoder.decode(Stamp.self, from: json).at.timeIntervalSince1970 == 1_709_296_200.25)
        #expect(throws: DecodingError.self) { try decoder.decode(Stamp.self, from: #"{"at": "2024-03-01T12:30:00Z"}"#) }
        let foundation = JSONDecoder()
        foundation.dateDecodingStrategy = .iso8601
        #expect(try foundation.decode(Stamp.self, from: Data(json.utf8)).at.timeIntervalSince1970 == 1_709_296_200.25)
    }

    @Test func dataStrategiesMatchFoundation() {
        let documents = [#""aGVsbG8=""#, #""aGVsbG8""#, "[104, 105]", "[256]", "5", "null"]
        let pairs: [(KeelDecoder.DataDecodingStrategy, JSONDecoder.DataDecodingStrategy)] = [
            (.base64, .base64), (.deferredToData, .deferredToData),
            (.custom({ Data(try $0.singleValueContainer().decode(String.self).utf8) }),
             .custom({ Data(try $0.singleValueContainer().decode(String.self).utf8) })),
        ]
        for json in documents {
            for (ours, theirs) in pairs {
                expectSameOutcome(Data.self, json) { keel, foundation in
                    keel.dataDecodingStrategy = ours
                    foundation.dataDecodingStrategy = theirs
                }
            }
        }
    }

    /// Arrays of common scalars are read in one loop rather than through the generic array path; they must
    /// still agree with Foundation on values, error cases and paths, and collect like any other array.
    @Test func scalarArraysMatchFoundationAndCollectLikeAnyArray() {
        let documents = ["[]", "[1, 2, 3]", "[1.5, -0.0, 1e300]", #"["a", "\u00e9"]"#, "[true, false]", "[1, null]",
                         #"[1, "2"]"#, "[1, [2]]", "[1, {}]", "[1e400]", "[9223372036854775808]", #"{"a": 1}"#, "7"]
        for json in documents {
            expectSameOutcome([Double].self, json)
            expectSameOutcome([Int].self, json)
            expectSameOutcome([Int64].self, json)
            expectSameOutcome([String].self, json)
            expectSameOutcome([Bool].self, json)
            expectSameOutcome([[Int]].self, "[\(json)]")
        }
        let collected = KeelDecoder().decodeCollecting([[Int]].self, from: #"[[1, "x", 3], [4, null]]"#)
        #expect(collected.value == [[1, 3], [4]])
        #expect(collected.errors.map { $0.jsonDecodingError?.path.pointer } == ["/0/1", "/1/1"])
        #expect(collected.errors.map { $0.jsonDecodingError?.location?.column } == [6, 19])
    }

    @Test func nonConformingFloatsMatchFoundation() {
        // (NaN is never equal to itself, so it is checked apart, below.)
        for json in [#"["inf", "-inf", 1.5]"#, #"["Infinity"]"#, "[1e400]", "[1e39]"] {
            expectSameOutcome([Double].self, json)
            expectSameOutcome([Float].self, json) { keel, foundation in
                keel.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
                foundation.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
            }
        }
        var decoder = KeelDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let values = try? decoder.decode([Double].self, from: #"["inf", "-inf", "nan"]"#)
        #expect(values?[0] == .infinity && values?[1] == -.infinity && values?[2].isNaN == true)
    }

    struct ReadsUserInfo: Decodable {
        let seen: String?
        init(from decoder: any Decoder) throws {
            seen = decoder.userInfo[CodingUserInfoKey(rawValue: "greeting")!] as? String
        }
    }

    @Test func userInfoReachesEveryDecoder() throws {
        var decoder = KeelDecoder()
        decoder.userInfo[CodingUserInfoKey(rawValue: "greeting")!] = "hello"
        let nested = try decoder.decode([[ReadsUserInfo]].self, from: "[[{}, 1], []]")
        #expect(nested.flatMap { $0 }.map(\.seen) == ["hello", "hello"])
    }

    // MARK: Errors

    @Test func errorsCarryKeelsPathLineAndColumn() throws {
        let json = "{\"title\": \"t\",\n \"people\": [\n  {\"name\": \"a\", \"age\": 1},\n  {\"name\": \"b\", \"age\": \"2\"}]}"
        let error = try #require(throws: DecodingError.self) { try KeelDecoder().decode(Team.self, from: json) }
        guard case .typeMismatch(let type, let context) = error else {
            Issue.record("expected typeMismatch, got \(error)")
            return
        }
        #expect(ObjectIdentifier(type) == ObjectIdentifier(Int.self))
        #expect(context.codingPath.map(\.stringValue) == ["people", "Index 1", "age"])
        #expect(context.codingPath.map(\.intValue) == [nil, 1, nil])
        let keel = try #require(error.jsonDecodingError)
        #expect(keel.path.pointer == "/people/1/age")
        #expect(keel.location?.line == 4)
        #expect(keel.location?.column == 24)
        #expect(context.debugDescription == #"Expected to decode Int but found a string: "2""#)
        #expect(keel.description == #"Expected an Int at $.people[1].age (line 4, column 24) but found a string: "2"."#)
        // Swift prints the debug description and Keel's sentence once each, with no doubled period.
        let printed = "\(error)"
        #expect(printed.components(separatedBy: "(line 4, column 24)").count == 2, "\(printed)")
        #expect(!printed.contains(".."), "\(printed)")
    }

    @Test func aMissingKeyNamesTheObjectAndItsPlace() throws {
        let error = try #require(throws: DecodingError.self) {
            try KeelDecoder().decode(Team.self, from: #"{"title": "t", "people": [{"name": "a"}]}"#)
        }
        guard case .keyNotFound(let key, let context) = error else {
            Issue.record("expected keyNotFound, got \(error)")
            return
        }
        #expect(key.stringValue == "age")
        #expect(context.codingPath.map(\.stringValue) == ["people", "Index 0"])
        #expect(error.jsonDecodingError?.path.pointer == "/people/0/age")
        #expect(context.debugDescription.hasPrefix("No value associated with key "))
        #expect(context.debugDescription.hasSuffix(#"("age")"#))
        #expect(error.jsonDecodingError?.description == #"Missing key "age" in the object at $.people[0] (line 1, column 27): {"name":"a"}."#)
        #expect(!"\(error)".contains(".."))
    }

    /// Under `convertFromSnakeCase` a missing key is named as the document would spell it, beside the Swift
    /// key, as Foundation names the converted key.
    @Test func aMissingKeyUnderSnakeCaseNamesTheSpellingTheDocumentLacks() throws {
        struct Profile: Decodable { let displayName: String; let homePageURL: String? }
        var decoder = KeelDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let error = try #require(throws: DecodingError.self) { try decoder.decode(Profile.self, from: #"{"name": "x"}"#) }
        guard case .keyNotFound(let key, let context) = error else {
            Issue.record("expected keyNotFound, got \(error)")
            return
        }
        #expect(key.stringValue == "displayName")
        #expect(context.debugDescription.hasSuffix(#"("displayName"), converted to display_name"#))
        #expect(error.jsonDecodingError?.description.hasPrefix(#"Missing key "display_name" in the object at $"#) == true)
        #expect(error.jsonDecodingError?.path.pointer == "/display_name")
    }

    @Test func textThatIsNotJSONIsDataCorruptedWithTheSyntaxError() throws {
        let error = try #require(throws: DecodingError.self) { try KeelDecoder().decode([Int].self, from: "[1,]") }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.codingPath.isEmpty)
        let syntax = try #require(error.jsonSyntaxError)
        #expect(syntax.byteOffset == 3)
        #expect(context.debugDescription == "The given data was not valid JSON")
        #expect("\(error)".contains("Underlying error: Unexpected ']' at line 1, column 4"), "\(error)")
        // Foundation accepts the trailing comma; Keel is strict on purpose.
        #expect(try JSONDecoder().decode([Int].self, from: Data("[1,]".utf8)) == [1])
    }

    @Test func aRepeatedKeyTakesTheLastMemberWhereFoundationTakesTheFirst() throws {
        let json = #"{"name": "a", "age": 1, "age": 2}"#
        #expect(try KeelDecoder().decode(Person.self, from: json).age == 2)
        #expect(try JSONDecoder().decode(Person.self, from: Data(json.utf8)).age == 1)
        // Rejecting them is an option.
        var decoder = KeelDecoder()
        decoder.parsingOptions.duplicateKeys = .reject
        #expect(throws: DecodingError.self) { try decoder.decode(Person.self, from: json) }
    }

    /// The number difference the Codable article lists: Keel rounds where Foundation fails.
    @Test func numbersThatRoundAreRoundedWhereFoundationFails() throws {
        #expect(try KeelDecoder().decode(Double.self, from: "1e-400") == 0)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Double.self, from: Data("1e-400".utf8)) }
    }

    /// A missing member's super decoder reads as `null`, as Foundation's does (macro-generated code relies
    /// on it): nil for optionals, `valueNotFound` at the member's path for anything else, with Keel's
    /// missing-key error underneath.
    @Test func aMissingSuperMemberReadsAsNullLikeFoundation() throws {
        struct SuperProbe: Decodable, Equatable {
            var isNil: Bool
            var optional: Int?
            init(isNil: Bool, optional: Int?) { (self.isNil, self.optional) = (isNil, optional) }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Key.self)
                isNil = try container.superDecoder(forKey: Key(stringValue: "base")).singleValueContainer().decodeNil()
                optional = try Int?(from: container.superDecoder())
            }
        }
        struct SuperInt: Decodable, Equatable {
            var value: Int
            init(from decoder: any Decoder) throws {
                value = try Int(from: decoder.container(keyedBy: Key.self).superDecoder(forKey: Key(stringValue: "base")))
            }
        }
        struct SuperObject: Decodable, Equatable {
            var value: Int
            init(from decoder: any Decoder) throws {
                let base = try decoder.container(keyedBy: Key.self).superDecoder(forKey: Key(stringValue: "base"))
                value = try base.container(keyedBy: Key.self).decode(Int.self, forKey: Key(stringValue: "v"))
            }
        }
        struct SuperArray: Decodable, Equatable {
            var count: Int?
            init(from decoder: any Decoder) throws {
                count = try decoder.container(keyedBy: Key.self).superDecoder().unkeyedContainer().count
            }
        }
        for json in ["{}", #"{"base": 1, "super": 2}"#, #"{"base": {"v": 3}}"#, #"{"base": null}"#, "[]"] {
            expectSameOutcome(SuperProbe.self, json)
            expectSameOutcome(SuperInt.self, json)
            expectSameOutcome(SuperObject.self, json)
            expectSameOutcome(SuperArray.self, json)
        }
        #expect(try KeelDecoder().decode(SuperProbe.self, from: "{}") == SuperProbe(isNil: true, optional: nil))
        let error = try #require(throws: DecodingError.self) { try KeelDecoder().decode(SuperInt.self, from: #"{"a": 1}"#) }
        guard case .valueNotFound(_, let context) = error else {
            Issue.record("expected valueNotFound, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["base"])
        #expect(error.jsonDecodingError?.description == #"Missing key "base" in the object at $ (line 1, column 1): {"a":1}."#)
    }

    // MARK: Inputs and sharing

    @Test func everyInputFormDecodesTheSameValue() throws {
        let json = #"{"name": "a", "age": 1, "email": null}"#
        let expected = Person(name: "a", age: 1, email: nil)
        let decoder = KeelDecoder()
        #expect(try decoder.decode(Person.self, from: json) == expected)
        #expect(try decoder.decode(Person.self, from: Array(json.utf8)) == expected)
        #expect(try decoder.decode(Person.self, from: Data(json.utf8)) == expected)
        #expect(try Array(json.utf8).withUnsafeBytes { try decoder.decode(Person.self, from: $0) } == expected)
        let document = try JSONDocument(parsing: #"{"wrapper": [\#(json)]}"#)
        #expect(try decoder.decode(Person.self, from: document.root["wrapper"][0].get()) == expected)
    }

    @Test func oneDecoderIsSharedAcrossTasks() async throws {
        let decoder = KeelDecoder()
        let json = try text(of: Everything())
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask { (try? decoder.decode(Everything.self, from: json)) == Everything() }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 8))
    }

    final class Escaper: Decodable, @unchecked Sendable {
        let decoder: any Decoder
        init(from decoder: any Decoder) throws { self.decoder = decoder }
    }

    @Test func aDecoderKeptPastItsCallFailsCleanly() throws {
        let kept = try KeelDecoder().decode(Escaper.self, from: #"{"a": 1}"#)
        #expect(throws: DecodingError.self) { try kept.decoder.container(keyedBy: Key.self) }
        #expect(throws: DecodingError.self) { try kept.decoder.singleValueContainer().decode(Int.self) }
    }

    // MARK: Collecting

    @Test func oneBadElementOfAHundredLeavesTheOtherNinetyNine() throws {
        var people = (0..<100).map { #"{"name": "p\#($0)", "age": \#($0)}"# }
        people[42] = #"{"name": "p42", "age": "forty-two"}"#
        let result = KeelDecoder().decodeCollecting([Person].self, from: "[\n" + people.joined(separator: ",\n") + "]")
        let value = try #require(result.value)
        #expect(value.count == 99)
        #expect(!value.contains { $0.name == "p42" })
        #expect(result.errors.count == 1)
        let error = try #require(result.errors.first)
        #expect(error.pathNames == ["Index 42", "age"])
        #expect(error.jsonDecodingError?.location?.line == 44)
        #expect(!result.isComplete)
    }

    @Test func aWrongTypedOptionalBecomesNilAndARequiredFieldFailsItsParent() throws {
        let json = #"""
            {"title": "t", "lead": {"name": "L", "age": "old"},
             "people": [{"name": "a", "age": 1, "email": 5}, {"name": "b"}, {"name": "c", "age": 3}]}
            """#
        let result = KeelDecoder().decodeCollecting(Team.self, from: json)
        let team = try #require(result.value)
        #expect(team.lead == nil)
        #expect(team.people == [Person(name: "a", age: 1, email: nil), Person(name: "c", age: 3, email: nil)])
        // In document order: the lead's age, the first person's email, the second person's missing age.
        #expect(result.errors.map { $0.jsonDecodingError?.path.pointer } == ["/lead/age", "/people/0/email", "/people/1/age"])
        // Strictly, the same document fails at the first of them.
        #expect(throws: DecodingError.self) { try KeelDecoder().decode(Team.self, from: json) }
    }

    @Test func aRootThatCannotBeBuiltGivesNoValueAndItsError() {
        let result = KeelDecoder().decodeCollecting(Team.self, from: #"{"people": []}"#)
        #expect(result.value == nil)
        #expect(result.errors.count == 1)
        let syntax = KeelDecoder().decodeCollecting(Team.self, from: #"{"people": ["#)
        #expect(syntax.value == nil)
        #expect(syntax.errors.first?.jsonSyntaxError != nil)
    }

    @Test func collectingAgreesWithStrictWhenNothingIsWrong() throws {
        let json = try text(of: Everything())
        let result = KeelDecoder().decodeCollecting(Everything.self, from: json)
        #expect(result.isComplete)
        #expect(result.value == (try KeelDecoder().decode(Everything.self, from: json)))
    }

    @Test func nestedArraysAndDictionariesSalvageTheirOwnElements() throws {
        let result = KeelDecoder().decodeCollecting([String: [Int]].self, from: #"{"a": [1, "x", 3], "b": "y", "c": [[4]]}"#)
        #expect(result.value == ["a": [1, 3], "c": []])
        #expect(result.errors.map { $0.pathNames } == [["a", "Index 1"], ["b"], ["c", "Index 0"]])
    }
}

extension DecodingError {
    /// The coding path's string values, whatever the case.
    var pathNames: [String] {
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
             .dataCorrupted(let context):
            return context.codingPath.map(\.stringValue)
        @unknown default:
            return []
        }
    }
}
