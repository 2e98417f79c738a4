// The standard types' conformances: each converts a value exactly or throws an error that names the path,
// the position, what was expected and what was found.

extension String: JSONDecodable {
    /// A JSON string.
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> String {
        if _slowPath(JSONDecodingOverrides.anyScopeOpen), let replaced = try JSONDecodingOverrides.replaced(String.self, value) { return replaced }
        guard let string = value.stringValue else { throw .typeMismatch("a String", at: value) }
        return string
    }
}

extension Bool: JSONDecodable {
    /// `true` or `false`; numbers and strings are not booleans.
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Bool {
        if _slowPath(JSONDecodingOverrides.anyScopeOpen), let replaced = try JSONDecodingOverrides.replaced(Bool.self, value) { return replaced }
        guard let bool = value.boolValue else { throw .typeMismatch("a Bool", at: value) }
        return bool
    }
}

extension Double: JSONDecodable {
    /// The correctly rounded double; numbers beyond `Double`'s range are an error, not infinity.
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Double {
        if _slowPath(JSONDecodingOverrides.anyScopeOpen), let replaced = try JSONDecodingOverrides.replaced(Double.self, value) { return replaced }
        guard let double = value.nearestDouble else { throw .typeMismatch("a Double", at: value) }
        guard double.isFinite || value.storage.isNonFinite(at: value.index) else {
            throw .outOfRange("a Double", at: value, reason: "which is out of its range")
        }
        return double
    }
}

extension Float: JSONDecodable {
    /// The correctly rounded float; numbers beyond `Float`'s range are an error, not infinity.
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Float {
        if _slowPath(JSONDecodingOverrides.anyScopeOpen), let replaced = try JSONDecodingOverrides.replaced(Float.self, value) { return replaced }
        guard let number = value.numberValue else { throw .typeMismatch("a Float", at: value) }
        // A number written non-finite (JSON5's `NaN`, `Infinity`) reads as itself; a finite one beyond the range fails.
        guard let float = number.float ?? (number.isFinite ? nil : Float(number.nearestDouble)) else {
            throw .outOfRange("a Float", at: value, reason: "which is out of its range")
        }
        return float
    }
}

/// Exact integer decoding, shared by every width.
extension FixedWidthInteger {
    static func decodeExactly(_ value: JSONView) throws(JSONDecodingError) -> Self {
        if _slowPath(JSONDecodingOverrides.anyScopeOpen), let replaced = try JSONDecodingOverrides.replaced(Self.self, value) { return replaced }
        switch value.integer(as: Self.self) {
        case .success(let integer)?:
            return integer
        case .failure(let reason)?:
            throw .outOfRange(JSONDecodingError.describe(Self.self), at: value,
                              reason: reason == .notAnInteger ? "which is not an integer" : "which is out of its range")
        case nil:
            throw .typeMismatch(JSONDecodingError.describe(Self.self), at: value)
        }
    }
}

extension Int: JSONDecodable {
    /// The exact integer: `1.0` and `1e2` decode, `1.5` and out-of-range numbers do not.
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Int { try decodeExactly(value) }
}
extension Int8: JSONDecodable {
    /// The exact integer, or an error.
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Int8 { try decodeExactly(value) }
}
extension Int16: JSONDecodable {
    /// The exact integer, or an error.
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Int16 { try decodeExactly(value) }
}
extension Int32: JSONDecodable {
    /// The exact integer, or an error.
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Int32 { try decodeExactly(value) }
}
extension Int64: JSONDecodable {
    /// The exact integer, or an error.
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Int64 { try decodeExactly(value) }
}
extension UInt: JSONDecodable {
    /// The exact integer, or an error.
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> UInt { try decodeExactly(value) }
}
extension UInt8: JSONDecodable {
    /// The exact integer, or an error.
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> UInt8 { try decodeExactly(value) }
}
extension UInt16: JSONDecodable {
    /// The exact integer, or an error.
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> UInt16 { try decodeExactly(value) }
}
extension UInt32: JSONDecodable {
    /// The exact integer, or an error.
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> UInt32 { try decodeExactly(value) }
}
extension UInt64: JSONDecodable {
    /// The exact integer, or an error.
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> UInt64 { try decodeExactly(value) }
}

