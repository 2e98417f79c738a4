// The standard types' partial forms, read straight from the snapshot's JSON (no document is made for a
// scalar): strings show their text so far; numbers and booleans appear once whole, with the same exactness
// rules as decoding; containers show their finished elements and their open one.

extension String: JSONPartialDecodable {
    /// The text so far, open or finished.
    public static func partial(from value: JSONPartialValue) -> String? {
        if case .string(let text) = value.json { return text }
        return nil
    }
}

extension Bool: JSONPartialDecodable {
    public static func partial(from value: JSONPartialValue) -> Bool? {
        if case .bool(let flag) = value.json { return flag }
        return nil
    }
}

extension Double: JSONPartialDecodable {
    public static func partial(from value: JSONPartialValue) -> Double? {
        if case .number(let number) = value.json { return number.double }
        return nil
    }
}

extension Float: JSONPartialDecodable {
    public static func partial(from value: JSONPartialValue) -> Float? {
        if case .number(let number) = value.json { return number.float }
        return nil
    }
}

extension FixedWidthInteger {
    /// The exact integer, as decoding requires.
    static func exactPartial(from value: JSONPartialValue) -> Self? {
        if case .number(let number) = value.json { return number.exactly(Self.self) }
        return nil
    }
}

extension Int: JSONPartialDecodable {
    public static func partial(from value: JSONPartialValue) -> Int? { exactPartial(from: value) }
}
extension Int8: JSONPartialDecodable {
    public static func partial(from value: JSONPartialValue) -> Int8? { exactPartial(from: value) }
}
extension Int16: JSONPartialDecodable {
    public static func partial(from value: JSONPartialValue) -> Int16? { exactPartial(from: value) }
}
extension Int32: JSONPartialDecodable {
    public static func partial(from value: JSONPartialValue) -> Int32? { exactPartial(from: value) }
}
extension Int64: JSONPartialDecodable {
    public static func partial(from value: JSONPartialValue) -> Int64? { exactPartial(from: value) }
}
extension UInt: JSONPartialDecodable {
    public static func partial(from value: JSONPartialValue) -> UInt? { exactPartial(from: value) }
}
extension UInt8: JSONPartialDecodable {
    public static func partial(from value: JSONPartialValue) -> UInt8? { exactPartial(from: value) }
}
extension UInt16: JSONPartialDecodable {
    public static func partial(from value: JSONPartialValue) -> UInt16? { exactPartial(from: value) }
}
extension UInt32: JSONPartialDecodable {
    public static func partial(from value: JSONPartialValue) -> UInt32? { exactPartial(from: value) }
}
extension UInt64: JSONPartialDecodable {
    public static func partial(from value: JSONPartialValue) -> UInt64? { exactPartial(from: value) }
}

extension JSON: JSONPartialDecodable {
    /// The value so far.
    public static func partial(from value: JSONPartialValue) -> JSON? { value.json }
}

extension Optional: JSONPartialDecodable where Wrapped: JSONPartialDecodable {
    /// `null` is `.some(nil)`; anything else is the wrapped type's partial form.
    @inlinable
    public static func partial(from value: JSONPartialValue) -> Wrapped.Partial?? {
        if value.isNull { return .some(nil) }
        return Wrapped.partial(from: value).map { .some($0) }
    }

    public static func partial(finished value: Wrapped?) -> Wrapped.Partial? { value.map(Wrapped.partial(finished:)) }
}

extension Array: JSONPartialDecodable where Element: JSONPartialDecodable {
    /// The elements that can be shown, in order; an element that cannot (a finished one that does not decode,
    /// or an open one with nothing to show yet) ends the list, so that positions stay those of the document.
    ///
    /// Inlined into the caller, so that the list is handled by code specialized for the element type.
    @inlinable
    public static func partial(from value: JSONPartialValue) -> [Element.Partial]? {
        if let shown = value.textElements(Element.partial(from:)) { return shown }
        if value.isFinished, value.isFinishedText, let whole = value.decodeFinished(as: [Element].self) {
            return partial(finished: whole)
        }
        guard let elements = value.elements else { return nil }
        var result: [Element.Partial] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            guard let partial = element.remembered(Element.partial(from:)) else { break }
            result.append(partial)
        }
        return result
    }

    public static func partial(finished value: [Element]) -> [Element.Partial] { value.map(Element.partial(finished:)) }
}

extension Dictionary: JSONPartialDecodable where Key == String, Value: JSONPartialDecodable {
    /// The members that can be shown (the last of a repeated key).
    public static func partial(from value: JSONPartialValue) -> [String: Value.Partial]? {
        if value.isFinished, case .text = value.content, let whole = value.decodeFinished(as: [String: Value].self) {
            return partial(finished: whole)
        }
        guard let members = value.members else { return nil }
        var result: [String: Value.Partial] = [:]
        for (key, member) in members {
            if let partial = member.remembered(Value.partial(from:)) { result[key] = partial } else { result[key] = nil }
        }
        return result
    }

    public static func partial(finished value: [String: Value]) -> [String: Value.Partial] { value.mapValues(Value.partial(finished:)) }
}
