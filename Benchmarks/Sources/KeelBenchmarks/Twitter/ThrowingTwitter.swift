import KeelOperators

/// The twitter model decoded in the throwing style (Decodable): `try j => "key"`.
enum ThrowingTwitter {
    struct Timeline: ThrowingJSONDecodable {
        let statuses: [Status], searchMetadata: SearchMetadata
        static func decode(_ j: JSONView) throws -> Timeline {
            try Timeline(statuses: j => "statuses", searchMetadata: j => "search_metadata")
        }
    }

    struct Status: ThrowingJSONDecodable {
        let id: UInt64, idStr: String, text: String, createdAt: String, source: String, truncated: Bool
        let inReplyToStatusID: UInt64?, inReplyToUserID: UInt64?, inReplyToScreenName: String?
        let user: User, retweetCount: Int, favoriteCount: Int, favorited: Bool, retweeted: Bool, lang: String
        let entities: Entities, metadata: StatusMetadata

        static func decode(_ j: JSONView) throws -> Status {
            try Status(
                id: j => "id", idStr: j => "id_str", text: j => "text", createdAt: j => "created_at",
                source: j => "source", truncated: j => "truncated", inReplyToStatusID: j => "in_reply_to_status_id",
                inReplyToUserID: j => "in_reply_to_user_id", inReplyToScreenName: j => "in_reply_to_screen_name",
                user: j => "user", retweetCount: j => "retweet_count", favoriteCount: j => "favorite_count",
                favorited: j => "favorited", retweeted: j => "retweeted", lang: j => "lang",
                entities: j => "entities", metadata: j => "metadata")
        }
    }

    struct User: ThrowingJSONDecodable, TwitterUserFields {
        let id: UInt64, idStr: String, name: String, screenName: String, location: String, description: String
        let url: String?, protected: Bool, followersCount: Int, friendsCount: Int, listedCount: Int, createdAt: String
        let favouritesCount: Int, utcOffset: Int?, timeZone: String?, geoEnabled: Bool, verified: Bool
        let statusesCount: Int, lang: String, profileImageURL: String

        static func decode(_ j: JSONView) throws -> User {
            try User(
                id: j => "id", idStr: j => "id_str", name: j => "name", screenName: j => "screen_name",
                location: j => "location", description: j => "description", url: j => "url",
                protected: j => "protected", followersCount: j => "followers_count",
                friendsCount: j => "friends_count", listedCount: j => "listed_count", createdAt: j => "created_at",
                favouritesCount: j => "favourites_count", utcOffset: j => "utc_offset", timeZone: j => "time_zone",
                geoEnabled: j => "geo_enabled", verified: j => "verified", statusesCount: j => "statuses_count",
                lang: j => "lang", profileImageURL: j => "profile_image_url")
        }
    }

    struct Entities: ThrowingJSONDecodable {
        let hashtags: [Hashtag], urls: [URLEntity], userMentions: [Mention]
        static func decode(_ j: JSONView) throws -> Entities {
            try Entities(hashtags: j => "hashtags", urls: j => "urls", userMentions: j => "user_mentions")
        }
    }
    struct Hashtag: ThrowingJSONDecodable {
        let text: String, indices: [Int]
        static func decode(_ j: JSONView) throws -> Hashtag { try Hashtag(text: j => "text", indices: j => "indices") }
    }
    struct URLEntity: ThrowingJSONDecodable {
        let url: String, expandedURL: String, displayURL: String, indices: [Int]
        static func decode(_ j: JSONView) throws -> URLEntity {
            try URLEntity(url: j => "url", expandedURL: j => "expanded_url", displayURL: j => "display_url",
                          indices: j => "indices")
        }
    }
    struct Mention: ThrowingJSONDecodable {
        let screenName: String, name: String, id: UInt64, indices: [Int]
        static func decode(_ j: JSONView) throws -> Mention {
            try Mention(screenName: j => "screen_name", name: j => "name", id: j => "id", indices: j => "indices")
        }
    }
    struct StatusMetadata: ThrowingJSONDecodable {
        let resultType: String, isoLanguageCode: String
        static func decode(_ j: JSONView) throws -> StatusMetadata {
            try StatusMetadata(resultType: j => "result_type", isoLanguageCode: j => "iso_language_code")
        }
    }
    struct SearchMetadata: ThrowingJSONDecodable {
        let completedIn: Double, maxID: UInt64, query: String, count: Int
        static func decode(_ j: JSONView) throws -> SearchMetadata {
            try SearchMetadata(completedIn: j => "completed_in", maxID: j => "max_id", query: j => "query", count: j => "count")
        }
    }

    static func digest(_ t: Timeline) -> TwitterDigest { TwitterDigest(statuses: t.statuses, searchCount: t.searchMetadata.count) }
}

extension ThrowingTwitter.Status: TwitterStatusFields {
    var urlCount: Int { entities.urls.count }
    var mentionCount: Int { entities.userMentions.count }
    var hashtagIndexSum: Int { entities.hashtags.reduce(0) { $0 + $1.indices.reduce(0, +) } }
    var resultType: String { metadata.resultType }
}
