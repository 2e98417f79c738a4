import Keel

/// The objects of the samples that one declaration will read, gathered while the samples are sorted into types.
///
/// Objects arrive in batches: the values of one member across a group's objects (or the objects inside those
/// values' arrays) go to the group that member is bound to, so every object lands in exactly one group and is
/// sorted once, however many groups share a type.
final class ObjectGroup {
    /// How the group's objects are read.
    enum Shape {
        /// A struct with a property per member.
        case structure
        /// `[String: Value]`: the keys are data, and every member's value goes to the same place.
        case dictionary
        /// An enum whose cases are the values of the member `tagKey`; each case's objects form a group of their own.
        case union(tagKey: String)
    }

    /// Where the objects found under one member go: objects that are the member's value, or objects inside
    /// its arrays (at any depth), which are named in the singular.
    struct Slot: Hashable {
        let key: String
        let inArray: Bool
    }

    /// The group's name: the declaration's, or for a dictionary the name its values' objects take.
    let name: String
    /// The name as derived from the key, before it was made unique: groups of one base name may share a type.
    let baseName: String
    var shape: Shape
    /// The member a union's variant leaves to its enum (the tag), not read as one of its own.
    let excludedKey: String?
    var objects: [JSONView] = []
    /// How many of `objects` have had their members sent on.
    var sorted = 0
    /// The keys seen, in the order they first appeared.
    private(set) var keys: [String] = []
    private(set) var keySet: Set<String> = []
    /// The group each member's objects were bound to.
    var slots: [Slot: ObjectGroup] = [:]
    /// A union's cases, in the order their tags first appeared.
    var variants: [(tag: String, group: ObjectGroup)] = []
    /// Whether the group is queued for sorting.
    var isQueued = false

    init(name: String, baseName: String, shape: Shape, excludedKey: String? = nil) {
        self.name = name
        self.baseName = baseName
        self.shape = shape
        self.excludedKey = excludedKey
    }

    func noteKey(_ key: String) {
        if keySet.insert(key).inserted { keys.append(key) }
    }

    /// The variant group for `tag`, if the union has one.
    func variant(tagged tag: String) -> ObjectGroup? {
        variants.first { $0.tag == tag }?.group
    }
}
