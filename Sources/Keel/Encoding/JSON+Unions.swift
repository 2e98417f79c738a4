// Writing a case of a discriminated union in each of the three layouts that decoding reads: external
// (`{"circle": {...}}`), a tag member beside the payload's members, or a tag member and a content member.

extension JSON {
    /// The JSON for the union case `tag` with `payload` (`nil` for a case without values).
    ///
    /// - `tagKey == nil`: an object whose one member is named by the tag (`{}` when there is no payload).
    /// - `tagKey` with `contentKey`: the tag member, then the payload under `contentKey` (left out when
    ///   `nil`).
    /// - `tagKey` alone: the tag member followed by the payload's own members. A payload that is not an
    ///   object cannot be spread out; it is written under the member `"value"`, so that nothing is lost.
    public static func unionCase(_ tag: String, payload: JSON?, tagKey: String?, contentKey: String? = nil) -> JSON {
        guard let tagKey else { return .object(JSONObject(members: [(tag, payload ?? .object(JSONObject()))])) }
        var object = JSONObject()
        object.append(key: tagKey, value: .string(tag))
        if let contentKey {
            if let payload { object.append(key: contentKey, value: payload) }
        } else if case .object(let members)? = payload {
            for (key, value) in members where key != tagKey { object.append(key: key, value: value) }
        } else if let payload {
            object.append(key: "value", value: payload)
        }
        return .object(object)
    }
}
