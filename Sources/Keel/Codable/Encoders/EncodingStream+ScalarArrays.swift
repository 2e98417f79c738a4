// Arrays of the commonest scalars, written by the stream in one loop instead of being asked to encode
// themselves. Through the Codable protocols each element costs an unkeyed container's call, a type check
// and a `JSON` value, and even an empty array costs a container: for models of coordinates (arrays of
// pairs of doubles) or of ids (arrays of integers) that was most of the time. The text is the same.
#if canImport(FoundationEssentials) || canImport(Foundation)
extension EncodingStream {
    /// Whether values of `type` are written by ``writeScalarArray(_:depth:at:)``: `[Int]`, `[Double]`,
    /// `[String]` and `[Bool]`, whose elements no strategy changes (but a double's non-finite values).
    static func isScalarArray<T>(_ type: T.Type) -> Bool {
        type == [Int].self || type == [Double].self || type == [String].self || type == [Bool].self
    }

    /// Writes `value`, of a type ``isScalarArray(_:)`` accepts, as an array at `depth`, the array's own path
    /// being `path`.
    ///
    /// - Throws: `EncodingError.invalidValue` for a non-finite double the strategy does not convert, with the
    ///   element's path.
    func writeScalarArray<T>(_ value: T, depth: Int, at path: @autoclosure () -> CodingPathNode) throws {
        // The type is compared first and the value reinterpreted (the types are the same): a cast such as
        // `as? [Int]` converts arrays of other element types element by element before it fails.
        if T.self == [Int].self {
            writeArray(unsafeBitCast(value, to: [Int].self), depth: depth) { integer, _ in writer.sink.number(JSONNumber(integer)) }
        } else if T.self == [Double].self {
            try writeArray(unsafeBitCast(value, to: [Double].self), depth: depth) { double, position in
                if double.isFinite {
                    writer.sink.number(JSONNumber(double))
                } else {
                    write(try session.json(for: double, at: path().appending(index: position)), depth: depth + 1)
                }
            }
        } else if T.self == [String].self {
            writeArray(unsafeBitCast(value, to: [String].self), depth: depth) { string, _ in writer.sink.string(string) }
        } else if T.self == [Bool].self {
            writeArray(unsafeBitCast(value, to: [Bool].self), depth: depth) { flag, _ in writer.sink.append(flag ? "true" : "false") }
        }
    }

    /// `[`, each element after its separator, `]`, as the stream lays out any array.
    @inline(__always)
    private func writeArray<Element>(_ elements: [Element], depth: Int, _ writeElement: (Element, Int) throws -> Void) rethrows {
        writer.sink.append(UInt8(ascii: "["))
        for position in elements.indices {
            writer.sink.beginItem(first: position == 0, depth: depth + 1)
            try writeElement(elements[position], position)
        }
        writer.sink.close(UInt8(ascii: "]"), empty: elements.isEmpty, depth: depth + 1)
    }
}
#endif
