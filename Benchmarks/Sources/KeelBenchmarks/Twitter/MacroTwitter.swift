import KeelMacros

/// The twitter model declared once with `@JSONModel`: property names are converted to the document's snake
/// case at compile time, so no member needs naming. `codable: true` lets KeelDecoder read it with the
/// generated decoder.
enum MacroTwitter {
    @JSONModel(keys: .snakeCase, codable: true)
    struct Timeline {
        let statuses: [Status], searchMetadata: SearchMetadata
    }

    @JSONModel(keys: .snakeCase, codable: true)
    struct Status {
        let id: UInt64, idStr: String, text: String, createdAt: String, source: String, truncated: Bool
        let inReplyToStatusID: UInt64?, inReplyToUserID: UInt64?, inReplyToScreenName: String?
        let user: User, retweetCount: Int, favoriteCount: Int, favorited: Bool, retweeted: Bool, lang: String
        let entities: Entities, metadata: StatusMetadata
    }

    @JSONModel(keys: .snakeCase, codable: true)
    struct User: TwitterUserFields {
        let id: UInt64, idStr: String, name: String, screenName: String, location: String, description: String
        let url: String?, protected: Bool, followersCount: Int, friendsCount: Int, listedCount: Int, createdAt: String
        let favouritesCount: Int, utcOffset: Int?, timeZone: String?, geoEnabled: Bool, verified: Bool
        let statusesCount: Int, lang: String, profileImageURL: String
    }

    @JSONModel(keys: .snakeCase, codable: true)
    struct Entities { let hashtags: [Hashtag], urls: [URLEntity], userMentions: [Mention] }
    @JSONModel(codable: true) struct Hashtag { let text: String, indices: [Int] }
    @JSONModel(keys: .snakeCase, codable: true)
    struct URLEntity { let url: String, expandedURL: String, displayURL: String, indices: [Int] }
    @JSONModel(keys: .snakeCase, codable: true)
    struct Mention { let screenName: String, name: String, id: UInt64, indices: [Int] }
    @JSONModel(keys: .snakeCase, codable: true)
    struct StatusMetadata { let resultType: String, isoLanguageCode: String }
    @JSONModel(keys: .snakeCase, codable: true)
    struct SearchMetadata { let completedIn: Double, maxID: UInt64, query: String, count: Int }

    static func digest(_ t: Timeline) -> TwitterDigest { TwitterDigest(statuses: t.statuses, searchCount: t.searchMetadata.count) }
}

extension MacroTwitter.Status: TwitterStatusFields {
    var urlCount: Int { entities.urls.count }
    var mentionCount: Int { entities.userMentions.count }
    var hashtagIndexSum: Int { entities.hashtags.reduce(0) { $0 + $1.indices.reduce(0, +) } }
    var resultType: String { metadata.resultType }
}