extension JSON: JSONDecodable {
    /// The value as a tree.
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> JSON { JSON(value) }
}

extension JSONView: JSONDecodable {
    /// The view itself, for reading a part of a model by hand.
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> JSONView { value }
}

extension Optional: JSONDecodable where Wrapped: JSONDecodable {
    /// An optional records the error of a wrong-typed value in collecting mode.
    @inlinable public static var _mayRecordNestedErrors: Bool { true }

    /// `null` is `nil`. A value of the wrong type is an error, except in collecting mode, where it becomes
    /// `nil` and the error is recorded.
    @inlinable
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Wrapped? {
        if value.isNullValue { return nil }
        do {
            return try Wrapped.decode(value, in: context)
        } catch {
            guard context.isCollecting else { throw error }
            context.recordUnlessReported(error, since: context.errorCount)
            return nil
        }
    }
}

extension Array: JSONDecodable where Element: JSONDecodable {
    /// An array records the errors of the elements it leaves out.
    @inlinable public static var _mayRecordNestedErrors: Bool { true }

    /// Every element, in order. In strict mode one bad element fails the array; in collecting mode it is
    /// left out and its error recorded, so the others survive.
    @inlinable
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> [Element] {
        if _slowPath(JSONDecodingOverrides.anyScopeOpen) {
            if let replaced = try JSONDecodingOverrides.replaced([Element].self, value) { return replaced }
            if value.kind != .array, !value.isNullValue, JSONDecodingOverrides.wrapsSingleValues {
                return [try Element.decode(value, in: context)]
            }
        }
        guard value.kind == .array else { throw .typeMismatch("an array of \(Element.self)", at: value) }
        return try value.decodeElements(in: context, lossy: context.isCollecting)
    }
}

extension Set: JSONDecodable where Element: JSONDecodable {
    /// A set records the errors of the elements it leaves out.
    @inlinable public static var _mayRecordNestedErrors: Bool { true }

    /// The elements as a set (an array in JSON; repeated elements collapse).
    @inlinable
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Set<Element> {
        if _slowPath(JSONDecodingOverrides.anyScopeOpen), let replaced = try JSONDecodingOverrides.replaced(Set<Element>.self, value) { return replaced }
        return Set(try [Element].decode(value, in: context))
    }
}

extension Dictionary: JSONDecodable where Key == String, Value: JSONDecodable {
    /// A dictionary records the errors of the members it leaves out.
    @inlinable public static var _mayRecordNestedErrors: Bool { true }

    /// The members of an object; for a repeated key the last member wins. In collecting mode a member that
    /// fails is left out and its error recorded.
    @inlinable
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> [String: Value] {
        if _slowPath(JSONDecodingOverrides.anyScopeOpen), let replaced = try JSONDecodingOverrides.replaced([String: Value].self, value) { return replaced }
        guard value.kind == .object else { throw .typeMismatch("an object of \(Value.self)", at: value) }
        return try value.decodeMembers(in: context, lossy: context.isCollecting)
    }
}

extension JSONDecodable where Self: RawRepresentable, RawValue: JSONDecodable {
    /// The case whose raw value the JSON holds; any other value is an ``JSONDecodingError/Kind/unknownRawValue``
    /// error. Declaring conformance is enough: `enum Role: String, JSONDecodable { case admin, user }`.
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Self {
        let raw = try RawValue.decode(value, in: context)
        guard let decoded = Self(rawValue: raw) else {
            throw JSONDecodingError(kind: .unknownRawValue, expected: "a raw value of \(Self.self)",
                                    found: value.excerpt(), at: value)
        }
        return decoded
    }
}

extension JSONDecodingContext {
    /// Records `error` unless decoding since `count` errors already recorded why (so that a record whose own
    /// fields failed is not reported twice).
    @usableFromInline
    func recordUnlessReported(_ error: JSONDecodingError, since count: Int) {
        if errorCount == count { record(error) }
    }

