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
        var innerBegun = false
        var pendingText: String?
        switch token {
        case .string:
            if !stringIsKey {
                inner = .string(String(decoding: text[..<wholeLength], as: UTF8.self))
                innerBegun = true
            }
        case .number:
            innerBegun = true
            pendingText = String(decoding: number, as: UTF8.self)
            if numbersInProgress, numberState.isComplete, numberLength <= options.maximumNumberLength { inner = .number(currentNumber()) }
        case .literal:
            innerBegun = literalMatched > 0
            if innerBegun { pendingText = String(decoding: UnsafeBufferPointer(start: literal.utf8Start, count: literalMatched), as: UTF8.self) }
        case .none:
            break
        }
        var path: [JSONPath.Component] = []
        path.reserveCapacity(frames.count + 1)
        for (depth, frame) in frames.enumerated() where depth < frames.count - 1 || innerBegun {
            path.append(frame.isObject ? .key(frame.pendingKey ?? "") : .index(frame.values.count))
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
        return JSONSnapshot(value: inner, isComplete: false, openPath: JSONPath(path), pendingText: pendingText, byteCount: consumed)
    }
}
