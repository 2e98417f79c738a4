/// A place in a document, as seen while salvaging a record: the value there (or why there is none), with
/// subscripts that never fail and a `-->` that records what went wrong.
///
/// Subscript as deep as you need (`decoder["items"][0]["values"][0]["name"]`); nothing is checked until you
/// ask for a value with ``decode(_:)`` (`--> T.self`) or ``decodeIfPresent(_:)`` (`--> T?.self`):
///
/// - a required value that is missing, `null` or of the wrong type records an error and makes the record
///   fail (``succeeded`` becomes `false`);
/// - an optional value that is missing or `null` is `nil`, with no error; one of the wrong type is `nil` and
///   records an error, and the record still succeeds;
/// - arrays keep the elements that decode and record an error for each one that does not.
public struct CollectingDecoder {
    /// Whether any required value of one record has failed; shared by the decoders made from it.
    @usableFromInline
    final class Record {
        var failed = false
        @usableFromInline init() {}
    }

    /// Where this decoder points: a value, or the reason there is none.
    enum Target {
        case value(JSONView)
        /// The container lacks the component (a missing key or index).
        case missing(container: JSONView, component: JSONPath.Component)
        /// A step into something that cannot be subscripted that way.
        case wrongContainer(JSONView, component: JSONPath.Component)
        /// Below a missing or unusable step: that step's reason.
        indirect case below(Target)
    }

    let target: Target
    @usableFromInline let context: JSONDecodingContext
    let record: Record
    /// The steps taken from the record's own value, for messages.
    let steps: Steps

    /// A short list of steps that makes no allocation for the common single step.
    enum Steps {
        case none
        case one(JSONPath.Component)
        case many([JSONPath.Component])

        func appending(_ component: JSONPath.Component) -> Steps {
            switch self {
            case .none: return .one(component)
            case .one(let first): return .many([first, component])
            case .many(let all): return .many(all + [component])
            }
        }

        var components: [JSONPath.Component] {
            switch self {
            case .none: return []
            case .one(let first): return [first]
            case .many(let all): return all
            }
        }
    }

    /// A decoder for a new record at `value`, recording errors in `context`, which should be collecting
    /// (``CollectingJSONDecoder`` makes one for you).
    public init(_ value: JSONView, context: JSONDecodingContext = JSONDecodingContext(mode: .collecting)) {
        self.init(value: value, context: context, record: Record())
    }

    @usableFromInline
    init(value: JSONView, context: JSONDecodingContext, record: Record) {
        self.init(target: .value(value), context: context, record: record, steps: .none)
    }

    private init(target: Target, context: JSONDecodingContext, record: Record, steps: Steps) {
        self.target = target
        self.context = context
        self.record = record
        self.steps = steps
    }

    /// Whether every required value of this record decoded.
    public var succeeded: Bool { !record.failed }

    /// The errors recorded so far in this decoding run, in document order.
    public var errors: [JSONDecodingError] { context.errors }

    /// The member `key`; never fails by itself.
    public subscript(key: String) -> CollectingDecoder { step(.key(key)) }

    /// The element at `index`; never fails by itself.
    public subscript(index: Int) -> CollectingDecoder { step(.index(index)) }

    private func step(_ component: JSONPath.Component) -> CollectingDecoder {
        let next: Target
        switch target {
        case .value(let value):
            switch component {
            case .key(let key):
                if let member = value.member(key) { next = .value(member) }
                else if value.kind == .object { next = .missing(container: value, component: component) }
                else { next = .wrongContainer(value, component: component) }
            case .index(let index):
                if let element = value.element(at: index) { next = .value(element) }
                else if value.kind == .array { next = .missing(container: value, component: component) }
                else { next = .wrongContainer(value, component: component) }
            }
        case .below(let reason):
            next = .below(reason)
        default:
            next = .below(target)
        }
        return CollectingDecoder(target: next, context: context, record: record, steps: steps.appending(component))
    }

    /// A required value: `nil`, a recorded error and a failed record when it is missing, `null`, or does not
    /// decode. (`decoder["key"] --> T.self`.)
    @inlinable
    public func decode<T: JSONDecodable>(_ type: T.Type) -> T? {
        var error: JSONDecodingError?
        let value = resolve(T.self, optional: false, error: &error)
        if let error { fail(error, type: T.self) }
        return value
    }

