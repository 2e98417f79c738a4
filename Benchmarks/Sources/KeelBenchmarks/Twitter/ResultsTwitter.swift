import Keel

/// The twitter model decoded in the results style (Freddy): `init(json:) throws` with path getters.
enum ResultsTwitter {
    static let absent: JSONPathOptions = [.missingKeyBecomesNil, .nullBecomesNil]

    struct Timeline: JSONInitializable {
        let statuses: [Status], searchMetadata: SearchMetadata
        init(json: JSONView) throws {
            statuses = try json.getArray(at: "statuses").map(Status.init(json:))
            searchMetadata = try SearchMetadata(json: json.decode(at: "search_metadata", type: JSONView.self))
        }
    }

    struct Status: JSONInitializable {
        let id: UInt64, idStr: String, text: String, createdAt: String, source: String, truncated: Bool
        let inReplyToStatusID: UInt64?, inReplyToUserID: UInt64?, inReplyToScreenName: String?
        let user: User, retweetCount: Int, favoriteCount: Int, favorited: Bool, retweeted: Bool, lang: String
        let entities: Entities, metadata: StatusMetadata

        init(json: JSONView) throws {
            id = try json.decode(at: "id", type: UInt64.self)
            idStr = try json.getString(at: "id_str")
            text = try json.getString(at: "text")
            createdAt = try json.getString(at: "created_at")
            source = try json.getString(at: "source")
            truncated = try json.getBool(at: "truncated")
            inReplyToStatusID = try json.decode(at: "in_reply_to_status_id", alongPath: absent, type: UInt64.self)
            inReplyToUserID = try json.decode(at: "in_reply_to_user_id", alongPath: absent, type: UInt64.self)
            inReplyToScreenName = try json.getString(at: "in_reply_to_screen_name", alongPath: absent)
            user = try json.decode(at: "user", type: User.self)
            retweetCount = try json.getInt(at: "retweet_count")
            favoriteCount = try json.getInt(at: "favorite_count")
            favorited = try json.getBool(at: "favorited")
            retweeted = try json.getBool(at: "retweeted")
            lang = try json.getString(at: "lang")
            entities = try json.decode(at: "entities", type: Entities.self)
            metadata = try json.decode(at: "metadata", type: StatusMetadata.self)
        }
    }

    struct User: JSONInitializable, TwitterUserFields {
        let id: UInt64, idStr: String, name: String, screenName: String, location: String, description: String
        let url: String?, protected: Bool, followersCount: Int, friendsCount: Int, listedCount: Int, createdAt: String
        let favouritesCount: Int, utcOffset: Int?, timeZone: String?, geoEnabled: Bool, verified: Bool
        let statusesCount: Int, lang: String, profileImageURL: String

        init(json: JSONView) throws {
            id = try json.decode(at: "id", type: UInt64.self)
            idStr = try json.getString(at: "id_str")
            name = try json.getString(at: "name")
            screenName = try json.getString(at: "screen_name")
            location = try json.getString(at: "location")
            description = try json.getString(at: "description")
            url = try json.getString(at: "url", alongPath: absent)
            protected = try json.getBool(at: "protected")
            followersCount = try json.getInt(at: "followers_count")
            friendsCount = try json.getInt(at: "friends_count")
            listedCount = try json.getInt(at: "listed_count")
            createdAt = try json.getString(at: "created_at")
            favouritesCount = try json.getInt(at: "favourites_count")
            utcOffset = try json.getInt(at: "utc_offset", alongPath: absent)
            timeZone = try json.getString(at: "time_zone", alongPath: absent)
            geoEnabled = try json.getBool(at: "geo_enabled")
            verified = try json.getBool(at: "verified")
            statusesCount = try json.getInt(at: "statuses_count")
            lang = try json.getString(at: "lang")
            profileImageURL = try json.getString(at: "profile_image_url")
        }
    }

    struct Entities: JSONInitializable {
        let hashtags: [Hashtag], urls: [URLEntity], userMentions: [Mention]
        init(json: JSONView) throws {
            hashtags = try json.getArray(at: "hashtags").map(Hashtag.init(json:))
            urls = try json.getArray(at: "urls").map(URLEntity.init(json:))
            userMentions = try json.getArray(at: "user_mentions").map(Mention.init(json:))
        }
    }
    struct Hashtag: JSONInitializable {
        let text: String, indices: [Int]
        init(json: JSONView) throws {
            text = try json.getString(at: "text")
            indices = try json.decode(at: "indices", type: [Int].self)
        }
    }
    struct URLEntity: JSONInitializable {
        let url: String, expandedURL: String, displayURL: String, indices: [Int]
        init(json: JSONView) throws {
            url = try json.getString(at: "url")
            expandedURL = try json.getString(at: "expanded_url")
            displayURL = try json.getString(at: "display_url")
            indices = try json.decode(at: "indices", type: [Int].self)
        }
    }
    struct Mention: JSONInitializable {
        let screenName: String, name: String, id: UInt64, indices: [Int]
        init(json: JSONView) throws {
            screenName = try json.getString(at: "screen_name")
            name = try json.getString(at: "name")
            id = try json.decode(at: "id", type: UInt64.self)
            indices = try json.decode(at: "indices", type: [Int].self)
        }
    }
    struct StatusMetadata: JSONInitializable {
        let resultType: String, isoLanguageCode: String
        init(json: JSONView) throws {
            resultType = try json.getString(at: "result_type")
            isoLanguageCode = try json.getString(at: "iso_language_code")
        }
    }
    struct SearchMetadata: JSONInitializable {
        let completedIn: Double, maxID: UInt64, query: String, count: Int
        init(json: JSONView) throws {
            completedIn = try json.getDouble(at: "completed_in")
            maxID = try json.decode(at: "max_id", type: UInt64.self)
            query = try json.getString(at: "query")
            count = try json.getInt(at: "count")
        }
    }

    static func digest(_ t: Timeline) -> TwitterDigest { TwitterDigest(statuses: t.statuses, searchCount: t.searchMetadata.count) }
}

extension ResultsTwitter.Status: TwitterStatusFields {
    var urlCount: Int { entities.urls.count }
    var mentionCount: Int { entities.userMentions.count }
    var hashtagIndexSum: Int { entities.hashtags.reduce(0) { $0 + $1.indices.reduce(0, +) } }
    var resultType: String { metadata.resultType }
}
