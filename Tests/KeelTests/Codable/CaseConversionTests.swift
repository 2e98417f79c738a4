import KeelKeyNaming
import Testing

/// The two ways names become snake case, from the one implementation the library and the macro plug-in share:
/// the readable rule (`@JSONModel(keys: .snakeCase)`) on a list of awkward names, and where it parts from
/// Foundation's (`KeelEncoder`'s `.convertToSnakeCase` and `keys: .foundationSnakeCase`, checked name by name
/// against `JSONEncoder` in `KeelEncoderTests`).
@Suite struct CaseConversionTests {
    /// Acronyms first, last and alone, digits, underscores, non-ASCII and title case.
    static let readable: [(String, String)] = [
        ("URL", "url"), ("URLValue", "url_value"), ("myURLValue", "my_url_value"), ("myURL", "my_url"),
        ("userID", "user_id"), ("ID", "id"), ("a", "a"), ("aB", "a_b"), ("AB", "ab"), ("ABc", "a_bc"),
        ("value2", "value2"), ("value2Name", "value2_name"), ("HTTP2Server", "http2_server"),
        ("iOSVersion", "i_os_version"), ("isHTML5", "is_html5"), ("a1B2", "a1_b2"), ("fooBAR", "foo_bar"),
        ("_name", "_name"), ("name_", "name_"), ("__both__", "__both__"), ("already_snake", "already_snake"),
        ("foo_Bar", "foo_bar"), ("ÉtéAb", "été_ab"), ("éclairÉtoile", "éclair_étoile"), ("ÀÉÎ", "àéî"),
        ("ǅemo", "ǆemo"), ("", ""), ("x", "x"),
    ]

    @Test func theReadableRuleKeepsARunOfCapitalsTogether() {
        for (name, expected) in Self.readable {
            #expect(CaseConversion.readableSnakeCase(name) == expected, "\(name)")
        }
    }

    /// The rules agree on camel case inside a name; they part at a run of capitals that starts it, and at a
    /// capital after an underscore (Foundation adds another underscore).
    @Test func theRulesPartAtLeadingCapitalsAndAfterUnderscores() {
        let differing = Self.readable.map(\.0).filter {
            CaseConversion.readableSnakeCase($0) != CaseConversion.foundationSnakeCase($0)
        }
        #expect(differing == ["URL", "URLValue", "ID", "AB", "HTTP2Server", "foo_Bar", "ÀÉÎ"])
        #expect(CaseConversion.foundationSnakeCase("URLValue") == "u_rl_value")
        #expect(CaseConversion.foundationSnakeCase("URL") == "u_rl")
    }

    @Test func foundationsSnakeCaseRoundTripsThroughItsCamelCase() {
        for name in ["oneTwoThree", "myUrlValue", "value2Name", "_leading", "trailing_"] {
            #expect(CaseConversion.foundationCamelCase(fromSnakeCase: CaseConversion.foundationSnakeCase(name)) == name, "\(name)")
        }
    }
}
