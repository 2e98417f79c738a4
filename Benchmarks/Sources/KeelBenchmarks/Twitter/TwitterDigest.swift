/// What every decoding of twitter.json must agree on, checked outside the timed region: a summary of many
/// fields of every status, so that a decoder that skipped or garbled a field would not match.
struct TwitterDigest: Equatable, CustomStringConvertible {
    var statuses = 0
    var idSum: UInt64 = 0
    var textBytes = 0
    var replies = 0
    var userFields = 0
    var followers = 0
    var urls = 0
    var mentions = 0
    var hashtagIndices = 0
    var optionalUserFields = 0
    var flags = 0
    var metadataBytes = 0

    var description: String {
        "\(statuses) statuses, id sum \(idSum), \(textBytes) text bytes, \(replies) replies, \(followers) followers, \(mentions) mentions"
    }

    /// The digest of a decoded timeline, whichever style decoded it.
    init<S: TwitterStatusFields>(statuses: [S], searchCount: Int) {
        for s in statuses {
            self.statuses += 1
            idSum &+= s.id &+ s.user.id
            textBytes += s.text.utf8.count + s.lang.utf8.count
            replies += (s.inReplyToStatusID != nil ? 1 : 0) + (s.inReplyToScreenName?.utf8.count ?? 0)
            userFields += s.user.name.utf8.count + s.user.screenName.utf8.count + s.user.friendsCount
            followers += s.user.followersCount
            optionalUserFields += (s.user.url?.utf8.count ?? 0) + (s.user.utcOffset ?? 0) + (s.user.timeZone?.utf8.count ?? 0)
            flags += (s.user.verified ? 1 : 0) + (s.favorited ? 2 : 0) + s.retweetCount
            urls += s.urlCount
            mentions += s.mentionCount
            hashtagIndices += s.hashtagIndexSum
            metadataBytes += s.resultType.utf8.count
        }
        self.statuses += searchCount
    }
}

/// The fields of a status the digest reads, so that one function serves every style's model.
protocol TwitterStatusFields {
    associatedtype UserFields: TwitterUserFields
    var id: UInt64 { get }
    var text: String { get }
    var inReplyToStatusID: UInt64? { get }
    var inReplyToScreenName: String? { get }
    var user: UserFields { get }
    var retweetCount: Int { get }
    var favorited: Bool { get }
    var lang: String { get }
    var urlCount: Int { get }
    var mentionCount: Int { get }
    var hashtagIndexSum: Int { get }
    var resultType: String { get }
}

/// The fields of a user the digest reads.
protocol TwitterUserFields {
    var id: UInt64 { get }
    var name: String { get }
    var screenName: String { get }
    var followersCount: Int { get }
    var friendsCount: Int { get }
    var url: String? { get }
    var utcOffset: Int? { get }
    var timeZone: String? { get }
    var verified: Bool { get }
}
