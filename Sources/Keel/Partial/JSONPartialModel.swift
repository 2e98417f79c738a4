// A `@JSONModel` struct's partial form. The generated code lists each property with the member it reads
// (`jsonPartialMembers`); reading a snapshot fills one slot per property, and the partial form answers
// `partial.title` through dynamic member lookup, typed by the property: a property whose type has a partial
// form gives that form, any other gives its value once finished.

/// A struct whose partial form is ``JSONPartial`` (what `@JSONModel` declares).
public protocol JSONPartialModel: JSONPartialDecodable where Partial == JSONPartial<Self> {
    /// Each property with the member it is read from.
    static var jsonPartialMembers: [JSONPartialMember<Self>] { get }
}

extension JSONPartialModel {
    /// The properties whose members have arrived, each as far as it can be shown.
    ///
    /// Inlined into the model's code, so that making its partial form looks up no generic type at run time.
    @inlinable
    public static func partial(from value: JSONPartialValue) -> JSONPartial<Self>? {
        guard value.isObject else { return nil }
        // A finished object is decoded whole, so that what it shows is exactly the decoded value (defaults
        // included); only if that fails is it read member by member.
        if value.isFinished, let decoded = value.finishedBox(as: Self.self) { return JSONPartial(decoded: decoded) }
        let table = value.memberTable(of: Self.self)
        let shown = value.shownMembers(readBy: table)
        return JSONPartial(slots: shown.slots, open: shown.open, table: table, finished: shown.finished)
    }

    /// The value's partial form: every property shown, and the value itself.
    @inlinable
    public static func partial(finished value: Self) -> JSONPartial<Self> { JSONPartial(model: value) }
}
