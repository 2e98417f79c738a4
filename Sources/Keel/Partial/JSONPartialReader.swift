/// Reads the successive snapshots of one document as `T`'s partial form, decoding each finished value once.
///
/// A value that has finished arriving never changes, so the reader keeps what it decoded of it and later
/// snapshots reuse it: reading a snapshot costs in proportion to what is still open, not to the document.
///
/// ```swift
/// var parser = JSONIncrementalParser()
/// let reader = JSONPartialReader(Plan.self)
/// for try await chunk in body {
///     try parser.feed(chunk)
///     if let plan = reader.read(parser.snapshot()) { show(plan) }
/// }
/// ```
///
/// One reader serves one document; it is not for sharing between tasks.
public struct JSONPartialReader<T: JSONPartialDecodable> {
    let memory = JSONPartialMemory()

    /// A reader for snapshots of one document.
    public init(_ type: T.Type = T.self) {}

    /// The snapshot as `T`'s partial form, or `nil` when nothing of it can be shown yet.
    public func read(_ snapshot: JSONSnapshot) -> T.Partial? {
        JSONPartialValue(snapshot, memory: memory).flatMap(T.partial(from:))
    }
}
