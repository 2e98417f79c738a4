// Where the last member lookup in an object ended, so that a model reading its members in document order
// finds each one a step after the one before, instead of searching the object from its end every time.

internal import KeelVectorScan

/// A small table, shared by all views of one document, of where lookups last ended in recently searched
/// objects.
///
/// A lookup that starts after the last member found may return the first match it meets only if the object
/// has no repeated keys, because the last of repeated keys wins. So an object gets a hint only after a check
/// that its keys are distinct (``DocumentStorage/membersAreDistinct(inObjectAt:input:)``), done the first
/// time it is searched; an object with repeated keys is remembered as one that takes no hint.
///
/// Each slot is one word, read and written atomically, so threads reading one document share the table
/// safely: at worst they overwrite each other's hints and search from the end again. Objects share slots by
/// their tape index, so a model and the object nested in it usually keep a slot each.
struct MemberSearchHints: @unchecked Sendable {
    /// Objects with fewer members are searched from the end: a hint would save little.
    static let minimumMembers = 8
    /// Tape indexes at or above this do not fit a slot's halves; their objects are searched from the end.
    static let indexLimit = Int(UInt32.max)

    private static let slotCount = 8
    /// Slot word: the object's tape index plus one in the low half (zero: empty slot), and in the high half
    /// the tape index of the key last found in it, or zero when the object has repeated keys.
    private let slots: UnsafeMutablePointer<UInt64>

    init() {
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: 0, count: Self.slotCount)
    }

    /// Frees the table; called once, by the document's storage as it goes.
    func deallocate() { slots.deallocate() }

    /// What is known of the object at `object` (below ``indexLimit``).
    enum Hint {
        /// Nothing: the object's slot holds another object, or nothing.
        case none
        /// The object's keys are distinct, and the last lookup in it found the key at this tape index.
        case after(key: Int)
        /// The object has repeated keys, so its members are searched from the end.
        case repeatedKeys
    }

    @inline(__always)
    func hint(forObjectAt object: Int) -> Hint {
        let word = keel_load_relaxed(slot(forObjectAt: object))
        guard word & 0xFFFF_FFFF == UInt64(object &+ 1) else { return .none }
        let key = Int(truncatingIfNeeded: word &>> 32)
        return key == 0 ? .repeatedKeys : .after(key: key)
    }

    /// Records that the last lookup in the object at `object` found the key at `key`, or with `key` zero,
    /// that the object has repeated keys. Both indexes are below ``indexLimit``.
    @inline(__always)
    func remember(key: Int, inObjectAt object: Int) {
        keel_store_relaxed(slot(forObjectAt: object), UInt64(truncatingIfNeeded: key) &<< 32 | UInt64(object &+ 1))
    }

    @inline(__always)
    private func slot(forObjectAt object: Int) -> UnsafeMutablePointer<UInt64> {
        // A multiplicative hash, so that objects at nearby indexes fall in different slots.
        slots + Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: object) &* 0x9E37_79B9_7F4A_7C15) &>> 61)
    }
}
