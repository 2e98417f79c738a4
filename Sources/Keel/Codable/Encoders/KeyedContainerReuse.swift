// Handing the same keyed container out again, object after object.
//
// `KeyedEncodingContainer(_:)` wraps a container in a class box of the standard library's, and making one
// asks the runtime for the metadata of the box's type and of the container's (a hashed look-up each) and
// allocates the box: for citm_catalog's small records about a sixth of KeelEncoder's instructions. Code
// that encodes a model drops its container when `encode(to:)` returns (synthesized conformances always do),
// so the stream keeps the box it made for each key type and, when nothing else holds it any more, points it
// at the next object and hands it out again. A box still held (a container kept by the caller, or a type
// nested in itself) is never reused: a new one is made.
#if canImport(FoundationEssentials) || canImport(Foundation)
/// Where a keyed container writes: the frame it fills and its coding path, changed when its box is handed
/// out again for another object.
final class KeyedContainerPlace {
    @exclusivity(unchecked) private(set) var frameID: Int
    /// The path as the encoder had it (for an array's element, the array's) until the whole path is made.
    @exclusivity(unchecked) private var basePath: CodingPathNode
    /// The element's position in its array, still to be added to `basePath`; -1 when there is none to add.
    @exclusivity(unchecked) private var elementPosition: Int

    init(frameID: Int, basePath: CodingPathNode, elementPosition: Int) {
        self.frameID = frameID
        self.basePath = basePath
        self.elementPosition = elementPosition
    }

    /// Points the place at another object.
    func move(to frameID: Int, basePath: CodingPathNode, elementPosition: Int) {
        self.frameID = frameID
        self.basePath = basePath
        self.elementPosition = elementPosition
    }

    /// The object's coding path, made the first time it is asked for (most objects never need it: only
    /// errors, a nested value's encoder and renaming keys with a function read it).
    var path: CodingPathNode {
        if elementPosition >= 0 {
            basePath = basePath.appending(elementPosition: elementPosition)
            elementPosition = -1
        }
        return basePath
    }
}

/// The boxed keyed containers a stream has made, at most one per key type, for reuse. Its entries are kept
/// in memory of its own, read in place: looking one up retains nothing but the box handed out. The stream
/// that holds it calls ``removeAll()`` when done and ``deallocate()`` when it goes.
struct KeyedContainerReuse {
    /// Stands for the standard library's box, whose class is not public: only its reference count is ever
    /// read, which every native Swift object keeps in the same place, and no member is used. Uniqueness
    /// asked of an `AnyObject` is answered "no" in unoptimized builds (and, in optimized ones, of an
    /// `AnyObject` array element), so the box is kept as a reference of a class of our own.
    private final class Box {}

    private struct Entry {
        let keyType: ObjectIdentifier
        /// The `KeyedEncodingContainer`'s whole content: the standard library's box.
        var box: Box
        let place: KeyedContainerPlace
    }

    /// Beyond this many key types new ones are not kept (a linear search stays short).
    private static let capacity = 32
    private let entries = UnsafeMutablePointer<Entry>.allocate(capacity: KeyedContainerReuse.capacity)
    private var count = 0
    /// How many containers were made rather than reused (for tests).
    private(set) var made = 0

    /// A keyed container for `Key` writing into `frameID`: a kept one when its box is free, else a new one.
    mutating func container<Key: CodingKey>(
        keyedBy _: Key.Type, stream: EncodingStream, frameID: Int, basePath: CodingPathNode, elementPosition: Int
    ) -> KeyedEncodingContainer<Key> {
        let keyType = ObjectIdentifier(Key.self)
        var found = -1
        var index = 0
        while index < count {
            if entries[index].keyType == keyType {
                if isKnownUniquelyReferenced(&entries[index].box) {
                    entries[index].place.move(to: frameID, basePath: basePath, elementPosition: elementPosition)
                    return unsafeBitCast(entries[index].box, to: KeyedEncodingContainer<Key>.self)
                }
                found = index
                break
            }
            index += 1
        }
        made += 1
        let place = KeyedContainerPlace(frameID: frameID, basePath: basePath, elementPosition: elementPosition)
        let container = KeyedEncodingContainer(KeyedStreamingContainer<Key>(stream: stream, place: place))
        // The container is kept as its box alone only where it is nothing but that reference.
        guard MemoryLayout.size(ofValue: container) == MemoryLayout<Box>.size else { return container }
        let entry = Entry(keyType: keyType, box: unsafeBitCast(container, to: Box.self), place: place)
        if found >= 0 {
            entries[found] = entry
        } else if count < Self.capacity {
            (entries + count).initialize(to: entry)
            count += 1
        }
        return container
    }

    /// Lets the kept containers go (each holds the stream, which holds them).
    mutating func removeAll() {
        entries.deinitialize(count: count)
        count = 0
    }

    /// Lets the kept containers go and frees the entries' memory; the last use.
    mutating func deallocate() {
        removeAll()
        entries.deallocate()
    }
}
#endif
