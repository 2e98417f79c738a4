import Foundation
import Keel
import Testing

/// Dates per field without Foundation in the core: RFC 3339 with 0 to 9 fractional digits and any offset,
/// epoch seconds and milliseconds, exact to the nanosecond; the same through Codable with any decoder.
@Suite struct DateFormatTests {
    @Test(arguments: [
        ("2024-03-01T12:30:00Z", 1_709_296_200, 0),
        ("2024-03-01T12:30:00.250+01:00", 1_709_292_600, 250_000_000),
        ("2024-03-01t12:30:00.123456789z", 1_709_296_200, 123_456_789),
        ("1970-01-01T00:00:00Z", 0, 0),
        ("1969-12-31T23:59:59.5Z", -1, 500_000_000),
        ("2024-02-29T00:00:00-00:30", 1_709_166_600, 0),
        ("2016-12-31T23:59:60Z", 1_483_228_800, 0),          // a leap second: the next minute's first
        ("0001-01-01T00:00:00Z", -62_135_596_800, 0),
        ("9999-12-31T23:59:59.999999999Z", 253_402_300_799, 999_999_999),
    ])
    func rfc3339TextReadsAsTheExactInstant(text: String, seconds: Int64, nanoseconds: Int32) throws {
        #expect(JSONTimestamp(rfc3339: text) == JSONTimestamp(secondsSince1970: seconds, nanoseconds: nanoseconds))
    }

    @Test(arguments: [
        "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-04-31T00:00:00Z", "2024-03-01 12:30:00Z",
        "2024-03-01T12:30:00", "2024-03-01T12:30:00.Z", "2024-03-01T12:30:00.1234567890Z", "2024-03-01T24:00:00Z",
        "2024-03-01T12:30:00+1:00", "2024-03-01T12:30:00+01:60", "24-03-01T12:30:00Z", "2024-03-01T12:30:00Z ", "",
        "2024-03-01", "２０２４-03-01T12:30:00Z",
    ])
    func otherTextIsRejected(text: String) {
        #expect(JSONTimestamp(rfc3339: text) == nil)
    }

    /// Foundation's ISO 8601 text for random instants from 1600 to 9000, with milliseconds, reads as the instant
    /// Foundation's own parser reads. (Before 1582 Foundation counts Julian days; RFC 3339 dates are
    /// proleptic Gregorian, as Keel reads them.)
    @Test func agreesWithFoundationOnRandomInstants() throws {
        var generator = SystemRandomNumberGenerator()
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        for _ in 0..<2000 {
            let milliseconds = Int64.random(in: -11_676_096_000_000...221_845_392_000_000, using: &generator)
            let text = style.format(Date(timeIntervalSince1970: Double(milliseconds) / 1000))
            let ours = try #require(JSONTimestamp(rfc3339: text), "\(text)")
            let theirs = try style.parse(text)
            #expect(abs(Date(ours).timeIntervalSince1970 - theirs.timeIntervalSince1970) < 1e-4, "\(text)")
            #expect(ours.nanoseconds % 1_000_000 == 0, "\(text)")
        }
    }

    @Test func epochNumbersInEitherUnit() throws {
        let root = try JSONDocument(parsing: #"{"s": 1700000000.5, "ms": 1700000000500, "neg": -1.5, "text": "x", "big": 1e300}"#).root
        #expect(try root.decodeDate(forKey: "s", format: .secondsSince1970) == JSONTimestamp(secondsSince1970: 1_700_000_000, nanoseconds: 500_000_000))
        #expect(try root.decodeDate(forKey: "ms", format: .millisecondsSince1970) == JSONTimestamp(secondsSince1970: 1_700_000_000, nanoseconds: 500_000_000))
        #expect(try root.decodeDate(forKey: "neg", format: .secondsSince1970) == JSONTimestamp(secondsSince1970: -2, nanoseconds: 500_000_000))
        #expect(throws: JSONDecodingError.self) { try root.decodeDate(forKey: "text", format: .secondsSince1970) }
        #expect(throws: JSONDecodingError.self) { try root.decodeDate(forKey: "big", format: .secondsSince1970) }
        do {
            _ = try root.decodeDate(forKey: "text", format: .rfc3339)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == #"Expected an RFC 3339 date at $.text (line 1, column 63) but found a string: "x"."#)
        }
    }

    struct Token: Decodable, Equatable {
        let issuedAt: Date, expiresAt: Date, refreshedAt: Date?
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            issuedAt = try container.decode(Date.self, forKey: .issuedAt, format: .rfc3339)
            expiresAt = try container.decode(Date.self, forKey: .expiresAt, format: .millisecondsSince1970)
            refreshedAt = try container.decodeIfPresent(Date.self, forKey: .refreshedAt, format: .secondsSince1970)
        }
        enum CodingKeys: String, CodingKey { case issuedAt, expiresAt, refreshedAt }
    }

    @Test func codableFieldsChooseTheirOwnFormatWithAnyDecoder() throws {
        let text = #"{"issuedAt": "2024-03-01T12:30:00.250Z", "expiresAt": 1709300000000, "refreshedAt": null}"#
        let ours = try KeelDecoder().decode(Token.self, from: text)
        let theirs = try JSONDecoder().decode(Token.self, from: Data(text.utf8))
        #expect(ours == theirs)
        #expect(ours.issuedAt.timeIntervalSince1970 == 1_709_296_200.25)
        #expect(ours.expiresAt.timeIntervalSince1970 == 1_709_300_000)
        #expect(ours.refreshedAt == nil)

        let bad = #"{"issuedAt": "March", "expiresAt": 1}"#
        let error = try #require(throws: DecodingError.self) { try KeelDecoder().decode(Token.self, from: bad) }
        #expect(error.jsonDecodingError?.description == #"Expected an RFC 3339 date at $.issuedAt (line 1, column 14) but found a string: "March"."#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Token.self, from: Data(bad.utf8)) }
    }
}
