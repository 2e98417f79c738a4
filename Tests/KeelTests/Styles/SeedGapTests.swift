import Foundation
import Keel
import KeelOperators
import Testing

/// Seed capabilities that the first round left out, each with the seed's own usage: Argo's `Decoded.optional`
/// and `materialize`, Decodable's `decodeArrayAsOneOf` and `=>` next to `as`, LastMile's `isJSONNull`,
/// `Codable` inside a record, count-limited collections and `Data` input.
@Suite struct SeedGapTests {
    func root(_ text: String) throws -> JSONView { try JSONDocument(parsing: text).root }

    // MARK: Argo

    @Test func decodedOptionalTurnsEveryFailureIntoNil() throws {
        let json = try root(#"{"email": "a@b.c", "age": "x", "tags": [1]}"#)
        let present: Decoded<String?> = .optional(json.decoded(at: "email"))
        #expect(present == .success("a@b.c"))
        let missing: Decoded<String?> = .optional(json.decoded(at: "phone") as Decoded<String>)
        #expect(missing == .success(nil))
        let wrong = Decoded.optional(json.decoded(at: "age") as Decoded<Int>)
        #expect(wrong == .success(nil))
        let element: Decoded<Int?> = .optional(Decoded<Int>.failure(.missingElementForTest))
        #expect(element == .success(nil))
        struct Refused: Error {}
        let custom: Decoded<Int?> = .optional(materialize { throw Refused() })
        #expect(custom == .success(nil))
        let sum = Decoded.success { (a: Int) in { (b: Int) in a + b } }
        let both: Decoded<Int> = sum.apply(json.decoded(at: "age")).apply(json.decoded(at: "zip"))
        #expect(both.error?.kind == .multiple)
        #expect(Decoded.optional(both) == .success(nil))
    }

    @Test func missingAsNilForgivesOnlyAbsence() throws {
        let json = try root(#"{"email": "a@b.c", "age": "x"}"#)
        #expect(Decoded.missingAsNil(json.decoded(at: "email") as Decoded<String>) == .success("a@b.c"))
        #expect(Decoded.missingAsNil(json.decoded(at: "phone") as Decoded<String>) == .success(nil))
        #expect(Decoded.missingAsNil(Decoded<Int>.failure(.missingElementForTest)) == .success(nil))
        let wrong = Decoded.missingAsNil(json.decoded(at: "age") as Decoded<Int>)
        #expect(wrong.error?.kind == .typeMismatch)
        #expect(wrong.error?.path == ["age"])
    }

    @Test func materializeTurnsAnyThrowIntoDecoded() throws {
        struct Refused: Error, CustomStringConvertible { var description: String { "no dates before 1970" } }
        let thrown: Decoded<Int> = materialize { throw Refused() }
        #expect(thrown.error?.kind == .custom)
        #expect(thrown.error?.description == "no dates before 1970 at $.")
        let json = try root(#"{"n": "x"}"#)
        let keel: Decoded<Int> = materialize { try Int.decode(json.member("n")!) }
        #expect(keel.error?.kind == .typeMismatch)
        #expect(keel.error?.path == ["n"])
        #expect(materialize { 42 } == .success(42))
    }

    // MARK: Decodable

    struct Photo: ThrowingJSONDecodable, Equatable {
        let url: String
        static func decode(_ j: JSONView) throws -> Photo { try Photo(url: j => "url") }
    }

    struct Post: ThrowingJSONDecodable, Equatable {
        let text: String
        static func decode(_ j: JSONView) throws -> Post { try Post(text: j => "text") }
    }

    @Test func decodeArrayAsOneOfTakesTheFirstTypeThatDecodes() throws {
        let json = try root(#"{"feed": [{"url": "a.png"}, {"text": "hi"}, {"url": "b.png", "text": "both"}]}"#)
        let feed = try decodeArrayAsOneOf(json => "feed", objectTypes: Photo.self, Post.self)
        #expect(feed.count == 3)
        #expect(feed[0] as? Photo == Photo(url: "a.png"))
        #expect(feed[1] as? Post == Post(text: "hi"))
        #expect(feed[2] as? Photo == Photo(url: "b.png"))
        let reversed = try (json => "feed" as JSONView).decodeArrayAsOneOf(Post.self, Photo.self)
        #expect(reversed[2] as? Post == Post(text: "both"))
    }

    @Test func decodeArrayAsOneOfNamesTheTypesTriedAndWhy() throws {
        let json = try root(#"{"feed": [{"url": "a.png"}, {"title": 3}]}"#)
        do {
            _ = try decodeArrayAsOneOf(json => "feed", objectTypes: Photo.self, Post.self)
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .typeMismatch)
            #expect(error.path == ["feed", 1])
            #expect(error.expected == "one of Photo, Post")
            #expect(error.errors.map(\.kind) == [.missingKey, .missingKey])
            #expect(error.description.hasPrefix("Expected one of Photo, Post at $.feed[1] (line 1, column 29)"))
        }
        #expect(throws: JSONDecodingError.self) { try root(#"{"a": 1}"#).decodeArrayAsOneOf(Photo.self) }
    }

    @Test func thePathOperatorMixesWithAs() throws {
        let json = try root(#"{"type": "photo", "size": {"w": 3}}"#)
        let kind: String
        switch try json => "type" as String {
        case "photo": kind = "a photo"
        default: kind = "something else"
        }
        #expect(kind == "a photo")
        let width = try json => "size" => "w" as Int
        #expect(width == 3)
        let missing = try json => "caption" as String? ?? "none"
        #expect(missing == "none")
    }

    // MARK: LastMile

    struct Settings: Codable, Equatable {
        let theme: String
        let fontSizes: [Int]
    }

    struct Profile: CollectingJSONDecodable {
        let name: String
        let nickname: String?
        let clearsNickname: Bool
        let hasNickname: Bool
        let settings: Settings?
        let extra: Settings?
        let recent: [Int]
        let labels: [String: String]

        init?(from decoder: CollectingDecoder) {
            let name = decoder["name"] --> String.self
            nickname = decoder["nickname"] --> String?.self
            clearsNickname = decoder["nickname"].isJSONNull
            hasNickname = decoder["nickname"].isPresent
            settings = decoder["settings"].decode(Settings.self, using: KeelDecoder())
            extra = decoder["extra"].decodeIfPresent(Settings.self, using: KeelDecoder())
            let recent = decoder["recent"].decodeArray(of: Int.self, maximumCount: 3)
            labels = decoder["labels"].decodeDictionary(of: String.self, maximumCount: 2) ?? [:]
            guard decoder.succeeded, let name, let recent else { return nil }
            self.name = name
            self.recent = recent
        }
    }

    @Test func nullIsToldFromMissing() throws {
        let decoder = CollectingJSONDecoder()
        let cleared = decoder.decode(Profile.self, from: #"{"name": "a", "nickname": null, "settings": {"theme": "dark", "fontSizes": []}, "recent": [], "labels": {}}"#)
        #expect(cleared.value?.clearsNickname == true)
        #expect(cleared.value?.hasNickname == true)
        #expect(cleared.value?.nickname == nil)
        let absent = decoder.decode(Profile.self, from: #"{"name": "a", "settings": {"theme": "dark", "fontSizes": []}, "recent": [], "labels": {}}"#)
        #expect(absent.value?.clearsNickname == false)
        #expect(absent.value?.hasNickname == false)
        let set = decoder.decode(Profile.self, from: #"{"name": "a", "nickname": "b", "settings": {"theme": "dark", "fontSizes": []}, "recent": [], "labels": {}}"#)
        #expect(set.value?.clearsNickname == false)
        #expect(set.value?.nickname == "b")
    }

    @Test func codableValuesInsideARecordJoinItsErrors() throws {
        let text = """
            {"name": "a",
             "settings": {"theme": "dark", "fontSizes": [12, "x", 14]},
             "extra": {"theme": 5},
             "recent": [], "labels": {}}
            """
        let result = CollectingJSONDecoder().decode(Profile.self, from: text)
        let profile = try #require(result.value)
        #expect(profile.settings == Settings(theme: "dark", fontSizes: [12, 14]))
        #expect(profile.extra == nil)
        #expect(result.errors.map(\.error.path) == [["settings", "fontSizes", 1], ["extra", "theme"]])
        #expect(result.errors[0].location == JSONSourceLocation(byteOffset: 63, line: 2, column: 50))
        #expect(result.errors[0].trail.hasPrefix("root(Profile) > \"settings\"(Settings)"))

        // A required Codable value that cannot be built fails the record.
        let broken = CollectingJSONDecoder().decode(Profile.self, from: #"{"name": "a", "settings": {"theme": 1}, "recent": [], "labels": {}}"#)
        #expect(broken.value == nil)
        #expect(broken.errors.contains { $0.error.path == ["settings", "theme"] })
    }

    @Test func countLimitedCollectionsKeepTheFirstAndReportTheRest() throws {
        let text = #"{"name": "a", "settings": {"theme": "d", "fontSizes": []}, "recent": [1, "x", 2, 3, 4, 5], "labels": {"a": "1", "b": 2, "c": "3", "d": "4"}}"#
        let result = CollectingJSONDecoder().decode(Profile.self, from: text)
        let profile = try #require(result.value)
        #expect(profile.recent == [1, 2, 3])
        #expect(profile.labels == ["a": "1", "c": "3"])
        let kinds = result.errors.map { "\($0.error.kind)@\($0.error.path)" }
        // In document order: a container's own error comes before its elements'.
        #expect(kinds == ["tooManyElements@$.recent", "typeMismatch@$.recent[1]", "tooManyElements@$.labels",
                          "typeMismatch@$.labels.b"])
        let tooMany = try #require(result.errors.first { $0.error.kind == .tooManyElements })
        #expect(tooMany.error.description == "Too many elements at $.recent (line 1, column 70): expected at most 3 elements, found 6 elements; 2 left out.")
        #expect(tooMany.description == "root(Profile) > \"recent\"([Int]) : Too many elements (6 elements; 2 left out), kept at most 3 elements")
    }

    /// LastMile's `min`, `max` and `countsAreMandatory`, checked on what decoded.
    struct Album: CollectingJSONDecodable {
        let title: String
        let photos: [String]?
        let tags: Set<String>?
        let credits: [String: String]?
        let raw: JSONResponseData?
        init?(from decoder: CollectingDecoder) {
            let title = decoder["title"] --> String.self
            photos = decoder["photos"].decode([String].self, minimumCount: 1, maximumCount: 3, countsAreMandatory: true)
            tags = decoder["tags"].decodeIfPresent(Set<String>.self, maximumCount: 2)
            credits = decoder["credits"].decodeIfPresent([String: String].self, minimumCount: 2, maximumCount: 2,
                                                         countsAreMandatory: true)
            raw = decoder["no"]["such"]["member"].decode(ResponseData.self)
            guard decoder.succeeded, let title else { return nil }
            self.title = title
        }
    }

    @Test func countRulesReportEveryBreachAndFailOnlyWhenMandatory() throws {
        let text = #"{"title": "t", "photos": ["a", 1, "b"], "tags": ["x", "y", "z"], "credits": {"by": "me"}}"#
        let result = CollectingJSONDecoder().decode(Album.self, from: text)
        let album = try #require(result.value)
        #expect(album.photos == ["a", "b"])                 // within 1...3 once the bad element is left out
        #expect(album.tags == ["x", "y", "z"])              // over its maximum, kept whole: the rule is not mandatory
        #expect(album.credits == nil)                       // mandatory, optional: nil, but the album stands
        let reported = result.errors.map { "\($0.error.kind)@\($0.error.path)" }
        #expect(reported == ["typeMismatch@$.photos[1]", "countOutOfRange@$.tags", "countOutOfRange@$.credits"])
        let tags = try #require(result.errors.first { $0.error.path == ["tags"] })
        #expect(tags.error.description == "Wrong number of elements at $.tags (line 1, column 49): expected at most 2, found 3 decoded.")
        #expect(tags.description.hasPrefix(#"root(Album) > "tags"(Set<String>)"#))
        let credits = try #require(result.errors.first { $0.error.path == ["credits"] })
        #expect(credits.error.expected == "exactly 2")

        // A mandatory rule broken on a required collection fails the record.
        let empty = CollectingJSONDecoder().decode(Album.self, from: #"{"title": "t", "photos": [2]}"#)
        #expect(empty.value == nil)
        #expect(empty.errors.map { "\($0.error.kind)@\($0.error.path)" } == ["countOutOfRange@$.photos", "typeMismatch@$.photos[0]"])
        #expect(empty.errors.first?.error.expected == "at least 1")
    }

    @Test func responseDataIsTheWholeDocumentWhereverItIsAsked() throws {
        let text = #"{"title": "t", "photos": ["a"]}"#
        let album = try #require(CollectingJSONDecoder().decode(Album.self, from: text).value)
        #expect(album.raw?.bytes == Array(text.utf8))
        #expect(album.raw?.data == Data(text.utf8))
        let view = try root(text)
        #expect(try JSONResponseData.decode(view.requiredMember("photos"), in: .strict).bytes == Array(text.utf8))
    }

    @Test func theCollectingDecoderTakesInputAsKeelDecoderDoes() throws {
        let text = #"{"person_id": 1, "first_name": "M", "last_name": "S", "height": "tall"}"#
        let decoder = CollectingJSONDecoder()
        let fromString = decoder.decode(CollectingStyleTests.Person.self, from: text)
        let fromBytes = decoder.decode(CollectingStyleTests.Person.self, from: Array(text.utf8))
        let fromData = decoder.decode(CollectingStyleTests.Person.self, from: Data(text.utf8))
        let seedLabels = decoder.decode(data: Data(text.utf8), to: CollectingStyleTests.Person.self)
        let fromView = decoder.decode(CollectingStyleTests.Person.self, from: try root(text))
        for result in [fromString, fromBytes, fromData, seedLabels, fromView] {
            #expect(result.value?.id == 1)
            #expect(result.errors.map(\.description) == [#"root(Person person_id=1) > "height"(Double) : Unexpectedly found a string"#])
        }
        let broken = decoder.decode(CollectingStyleTests.Person.self, from: Data("{".utf8))
        #expect(broken.value == nil)
        #expect(broken.errors.first?.location?.column == 2)
    }
}

extension JSONDecodingError {
    /// A missing-element failure with no document behind it, for building a `Decoded` by hand.
    static var missingElementForTest: JSONDecodingError {
        JSONDecodingError(kind: .missingElement, expected: "an index from 0 to 0", found: "index 3", path: ["tags", 3])
    }
}
