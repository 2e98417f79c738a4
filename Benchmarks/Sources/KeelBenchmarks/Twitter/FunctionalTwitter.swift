import KeelOperators

/// The twitter model decoded in the functional style (Argo): `curry`, `<^>`, `<*>`, `<|`, `<|?`, `<||`.
enum FunctionalTwitter {
    struct Timeline: FunctionalJSONDecodable {
        let statuses: [Status], searchMetadata: SearchMetadata
        static func decode(_ j: JSONView) -> Decoded<Timeline> {
            curry(Timeline.init) <^> j <|| "statuses" <*> j <| "search_metadata"
        }
    }

    struct Status: FunctionalJSONDecodable {
        let id: UInt64, idStr: String, text: String, createdAt: String, source: String, truncated: Bool
        let inReplyToStatusID: UInt64?, inReplyToUserID: UInt64?, inReplyToScreenName: String?
        let user: User, retweetCount: Int, favoriteCount: Int, favorited: Bool, retweeted: Bool, lang: String
        let entities: Entities, metadata: StatusMetadata

        static func decode(_ j: JSONView) -> Decoded<Status> {
            // Split in two so the type checker stays quick; each half is an ordinary applicative chain.
            let head = curry(Status.init)
                <^> j <| "id" <*> j <| "id_str" <*> j <| "text" <*> j <| "created_at" <*> j <| "source"
                <*> j <| "truncated" <*> j <|? "in_reply_to_status_id" <*> j <|? "in_reply_to_user_id"
            return head
                <*> j <|? "in_reply_to_screen_name" <*> j <| "user" <*> j <| "retweet_count"
                <*> j <| "favorite_count" <*> j <| "favorited" <*> j <| "retweeted" <*> j <| "lang"
                <*> j <| "entities" <*> j <| "metadata"
        }
    }

    struct User: FunctionalJSONDecodable, TwitterUserFields {
        let id: UInt64, idStr: String, name: String, screenName: String, location: String, description: String
        let url: String?, protected: Bool, followersCount: Int, friendsCount: Int, listedCount: Int, createdAt: String
        let favouritesCount: Int, utcOffset: Int?, timeZone: String?, geoEnabled: Bool, verified: Bool
        let statusesCount: Int, lang: String, profileImageURL: String

        static func decode(_ j: JSONView) -> Decoded<User> {
            let head = curry(User.init)
                <^> j <| "id" <*> j <| "id_str" <*> j <| "name" <*> j <| "screen_name" <*> j <| "location"
                <*> j <| "description" <*> j <|? "url" <*> j <| "protected" <*> j <| "followers_count"
                <*> j <| "friends_count"
            return head
                <*> j <| "listed_count" <*> j <| "created_at" <*> j <| "favourites_count" <*> j <|? "utc_offset"
                <*> j <|? "time_zone" <*> j <| "geo_enabled" <*> j <| "verified" <*> j <| "statuses_count"
                <*> j <| "lang" <*> j <| "profile_image_url"
        }
    }

    struct Entities: FunctionalJSONDecodable {
        let hashtags: [Hashtag], urls: [URLEntity], userMentions: [Mention]
        static func decode(_ j: JSONView) -> Decoded<Entities> {
            curry(Entities.init) <^> j <|| "hashtags" <*> j <|| "urls" <*> j <|| "user_mentions"
        }
    }
    struct Hashtag: FunctionalJSONDecodable {
        let text: String, indices: [Int]
        static func decode(_ j: JSONView) -> Decoded<Hashtag> { curry(Hashtag.init) <^> j <| "text" <*> j <|| "indices" }
    }
    struct URLEntity: FunctionalJSONDecodable {
        let url: String, expandedURL: String, displayURL: String, indices: [Int]
        static func decode(_ j: JSONView) -> Decoded<URLEntity> {
            curry(URLEntity.init) <^> j <| "url" <*> j <| "expanded_url" <*> j <| "display_url" <*> j <|| "indices"
        }
    }
    struct Mention: FunctionalJSONDecodable {
        let screenName: String, name: String, id: UInt64, indices: [Int]
        static func decode(_ j: JSONView) -> Decoded<Mention> {
            curry(Mention.init) <^> j <| "screen_name" <*> j <| "name" <*> j <| "id" <*> j <|| "indices"
        }
    }
    struct StatusMetadata: FunctionalJSONDecodable {
        let resultType: String, isoLanguageCode: String
        static func decode(_ j: JSONView) -> Decoded<StatusMetadata> {
            curry(StatusMetadata.init) <^> j <| "result_type" <*> j <| "iso_language_code"
        }
    }
    struct SearchMetadata: FunctionalJSONDecodable {
        let completedIn: Double, maxID: UInt64, query: String, count: Int
        static func decode(_ j: JSONView) -> Decoded<SearchMetadata> {
            curry(SearchMetadata.init) <^> j <| "completed_in" <*> j <| "max_id" <*> j <| "query" <*> j <| "count"
        }
    }

    static func digest(_ t: Timeline) -> TwitterDigest { TwitterDigest(statuses: t.statuses, searchCount: t.searchMetadata.count) }
}

extension FunctionalTwitter.Status: TwitterStatusFields {
    var urlCount: Int { entities.urls.count }
    var mentionCount: Int { entities.userMentions.count }
    var hashtagIndexSum: Int { entities.hashtags.reduce(0) { $0 + $1.indices.reduce(0, +) } }
    var resultType: String { metadata.resultType }
}