    /// An optional value: `nil` with no error when missing or `null`; `nil` and a recorded error (but no
    /// failure) when of the wrong type. (`decoder["key"] --> T?.self`.)
    @inlinable
    public func decodeIfPresent<T: JSONDecodable>(_ type: T.Type) -> T? {
        var error: JSONDecodingError?
        let value = resolve(T.self, optional: true, error: &error)
        if let error { note(error, type: T.self) }
        return value
    }

    /// Decodes the target; returns the value, or sets `error` to what should be reported (nothing for an
    /// absent optional, or for errors the nested decoding recorded itself). Inlinable, so that it is
    /// specialized for each `T`; what does not depend on `T` is in ``value(optional:expected:error:)``.
    @inlinable
    func resolve<T: JSONDecodable>(_ type: T.Type, optional: Bool, error: inout JSONDecodingError?) -> T? {
        // Response data is the document's text, whatever is here (even nothing), as LastMile's always succeeded.
        if T.self == JSONResponseData.self, let anywhere = anyView { return JSONResponseData(documentOf: anywhere) as? T }
        guard let value = value(optional: optional, expected: T.self, error: &error) else { return nil }
        let before = context.errorCount
        // Only types that record errors of their own need to know where they are.
        let tracks = T._mayRecordNestedErrors
        if tracks { openFrame(type: T.self) }
        defer { if tracks { closeFrame() } }
        do {
            return try T.decode(value, in: context)
        } catch let thrown {
            // Errors the nested decoding already recorded are not reported again.
            if context.errorCount == before { error = thrown }
            return nil
        }
    }

    /// The value to decode as `expected`; or `nil`, with `error` set to what should be reported when the
    /// target is missing, `null` or below something that cannot be subscripted (nothing for an absent
    /// optional).
    @usableFromInline
    func value(optional: Bool, expected: Any.Type, error: inout JSONDecodingError?) -> JSONView? {
        switch target {
        case .value(let value):
            if value.isNullValue {
                if !optional { error = .typeMismatch(JSONDecodingError.describe(expected), at: value) }
                return nil
            }
            return value
        case .missing, .below(.missing):
            if !optional { error = missingError() }
            return nil
        case .wrongContainer(let container, let component), .below(.wrongContainer(let container, let component)):
            // A null on the way is like a missing value for an optional, as in every other style.
            if optional, container.isNullValue { return nil }
            error = .typeMismatch(component.isKey ? "an object" : "an array", at: container)
            return nil
        case .below:
            if !optional { error = missingError() }
            return nil
        }
    }

    /// A view into this decoder's document: the value here, or the container where the steps left it.
    @usableFromInline
    var anyView: JSONView? {
        switch innermostReason {
        case .value(let value): return value
        case .missing(let container, _), .wrongContainer(let container, _): return container
        case .below: return nil
        }
    }

    /// Why there is no value here, seen through the steps below a missing or unusable one: the first step's
    /// own reason (or the value, when there is one).
    var innermostReason: Target {
        var reason = target
        while case .below(let inner) = reason { reason = inner }
        return reason
    }

    private func missingError() -> JSONDecodingError {
        guard case .missing(let container, let component) = innermostReason else {
            return JSONDecodingError(kind: .missingKey, expected: "a value", found: "nothing", path: .root)
        }
        switch component {
        case .key(let key):
            return .missingKey(key, in: container)
        case .index(let index):
            return .missingElement(index, in: container)
        }
    }

    /// Records `error` for a required value and fails the record.
    @usableFromInline
    func fail(_ error: JSONDecodingError, type: Any.Type) {
        record.failed = true
        note(error, type: type)
    }

    /// Records `error` with the frames of the steps that led here.
    @usableFromInline
    func note(_ error: JSONDecodingError, type: Any.Type) {
        openFrame(type: type)
        context.record(error)
        closeFrame()
    }

    /// Opens frames for this decoder's steps (the last one typed with `type`), for messages.
    @usableFromInline
    func openFrame(type: Any.Type) {
        guard context.isCollecting else { return }
        switch steps {
        case .none:
            break
        case .one(let step):
            context.frames.append(DecodingFrame(component: step, type: type))
        case .many(let all):
            for (position, step) in all.enumerated() {
                context.frames.append(DecodingFrame(component: step, type: position == all.count - 1 ? type : nil))
            }
        }
    }

    @usableFromInline
    func closeFrame() {
        guard context.isCollecting else { return }
        switch steps {
        case .none: break
        case .one: context.closeFrame()
        case .many(let all): context.frames.removeLast(all.count)
        }
    }
}

extension JSONPath.Component {
    var isKey: Bool {
        if case .key = self { return true }
        return false
    }
}
