/// A type whose values can be shown while their JSON is still arriving, as a ``Partial`` form.
///
/// The standard scalars are their own partial form (a string shows its text so far; a number or a boolean
/// appears once whole); an array's is an array of its elements' partial forms, the finished ones first and the
/// open one last; a dictionary's likewise; an optional's is its wrapped type's. A `@JSONModel` struct's is
/// ``JSONPartial``, whose properties are all optional. Any other ``JSONDecodable`` type conforms with an empty
/// extension, and is then shown once its value has finished arriving:
///
/// ```swift
/// extension Money: JSONPartialDecodable {}
/// ```
public protocol JSONPartialDecodable: JSONDecodable {
    /// What a value looks like while it arrives: the type itself unless it says otherwise.
    associatedtype Partial = Self

    /// The partial form of what has arrived of `value`, or `nil` when nothing of it can be shown yet.
    static func partial(from value: JSONPartialValue) -> Partial?

    /// The partial form of a value decoded in full.
    static func partial(finished value: Self) -> Partial
}

extension JSONPartialDecodable where Partial == Self {
    /// The value, once it has finished arriving.
    public static func partial(from value: JSONPartialValue) -> Self? { value.decodeFinished(as: Self.self) }

    /// The value itself.
    public static func partial(finished value: Self) -> Self { value }
}

extension JSONSnapshot {
    /// The snapshot read as `T`'s partial form, or `nil` when nothing of it can be shown yet.
    ///
    /// Each call reads the whole snapshot; to read a series of snapshots of one document, a
    /// ``JSONPartialReader`` reads each finished value only once.
    public func partial<T: JSONPartialDecodable>(as type: T.Type = T.self) -> T.Partial? {
        JSONPartialValue(self, memory: nil).flatMap(T.partial(from:))
    }
}
