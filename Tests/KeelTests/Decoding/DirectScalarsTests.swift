@testable import Keel
import Testing

/// The scalars that members and array elements read straight off the tape give exactly what each type's
/// `decode` gives, and are read directly exactly when that succeeds, so that every failure still takes the
/// general path and gets its error from there.
@Suite struct DirectScalarsTests {
    /// Strings (plain, escaped, non-ASCII), numbers at every edge the types care about, and the other kinds.
    static let texts = [
        #""a""#, #""""#, #""caf\u00e9 \"x\"\n""#, #""日本語""#, #""1""#, #""true""#,
        "0", "-0", "7", "-12", "1.0", "1e2", "1E+2", "1.5", "-1", "0.1", "2.5e-3", "-0.0",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "18446744073709551615", "18446744073709551616", "1e400", "-1e400", "4.9e-324", "1e-400",
        "123456789012345678901234567890",
        "true", "false", "null", "[]", "{}", "[1]", #"{"a": 1}"#,
    ]

    /// Whether the direct read of `text` as `T` took place, after checking it against `T.decode`.
    func directReadAgrees<T: JSONDecodable & Equatable>(_ type: T.Type, _ text: String) throws -> Bool {
        let view = try JSONDocument(parsing: text).root
        let direct = view.directScalar(T.self, at: view.index)
        switch Result(catching: { () throws(JSONDecodingError) in try T.decode(view, in: .strict) }) {
        case .success(let value):
            let read = try #require(direct, "\(T.self) from \(text) was not read directly")
            #expect(read == value, "\(T.self) from \(text)")
            #expect("\(read)" == "\(value)", "\(T.self) from \(text)")  // tells -0.0 from 0.0
        case .failure:
            #expect(direct == nil, "\(T.self) from \(text) read directly as \(String(describing: direct)), but decode fails")
        }
        return direct != nil
    }

    @Test(arguments: texts)
    func directReadsMatchDecoding(_ text: String) throws {
        _ = try directReadAgrees(String.self, text)
        _ = try directReadAgrees(Int.self, text)
        _ = try directReadAgrees(UInt64.self, text)
        _ = try directReadAgrees(Bool.self, text)
        _ = try directReadAgrees(Double.self, text)
        // Other types always take the general path.
        let view = try JSONDocument(parsing: text).root
        #expect(view.directScalar(Int32.self, at: view.index) == nil)
        #expect(view.directScalar(Float.self, at: view.index) == nil)
        #expect(view.directScalar(String?.self, at: view.index) == nil)
    }

    /// The cases above do read directly: without the direct reads this fails.
    @Test func theCommonValuesAreReadDirectly() throws {
        #expect(try directReadAgrees(String.self, #""caf\u00e9""#))
        #expect(try directReadAgrees(Int.self, "1e2"))
        #expect(try directReadAgrees(UInt64.self, "18446744073709551615"))
        #expect(try directReadAgrees(Bool.self, "false"))
        #expect(try directReadAgrees(Double.self, "2.5e-3"))
    }

    /// Arrays read their scalar elements directly; an element that fails still gets the general path's
    /// error, naming its place, and in a lossy read it is left out and recorded.
    @Test func arrayElementsFailTheSameWay() throws {
        let root = try JSONDocument(parsing: #"{"list": [1, 2.5, "3", null, 4]}"#).root
        let error = #expect(throws: JSONDecodingError.self) { try root.decode([Int].self, forKey: "list") }
        #expect(error?.kind == .valueOutOfRange)
        #expect(error?.path == ["list", 1])
        let context = JSONDecodingContext(mode: .collecting)
        #expect(try root.decodeLossyArray(of: Int.self, atPath: ["list"], in: context) == [1, 4])
        #expect(context.errors.map(\.path) == [["list", 1], ["list", 2], ["list", 3]])
    }
}
