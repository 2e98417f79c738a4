// Models declared with `@JSONModel`, decoded and encoded as users would, and compared with what Keel's
// hand-written style gives for the same input: the same values and the same errors.
import Keel
import KeelMacros
import Testing

@JSONModel(keys: .snakeCase)
struct Account: Equatable {
    let accountId: Int
    let displayName: String
    var nickname: String?
    var retries = 3
    @JSONKey("payment", "card", "last4") var last4: String?
    @JSONLossy var tags: [String]
    @JSONDefault(50, when: .always) var limit: Int
    var note: JSONField<String>
    @JSONCoercing var count: Int
    @JSONDate(.rfc3339) var createdAt: JSONTimestamp
    @JSONIgnored var cache: [Int] = []
}

/// The same reading, written by hand in Keel's throwing style, for comparing errors.
struct HandWrittenAccount: JSONDecodable, Equatable {
    let accountId: Int, displayName: String, nickname: String?
    static func decode(_ json: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Self {
        HandWrittenAccount(accountId: try json.decode(forKey: "account_id", in: context),
                           displayName: try json.decode(forKey: "display_name", in: context),
                           nickname: try json.decodeIfPresent(forKey: "nickname", in: context))
    }
}

@JSONModel(keys: .snakeCase)
struct AccountHead: Equatable {
    let accountId: Int
    let displayName: String
    var nickname: String?
}

/// Models nested in a namespace that name each other by their short names, as Swift code usually does.
enum Shop {
    @JSONModel struct Order: Equatable {
        let items: [Item]
        var status: Status?
        var placed = Shop.defaultPlaced
    }
    @JSONModel struct Item: Equatable {
        let sku: String
    }
    enum Status: String, JSONDecodable, JSONEncodable, Equatable {
        case open, shipped
    }
    static let defaultPlaced = Stamp(day: 1)
    @JSONModel struct Stamp: Equatable {
        let day: Int
    }
}

let fullAccount = """
    {"account_id": 7, "display_name": "Ada", "nickname": null, "payment": {"card": {"last4": "4242"}},
     "tags": ["a", 1, "b"], "limit": "many", "note": null, "count": "42", "created_at": "2024-03-01T12:30:00.25Z",
     "cache": [9]}
    """

/// Property names the generated initializer's locals must keep apart: keywords in backticks, and a name that
/// is another's with an underscore in front.
@JSONModel
struct AwkwardNames: Equatable {
    let `default`: String
    let `class`: Int?
    let x: Int
    let _x: Int
    var members = 0
}

/// The same names under the two snake-case rules: the readable one and Foundation's.
@JSONModel(keys: .snakeCase)
struct ReadableKeys: Equatable {
    let URLValue: String
    let ID: Int
    let userID: Int
}

@JSONModel(keys: .foundationSnakeCase)
struct FoundationKeys: Equatable {
    let URLValue: String
    let ID: Int
    let userID: Int
}

@Suite struct JSONModelTests {
    @Test func snakeCaseIsReadableAndFoundationsRuleIsAChoice() throws {
        #expect(try ReadableKeys(URLValue: "u", ID: 1, userID: 2).toJSON().jsonText() == #"{"url_value":"u","id":1,"user_id":2}"#)
        #expect(try FoundationKeys(URLValue: "u", ID: 1, userID: 2).toJSON().jsonText() == #"{"u_rl_value":"u","i_d":1,"user_id":2}"#)
        #expect(try FoundationKeys.decode(parsing: #"{"u_rl_value":"u","i_d":1,"user_id":2}"#) == FoundationKeys(URLValue: "u", ID: 1, userID: 2))
    }

