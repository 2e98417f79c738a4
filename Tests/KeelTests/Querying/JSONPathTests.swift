import Foundation
import Keel
import KeelTestSupport
import Testing

/// JSONPath beyond the compliance suite: exact numbers, strings by scalar, Keel's repeated keys, paths,
/// decoding, errors with their columns, and hostile queries and documents.
@Suite struct JSONPathTests {
    static func select(_ query: String, in text: String) throws -> [JSON] {
        try JSONDocument(parsing: text).root.query(query).map { JSON($0.value) }
    }

    @Test func numbersCompareExactly() throws {
        let numbers = "[9007199254740993, 9007199254740992, 0.1, 0.10000000000000001, 1.0, 1e400, -0, 12e-1]"
        #expect(try Self.select("$[?@ > 9007199254740992]", in: numbers).map(\.description) == ["9007199254740993", "1e400"])
        #expect(try Self.select("$[?@ == 9007199254740993]", in: numbers).map(\.description) == ["9007199254740993"])
        #expect(try Self.select("$[?@ == 0.1]", in: numbers).map(\.description) == ["0.1"])
        #expect(try Self.select("$[?@ < 0.10000000000000001 && @ > 0]", in: numbers).map(\.description) == ["0.1"])
        #expect(try Self.select("$[?@ == 1]", in: numbers).map(\.description) == ["1.0"])
        #expect(try Self.select("$[?@ == 0]", in: numbers).map(\.description) == ["-0"])
        #expect(try Self.select("$[?@ >= 1.2 && @ <= 12e-1]", in: numbers).map(\.description) == ["12e-1"])
        // The same on a tree.
        let tree = try JSON(parsing: numbers)
        #expect(tree.query(try JSONPathQuery("$[?@ > 9007199254740992]")).map(\.path.normalizedPath) == ["$[0]", "$[5]"])
    }

    @Test func stringsCompareByUnicodeScalars() throws {
        // "é" precomposed and decomposed are one Swift Character but different scalars.
        let text = #"["e\u0301", "\u00e9", "z", "\u00e0"]"#
        #expect(try Self.select("$[?@ == '\u{E9}']", in: text) == [.string("\u{E9}")])
        // By scalar, "à" (U+E0) sorts after "z" (U+7A).
        #expect(try Self.select("$[?@ > 'z']", in: text) == [.string("\u{E9}"), .string("\u{E0}")])
        #expect(try Self.select("$[?length(@) == 2]", in: text) == [.string("e\u{301}")])
    }

    @Test func repeatedKeysFollowKeelsRule() throws {
        let text = #"{"a": 1, "b": 0, "a": 2}"#
        #expect(try Self.select("$.a", in: text) == [2])
        #expect(try Self.select("$.*", in: text) == [1, 0, 2])
        #expect(try Self.select("$[?@.a == 2]", in: "[\(text)]").count == 1)
    }

    @Test func nodesKnowTheirPlaces() throws {
        let text = "{\n  \"it's\": {\"a\\\\b\": [10, {\"line\\nbreak\\u0001\": true}]}\n}"
        let document = try JSONDocument(parsing: text)
        let nodes = try document.root.query("$..*")
        #expect(nodes.map(\.normalizedPath) == [#"$['it\'s']"#, #"$['it\'s']['a\\b']"#, #"$['it\'s']['a\\b'][0]"#,
                                                #"$['it\'s']['a\\b'][1]"#, #"$['it\'s']['a\\b'][1]['line\nbreak\u0001']"#])
        #expect(nodes[2].pointer == "/it's/a\\b/0")
        #expect(nodes[0].location.line == 2)
        #expect(nodes[0].location.column == 11)
        // From a view that is not the document's root, paths start at that view.
        let inner = try #require(document.root.member("it's"))
        #expect(try inner.query("$.*[0]").map(\.normalizedPath) == [#"$['a\\b'][0]"#])
        #expect(try inner.query("$.*[0]").first?.value.numberValue == 10)
        // A tree gives the same paths.
        #expect(try JSON(document.root).query("$..*").map(\.path.normalizedPath) == nodes.map(\.normalizedPath))
    }

