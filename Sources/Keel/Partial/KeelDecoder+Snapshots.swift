// Plain `Codable` models read from snapshots. A type meant for snapshots declares what may be missing as
// optional; what it cannot take yet is a value still arriving (an enum's name half written, an object whose
// required members have not come). Those are left out, innermost first, until the rest decodes. Only where
// Foundation is, as the bridge.
#if canImport(FoundationEssentials) || canImport(Foundation)
extension KeelDecoder {
    /// Decodes what has arrived of a document (a ``JSONSnapshot``) as `T`, a `Decodable` type whose properties
    /// for members that may not have arrived yet are optional.
    ///
    /// A member whose value has not begun is absent, as in the snapshot. When the snapshot does not decode as
    /// it is, the value still arriving is left out (a string that does not yet name an enum case, an object
    /// still missing a required member), then the open container around it, and so on outward; finished
    /// values are never left out, so an error in them is thrown. A complete snapshot decodes exactly as the
    /// document would.
    ///
    /// ```swift
    /// struct Reply: Decodable { var title: String?; var mood: Mood?; var items: [Item]? }
    /// let reply = try KeelDecoder().decode(Reply.self, fromSnapshot: parser.snapshot())
    /// ```
    ///
    /// Each call decodes the whole snapshot (and again for each value it leaves out); for long documents,
    /// `@JSONModel` types' partial forms decode each finished value once (``JSONPartialReader``).
    public func decode<T: Decodable>(_ type: T.Type, fromSnapshot snapshot: JSONSnapshot) throws -> T {
        var value = snapshot.value ?? .null
        var open = snapshot.isComplete ? [] : snapshot.openPath?.components ?? []
        while true {
            do {
                return try decode(T.self, from: value.documentRoot())
            } catch {
                guard !open.isEmpty, snapshot.value != nil else { throw error }
                value = Self.removingLast(open[...], from: value)
                open.removeLast()
            }
        }
    }

    /// `value` without the open value at the end of `path`: the last member or element of each container
    /// on the way, which is the open one.
    private static func removingLast(_ path: ArraySlice<JSONPath.Component>, from value: JSON) -> JSON {
        guard let step = path.first else { return value }
        switch (step, value) {
        case (.key(let key), .object(let object)):
            guard let last = object.last, last.key == key else { return value }
            var members = Array(object.dropLast())
            if path.count > 1 { members.append((key, removingLast(path.dropFirst(), from: last.value))) }
            return .object(JSONObject(members: members.map { ($0.key, $0.value) }))
        case (.index(let index), .array(let array)):
            guard index == array.count - 1 else { return value }
            var elements = Array(array.dropLast())
            if path.count > 1 { elements.append(removingLast(path.dropFirst(), from: array[index])) }
            return .array(JSONArray(elements))
        default:
            return value
        }
    }
}
#endif
