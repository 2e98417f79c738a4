import Keel

/// Sorts the objects of the samples into groups, one per declaration to be: the first phase of inference.
///
/// A group's objects send each member's values on to the group the member is bound to, chosen the first time
/// the member has objects: a dictionary when the keys are data, a union when the objects of an array carry a
/// tag that tells their shapes apart, otherwise a struct, shared with an earlier group of the same base name
/// whose keys are much the same (so `user` in a status and in a retweeted status is one `User`). The work is
/// a queue, not recursion, so nesting depth costs no stack.
struct SampleSorter {
    /// Keys beyond this many distinct ones in one batch make a dictionary, whatever they look like.
    static let largestStructure = 200
    /// Tag values beyond this many distinct ones are not a union's cases.
    static let mostVariants = 24

    private(set) var groups: [ObjectGroup] = []
    private var queue: [ObjectGroup] = []
    private var typeNames = UniqueNames()
    private var structuresByBaseName: [String: [ObjectGroup]] = [:]
    let recognizesUnions: Bool

    init(recognizesUnions: Bool) {
        self.recognizesUnions = recognizesUnions
    }

    // MARK: Groups

    /// Where the samples come from: a group of no objects whose one member, named by the root's name, holds
    /// every sample. Its objects go to a group named `rootName` itself; objects in arrays at the root to
    /// one named in the singular.
    let root = ObjectGroup(name: "", baseName: "", shape: .structure)
    private var rootName = ""

    /// Sorts `samples`, the values at the root, naming the root's objects `rootName`.
    mutating func sortSamples(_ samples: [JSONView], rootName: String) {
        self.rootName = rootName
        if !samples.allSatisfy({ $0.kind == .object }) { _ = typeNames.unique(rootName) }
        route(samples, from: root, key: rootName)
        sortPending()
    }

    private mutating func makeGroup(_ base: String, parent: String, shape: ObjectGroup.Shape, excludedKey: String? = nil) -> ObjectGroup {
        // A name taken by another shape is tried with the parent's name first (`UserEntities`), then numbered.
        let preferred = typeNames.contains(base) && !parent.isEmpty && !base.hasPrefix(parent) && !typeNames.contains(parent + base)
        let name = typeNames.unique(preferred ? parent + base : base)
        let group = ObjectGroup(name: name, baseName: base, shape: shape, excludedKey: excludedKey)
        groups.append(group)
        if case .structure = shape, excludedKey == nil { structuresByBaseName[base, default: []].append(group) }
        return group
    }

    private mutating func append(_ objects: [JSONView], to group: ObjectGroup) {
        group.objects += objects
        if !group.isQueued {
            group.isQueued = true
            queue.append(group)
        }
    }

    // MARK: Sorting

    /// Sends on the members of every object not yet sorted, until no group has any.
    mutating func sortPending() {
        var next = 0
        while next < queue.count {
            let group = queue[next]
            next += 1
            group.isQueued = false
            sort(group)
        }
        queue.removeAll()
    }

    private mutating func sort(_ group: ObjectGroup) {
        // A copy, not a slice: a slice would keep the array shared, and the objects this sort adds to the
        // same group (a type that holds itself) would copy all of it each time.
        let pending = Array(group.objects[group.sorted...])
        group.sorted = group.objects.count
        switch group.shape {
        case .structure:
            var batches: [String: [JSONView]] = [:]
            var order: [String] = []
            for object in pending {
                for (key, value) in object.members where key != group.excludedKey {
                    group.noteKey(key)
                    if batches[key] == nil { order.append(key) }
                    batches[key, default: []].append(value)
                }
            }
            shareSiblingShapes(batches, order: order, in: group)
            for key in order { route(batches[key] ?? [], from: group, key: key) }
        case .dictionary:
            var values: [JSONView] = []
            for object in pending {
                for (key, value) in object.members {
                    group.noteKey(key)
                    values.append(value)
                }
            }
            route(values, from: group, key: "")
        case .union(let tagKey):
            var variantObjects: [String: [JSONView]] = [:]
            var order: [String] = []
            for object in pending {
                guard let tag = object.member(tagKey)?.stringValue else {
                    // An object without the tag: the union was a guess the samples do not bear out. The group
                    // reads all its objects as one struct instead; the variants' groups go unused.
                    group.shape = .structure
                    group.variants = []
                    group.sorted = 0
                    sort(group)
                    return
                }
                if variantObjects[tag] == nil { order.append(tag) }
                variantObjects[tag, default: []].append(object)
            }
            for tag in order {
                let variant = group.variant(tagged: tag) ?? {
                    let made = makeGroup(SwiftNames.typeName(for: tag, singular: false), parent: group.name,
                                         shape: .structure, excludedKey: tagKey)
                    group.variants.append((tag, made))
                    return made
                }()
                append(variantObjects[tag] ?? [], to: variant)
            }
        }
    }

