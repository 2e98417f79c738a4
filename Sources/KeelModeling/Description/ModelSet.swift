/// Model types that read a set of samples: what ``ModelInference`` finds, and what ``SwiftModelSource`` writes.
public struct ModelSet: Sendable, Hashable {
    /// The type of each sample: usually ``ModelType/named(_:)`` of the first declaration.
    public var root: ModelType
    /// The name the root was given; a root that is not a struct or an enum is written as a type alias of it.
    public var rootName: String
    /// The declarations, the root's first, then each in the order it is first used.
    public var declarations: [ModelDeclaration]
    /// How many samples the types were inferred from.
    public var samples: Int

    public init(root: ModelType, rootName: String, declarations: [ModelDeclaration], samples: Int) {
        self.root = root
        self.rootName = rootName
        self.declarations = declarations
        self.samples = samples
    }

    /// The declaration named `name`.
    public func declaration(named name: String) -> ModelDeclaration? {
        declarations.first { $0.name == name }
    }
}
