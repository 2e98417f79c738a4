/// One type of a ``ModelSet``: a struct of members, or an enum of object variants told apart by a tag member.
public struct ModelDeclaration: Sendable, Hashable {
    /// The shapes a declaration takes.
    public enum Kind: Sendable, Hashable {
        /// A struct: the members seen, in the order they first appeared.
        case structure([ModelMember])
        /// An enum whose cases are objects told apart by the string member `tagKey`, sitting beside each
        /// variant's own members (`@JSONModel(layout: .inline(tag:))`).
        case union(tagKey: String, variants: [ModelVariant])
        /// An enum of strings: each case's raw value is the JSON.
        case enumeration([ModelEnumCase])
    }

    /// The Swift name of the type.
    public var name: String
    /// What the type holds.
    public var kind: Kind
    /// How many objects of the samples the type was inferred from (0 for a type read from a schema).
    public var occurrences: Int
    /// What the type is, for its doc comment: a schema's `description`.
    public var documentation: String?
    /// What the type cannot hold of its source, written as comments: a schema's keywords the model does not check.
    public var notes: [String]

    public init(name: String, kind: Kind, occurrences: Int, documentation: String? = nil, notes: [String] = []) {
        self.name = name
        self.kind = kind
        self.occurrences = occurrences
        self.documentation = documentation
        self.notes = notes
    }
}

/// A member of a struct ``ModelDeclaration``: the JSON key, the Swift property and what it holds.
public struct ModelMember: Sendable, Hashable {
    /// The member's name in JSON.
    public var key: String
    /// The property's name in Swift: a valid identifier, unique in its type.
    public var propertyName: String
    /// What a present, non-null value is read as.
    public var type: ModelType
    /// Whether every object of the type had the member.
    public var isRequired: Bool
    /// Whether the member was `null` in some object.
    public var isNullable: Bool
    /// How many objects of the type had the member (0 for a member read from a schema).
    public var occurrences: Int
    /// What the member is, for its doc comment: a schema's `description`.
    public var documentation: String?
    /// What the member's type cannot hold of its source, written as comments.
    public var notes: [String]

    public init(key: String, propertyName: String, type: ModelType, isRequired: Bool, isNullable: Bool, occurrences: Int,
                documentation: String? = nil, notes: [String] = []) {
        self.key = key
        self.propertyName = propertyName
        self.type = type
        self.isRequired = isRequired
        self.isNullable = isNullable
        self.occurrences = occurrences
        self.documentation = documentation
        self.notes = notes
    }
}

/// A case of a string ``ModelDeclaration/Kind/enumeration(_:)``.
public struct ModelEnumCase: Sendable, Hashable {
    /// The string in JSON.
    public var value: String
    /// The case's name in Swift.
    public var caseName: String

    public init(value: String, caseName: String) {
        self.value = value
        self.caseName = caseName
    }
}

/// A case of a union ``ModelDeclaration``: the tag's value and the struct holding the variant's other members.
public struct ModelVariant: Sendable, Hashable {
    /// The tag member's value that selects this case.
    public var tag: String
    /// The enum case's name in Swift.
    public var caseName: String
    /// The name of the struct declaration holding the variant's members (the tag left out).
    public var payload: String

    public init(tag: String, caseName: String, payload: String) {
        self.tag = tag
        self.caseName = caseName
        self.payload = payload
    }
}
