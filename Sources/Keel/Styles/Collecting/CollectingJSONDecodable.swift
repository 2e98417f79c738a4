/// A type that decodes itself in the collecting style of the LastMile library: it takes what it can from a
/// ``CollectingDecoder``, records everything that was wrong, and fails only when a required value is missing
/// or unusable.
///
/// ```swift
/// struct Person: CollectingJSONDecodable {
///     let id: Int, firstName: String, lastName: String, phoneNumber: String?, height: Double?
///     static var idKey: String? { "person_id" }
///
///     init?(from decoder: CollectingDecoder) {
///         let id = decoder["person_id"] --> Int.self
///         let firstName = decoder["first_name"] --> String.self
///         let lastName = decoder["last_name"] --> String.self
///         let phoneNumber = decoder["contact_info"]["phone_number"] --> String?.self
///         let height = decoder["height"] --> Double?.self
///         guard decoder.succeeded, let id, let firstName, let lastName else { return nil }
///         self.init(id: id, firstName: firstName, lastName: lastName, phoneNumber: phoneNumber, height: height)
///     }
/// }
///
/// let result = CollectingJSONDecoder().decode(Person.self, from: json)
/// result.value     // Person(id: 8675309, firstName: "Mary", ..., height: nil)
/// result.errors    // [root(Person person_id=8675309) > "height"(Double) : Unexpectedly found a string]
/// ```
///
/// Conforming also makes the type ``JSONDecodable``. Decoded strictly (from another style), any error the
/// decoder recorded fails the value.
public protocol CollectingJSONDecodable: JSONDecodable {
    /// Initializes a value from what `decoder` can provide, or fails when a required value is missing.
    init?(from decoder: CollectingDecoder)
    /// The key whose value identifies a record in error messages (`person_id`), or `nil`.
    static var idKey: String? { get }
}

extension CollectingJSONDecodable {
    /// No id key.
    public static var idKey: String? { nil }

    /// A salvaging record records the errors of its own fields.
    @inlinable public static var _mayRecordNestedErrors: Bool { true }

    /// Decodes through ``init(from:)``, collecting errors in the context (or in a private one, which makes
    /// any error fatal, when the context is strict).
    @inlinable
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Self {
        try JSONDecodingError.checkStack(for: value)
        let collecting = context.isCollecting ? context : JSONDecodingContext(mode: .collecting)
        let before = collecting.errorCount
        let pushed = collecting.enterRecord(type: Self.self, idKey: idKey, idValue: idKey.flatMap { value.member($0) })
        defer { if pushed { collecting.closeFrame() } }
        let decoder = CollectingDecoder(value: value, context: collecting, record: CollectingDecoder.Record())
        let decoded = Self(from: decoder)
        if !context.isCollecting, collecting.errorCount > before {
            throw JSONDecodingError.multiple(collecting.errors)
        }
        guard let decoded else {
            throw JSONDecodingError.custom("Could not decode \(Self.self)", at: value)
        }
        return decoded
    }
}

extension JSONDecodingContext {
    /// Marks the innermost frame as a record of `typeName` with `id`, or opens a root frame when there is
    /// none for it. Returns whether a frame was opened (and must be closed).
    @usableFromInline
    func enterRecord(type: Any.Type, idKey: String?, idValue: JSONView?) -> Bool {
        guard isCollecting else { return false }
        if let last = frames.indices.last, frames[last].type == type, frames[last].idKey == nil {
            frames[last].idKey = idKey
            frames[last].idValue = idValue
            return false
        }
        if frames.isEmpty {
            var frame = DecodingFrame(component: nil, type: type)
            frame.idKey = idKey
            frame.idValue = idValue
            frames.append(frame)
            return true
        }
        return false
    }
}
