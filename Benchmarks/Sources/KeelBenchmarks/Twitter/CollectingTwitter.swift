import KeelOperators

/// The twitter model decoded in the collecting style (LastMile): `decoder["key"] --> T.self`, salvaging.
enum CollectingTwitter {
    struct Timeline: CollectingJSONDecodable {
        let statuses: [Status], searchMetadata: SearchMetadata
        init?(from d: CollectingDecoder) {
            guard let statuses = d["statuses"] --> [Status].self,
                  let searchMetadata = d["search_metadata"] --> SearchMetadata.self, d.succeeded else { return nil }
            self.statuses = statuses
            self.searchMetadata = searchMetadata
        }
    }

    struct Status: CollectingJSONDecodable {
        let id: UInt64, idStr: String, text: String, createdAt: String, source: String, truncated: Bool
        let inReplyToStatusID: UInt64?, inReplyToUserID: UInt64?, inReplyToScreenName: String?
        let user: User, retweetCount: Int, favoriteCount: Int, favorited: Bool, retweeted: Bool, lang: String
        let entities: Entities, metadata: StatusMetadata
        static var idKey: String? { "id_str" }

        init?(from d: CollectingDecoder) {
            let id = d["id"] --> UInt64.self
            let idStr = d["id_str"] --> String.self
            let text = d["text"] --> String.self
            let createdAt = d["created_at"] --> String.self
            let source = d["source"] --> String.self
            let truncated = d["truncated"] --> Bool.self
            inReplyToStatusID = d["in_reply_to_status_id"] --> UInt64?.self
            inReplyToUserID = d["in_reply_to_user_id"] --> UInt64?.self
            inReplyToScreenName = d["in_reply_to_screen_name"] --> String?.self
            let user = d["user"] --> User.self
            let retweetCount = d["retweet_count"] --> Int.self
            let favoriteCount = d["favorite_count"] --> Int.self
            let favorited = d["favorited"] --> Bool.self
            let retweeted = d["retweeted"] --> Bool.self
            let lang = d["lang"] --> String.self
            let entities = d["entities"] --> Entities.self
            let metadata = d["metadata"] --> StatusMetadata.self
            guard d.succeeded, let id, let idStr, let text, let createdAt, let source, let truncated, let user,
                  let retweetCount, let favoriteCount, let favorited, let retweeted, let lang, let entities,
                  let metadata else { return nil }
            (self.id, self.idStr, self.text, self.createdAt, self.source, self.truncated) = (id, idStr, text, createdAt, source, truncated)
            (self.user, self.retweetCount, self.favoriteCount, self.favorited) = (user, retweetCount, favoriteCount, favorited)
            (self.retweeted, self.lang, self.entities, self.metadata) = (retweeted, lang, entities, metadata)
        }
    }

    struct User: CollectingJSONDecodable, TwitterUserFields {
        let id: UInt64, idStr: String, name: String, screenName: String, location: String, description: String
        let url: String?, protected: Bool, followersCount: Int, friendsCount: Int, listedCount: Int, createdAt: String
        let favouritesCount: Int, utcOffset: Int?, timeZone: String?, geoEnabled: Bool, verified: Bool
        let statusesCount: Int, lang: String, profileImageURL: String
        static var idKey: String? { "screen_name" }

        init?(from d: CollectingDecoder) {
            let id = d["id"] --> UInt64.self
            let idStr = d["id_str"] --> String.self
            let name = d["name"] --> String.self
            let screenName = d["screen_name"] --> String.self
            let location = d["location"] --> String.self
            let description = d["description"] --> String.self
            url = d["url"] --> String?.self
            let protected = d["protected"] --> Bool.self
            let followersCount = d["followers_count"] --> Int.self
            let friendsCount = d["friends_count"] --> Int.self
            let listedCount = d["listed_count"] --> Int.self
            let createdAt = d["created_at"] --> String.self
            let favouritesCount = d["favourites_count"] --> Int.self
            utcOffset = d["utc_offset"] --> Int?.self
            timeZone = d["time_zone"] --> String?.self
            let geoEnabled = d["geo_enabled"] --> Bool.self
            let verified = d["verified"] --> Bool.self
            let statusesCount = d["statuses_count"] --> Int.self
            let lang = d["lang"] --> String.self
            let profileImageURL = d["profile_image_url"] --> String.self
            guard d.succeeded, let id, let idStr, let name, let screenName, let location, let description,
                  let protected, let followersCount, let friendsCount, let listedCount, let createdAt,
                  let favouritesCount, let geoEnabled, let verified, let statusesCount, let lang,
                  let profileImageURL else { return nil }
            (self.id, self.idStr, self.name, self.screenName, self.location) = (id, idStr, name, screenName, location)
            (self.description, self.protected, self.followersCount) = (description, protected, followersCount)
            (self.friendsCount, self.listedCount, self.createdAt) = (friendsCount, listedCount, createdAt)
            (self.favouritesCount, self.geoEnabled, self.verified) = (favouritesCount, geoEnabled, verified)
            (self.statusesCount, self.lang, self.profileImageURL) = (statusesCount, lang, profileImageURL)
        }
    }

