import Foundation
@testable import Keel
import Testing

/// `convertFromSnakeCase` without converting names: the byte-by-byte matcher agrees with the conversion on
/// every name, and objects searched key by key (small) decode exactly as objects converted up front (large),
/// including repeated names, escaped names and names that only match once converted.
@Suite struct KeyStrategyMatchingTests {
    /// Every name up to four characters long over letters of both cases, digits, underscores and non-ASCII
    /// letters (one that changes length when upper-cased), against every converted name and every name as
    /// written: the matcher says yes exactly when the conversion gives the key.
    @Test func matcherAgreesWithTheConversionOnEveryShortName() {
        let alphabet = ["a", "B", "_", "1", "é", "ß"]
        var names = [""]
        var frontier = [""]
        for _ in 0..<4 {
            frontier = frontier.flatMap { prefix in alphabet.map { prefix + $0 } }
            names += frontier
        }
        let converted = names.map { KeyNaming.camelCase(fromSnakeCase: $0) }
        let keys = Array(Set(names + converted))
        var disagreements: [String] = []
        for (name, conversion) in zip(names, converted) {
            var bytes = name
            bytes.withUTF8 { written in
                for key in keys {
                    var key = key
                    let matched = key.withUTF8 {
                        KeyNaming.snakeCaseName(UnsafeRawBufferPointer(written), convertsTo: UnsafeRawBufferPointer($0))
                    }
                    if matched != (key == conversion) { disagreements.append("\(name) vs \(key)") }
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    }

    /// A plain snake-case name is the snake-case spelling of what it converts to, and a key's spelling, when
    /// there is one, is plain and converts back to the key: the two facts the plain-name lookup rests on.
    @Test func plainNamesAreTheSpellingsOfTheirKeys() {
        var names = [""]
        var frontier = [""]
        for _ in 0..<4 {
            frontier = frontier.flatMap { prefix in ["a", "z", "B", "_", "0", "9", "é"].map { prefix + $0 } }
            names += frontier
        }
        var failures: [String] = []
        for name in names {
            let converted = KeyNaming.camelCase(fromSnakeCase: name)
            let plain = Self.bytes(name) { KeyNaming.isPlainSnakeCase($0) }
            let spelling = Self.spelling(of: converted)
            if plain && spelling != name { failures.append("\(name) is plain, but \(converted) is spelled \(spelling ?? "-")") }
            if let nameSpelling = Self.spelling(of: name) {
                let isPlain = Self.bytes(nameSpelling) { KeyNaming.isPlainSnakeCase($0) }
                if !isPlain || KeyNaming.camelCase(fromSnakeCase: nameSpelling) != name {
                    failures.append("\(name) is spelled \(nameSpelling)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
        #expect(Self.spelling(of: "profileImageURL") == "profile_image_u_r_l")
        #expect(Self.bytes("profile_image_url") { KeyNaming.isPlainSnakeCase($0) })
        #expect(!Self.bytes("x_1_y") { KeyNaming.isPlainSnakeCase($0) })
    }

    static func bytes<T>(_ text: String, _ body: (UnsafeRawBufferPointer) -> T) -> T {
        var text = text
        return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }

    static func spelling(of key: String) -> String? {
        bytes(key) { key in
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: key.count * 2, alignment: 1)
            defer { buffer.deallocate() }
            return KeyNaming.plainSnakeCaseSpelling(of: key, into: buffer).map {
                String(decoding: UnsafeRawBufferPointer(rebasing: buffer[..<$0]), as: UTF8.self)
            }
        }
    }

    /// Short names over letters of both cases, digits and underscores: plain snake case and not.
    static let shortNames: [String] = {
        var names: [String] = []
        var frontier = [""]
        for _ in 0..<3 {
            frontier = frontier.flatMap { prefix in ["a", "B", "_", "1"].map { prefix + $0 } }
            names += frontier
        }
        return names
    }()

    /// Reads every converted short name with `decodeIfPresent`.
    struct Probe: Decodable {
        static let keys = Array(Set(shortNames.map { KeyNaming.camelCase(fromSnakeCase: $0) })).sorted()
        var values: [String: Int] = [:]
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            for key in Self.keys {
                values[key] = try container.decodeIfPresent(Int.self, forKey: Key(stringValue: key))
            }
        }
    }

    /// Every pair of short names in one object, alone or among enough others to be converted up front: each
    /// key finds the last member whose name converts to it, whether the object's names are all plain snake
    /// case (looked up by the key's spelling), searched name by name, or converted first.
    @Test(arguments: [0, DecodingSession.snakeCaseSearchLimit + 1])
    func everyKeyFindsTheLastMemberThatConvertsToIt(padding: Int) throws {
        var decoder = KeelDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        var failures: [String] = []
        for first in Self.shortNames {
            for second in Self.shortNames {
                let json = Self.object(#""\#(first)": 0, "\#(second)": 1"#, padding: padding)
                var expected: [String: Int] = [:]
                for (value, name) in [first, second].enumerated() {
                    let key = KeyNaming.camelCase(fromSnakeCase: name)
                    if Probe.keys.contains(key) { expected[key] = value }
                }
                let found = try decoder.decode(Probe.self, from: json).values
                if found != expected { failures.append("\(first), \(second): \(found) for \(expected)") }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    struct Account: Codable, Equatable {
        var displayName: String
        var homePageURL: String?
        var id: Int
        var isAdmin: Bool?
    }

    /// The same members, alone or among enough others to be converted up front.
    static func object(_ members: String, padding: Int) -> String {
        let filler = (0..<padding).map { #""filler_member_\#($0)": \#($0)"# }
        return "{" + (filler + [members]).joined(separator: ", ") + "}"
    }

    @Test(arguments: [0, DecodingSession.snakeCaseSearchLimit + 1])
    func smallAndLargeObjectsMatchFoundation(padding: Int) throws {
        let cases = [
            #""display_name": "ada", "home_page_u_r_l": "x", "id": 1"#,
            #""display_name": "ada", "id": 1, "is_admin": true"#,
            #""Display_Name": "ada", "ID": 1"#,                       // first word lower-cased; one word kept
            #""dis\u0070lay_name": "ada", "i\u0064": 2"#,             // escaped names
            #""_display_name": "ada", "id": 1"#,                      // a leading underscore is kept: no match
            #""displayname": "ada", "id": 1"#,
        ]
        for members in cases {
            let json = Self.object(members, padding: padding)
            var keel = KeelDecoder()
            keel.keyDecodingStrategy = .convertFromSnakeCase
            let foundation = JSONDecoder()
            foundation.keyDecodingStrategy = .convertFromSnakeCase
            let ours = Result { try keel.decode(Account.self, from: json) }
            let theirs = Result { try foundation.decode(Account.self, from: Data(json.utf8)) }
            #expect(ours.value == theirs.value, "\(members)")
            #expect((ours.value == nil) == (theirs.value == nil), "\(members)")
        }
    }

    /// Two names that convert to the same key: the last one in the document wins, as for repeated names
    /// without a strategy, whether the object is searched or converted up front.
    @Test(arguments: [0, DecodingSession.snakeCaseSearchLimit + 1])
    func theLastOfNamesConvertingAlikeWins(padding: Int) throws {
        var decoder = KeelDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let first = Self.object(#""display_name": "first", "displayName": "second", "id": 1"#, padding: padding)
        #expect(try decoder.decode(Account.self, from: first).displayName == "second")
        let second = Self.object(#""displayName": "first", "display__name": "second", "id": 1"#, padding: padding)
        #expect(try decoder.decode(Account.self, from: second).displayName == "second")
    }

    /// `allKeys` and `contains` see converted names in both kinds of object.
    @Test(arguments: [0, DecodingSession.snakeCaseSearchLimit + 1])
    func containerKeysAreConverted(padding: Int) throws {
        struct KeysProbe: Decodable {
            var keys: [String]
            var containsDisplayName: Bool
            var containsWritten: Bool
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Key.self)
                keys = container.allKeys.map(\.stringValue)
                containsDisplayName = container.contains(Key(stringValue: "displayName"))
                containsWritten = container.contains(Key(stringValue: "display_name"))
            }
        }
        var decoder = KeelDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let probe = try decoder.decode(KeysProbe.self, from: Self.object(#""display_name": "a", "id": 1"#, padding: padding))
        #expect(probe.keys.suffix(2) == ["displayName", "id"])
        #expect(probe.keys.count == padding + 2)
        #expect(probe.containsDisplayName)
        #expect(!probe.containsWritten)
    }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Encoding converts each coding key once per run and still names every member as Foundation does.
    @Test func encodingToSnakeCaseMatchesFoundation() throws {
        let accounts = (0..<3).map { Account(displayName: "n\($0)", homePageURL: $0 == 1 ? nil : "u", id: $0, isAdmin: true) }
        var keel = KeelEncoder()
        keel.keyEncodingStrategy = .convertToSnakeCase
        let foundation = JSONEncoder()
        foundation.keyEncodingStrategy = .convertToSnakeCase
        foundation.outputFormatting = .sortedKeys
        let ours = try JSONSerialization.jsonObject(with: try keel.encode(accounts)) as? NSArray
        let theirs = try JSONSerialization.jsonObject(with: try foundation.encode(accounts)) as? NSArray
        #expect(ours == theirs)
        #expect(ours != nil)
    }
}

extension Result {
    fileprivate var value: Success? { try? get() }
}