    @Test func propertiesNamedLikeKeywordsOrLikeEachOtherAreReadApart() throws {
        let model = try AwkwardNames.decode(parsing: #"{"default": "d", "class": 2, "x": 1, "_x": 10, "members": 5}"#)
        #expect(model == AwkwardNames(default: "d", class: 2, x: 1, _x: 10, members: 5))
        let sparse = try AwkwardNames.decode(parsing: #"{"default": "d", "x": 1, "_x": 10}"#)
        #expect(sparse == AwkwardNames(default: "d", class: nil, x: 1, _x: 10, members: 0))
    }

    @Test func readsEveryKindOfProperty() throws {
        let account = try Account.decode(parsing: fullAccount)
        #expect(account == Account(
            accountId: 7, displayName: "Ada", nickname: nil, retries: 3, last4: "4242", tags: ["a", "b"], limit: 50,
            note: .null, count: 42, createdAt: JSONTimestamp(secondsSince1970: 1_709_296_200, nanoseconds: 250_000_000)))
        #expect(account.cache == [], "an ignored property keeps its initial value")
    }

    @Test func writesWhatItReadsBack() throws {
        let account = try Account.decode(parsing: fullAccount)
        let text = try account.toJSON().jsonText()
        #expect(text == #"{"account_id":7,"display_name":"Ada","retries":3,"payment":{"card":{"last4":"4242"}},"tags":["a","b"],"limit":50,"note":null,"count":42,"created_at":"2024-03-01T12:30:00.25Z"}"#)
        #expect(try Account.decode(parsing: text) == account)
        var absent = account
        absent.note = .absent
        absent.last4 = nil
        #expect(try !absent.toJSON().jsonText().contains("note"), "an absent field is left out")
        #expect(try !absent.toJSON().jsonText().contains("payment"), "a nil optional is left out")
    }

    @Test func modelsNestedInATypeNameTheirSiblingsShortly() throws {
        let order = try Shop.Order.decode(parsing: #"{"items": [{"sku": "a1"}], "status": "shipped"}"#)
        #expect(order == Shop.Order(items: [Shop.Item(sku: "a1")], status: .shipped, placed: Shop.Stamp(day: 1)),
                "an initial value that is not a literal is the default, without a type annotation")
        #expect(try order.toJSON().jsonText() == #"{"items":[{"sku":"a1"}],"status":"shipped","placed":{"day":1}}"#)
        #expect(throws: JSONDecodingError.self) { try Shop.Order.decode(parsing: #"{"items": [{"sku": 1}]}"#) }
    }

