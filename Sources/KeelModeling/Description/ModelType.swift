import Keel

/// The Swift type a member, an element or a dictionary value is read as, in a ``ModelSet``.
public indirect enum ModelType: Sendable, Hashable {
    /// `Bool`.
    case bool
    /// `Int`: every number seen was an integer that fits in 64 bits.
    case integer
    /// `Double`: some number had a fraction or an exponent, or was an integer too large for `Int`.
    case double
    /// `String`.
    case string
    /// `JSONTimestamp`, read and written in `format`: every string seen was a date that this format writes back
    /// exactly as it was. Only a member is ever a date (an attribute names its format).
    case date(JSONDateFormat)
    /// `JSON`: any value, where the samples mixed kinds, or held only `null` or only empty arrays.
    case json
    /// `[Element]`.
    case array(ModelType)
    /// `[String: Value]`: an object whose keys are data (identifiers, numbers) rather than member names.
    case dictionary(ModelType)
    /// `Wrapped?` inside an array or a dictionary, whose elements or values were sometimes `null`. A member's
    /// own absence and nulls are ``ModelMember/isRequired`` and ``ModelMember/isNullable``.
    case optional(ModelType)
    /// A type declared in the same ``ModelSet``, by name.
    case named(String)
}

extension ModelType {
    /// `Int` or `Double` for the number `value`, by its text: `Int` for an integer literal that fits, `Double`
    /// for one with a fraction or an exponent (`1.0`, `1e3`) or too large. The one rule samples and schemas
    /// (a `const`, an `enum`) are typed by.
    static func number(_ value: JSONView) -> ModelType {
        let fractional = value.sourceText.contains { $0 == "." || $0 == "e" || $0 == "E" }
        return fractional || value.numberValue?.exactly(Int.self) == nil ? .double : .integer
    }
}
