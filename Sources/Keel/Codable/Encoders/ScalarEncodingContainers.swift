// Codable asks every container for sixteen scalar overloads. Both of KeelEncoder's ways of encoding (the
// stream and the tree) turn each scalar into a `JSON` value and hand it to one `put`; these protocols write
// those overloads once for the six containers. They are inlined into each container's conformance: called
// through the protocol, a generic container would look up its witness table at run time on every value.
#if canImport(FoundationEssentials) || canImport(Foundation)
/// A keyed container that stores each scalar through ``put(_:forKey:)``.
protocol ScalarKeyedEncodingContainer: KeyedEncodingContainerProtocol {
    var session: EncodingSession { get }
    var path: CodingPathNode { get }
    func put(_ value: JSON, forKey key: Key)
}

extension ScalarKeyedEncodingContainer {
    var codingPath: [any CodingKey] { path.keys }

    @inline(__always) mutating func encodeNil(forKey key: Key) throws { put(.null, forKey: key) }
    @inline(__always) mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), forKey: key) }
    @inline(__always) mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), forKey: key) }
    @inline(__always) mutating func encode(_ value: Double, forKey key: Key) throws {
        put(try session.json(for: value, at: path.appending(key)), forKey: key)
    }
    @inline(__always) mutating func encode(_ value: Float, forKey key: Key) throws {
        put(try session.json(for: value, at: path.appending(key)), forKey: key)
    }
    @inline(__always) mutating func encode(_ value: Int, forKey key: Key) throws { put(JSON(value), forKey: key) }
    @inline(__always) mutating func encode(_ value: Int8, forKey key: Key) throws { put(JSON(value), forKey: key) }
    @inline(__always) mutating func encode(_ value: Int16, forKey key: Key) throws { put(JSON(value), forKey: key) }
    @inline(__always) mutating func encode(_ value: Int32, forKey key: Key) throws { put(JSON(value), forKey: key) }
    @inline(__always) mutating func encode(_ value: Int64, forKey key: Key) throws { put(JSON(value), forKey: key) }
    @inline(__always) mutating func encode(_ value: UInt, forKey key: Key) throws { put(JSON(value), forKey: key) }
    @inline(__always) mutating func encode(_ value: UInt8, forKey key: Key) throws { put(JSON(value), forKey: key) }
    @inline(__always) mutating func encode(_ value: UInt16, forKey key: Key) throws { put(JSON(value), forKey: key) }
    @inline(__always) mutating func encode(_ value: UInt32, forKey key: Key) throws { put(JSON(value), forKey: key) }
    @inline(__always) mutating func encode(_ value: UInt64, forKey key: Key) throws { put(JSON(value), forKey: key) }
}

/// An unkeyed or single-value container that stores each scalar through ``put(_:)``; `nextPath` is where
/// the next value goes (for the error about a non-finite number).
protocol ScalarValueEncodingContainer {
    var session: EncodingSession { get }
    var nextPath: CodingPathNode { get }
    func put(_ value: JSON)
}

extension ScalarValueEncodingContainer {
    @inline(__always) mutating func encodeNil() throws { put(.null) }
    @inline(__always) mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    @inline(__always) mutating func encode(_ value: String) throws { put(.string(value)) }
    @inline(__always) mutating func encode(_ value: Double) throws { put(try session.json(for: value, at: nextPath)) }
    @inline(__always) mutating func encode(_ value: Float) throws { put(try session.json(for: value, at: nextPath)) }
    @inline(__always) mutating func encode(_ value: Int) throws { put(JSON(value)) }
    @inline(__always) mutating func encode(_ value: Int8) throws { put(JSON(value)) }
    @inline(__always) mutating func encode(_ value: Int16) throws { put(JSON(value)) }
    @inline(__always) mutating func encode(_ value: Int32) throws { put(JSON(value)) }
    @inline(__always) mutating func encode(_ value: Int64) throws { put(JSON(value)) }
    @inline(__always) mutating func encode(_ value: UInt) throws { put(JSON(value)) }
    @inline(__always) mutating func encode(_ value: UInt8) throws { put(JSON(value)) }
    @inline(__always) mutating func encode(_ value: UInt16) throws { put(JSON(value)) }
    @inline(__always) mutating func encode(_ value: UInt32) throws { put(JSON(value)) }
    @inline(__always) mutating func encode(_ value: UInt64) throws { put(JSON(value)) }
}
#endif
