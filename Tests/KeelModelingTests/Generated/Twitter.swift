// Models for twitter.json, inferred by `keel model` from 1 sample.
import Keel
import KeelMacros

@JSONModel(keys: .snakeCase)
struct Twitter: Sendable, Hashable {
    let statuses: [Status]
    let searchMetadata: SearchMetadata
}

@JSONModel(keys: .snakeCase)
struct Status: Sendable, Hashable {
    let metadata: Metadata
    @JSONDate(.pattern("EEE MMM dd HH:mm:ss Z yyyy")) let createdAt: JSONTimestamp
    let id: Int
    let idStr: String
    let text: String
    let source: String
    let truncated: Bool
    let inReplyToStatusId: Int?
    let inReplyToStatusIdStr: String?
    let inReplyToUserId: Int?
    let inReplyToUserIdStr: String?
    let inReplyToScreenName: String?
    let user: User
    let geo: JSON?
    let coordinates: JSON?
    let place: JSON?
    let contributors: JSON?
    let retweetCount: Int
    let favoriteCount: Int
    let entities: Entities
    let favorited: Bool
    let retweeted: Bool
    let lang: String
    let retweetedStatus: RetweetedStatus?
    let possiblySensitive: Bool?
}

@JSONModel(keys: .snakeCase)
struct SearchMetadata: Sendable, Hashable {
    let completedIn: Double
    let maxId: Int
    let maxIdStr: String
    let nextResults: String
    let query: String
    let refreshUrl: String
    let count: Int
    let sinceId: Int
    let sinceIdStr: String
}

@JSONModel(keys: .snakeCase)
struct Metadata: Sendable, Hashable {
    let resultType: String
    let isoLanguageCode: String
}

@JSONModel(keys: .snakeCase)
struct User: Sendable, Hashable {
    let id: Int
    let idStr: String
    let name: String
    let screenName: String
    let location: String
    let description: String
    let url: String?
    let entities: UserEntities
    let protected: Bool
    let followersCount: Int
    let friendsCount: Int
    let listedCount: Int
    @JSONDate(.pattern("EEE MMM dd HH:mm:ss Z yyyy")) let createdAt: JSONTimestamp
    let favouritesCount: Int
    let utcOffset: Int?
    let timeZone: String?
    let geoEnabled: Bool
    let verified: Bool
    let statusesCount: Int
    let lang: String
    let contributorsEnabled: Bool
    let isTranslator: Bool
    let isTranslationEnabled: Bool
    let profileBackgroundColor: String
    let profileBackgroundImageUrl: String
    let profileBackgroundImageUrlHttps: String
    let profileBackgroundTile: Bool
    let profileImageUrl: String
    let profileImageUrlHttps: String
    let profileBannerUrl: String?
    let profileLinkColor: String
    let profileSidebarBorderColor: String
    let profileSidebarFillColor: String
    let profileTextColor: String
    let profileUseBackgroundImage: Bool
    let defaultProfile: Bool
    let defaultProfileImage: Bool
    let following: Bool
    let followRequestSent: Bool
    let notifications: Bool
}

@JSONModel(keys: .snakeCase)
struct Entities: Sendable, Hashable {
    let hashtags: [Hashtag]
    let symbols: [JSON]
    let urls: [Url]
    let userMentions: [UserMention]
    let media: [Media]?
}

@JSONModel(keys: .snakeCase)
struct RetweetedStatus: Sendable, Hashable {
    let metadata: Metadata
    @JSONDate(.pattern("EEE MMM dd HH:mm:ss Z yyyy")) let createdAt: JSONTimestamp
    let id: Int
    let idStr: String
    let text: String
    let source: String
    let truncated: Bool
    let inReplyToStatusId: Int?
    let inReplyToStatusIdStr: String?
    let inReplyToUserId: Int?
    let inReplyToUserIdStr: String?
    let inReplyToScreenName: String?
    let user: User
    let geo: JSON?
    let coordinates: JSON?
    let place: JSON?
    let contributors: JSON?
    let retweetCount: Int
    let favoriteCount: Int
    let entities: Entities
    let favorited: Bool
    let retweeted: Bool
    let possiblySensitive: Bool?
    let lang: String
}

@JSONModel
struct UserEntities: Sendable, Hashable {
    let description: Entity
    let url: Entity?
}

@JSONModel
struct Hashtag: Sendable, Hashable {
    let text: String
    let indices: [Int]
}

@JSONModel(keys: .snakeCase)
struct Url: Sendable, Hashable {
    let url: String
    let expandedUrl: String
    let displayUrl: String
    let indices: [Int]
}

@JSONModel(keys: .snakeCase)
struct UserMention: Sendable, Hashable {
    let screenName: String
    let name: String
    let id: Int
    let idStr: String
    let indices: [Int]
}

@JSONModel(keys: .snakeCase)
struct Media: Sendable, Hashable {
    let id: Int
    let idStr: String
    let indices: [Int]
    let mediaUrl: String
    let mediaUrlHttps: String
    let url: String
    let displayUrl: String
    let expandedUrl: String
    let type: String
    let sizes: Sizes
    let sourceStatusId: Int?
    let sourceStatusIdStr: String?
}

@JSONModel
struct Entity: Sendable, Hashable {
    let urls: [Url]
}

@JSONModel
struct Sizes: Sendable, Hashable {
    let medium: Size
    let small: Size
    let thumb: Size
    let large: Size
}

@JSONModel
struct Size: Sendable, Hashable {
    let w: Int
    let h: Int
    let resize: String
}
