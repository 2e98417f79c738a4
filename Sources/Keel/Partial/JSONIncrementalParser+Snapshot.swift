// A snapshot is built from the inside out: the open token's value (if it shows), then each open container
// around it with its finished members. Only the open containers are copied; every finished value is shared
// with the parser, so a snapshot costs in proportion to the open containers' member counts, not the document.

extension JSONIncrementalParser {
    /// What has arrived so far (see ``JSONSnapshot`` for the rules).
    ///
    /// - Parameter numbersInProgress: Whether a number still arriving is shown as its digits so far (when they
    ///   make a number: `12` of `123`, not `1.`); by default it is left out until it is whole.
    public func snapshot(numbersInProgress: Bool = false) -> JSONSnapshot {
        if expectation == .end {
            return JSONSnapshot(value: root, isComplete: true, openPath: nil, byteCount: consumed)
        }
        var inner: JSON?
        switch token {
        case .string:
            if !stringIsKey { inner = .string(String(decoding: text[..<wholeLength], as: UTF8.self)) }
        case .number:
            if numbersInProgress, numberState.isComplete, numberLength <= options.maximumNumberLength {
                inner = .number(currentNumber())
            }
        case .literal, .none:
            break
        }
        var index = frames.count - 1
        while index >= 0 {
            let frame = frames[index]
            if let value = inner {
                var values = frame.values
                values.append(value)
                if frame.isObject {
                    var keys = frame.keys
                    keys.append(frame.pendingKey ?? "")
                    inner = .object(JSONObject(keys: keys, values: values))
                } else {
                    inner = .array(JSONArray(values))
                }
            } else {
                inner = frame.isObject ? .object(JSONObject(keys: frame.keys, values: frame.values)) : .array(JSONArray(frame.values))
            }
            index -= 1
        }
        return JSONSnapshot(value: inner, isComplete: false, openPath: openPath, pendingText: pendingText, byteCount: consumed)
    }

    /// Where the innermost value still arriving is (`$` before anything has arrived), or `nil` once the
    /// document is complete. Cheaper than a snapshot: it builds no value.
    public var openPath: JSONPath? {
        guard expectation != .end else { return nil }
        let innerBegun: Bool
        switch token {
        case .string: innerBegun = !stringIsKey
        case .number: innerBegun = true
        case .literal: innerBegun = literalMatched > 0
        case .none: innerBegun = false
        }
        var path: [JSONPath.Component] = []
        path.reserveCapacity(frames.count + 1)
        for (depth, frame) in frames.enumerated() where depth < frames.count - 1 || innerBegun {
            path.append(frame.isObject ? .key(frame.pendingKey ?? "") : .index(frame.values.count))
        }
        return JSONPath(path)
    }

    /// The text so far of a number or literal still arriving (see ``JSONSnapshot/pendingText``).
    public var pendingText: String? {
        switch token {
        case .number:
            return String(decoding: number, as: UTF8.self)
        case .literal where literalMatched > 0:
            return String(decoding: UnsafeBufferPointer(start: literal.utf8Start, count: literalMatched), as: UTF8.self)
        default:
            return nil
        }
    }
}