    struct Entities: CollectingJSONDecodable {
        let hashtags: [Hashtag], urls: [URLEntity], userMentions: [Mention]
        init?(from d: CollectingDecoder) {
            guard let hashtags = d["hashtags"] --> [Hashtag].self, let urls = d["urls"] --> [URLEntity].self,
                  let userMentions = d["user_mentions"] --> [Mention].self, d.succeeded else { return nil }
            (self.hashtags, self.urls, self.userMentions) = (hashtags, urls, userMentions)
        }
    }
    struct Hashtag: CollectingJSONDecodable {
        let text: String, indices: [Int]
        init?(from d: CollectingDecoder) {
            guard let text = d["text"] --> String.self, let indices = d["indices"] --> [Int].self, d.succeeded else { return nil }
            (self.text, self.indices) = (text, indices)
        }
    }
    struct URLEntity: CollectingJSONDecodable {
        let url: String, expandedURL: String, displayURL: String, indices: [Int]
        init?(from d: CollectingDecoder) {
            guard let url = d["url"] --> String.self, let expandedURL = d["expanded_url"] --> String.self,
                  let displayURL = d["display_url"] --> String.self, let indices = d["indices"] --> [Int].self,
                  d.succeeded else { return nil }
            (self.url, self.expandedURL, self.displayURL, self.indices) = (url, expandedURL, displayURL, indices)
        }
    }
    struct Mention: CollectingJSONDecodable {
        let screenName: String, name: String, id: UInt64, indices: [Int]
        init?(from d: CollectingDecoder) {
            guard let screenName = d["screen_name"] --> String.self, let name = d["name"] --> String.self,
                  let id = d["id"] --> UInt64.self, let indices = d["indices"] --> [Int].self, d.succeeded else { return nil }
            (self.screenName, self.name, self.id, self.indices) = (screenName, name, id, indices)
        }
    }
    struct StatusMetadata: CollectingJSONDecodable {
        let resultType: String, isoLanguageCode: String
        init?(from d: CollectingDecoder) {
            guard let resultType = d["result_type"] --> String.self,
                  let isoLanguageCode = d["iso_language_code"] --> String.self, d.succeeded else { return nil }
            (self.resultType, self.isoLanguageCode) = (resultType, isoLanguageCode)
        }
    }
    struct SearchMetadata: CollectingJSONDecodable {
        let completedIn: Double, maxID: UInt64, query: String, count: Int
        init?(from d: CollectingDecoder) {
            guard let completedIn = d["completed_in"] --> Double.self, let maxID = d["max_id"] --> UInt64.self,
                  let query = d["query"] --> String.self, let count = d["count"] --> Int.self, d.succeeded else { return nil }
            (self.completedIn, self.maxID, self.query, self.count) = (completedIn, maxID, query, count)
        }
    }

    static func digest(_ t: Timeline) -> TwitterDigest { TwitterDigest(statuses: t.statuses, searchCount: t.searchMetadata.count) }
}

extension CollectingTwitter.Status: TwitterStatusFields {
    var urlCount: Int { entities.urls.count }
    var mentionCount: Int { entities.userMentions.count }
    var hashtagIndexSum: Int { entities.hashtags.reduce(0) { $0 + $1.indices.reduce(0, +) } }
    var resultType: String { metadata.resultType }
}
