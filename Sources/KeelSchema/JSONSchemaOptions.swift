/// How a schema is compiled and run. The limits keep a hostile schema or instance from exhausting the
/// stack or the heap: passing one is an error, never a crash.
public struct JSONSchemaOptions: Sendable, Hashable {
    /// The dialect of a schema without `$schema` (and of registry documents without one).
    public var defaultDialect: JSONSchemaDialect = .draft2020_12
    /// Whether `format` fails values that break their format (date-time, email, ipv4...); by default it is
    /// an annotation only, as 2020-12 says. A meta-schema with the format-assertion vocabulary turns it on
    /// for its schemas whatever this says.
    public var assertsFormats = false
    /// The URI a root schema without `$id` is named by, against which its relative references resolve.
    public var baseURI = "keel:///schema.json"
    /// How deeply schemas may nest inside one another in the schema text.
    public var maximumSchemaDepth = 200
    /// How many subschemas one compilation may hold.
    public var maximumSchemaNodes = 1_000_000
    /// How deeply evaluation may nest (instance depth plus references followed); deeper is a failure.
    public var maximumEvaluationDepth = 1_000

    public init(defaultDialect: JSONSchemaDialect = .draft2020_12, assertsFormats: Bool = false) {
        self.defaultDialect = defaultDialect
        self.assertsFormats = assertsFormats
    }
}
