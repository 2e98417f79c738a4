import Foundation
import Keel
import Testing

/// Dates in patterns of date-field symbols (`EEE MMM dd HH:mm:ss Z yyyy`), read and written without ICU, and
/// agreeing with Foundation's `DateFormatter` (en_US_POSIX) wherever both apply.
@Suite struct DatePatternTests {
    static let twitter = "EEE MMM dd HH:mm:ss Z yyyy"

    @Test func twittersDatesReadAndWriteBack() throws {
        let pattern = JSONDatePattern(Self.twitter)
        #expect(pattern.problem == nil)
        let instant = try #require(pattern.timestamp(from: "Wed Aug 27 13:08:45 +0000 2008"))
        #expect(instant == JSONTimestamp(secondsSince1970: 1_219_842_525))
        #expect(pattern.string(from: instant) == "Wed Aug 27 13:08:45 +0000 2008")
        // Another zone is the same instant, moved.
        #expect(pattern.timestamp(from: "Wed Aug 27 15:08:45 +0200 2008") == instant)
        #expect(pattern.timestamp(from: "wed aug 27 13:08:45 -0130 2008") == JSONTimestamp(secondsSince1970: 1_219_842_525 + 5400))
    }

    static let patterns = [
        "EEE MMM dd HH:mm:ss Z yyyy", "yyyy-MM-dd", "dd/MM/yy HH:mm", "MMMM d, yyyy h:mm a", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX",
        "EEEE, d MMMM yyyy", "yyyyMMddHHmmss", "'on' yyyy-MM-dd 'at' k:mm", "h:mm:ss.SS a ZZZZZ, d.M.y", "K a, yyyy-MM-dd xx",
        "yyyy-MM-dd HH:mm:ss ZZZZ",
    ]

