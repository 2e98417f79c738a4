import Keel

/// Recognises date strings: a format in which every string reads as a date and writes back exactly as it was,
/// so that a model reading them as `JSONTimestamp` loses nothing.
enum DateRecognition {
    /// The formats tried, in order: RFC 3339 (ISO 8601 date-times), Twitter's and many Ruby APIs' text, and
    /// a calendar date.
    static let formats: [JSONDateFormat] = [
        .rfc3339, .pattern("EEE MMM dd HH:mm:ss Z yyyy"), .pattern("yyyy-MM-dd"),
    ]

    /// The first format every one of `strings` round-trips through, or `nil`.
    static func format(of strings: [String]) -> JSONDateFormat? {
        guard let first = strings.first, first.count >= 10, first.first?.isNumber == true || first.first?.isLetter == true
        else { return nil }
        return formats.first { format in strings.allSatisfy { roundTrips($0, in: format) } }
    }

    private static func roundTrips(_ text: String, in format: JSONDateFormat) -> Bool {
        switch format {
        case .formatted(let pattern):
            guard let timestamp = pattern.timestamp(from: text) else { return false }
            return pattern.string(from: timestamp) == text
        default:
            return JSONTimestamp(rfc3339: text)?.rfc3339Text == text
        }
    }
}
