import Foundation
import Keel
import Testing

/// `URL`, `Date` and `Decimal`: the one JSON shape each accepts, and the error for anything else.
@Suite struct FoundationTypesTests {
    func root(_ text: String) throws -> JSONView { try JSONDocument(parsing: text).root }

    @Test func urlsComeFromStrings() throws {
        #expect(try URL.decode(root(#""https://example.com/a?b=1""#)) == URL(string: "https://example.com/a?b=1"))
        let notAString = #expect(throws: JSONDecodingError.self) { try URL.decode(root("1")) }
        #expect(notAString?.kind == .typeMismatch)
        let invalid = #expect(throws: JSONDecodingError.self) { try URL.decode(root(#"{"home": ""}"#)["home"].get()) }
        #expect(invalid?.kind == .valueOutOfRange)
        #expect(invalid?.path.pointer == "/home")
    }

    @Test func datesAreISO8601OrSecondsSince1970() throws {
        #expect(try Date.decode(root(#""1970-01-02T00:00:00Z""#)) == Date(timeIntervalSince1970: 86_400))
        #expect(try Date.decode(root(#""1970-01-01T01:00:00+01:00""#)) == Date(timeIntervalSince1970: 0))
        let fractional = try Date.decode(root(#""1970-01-01T00:00:01.250Z""#))
        #expect(abs(fractional.timeIntervalSince1970 - 1.25) < 0.000_001)
        #expect(try Date.decode(root("1.5")) == Date(timeIntervalSince1970: 1.5))
        let text = #expect(throws: JSONDecodingError.self) { try Date.decode(root(#""yesterday""#)) }
        #expect(text?.kind == .valueOutOfRange)
        #expect(text?.description.contains("not an ISO 8601 date and time") == true)
        #expect(throws: JSONDecodingError.self) { try Date.decode(root("true")) }
        #expect(throws: JSONDecodingError.self) { try Date.decode(root("1e400")) }
    }

    @Test func decimalsAreExact() throws {
        #expect(try Decimal.decode(root("0.1")) == Decimal(string: "0.1"))
        #expect(try Decimal.decode(root("-12.50e3")) == Decimal(-12_500))
        #expect(try Decimal.decode(root("123456789012345678901234567890.12345678")) == Decimal(string: "123456789012345678901234567890.12345678"))
        #expect(try Decimal.decode(root("1" + String(repeating: "0", count: 60))) == Decimal(string: "1e60"))
        let precise = #expect(throws: JSONDecodingError.self) { try Decimal.decode(root("1." + String(repeating: "1", count: 40))) }
        #expect(precise?.kind == .valueOutOfRange)
        #expect(throws: JSONDecodingError.self) { try Decimal.decode(root("1e400")) }
        #expect(throws: JSONDecodingError.self) { try Decimal.decode(root(#""0.1""#)) }
    }

    @Test func modelsUseThemThroughTheStyles() throws {
        struct Invoice: ThrowingJSONDecodable {
            let link: URL, issued: Date, total: Decimal
            static func decode(_ json: JSONView) throws -> Invoice {
                Invoice(link: try json.decode(URL.self, forKey: "link"), issued: try json.decode(Date.self, forKey: "issued"),
                        total: try json.decode(Decimal.self, forKey: "total"))
            }
        }
        let invoice = try Invoice.decode(root(#"{"link": "https://a.example/1", "issued": "2024-03-01T00:00:00Z", "total": 19.99}"#))
        #expect(invoice.total == Decimal(string: "19.99"))
        #expect(invoice.link.host == "a.example")
    }
}
