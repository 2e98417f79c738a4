import Keel

/// Infers model types from sample JSON values: the types `keel model` writes as Swift.
///
/// Every sample is read together: a member missing from some objects is not required, one that was `null` is
/// nullable, integers stay `Int` until a number with a fraction or exponent appears, strings that are all
/// dates in one format become dates, and objects found under the same key with much the same members become
/// one type. The result describes the types (``ModelSet``); ``SwiftModelSource`` writes them as
/// `@JSONModel` declarations.
///
/// ```swift
/// var inference = ModelInference(rootName: "Order")
/// for line in lines { inference.add(try JSONDocument(parsing: line).root) }
/// let models = inference.models()
/// print(SwiftModelSource(models).text)
/// ```
///
/// Types are worked out from the samples alone, so they read every sample and nothing promises more: a
/// member seen in every sample is required even if the API documents it as optional.
public struct ModelInference: Sendable {
    /// What inference looks for beyond the kinds of values.
    public struct Options: Sendable, Hashable {
        /// Whether strings that are all dates in one format (RFC 3339, `yyyy-MM-dd`, or Twitter's
        /// `EEE MMM dd HH:mm:ss Z yyyy`), each written back exactly as it was, are typed as dates.
        public var recognizesDates = true
        /// Whether objects of different shapes told apart by a tag member (`"type": "circle"`) become an
        /// enum with a case per tag.
        public var recognizesUnions = true

        public init() {}
    }

    /// The name of the samples' type (of their elements' type, in the singular, for arrays).
    public var rootName: String
    public var options: Options
    /// The samples added so far. Their documents are kept alive until the inference is dropped.
    public private(set) var samples: [JSONView] = []

    public init(rootName: String, options: Options = Options()) {
        self.rootName = rootName
        self.options = options
    }

    /// Adds a sample: a value the model's root type must read.
    public mutating func add(_ sample: JSONView) {
        samples.append(sample)
    }

    /// Adds each of `samples`.
    public mutating func add(contentsOf samples: some Sequence<JSONView>) {
        self.samples += samples
    }

    /// A Swift type name for a JSON name, as inference names types: `search_metadata` → `SearchMetadata`, and
    /// with `singular`, `statuses` → `Status`.
    public static func typeName(for name: String, singular: Bool = false) -> String {
        SwiftNames.typeName(for: name, singular: singular)
    }

    /// The types that read every sample added.
    public func models() -> ModelSet {
        let name = SwiftNames.typeName(for: rootName, singular: false)
        var sorter = SampleSorter(recognizesUnions: options.recognizesUnions)
        sorter.sortSamples(samples, rootName: name)
        return TypeBuilder.build(samples: samples, sorter: sorter, rootName: name, recognizesDates: options.recognizesDates)
    }
}