    /// Binds the members of a record whose every member is an object of one and the same set of keys to one
    /// type, named after the record in the singular: `sizes: {small: {w, h}, large: {w, h}}` gives one `Size`,
    /// not a `Small` and a `Large` alike in all but name.
    private mutating func shareSiblingShapes(_ batches: [String: [JSONView]], order: [String], in group: ObjectGroup) {
        var keysByMember: [(member: String, keys: [String])] = []
        for member in order where group.slots[ObjectGroup.Slot(key: member, inArray: false)] == nil {
            guard let values = batches[member], values.allSatisfy({ $0.kind == .object }),
                  let first = values.first?.members.map(\.key), !first.isEmpty,
                  values.allSatisfy({ $0.members.map(\.key) == first })
            else { continue }
            keysByMember.append((member, first))
        }
        // Only a record made wholly of such members, which is a dictionary whose keys happen to be fixed.
        guard keysByMember.count >= 2, keysByMember.count == order.count,
              keysByMember.allSatisfy({ $0.keys == keysByMember[0].keys })
        else { return }
        let alike = keysByMember.map(\.member)
        var base = SwiftNames.typeName(for: group.baseName, singular: true)
        if base == group.name { base += "Item" }
        let objects = alike.flatMap { batches[$0] ?? [] }
        let shared = choose(base: base, parent: group.name, slot: ObjectGroup.Slot(key: alike[0], inArray: false), batch: objects)
        for member in alike { group.slots[ObjectGroup.Slot(key: member, inArray: false)] = shared }
    }

    /// Sends the objects among `values`, and those inside their arrays, to the groups `key` is bound to.
    private mutating func route(_ values: [JSONView], from group: ObjectGroup, key: String) {
        var objects: [JSONView] = []
        var nested: [JSONView] = []
        var arrays: [JSONView] = []
        for value in values {
            switch value.kind {
            case .object: objects.append(value)
            case .array: arrays.append(value)
            default: break
            }
        }
        var next = 0
        while next < arrays.count {
            let array = arrays[next]
            next += 1
            for element in array.elements {
                switch element.kind {
                case .object: nested.append(element)
                case .array: arrays.append(element)
                default: break
                }
            }
        }
        if !objects.isEmpty {
            append(objects, to: bind(ObjectGroup.Slot(key: key, inArray: false), of: group, to: objects))
        }
        if !nested.isEmpty {
            append(nested, to: bind(ObjectGroup.Slot(key: key, inArray: true), of: group, to: nested))
        }
    }

    /// The group `slot` of `group` sends its objects to: the one already bound, or one chosen for `batch`.
    private mutating func bind(_ slot: ObjectGroup.Slot, of group: ObjectGroup, to batch: [JSONView]) -> ObjectGroup {
        if let bound = group.slots[slot] { return bound }
        var base: String
        if group === root {
            base = slot.inArray ? SwiftNames.typeName(for: rootName, singular: true) : rootName
            if slot.inArray && base == rootName { base += "Element" }
        } else if case .dictionary = group.shape {
            base = group.name
        } else {
            base = SwiftNames.typeName(for: slot.key, singular: slot.inArray)
        }
        let chosen = choose(base: base, parent: group.name, slot: slot, batch: batch)
        group.slots[slot] = chosen
        return chosen
    }

    private mutating func choose(base: String, parent: String, slot: ObjectGroup.Slot, batch: [JSONView]) -> ObjectGroup {
        var keys: [String] = []
        var keySet: Set<String> = []
        for object in batch {
            for (key, _) in object.members where keySet.insert(key).inserted { keys.append(key) }
            if keySet.count > Self.largestStructure { break }
        }
        if keySet.isEmpty || keySet.count > Self.largestStructure || keys.allSatisfy(KeyLooks.isData) {
            // The values' objects are named after what the dictionary holds (`events` → `Event`).
            var valueName = slot.inArray ? base : SwiftNames.typeName(for: slot.key, singular: true)
            if parent.isEmpty {
                // The root is then an alias of the dictionary, under the root's name: its values need another.
                if !typeNames.contains(rootName) { _ = typeNames.unique(rootName) }
                if valueName == rootName { valueName += "Entry" }
            }
            return ObjectGroup(name: valueName, baseName: valueName, shape: .dictionary)
        }
        if recognizesUnions, slot.inArray || parent.isEmpty, let tagKey = UnionTag.find(in: batch, keys: keys) {
            return makeGroup(base, parent: parent, shape: .union(tagKey: tagKey))
        }
        let structure = structuresByBaseName[base]?.first { KeyLooks.similar($0.keySet, keySet) }
            ?? makeGroup(base, parent: parent, shape: .structure)
        // Keys are noted now, not only when the objects are sorted, so that the next batch of this base name
        // is compared with every key the group will have.
        for key in keys { structure.noteKey(key) }
        return structure
    }
}