    /// Decodes one element or member of a collection: under its frame when `tracked` (`openFrame` opens it,
    /// so that errors recorded inside name it); with `lossy`, a failure gives `nil`, recorded in collecting
    /// mode under the frame, instead of being thrown.
    @inlinable @inline(__always)
    func decodeItem<Value>(
        tracked: Bool, lossy: Bool, openFrame: () -> Void, decode: () throws(JSONDecodingError) -> Value
    ) throws(JSONDecodingError) -> Value? {
        let before = errorCount
        if tracked { openFrame() }
        defer { if tracked { closeFrame() } }
        do {
            return try decode()
        } catch {
            guard lossy else { throw error }
            if isCollecting {
                if !tracked { openFrame() }
                recordUnlessReported(error, since: before)
                if !tracked { closeFrame() }
            }
            return nil
        }
    }
}

extension JSONView {
    /// Decodes every element of an array; with `lossy`, elements that fail are left out (their errors are
    /// recorded in collecting mode).
    ///
    /// Inlinable, like the conformances that call it, so that it is specialized for each element type: a
    /// generic loop would ask the runtime for type metadata and call through witness tables per element.
    @inlinable
    func decodeElements<Element: JSONDecodable>(in context: JSONDecodingContext, lossy: Bool) throws(JSONDecodingError) -> [Element] {
        try JSONDecodingError.checkStack(for: self)
        let count = self.count
        var result: [Element] = []
        result.reserveCapacity(count)
        var child = index + 1
        // The element's frame names it in the messages of errors recorded while decoding it; an element
        // that only throws gets its frame just for recording its own error.
        let tracked = context.isCollecting && Element._mayRecordNestedErrors
        if DocumentStorage.readsDirectly(Element.self) {
            for position in 0..<count {
                if let value = directScalar(Element.self, at: child) {
                    result.append(value)
                    child &+= 1
                    continue
                }
                // Not a value of the type (an error to report), or decoding overrides are in force.
                try appendElement(JSONView(storage: storage, index: child), at: position, tracked: tracked,
                                  lossy: lossy, in: context, to: &result)
                child = storage.indexOfValue(after: child)
            }
        } else {
            // One view for every element, moved along by its index: a view made per element retained and
            // released the document each time (for citm_catalog's arrays of small objects, a twentieth of
            // decoding).
            var element = self
            let reused = context.reusedDecodes(of: storage)
            for position in 0..<count {
                element.index = child
                child = storage.indexOfValue(after: child)
                if let reused, let known = reused.value(at: element.index, as: Element.self) {
                    result.append(known)
                    continue
                }
                try appendElement(element, at: position, tracked: tracked, lossy: lossy, in: context, to: &result)
            }
        }
        return result
    }
}

extension JSONView {
    /// Decodes `element`, the array's element at `position`, and appends it to `result`; with `lossy`, an
    /// element that fails is left out (its error recorded in collecting mode).
    @inlinable @inline(__always)
    func appendElement<Element: JSONDecodable>(
        _ element: JSONView, at position: Int, tracked: Bool, lossy: Bool, in context: JSONDecodingContext,
        to result: inout [Element]
    ) throws(JSONDecodingError) {
        let decoded = try context.decodeItem(tracked: tracked, lossy: lossy) {
            context.openElementFrame(at: position, type: Element.self)
        } decode: { () throws(JSONDecodingError) in
            try Element.decode(element, in: context)
        }
        if let decoded { result.append(decoded) }
    }

    /// Decodes every member of an object into a dictionary (for a repeated key the last member wins); with
    /// `lossy`, members that fail are left out (their errors are recorded in collecting mode).
    @inlinable
    func decodeMembers<Value: JSONDecodable>(in context: JSONDecodingContext, lossy: Bool) throws(JSONDecodingError) -> [String: Value] {
        try JSONDecodingError.checkStack(for: self)
        var result: [String: Value] = [:]
        result.reserveCapacity(count)
        // As for arrays: the member's frame names its key in the trail of errors recorded inside it.
        let tracked = context.isCollecting && Value._mayRecordNestedErrors
        for (key, member) in members {
            let decoded = try context.decodeItem(tracked: tracked, lossy: lossy) {
                context.openMemberFrame(key: key, type: Value.self)
            } decode: { () throws(JSONDecodingError) in
                try Value.decode(member, in: context)
            }
            if let decoded { result[key] = decoded }
        }
        return result
    }
}
