import Keel
import KeelOperators
import Testing

/// Defaults, three-state members, dates and lenient scalars as each style spells them: the collecting
/// style's decoder places (recorded errors and warnings with trails), the functional style's `Decoded`, and
/// Freddy's `or:` fallbacks in the results style.
@Suite struct RealWorldStyleSpellingTests {
    static let good = """
        {"retries": null, "limit": "fifty", "nickname": null,
         "created_at": "2024-02-29T12:00:00.5Z", "count": "42"}
        """
    static let badDate = #"{"created_at": "2024-02-30T12:00:00Z", "count": 1}"#
    static let leap = JSONTimestamp(rfc3339: "2024-02-29T12:00:00.5Z")

    struct Settings: CollectingJSONDecodable, Equatable {
        let retries: Int, limit: Int, nickname: JSONField<String>, email: JSONField<String>
        let created: JSONTimestamp, count: Int

        init(retries: Int, limit: Int, nickname: JSONField<String>, email: JSONField<String>, created: JSONTimestamp, count: Int) {
            (self.retries, self.limit, self.nickname, self.email, self.created, self.count) =
                (retries, limit, nickname, email, created, count)
        }

        init?(from d: CollectingDecoder) {
            let retries = d["retries"].decode(Int.self, default: 3, when: .missingOrNull)
            let limit = d["limit"].decode(Int.self, default: 50, when: .always)
            let nickname = d["nickname"].decodeField(String.self)
            let email = d["email"].decodeField(String.self)
            let created = d["created_at"].decodeDate(format: .rfc3339)
            let count = d["count"].decodeCoercing(Int.self)
            guard d.succeeded, let retries, let limit, let nickname, let email, let created, let count else { return nil }
            self.init(retries: retries, limit: limit, nickname: nickname, email: email, created: created, count: count)
        }
    }

    @Test func theCollectingStyleReadsEachShapeAndWarnsForWhatItReplaced() throws {
        let result = CollectingJSONDecoder().decode(Settings.self, from: Self.good)
        let expected = Settings(retries: 3, limit: 50, nickname: .null, email: .absent, created: try #require(Self.leap), count: 42)
        #expect(result.value == expected)
        #expect(result.errors.isEmpty)
        #expect(result.warnings.map(\.trail) == [#"root(Settings) > "limit"(Int)"#, #"root(Settings) > "count"(Int)"#])
        #expect(result.warnings.map { $0.location?.line } == [1, 2])
        #expect(result.warnings.map(\.problem) == ["Unexpectedly found a string (the default was used)",
                                                   "Unexpectedly found a string (read leniently as 42)"])
        #expect(result.warnings.allSatisfy(\.isWarning) && !result.warnings.isEmpty)
    }

    @Test func aDefaultOnlyStandsInWhereItsConditionsSay() {
        // `retries` defaults only when missing or null: "three" is an error and the record fails.
        let result = CollectingJSONDecoder().decode(Settings.self, from: #"{"retries": "three", "limit": 1, "created_at": 0, "count": 1}"#)
        #expect(result.value == nil)
        #expect(result.errors.map(\.error.path.description).contains("$.retries"))
        #expect(result.errors.map(\.error.path.description).contains("$.created_at"))   // 0 is not RFC 3339 text
    }

    @Test func anInvalidDateInTheCollectingStyleIsAnErrorWithItsPlace() {
        let result = CollectingJSONDecoder().decode(Settings.self, from: Self.badDate)
        #expect(result.value == nil)
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.error.path.description == "$.created_at")
        #expect(result.errors.first?.trail == #"root(Settings) > "created_at"(JSONTimestamp)"#)
        #expect(result.errors.first?.location?.column == 16)
    }

    struct FunctionalSettings: Equatable {
        let retries: Int, limit: Int, nickname: JSONField<String>, created: JSONTimestamp, count: Int
        static func decode(_ j: JSONView) -> Decoded<FunctionalSettings> {
            curry(FunctionalSettings.init)
                <^> j.decoded(at: "retries", default: 3, when: .missingOrNull)
                <*> j.decoded(at: "limit", default: 50, when: .always)
                <*> j.decodedField(at: "nickname")
                <*> j.decodedDate(at: "created_at", format: .rfc3339)
                <*> j.decodedCoercing(at: "count")
        }
    }

    @Test func theFunctionalStyleCombinesEachShapeAsADecoded() throws {
        let root = try JSONDocument(parsing: Self.good).root
        let leap = try #require(Self.leap)
        #expect(FunctionalSettings.decode(root).value
            == FunctionalSettings(retries: 3, limit: 50, nickname: .null, created: leap, count: 42))
        let bad = try JSONDocument(parsing: Self.badDate).root
        #expect(FunctionalSettings.decode(bad).error?.path.description == "$.created_at")
    }

    @Test func theResultsStyleFallsBackWithOrForMissingAndNullOnly() throws {
        let json = try JSONDocument(parsing: #"{"retries": null, "name": "Ada", "limit": "fifty", "flags": {"beta": true}}"#).root
        #expect(try json.getInt(at: "retries", or: 3) == 3)                 // null
        #expect(try json.getInt(at: "timeout", or: 30) == 30)               // missing
        #expect(try json.getString(at: "name", or: "anonymous") == "Ada")   // present
        #expect(try json.getBool(at: "flags", "beta", or: false) == true)
        #expect(try json.getBool(at: "flags", "gamma", or: false) == false)
        #expect(try json.getString(at: "owner", "name", or: "none") == "none")   // a missing step on the way
        #expect(try json.getDouble(at: "ratio", or: 0.5) == 0.5)
        #expect(try json.getArray(at: "tags", or: []).isEmpty)
        #expect(try json.decode(at: "retries", or: 5) == 5)
        #expect(throws: JSONDecodingError.self) { try json.getInt(at: "limit", or: 1) }   // a wrong type is not replaced
        #expect(throws: JSONDecodingError.self) { try json.getInt(at: "name", "first", or: 1) }   // nor a step into a string
    }
}
