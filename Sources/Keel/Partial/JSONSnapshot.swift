/// What has arrived of a document that is still arriving: its value so far, and which value is still open.
///
/// The rules, for a snapshot taken at any byte:
/// - An open array or object holds the members that are finished, and the open one as far as these rules
///   give it.
/// - An open string holds its text so far (whole characters only: half of a multi-byte character or of an
///   escape is left out until the rest arrives).
/// - A number is present once it is whole (the byte after it has arrived, or the input ended), or as its
///   digits so far when the snapshot was asked for with `numbersInProgress`.
/// - `true`, `false` and `null` are present once whole.
/// - A member whose value has not begun is absent, and so is one whose key is still arriving.
///
/// ``openPath`` names the innermost value that has begun and not ended; every container on the way to it is
/// open too, and every other value in the snapshot is finished: it will not change.
public struct JSONSnapshot: Sendable, Hashable {
    /// The value so far, or `nil` before any of it can be shown.
    public let value: JSON?
    /// Whether the whole document has arrived.
    public let isComplete: Bool
    /// Where the innermost open value is (`$` before anything has arrived); `nil` once the document is complete.
    public let openPath: JSONPath?
    /// The text so far of a number or literal still arriving at ``openPath``.
    public let pendingText: String?
    /// How many bytes of the document had arrived.
    public let byteCount: Int

    /// Makes a snapshot.
    public init(value: JSON?, isComplete: Bool, openPath: JSONPath?, pendingText: String? = nil, byteCount: Int) {
        self.value = value
        self.isComplete = isComplete
        self.openPath = openPath
        self.pendingText = pendingText
        self.byteCount = byteCount
    }

    /// Whether the value at `path` is finished: it is in the snapshot and will not change. A value on the way
    /// to ``openPath`` (or at it) is not; nor is a value the snapshot does not have yet.
    public func isFinished(at path: JSONPath) -> Bool {
        guard Self.contains(path.components[...], in: value) else { return false }
        guard let openPath else { return true }
        return !openPath.components.starts(with: path.components)
    }
}

extension JSONSnapshot {
    /// Whether `value` has a value at the steps `path`.
    static func contains(_ path: ArraySlice<JSONPath.Component>, in value: JSON?) -> Bool {
        guard let value else { return false }
        guard let step = path.first else { return true }
        switch (step, value) {
        case (.key(let key), .object(let object)): return contains(path.dropFirst(), in: object[key])
        case (.index(let index), .array(let array)):
            return index >= 0 && index < array.count && contains(path.dropFirst(), in: array[index])
        default: return false
        }
    }
}
