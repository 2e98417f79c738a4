import Foundation

/// The twitter model as `Codable` types, for Foundation's `JSONDecoder` (explicit keys, the fastest setup).
enum CodableTwitter {
    struct Timeline: Codable {
        let statuses: [Status]
        let searchMetadata: SearchMetadata
        enum CodingKeys: String, CodingKey { case statuses, searchMetadata = "search_metadata" }
    }

    struct Status: Codable {
        let id: UInt64, idStr: String, text: String, createdAt: String, source: String, truncated: Bool
        let inReplyToStatusID: UInt64?, inReplyToUserID: UInt64?, inReplyToScreenName: String?
        let user: User, retweetCount: Int, favoriteCount: Int, favorited: Bool, retweeted: Bool, lang: String
        let entities: Entities, metadata: StatusMetadata
        enum CodingKeys: String, CodingKey {
            case id, idStr = "id_str", text, createdAt = "created_at", source, truncated
            case inReplyToStatusID = "in_reply_to_status_id", inReplyToUserID = "in_reply_to_user_id"
            case inReplyToScreenName = "in_reply_to_screen_name", user, retweetCount = "retweet_count"
            case favoriteCount = "favorite_count", favorited, retweeted, lang, entities, metadata
        }
    }

    struct User: Codable {
        let id: UInt64, idStr: String, name: String, screenName: String, location: String, description: String
        let url: String?, protected: Bool, followersCount: Int, friendsCount: Int, listedCount: Int, createdAt: String
        let favouritesCount: Int, utcOffset: Int?, timeZone: String?, geoEnabled: Bool, verified: Bool
        let statusesCount: Int, lang: String, profileImageURL: String
        enum CodingKeys: String, CodingKey {
            case id, idStr = "id_str", name, screenName = "screen_name", location, description, url, protected
            case followersCount = "followers_count", friendsCount = "friends_count", listedCount = "listed_count"
            case createdAt = "created_at", favouritesCount = "favourites_count", utcOffset = "utc_offset"
            case timeZone = "time_zone", geoEnabled = "geo_enabled", verified, statusesCount = "statuses_count", lang
            case profileImageURL = "profile_image_url"
        }
    }

    struct Entities: Codable {
        let hashtags: [Hashtag], urls: [URLEntity], userMentions: [Mention]
        enum CodingKeys: String, CodingKey { case hashtags, urls, userMentions = "user_mentions" }
    }
    struct Hashtag: Codable { let text: String, indices: [Int] }
    struct URLEntity: Codable {
        let url: String, expandedURL: String, displayURL: String, indices: [Int]
        enum CodingKeys: String, CodingKey { case url, expandedURL = "expanded_url", displayURL = "display_url", indices }
    }
    struct Mention: Codable {
        let screenName: String, name: String, id: UInt64, indices: [Int]
        enum CodingKeys: String, CodingKey { case screenName = "screen_name", name, id, indices }
    }
    struct StatusMetadata: Codable {
        let resultType: String, isoLanguageCode: String
        enum CodingKeys: String, CodingKey { case resultType = "result_type", isoLanguageCode = "iso_language_code" }
    }
    struct SearchMetadata: Codable {
        let completedIn: Double, maxID: UInt64, query: String, count: Int
        enum CodingKeys: String, CodingKey { case completedIn = "completed_in", maxID = "max_id", query, count }
    }

    static func decode(_ data: Data) throws -> Timeline { try JSONDecoder().decode(Timeline.self, from: data) }

    static func digest(_ timeline: Timeline) -> TwitterDigest {
        TwitterDigest(statuses: timeline.statuses, searchCount: timeline.searchMetadata.count)
    }
}

extension CodableTwitter.Status: TwitterStatusFields {
    var urlCount: Int { entities.urls.count }
    var mentionCount: Int { entities.userMentions.count }
    var hashtagIndexSum: Int { entities.hashtags.reduce(0) { $0 + $1.indices.reduce(0, +) } }
    var resultType: String { metadata.resultType }
}
extension CodableTwitter.User: TwitterUserFields {}