    /// `..name` on a document takes a faster walk than on a tree; both give the RFC's order: an object's
    /// member before those of objects nested in it, even when the nested one is written first.
    @Test func descendantNamesFollowObjectOrder() throws {
        let text = #"{"a": {"k": 1, "b": [{"k": 4}]}, "k": 0, "c": {"k": 5, "k": 3}, "k": 2}"#
        #expect(try Self.select("$..k", in: text) == [2, 1, 4, 3])
        #expect(try JSON(parsing: text).query("$..k").map(\.value) == [2, 1, 4, 3])
        #expect(try JSONDocument(parsing: text).root.query("$..k").map(\.normalizedPath)
                    == ["$['k']", "$['a']['k']", "$['a']['b'][0]['k']", "$['c']['k']"])
        #expect(try Self.select("$.a..k", in: text) == [1, 4])
        #expect(try Self.select(#"$..["k"]"#, in: #"[{"\u006b": 7}]"#) == [7])
    }

    @Test(.enabled(if: SharedFixtures.corpus != nil, "corpus not found beside the repository"))
    func descendantNamesAgreeWithTheTreeOnTheCorpus() throws {
        let corpus = try #require(SharedFixtures.corpus)
        for file in ["twitter.json", "citm_catalog.json", "twitterescaped.json"] {
            let document = try JSONDocument(parsing: SharedFixtures.bytes(of: corpus.appendingPathComponent(file)))
            let tree = JSON(document.root)
            for name in ["id", "screen_name", "text", "user", "urls", "name", "events", "areaId", "prices", "none"] {
                let query = try JSONPathQuery("$..\(name)")
                let fromDocument = query.select(in: document.root)
                let fromTree = query.select(in: tree)
                #expect(fromDocument.map(\.normalizedPath) == fromTree.map(\.path.normalizedPath), "\(file) \(name)")
                #expect(fromDocument.map { JSON($0.value) } == fromTree.map(\.value), "\(file) \(name)")
            }
        }
    }

    struct Item: JSONDecodable, Equatable {
        let n: Int
        static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Item {
            Item(n: try value.decode(forKey: "n", in: context))
        }
    }

    @Test func selectedNodesDecodeWithTheirPaths() throws {
        let document = try JSONDocument(parsing: #"{"items": [{"n": 1}, {"n": 2}, {"n": "three"}]}"#)
        #expect(try document.root.decode([Item].self, at: JSONPathQuery("$.items[:2]")) == [Item(n: 1), Item(n: 2)])
        #expect(try document.root.decode([Int].self, at: JSONPathQuery("$.items[?@.n < 3].n")) == [1, 2])
        let every = try JSONPathQuery("$.items[*]")
        do {
            _ = try document.root.decode([Item].self, at: every)
            Issue.record("decoded a string as an Int")
        } catch {
            #expect(error.path.pointer == "/items/2/n")
            #expect(error.location?.column == 38)
        }
    }

    @Test(arguments: [
        (" $", 1, "expected '$' at the start of the query, found a space"),
        ("$ ", 2, "expected a segment ('.', '..' or '['), found a space"),
        ("$.1", 3, "expected a member name or '*' after '.', found '1'"),
        ("$[01]", 3, "expected no leading zero in an integer, found '0'"),
        ("$[-0]", 3, "expected a non-zero integer after '-' (-0 is not an index), found '-'"),
        ("$[9007199254740992]", 3, "expected an integer between -(2^53 - 1) and 2^53 - 1, found '9'"),
        ("$['a'", 6, "expected ',' or ']' after a selector, found the end of the query"),
        ("$[?@.a == 1", 12, "expected ',' or ']' after a selector, found the end of the query"),
        ("$[?length(@.*) > 1]", 11, "expected a singular query (names and indices only) or a value for length(), found '@'"),
        ("$[?match(@.a, 'x') == true]", 4, "expected a function that returns a value in a comparison; match() returns a logical value, found 'm'"),
        ("$[?length(@.a)]", 4, "expected a function that returns a logical value or nodes in a test; length() returns a value, so compare it, found 'l'"),
        ("$[?count(1) > 0]", 10, "expected a query for count(), found '1'"),
        ("$[?frob(@)]", 4, "expected a known function (length, count, match, search, value); 'frob' is not one, found 'f'"),
        ("$[?@.a == 'x\u{1}']", 13, "expected a control character to be escaped in a string, found U+1"),
        ("$[?1]", 5, "expected a comparison operator after a literal (a literal alone is not a test), found ']'"),
        ("$..", 4, "expected a member name, '*' or '[' after '..', found the end of the query"),
    ])
    func invalidQueriesNameTheColumnAndWhatWasExpected(_ query: String, _ column: Int, _ reason: String) {
        #expect(throws: JSONPathSyntaxError(query: query, column: column, reason: reason)) { try JSONPathQuery(query) }
    }

    @Test func hostileQueriesEndWithAnErrorOrAResult() throws {
        // Nesting beyond the parser's limit is an error, not a deep recursion.
        let parentheses = "$[?" + String(repeating: "(", count: 100_000) + "@" + String(repeating: ")", count: 100_000) + "]"
        #expect(throws: JSONPathSyntaxError.self) { try JSONPathQuery(parentheses) }
        let filters = "$" + String(repeating: "[?@", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONPathSyntaxError.self) { try JSONPathQuery(filters) }
        let functions = "$[?" + String(repeating: "count(", count: 10_000) + "@" + String(repeating: ")", count: 10_000) + "]"
        #expect(throws: JSONPathSyntaxError.self) { try JSONPathQuery(functions) }

        // Slices as wide as the grammar allows select what the array has.
        let array = "[0, 1, 2, 3]"
        #expect(try Self.select("$[-9007199254740991:9007199254740991:9007199254740991]", in: array) == [0])
        #expect(try Self.select("$[::-9007199254740991]", in: array) == [3])
        #expect(try Self.select("$[9007199254740991::-1]", in: array) == [3, 2, 1, 0])

        // A pattern that makes backtracking engines take exponential time, and one too large to compile.
        let long = "[\"" + String(repeating: "a", count: 20_000) + "\"]"
        #expect(try Self.select("$[?match(@, '(a*)*b')]", in: long).isEmpty)
        #expect(try Self.select("$[?search(@, '(a|aa)*c')]", in: long).isEmpty)
        #expect(try Self.select("$[?match(@, '(a|a)*')]", in: long).count == 1)
        #expect(try Self.select("$[?match(@, 'a{1000000000}')]", in: long).isEmpty)
    }

    @Test func aHundredThousandLevelsOnASmallStack() throws {
        var options = JSONParsingOptions()
        options.maximumDepth = 200_001
        let text = String(repeating: #"{"a":["#, count: 100_000) + "7" + String(repeating: "]}", count: 100_000)
        let document = try JSONDocument(parsing: text, options: options)
        let counts = runOnThread(stackSize: 512 << 10) {
            let query = try? JSONPathQuery("$..a[?@ == 7]")
            let nodes = query.map { $0.select(in: document.root) } ?? []
            let all = (try? document.root.query("$..*").count) ?? -1
            return [nodes.count, all]
        }
        #expect(counts == [1, 200_000])
    }

    @Test func aCompiledQueryRunsFromManyTasksAtOnce() async throws {
        var text = #"{"statuses": ["#
        text += (0..<500).map { #"{"id": \#($0), "retweet_count": \#($0 % 11), "user": {"screen_name": "u\#($0)"}}"# }
            .joined(separator: ",")
        text += "]}"
        let document = try JSONDocument(parsing: text)
        let query = try JSONPathQuery("$.statuses[?@.retweet_count > 5].user.screen_name")
        let expected = query.select(in: document.root).compactMap(\.value.stringValue)
        #expect(expected.count == 225)
        let results = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 { group.addTask { query.select(in: document.root).compactMap(\.value.stringValue) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == expected })
    }
}

/// Codable models decoded from what a query selects, through `KeelDecoder` and its strategies.
@Suite struct JSONPathCodableTests {
    struct User: Decodable, Equatable {
        let screenName: String
        let followers: Int
    }

    @Test func selectedNodesDecodeAsCodableModels() throws {
        let document = try JSONDocument(parsing: #"""
            {"statuses": [{"user": {"screen_name": "a", "followers": 3}}, {"user": {"screen_name": "b", "followers": 7}},
                          {"user": {"screen_name": "c", "followers": "many"}}]}
            """#)
        var decoder = KeelDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let popular = try JSONPathQuery("$.statuses[*].user[?@.followers > 5]")
        // The filter selects children of each user, so select the users through their parent instead.
        #expect(try decoder.decode([User].self, at: JSONPathQuery("$.statuses[?@.user.followers > 5].user"), in: document.root)
                    == [User(screenName: "b", followers: 7)])
        #expect(try decoder.decode([User].self, at: popular, in: document.root).isEmpty)
        do {
            _ = try decoder.decode([User].self, at: JSONPathQuery("$.statuses[*].user"), in: document.root)
            Issue.record("decoded a string as an Int")
        } catch let error as DecodingError {
            #expect(error.jsonDecodingError?.path.pointer == "/statuses/2/user/followers")
        }
    }
}
