// Date strategies by pattern: `.pattern("EEE MMM dd HH:mm:ss Z yyyy")`, read and written without ICU; and, where
// the full Foundation is what Keel imports (Apple platforms), `.formatted(DateFormatter)` as JSONDecoder has it.
#if canImport(FoundationEssentials) || canImport(Foundation)
extension KeelDecoder.DateDecodingStrategy {
    /// Text in the pattern `pattern`, read in `secondsFromGMT` when the pattern has no zone (see
    /// ``JSONDatePattern``): `decoder.dateDecodingStrategy = .pattern("EEE MMM dd HH:mm:ss Z yyyy")`.
    public static func pattern(_ pattern: String, secondsFromGMT: Int = 0) -> Self {
        .formatted(JSONDatePattern(pattern, secondsFromGMT: secondsFromGMT))
    }
}

extension KeelEncoder.DateEncodingStrategy {
    /// Text in the pattern `pattern`, written at `secondsFromGMT` (see ``JSONDatePattern``).
    public static func pattern(_ pattern: String, secondsFromGMT: Int = 0) -> Self {
        .formatted(JSONDatePattern(pattern, secondsFromGMT: secondsFromGMT))
    }
}
#endif

#if !canImport(FoundationEssentials) && canImport(Foundation)
extension KeelDecoder.DateDecodingStrategy {
    /// Text read by `formatter`, as `JSONDecoder`'s `.formatted`. The formatter is used from any thread, as
    /// `DateFormatter` allows for parsing; do not change it while decoding.
    public static func formatted(_ formatter: DateFormatter) -> Self {
        nonisolated(unsafe) let formatter = formatter
        return .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = formatter.date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Expected a date in the format \(formatter.dateFormat ?? "?"), found \(text.debugDescription)")
            }
            return date
        }
    }
}

extension KeelEncoder.DateEncodingStrategy {
    /// Text written by `formatter`, as `JSONEncoder`'s `.formatted`.
    public static func formatted(_ formatter: DateFormatter) -> Self {
        nonisolated(unsafe) let formatter = formatter
        return .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(formatter.string(from: date))
        }
    }
}
#endif