    /// What Foundation writes for each pattern, for instants from 1900 to 2099, Keel writes too, and reads back
    /// to the same instant (to the pattern's precision). Two-digit years are tried from 1969 to 2045, where
    /// Keel's fixed window (1969–2068, as POSIX) and DateFormatter's moving one (80 years back from today) agree.
    @Test(arguments: patterns)
    func agreesWithDateFormatter(_ text: String) throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = text
        let pattern = JSONDatePattern(text)
        #expect(pattern.problem == nil)
        var generator = SystemRandomNumberGenerator()
        let twoDigitYears = text.contains("yy") && !text.contains("yyyy")
        let range: ClosedRange<Int64> = twoDigitYears ? -31_536_000...2_398_377_599 : -2_208_988_800...4_102_444_799
        for _ in 0..<300 {
            let seconds = Int64.random(in: range, using: &generator)
            let millis = Int32.random(in: 0..<1000, using: &generator)
            let instant = JSONTimestamp(secondsSince1970: seconds, nanoseconds: millis * 1_000_000)
            let date = Date(timeIntervalSince1970: Double(seconds) + Double(millis) / 1000)
            let written = pattern.string(from: instant)
            #expect(written == formatter.string(from: date), "\(text) at \(seconds)")
            let read = try #require(pattern.timestamp(from: written), "\(text): \(written)")
            let expected = try #require(formatter.date(from: written), "\(text): \(written)")
            #expect(abs(read.timeIntervalSince1970 - expected.timeIntervalSince1970) < 0.0005, "\(text): \(written)")
        }
    }

    @Test func readingIsForgivingWhereDateFormatterIs() throws {
        let pattern = JSONDatePattern("d/M/yyyy H:m")
        #expect(pattern.timestamp(from: "5/3/2024 7:05") == JSONTimestamp(rfc3339: "2024-03-05T07:05:00Z"))
        #expect(pattern.timestamp(from: "05/03/2024 17:5") == JSONTimestamp(rfc3339: "2024-03-05T17:05:00Z"))
        let zones = JSONDatePattern("yyyy-MM-dd HH:mm Z")
        for zone in ["Z", "+00:00", "+0000", "GMT", "UTC", "GMT+00:00", "+00"] {
            #expect(zones.timestamp(from: "2024-03-05 07:05 \(zone)") == JSONTimestamp(rfc3339: "2024-03-05T07:05:00Z"), "\(zone)")
        }
        #expect(zones.timestamp(from: "2024-03-05 07:05 GMT-08:00") == JSONTimestamp(rfc3339: "2024-03-05T15:05:00Z"))
        // Without a zone in the pattern, the pattern's own offset (never the machine's).
        let local = JSONDatePattern("yyyy-MM-dd HH:mm", secondsFromGMT: 3600)
        #expect(local.timestamp(from: "2024-03-05 07:05") == JSONTimestamp(rfc3339: "2024-03-05T06:05:00Z"))
        #expect(local.string(from: JSONTimestamp(rfc3339: "2024-03-05T06:05:00Z")!) == "2024-03-05 07:05")
        #expect(JSONDatePattern("yyyy-MM-dd'T'HH:mmXXX", secondsFromGMT: -19_800).string(
            from: JSONTimestamp(secondsSince1970: 0)) == "1969-12-31T18:30-05:30")
    }

    @Test func whatDoesNotMatchSaysWhere() {
        let pattern = JSONDatePattern("yyyy-MM-dd")
        for text in ["2024-13-01", "2024-02-30", "2024-02-01x", "24-02-01", "2024/02/01", ""] {
            #expect(pattern.timestamp(from: text) == nil, "\(text)")
        }
        let reserved = JSONDatePattern("yyyy-QQ")
        #expect(reserved.problem == #"the field "QQ" is not supported"#)
        #expect(JSONDatePattern("yyyy 'open").problem == "a quoted text is not closed")
        #expect(reserved.timestamp(from: "2024-01") == nil)
    }

    struct Tweet: Codable, Equatable { var createdAt: Date; var text: String }

    @Test func theDecodersAndEncodersTakeAPatternStrategy() throws {
        let json = #"{"createdAt": "Wed Aug 27 13:08:45 +0000 2008", "text": "hi"}"#
        var decoder = KeelDecoder()
        decoder.dateDecodingStrategy = .pattern(Self.twitter)
        let tweet = try decoder.decode(Tweet.self, from: json)
        #expect(tweet == Tweet(createdAt: Date(timeIntervalSince1970: 1_219_842_525), text: "hi"))
        var encoder = KeelEncoder()
        encoder.dateEncodingStrategy = .pattern(Self.twitter)
        #expect(String(decoding: try encoder.encode(tweet), as: UTF8.self).contains(#""Wed Aug 27 13:08:45 +0000 2008""#))
        // An unparsable date names the member, the pattern, the text and why.
        do {
            _ = try decoder.decode(Tweet.self, from: #"{"createdAt": "Wed Aug 32 13:08:45 +0000 2008", "text": "hi"}"#)
            Issue.record("decoded day 32")
        } catch let error as DecodingError {
            guard case .dataCorrupted(let context) = error, let keel = context.underlyingError as? JSONDecodingError else {
                Issue.record("\(error)")
                return
            }
            #expect(keel.path == ["createdAt"])
            #expect(keel.description == #"Expected a date in the pattern "EEE MMM dd HH:mm:ss Z yyyy" (day 32 is past the end of the month) at $.createdAt (line 1, column 15) but found a string: "Wed Aug 32 13:08:45 +0000 2008"."#)
        }
    }

    @Test func everyStyleReadsAPatternPerField() throws {
        let view = try JSONDocument(parsing: #"{"when": "27.08.2008 13:08", "bad": "27.08.08"}"#).root
        let format = JSONDateFormat.pattern("dd.MM.yyyy HH:mm")
        #expect(try view.decodeDate(forKey: "when", format: format) == JSONTimestamp(rfc3339: "2008-08-27T13:08:00Z"))
        let error = #expect(throws: JSONDecodingError.self) { try view.decodeDate(forKey: "bad", format: format) }
        #expect(error?.kind == .valueOutOfRange)
        #expect(error?.path == ["bad"])
        #expect(error?.expected == #"a date in the pattern "dd.MM.yyyy HH:mm" (the year at character 7)"#)
        #expect(JSONTimestamp(rfc3339: "2008-08-27T13:08:00Z")?.toJSON(format: format) == "27.08.2008 13:08")
        struct Event: Decodable { var when: Date }
        let container = try KeelDecoder().decode(KeyedDates.self, from: #"{"when": "27.08.2008 13:08"}"#)
        #expect(container.when == Date(timeIntervalSince1970: 1_219_842_480))
    }

    struct KeyedDates: Decodable {
        var when: Date
        enum CodingKeys: String, CodingKey { case when }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            when = try container.decode(Date.self, forKey: .when, format: .pattern("dd.MM.yyyy HH:mm"))
        }
    }
}
