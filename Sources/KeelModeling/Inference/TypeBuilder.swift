import Keel

/// Turns sorted groups into declarations: the second phase of inference.
///
/// Each member's type comes from all its values in the group's objects: one kind gives that kind's type,
/// integers and other numbers together give `Double`, any other mix `JSON`. Objects give the type their
/// member was bound to while sorting, so the declarations are exactly the groups reachable from the root.
struct TypeBuilder {
    /// Arrays and dictionaries nested deeper than this are typed `JSON`: no model needs more, and the types
    /// are worked out by recursion.
    static let deepestNesting = 64

    let recognizesDates: Bool
    private var declarations: [String: ModelDeclaration] = [:]
    private var pending: [ObjectGroup] = []
    private var order: [String] = []

    init(recognizesDates: Bool) {
        self.recognizesDates = recognizesDates
    }

    /// The model set for the sorted `samples`, whose root member in `sorter` is named `rootName`.
    static func build(samples: [JSONView], sorter: SampleSorter, rootName: String, recognizesDates: Bool) -> ModelSet {
        var builder = TypeBuilder(recognizesDates: recognizesDates)
        let (root, _) = builder.type(of: samples, in: sorter.root, key: rootName, inArray: false, isMember: false, depth: 0)
        var next = 0
        while next < builder.pending.count {
            let group = builder.pending[next]
            next += 1
            builder.declarations[group.name] = builder.declaration(for: group)
        }
        var declarations = builder.order.compactMap { builder.declarations[$0] }
        CycleBreaking.breakCycles(in: &declarations)
        return ModelSet(root: root, rootName: Self.name(of: root) ?? rootName, declarations: declarations, samples: samples.count)
    }

    private static func name(of root: ModelType) -> String? {
        if case .named(let name) = root { return name }
        return nil
    }

    /// The type of `values`, found under `key` of `group` (inside arrays when `inArray`), and how many were `null`.
    private mutating func type(
        of values: [JSONView], in group: ObjectGroup, key: String, inArray: Bool, isMember: Bool, depth: Int
    ) -> (type: ModelType, nulls: Int) {
        var nulls = 0
        var kinds = KindsSeen()
        var strings: [String] = []
        var elements: [JSONView] = []
        for value in values {
            switch value.kind {
            case .null: nulls += 1
            case .bool: kinds.bool = true
            case .number:
                if ModelType.number(value) == .double { kinds.double = true } else { kinds.integer = true }
            case .string:
                kinds.string = true
                if isMember && recognizesDates, let text = value.stringValue { strings.append(text) }
            case .array:
                kinds.array = true
                elements += value.elements
            case .object: kinds.object = true
            }
        }
        switch kinds.only {
        case .bool?: return (.bool, nulls)
        case .integer?: return (.integer, nulls)
        case .double?: return (.double, nulls)
        case .string?: return (DateRecognition.format(of: strings).map(ModelType.date) ?? .string, nulls)
        case .array?:
            guard depth < Self.deepestNesting, !elements.isEmpty else { return (.array(.json), nulls) }
            let element = type(of: elements, in: group, key: key, inArray: true, isMember: false, depth: depth + 1)
            return (.array(element.nulls > 0 && element.type != .json ? .optional(element.type) : element.type), nulls)
        case .object?:
            guard let target = group.slots[ObjectGroup.Slot(key: key, inArray: inArray)] else { return (.json, nulls) }
            return (reference(to: target, depth: depth), nulls)
        case nil:
            return (.json, nulls)
        }
    }

    /// The type of objects sent to `target`: a dictionary's, or the name of a declaration to make.
    private mutating func reference(to target: ObjectGroup, depth: Int) -> ModelType {
        if case .dictionary = target.shape {
            guard depth < Self.deepestNesting else { return .dictionary(.json) }
            let values = target.objects.flatMap { $0.members.map(\.value) }
            guard !values.isEmpty else { return .dictionary(.json) }
            let value = type(of: values, in: target, key: "", inArray: false, isMember: false, depth: depth + 1)
            return .dictionary(value.nulls > 0 && value.type != .json ? .optional(value.type) : value.type)
        }
        if declarations[target.name] == nil {
            // Claimed now, filled in when taken from `pending`, so that a type reached twice is made once.
            declarations[target.name] = ModelDeclaration(name: target.name, kind: .structure([]), occurrences: 0)
            order.append(target.name)
            pending.append(target)
        }
        return .named(target.name)
    }

    private mutating func declaration(for group: ObjectGroup) -> ModelDeclaration {
        if case .union(let tagKey) = group.shape {
            var caseNames = UniqueNames()
            let variants = group.variants.map { variant in
                _ = reference(to: variant.group, depth: 0)
                return ModelVariant(tag: variant.tag, caseName: caseNames.unique(SwiftNames.caseName(for: variant.tag)),
                                    payload: variant.group.name)
            }
            return ModelDeclaration(name: group.name, kind: .union(tagKey: tagKey, variants: variants), occurrences: group.objects.count)
        }
        // Each object's members once, the last of a repeated key winning as everywhere in Keel.
        var valuesByKey: [String: [JSONView]] = [:]
        for object in group.objects {
            var latest: [String: JSONView] = [:]
            for (key, value) in object.members where key != group.excludedKey { latest[key] = value }
            for (key, value) in latest { valuesByKey[key, default: []].append(value) }
        }
        var names = UniqueNames()
        let members = group.keys.compactMap { key -> ModelMember? in
            guard let values = valuesByKey[key] else { return nil }
            let (type, nulls) = type(of: values, in: group, key: key, inArray: false, isMember: true, depth: 0)
            return ModelMember(
                key: key, propertyName: names.unique(SwiftNames.propertyName(for: key)), type: type,
                isRequired: values.count == group.objects.count, isNullable: nulls > 0, occurrences: values.count)
        }
        return ModelDeclaration(name: group.name, kind: .structure(members), occurrences: group.objects.count)
    }
}

/// Which kinds of non-null values were seen.
private struct KindsSeen {
    enum Kind { case bool, integer, double, string, array, object }
    var bool = false, integer = false, double = false, string = false, array = false, object = false

    /// The one kind seen (integers and other numbers together counting as `double`), or `nil` for none or a mix.
    var only: Kind? {
        let seen: [(Bool, Kind)] = [(bool, .bool), (integer || double, double ? .double : .integer), (string, .string),
                                    (array, .array), (object, .object)]
        let kinds = seen.filter(\.0)
        return kinds.count == 1 ? kinds[0].1 : nil
    }
}
