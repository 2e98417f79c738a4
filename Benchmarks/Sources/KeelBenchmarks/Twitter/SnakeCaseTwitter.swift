import Foundation

/// The twitter model as `Codable` types without coding keys: property names are what `convertFromSnakeCase`
/// makes of the document's names, the setup of an app that decodes a snake_case API with a key strategy.
enum SnakeCaseTwitter {
    struct Timeline: Codable {
        let statuses: [Status], searchMetadata: SearchMetadata
    }
    struct Status: Codable {
        let id: UInt64, idStr: String, text: String, createdAt: String, source: String, truncated: Bool
        let inReplyToStatusId: UInt64?, inReplyToUserId: UInt64?, inReplyToScreenName: String?
        let user: User, retweetCount: Int, favoriteCount: Int, favorited: Bool, retweeted: Bool, lang: String
        let entities: Entities, metadata: StatusMetadata
    }
    struct User: Codable {
        let id: UInt64, idStr: String, name: String, screenName: String, location: String, description: String
        let url: String?, protected: Bool, followersCount: Int, friendsCount: Int, listedCount: Int, createdAt: String
        let favouritesCount: Int, utcOffset: Int?, timeZone: String?, geoEnabled: Bool, verified: Bool
        let statusesCount: Int, lang: String, profileImageUrl: String
    }
    struct Entities: Codable { let hashtags: [Hashtag], urls: [URLEntity], userMentions: [Mention] }
    struct Hashtag: Codable { let text: String, indices: [Int] }
    struct URLEntity: Codable { let url: String, expandedUrl: String, displayUrl: String, indices: [Int] }
    struct Mention: Codable { let screenName: String, name: String, id: UInt64, indices: [Int] }
    struct StatusMetadata: Codable { let resultType: String, isoLanguageCode: String }
    struct SearchMetadata: Codable { let completedIn: Double, maxId: UInt64, query: String, count: Int }
}