    @Test func theLastOfRepeatedKeysWins() throws {
        let head = try AccountHead.decode(parsing: #"{"account_id": 1, "display_name": "A", "account_id": 2}"#)
        #expect(head.accountId == 2)
        let escaped = try AccountHead.decode(parsing: #"{"account\u005fid": 3, "display_name": "B"}"#)
        #expect(escaped.accountId == 3, "keys are compared unescaped")
    }

    @Test func givesTheSameErrorsAsTheHandWrittenStyle() throws {
        let inputs = [
            #"{"display_name": "A"}"#,                                  // missing key
            #"{"account_id": "7", "display_name": "A"}"#,               // wrong type
            #"{"account_id": 7, "display_name": "A", "nickname": 5}"#,  // wrong type in an optional
            #"{"account_id": 7, "display_name": null}"#,                // null for a required member
            #"[1, 2]"#,                                                 // not an object
            #"{"account_id": 7.5, "display_name": "A"}"#,               // not an integer
        ]
        for input in inputs {
            let document = try JSONDocument(parsing: input)
            let generated = Result { () throws(JSONDecodingError) in try AccountHead.decode(document.root) }
            let handWritten = Result { () throws(JSONDecodingError) in try HandWrittenAccount.decode(document.root) }
            switch (generated, handWritten) {
            case (.failure(let a), .failure(let b)) where input.hasPrefix("["):
                #expect(a.kind == b.kind && a.location == b.location && a.path == b.path, "\(input)")
            case (.failure(let a), .failure(let b)):
                #expect(a.description == b.description, "\(input)")
            default:
                Issue.record("both should fail on \(input): \(generated), \(handWritten)")
            }
        }
    }

    @Test func namesThePathLineAndColumnOfABadMember() throws {
        let text = "[\n  {\"account_id\": 1, \"display_name\": \"A\"},\n  {\"account_id\": true, \"display_name\": \"B\"}\n]"
        #expect {
            _ = try [AccountHead].decode(parsing: text)
        } throws: { error in
            guard let error = error as? JSONDecodingError else { return false }
            return error.path.description == "$[1].account_id" && error.location?.line == 3 && error.location?.column == 18
        }
    }

    @Test func collectingKeepsTheGoodRecordsAndReportsEveryProblem() throws {
        let text = #"[{"account_id": 1, "display_name": "A"}, {"account_id": "x", "display_name": "B"}, {"display_name": "C"}]"#
        let collected = CollectingJSONDecoder().decode([AccountHead].self, from: text)
        #expect(collected.value?.map(\.accountId) == [1])
        #expect(collected.errors.count == 2)

        let context = JSONDecodingContext(mode: .collecting)
        let account = try Account.decode(JSONDocument(parsing: fullAccount).root, in: context)
        #expect(account.tags == ["a", "b"])
        #expect(context.errors.map(\.path.description) == ["$.tags[1]"], "a dropped element is reported")
        #expect(context.warnings.map(\.path.description) == ["$.limit", "$.count"], "a default for an invalid value and a coercion are warnings")
    }

    @Test func collectingTrailsNameEveryMemberOnTheWay() throws {
        let text = #"{"name": "c", "venues": [{"name": "a", "seats": 1}, {"name": "b", "seats": "many"}], "areas": {"x": 1, "y": "two"}, "owner": {"name": "o", "seats": 2, "note": 5}}"#
        let collected = CollectingJSONDecoder().decode(TrailCatalog.self, from: text)
        #expect(collected.value?.venues.count == 1)
        let trails = collected.errors.map(\.description)
        #expect(trails == [
            #"root(TrailCatalog) > "venues"([TrailVenue]) > [1](TrailVenue) : Unexpectedly found a string"#,
            #"root(TrailCatalog) > "areas"([String: Int]) > "y"(Int) : Unexpectedly found a string"#,
            #"root(TrailCatalog) > "owner"(TrailVenue) > "note"(String) : Unexpectedly found a number"#,
        ], "\(trails)")
        // The element's own error, thrown where it failed, names the member inside it.
        #expect(collected.errors.first?.error.path == ["venues", 1, "seats"])
    }

    @Test func aPathThatBreaksOnTheWay() throws {
        let missingCard = #"{"account_id": 1, "display_name": "A", "payment": {}, "tags": [], "note": "n", "count": 1, "created_at": "2024-03-01T12:30:00Z"}"#
        #expect(try Account.decode(parsing: missingCard).last4 == nil)
        let nullPayment = missingCard.replacingOccurrences(of: #""payment": {}"#, with: #""payment": null"#)
        #expect(try Account.decode(parsing: nullPayment).last4 == nil, "null on the way is absence")
        let stringPayment = missingCard.replacingOccurrences(of: #""payment": {}"#, with: #""payment": "card""#)
        #expect(throws: JSONDecodingError.self, "a value on the way that is not an object is an error") {
            try Account.decode(parsing: stringPayment)
        }
    }

    @Test func readsStreamsOfModels() throws {
        let lines = "{\"account_id\": 1, \"display_name\": \"A\"}\n{\"account_id\": 2, \"display_name\": \"B\"}\n"
        let records = try JSONStream(lines).decoded(as: AccountHead.self).map { try $0.get().accountId }
        #expect(records == [1, 2])
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

@JSONModel struct TrailVenue { let name: String; let seats: Int; var note: String? }
@JSONModel struct TrailCatalog {
    let name: String
    @JSONLossy var venues: [TrailVenue]
    @JSONLossy var areas: [String: Int]
    var owner: TrailVenue?
}
