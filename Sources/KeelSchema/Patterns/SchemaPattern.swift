import Keel

/// A `pattern` or `patternProperties` regular expression, compiled once (a class: keywords share it without
/// copying the automaton's tables).
///
/// Patterns follow ECMA-262 with the `u` flag and, as JSON Schema says, match anywhere in the string unless
/// anchored. Almost every pattern runs on Keel's automaton: time linear in the string, so `(a*)*b` cannot
/// hang a validator. Backreferences and lookaround cannot run on an automaton; those patterns use Swift's
/// `Regex` (with ASCII `\d` and `\w`, matching Unicode scalars, as ECMA-262 does), which backtracks.
final class SchemaPattern: @unchecked Sendable {
    let source: String
    /// One of the two engines is set. Kept as two properties rather than an enum: a search then reads the
    /// automaton in place, where matching on an enum copied it (and counted references to its tables).
    private let automaton: IRegexp?
    private let regex: Regex<AnyRegexOutput>?

    private init(source: String, automaton: IRegexp) {
        self.source = source
        self.automaton = automaton
        self.regex = nil
    }

    private init(source: String, regex: Regex<AnyRegexOutput>) {
        self.source = source
        self.automaton = nil
        self.regex = regex
    }

    /// The compiled pattern, or why it is not an ECMA-262 regular expression.
    static func compile(_ source: String) -> Result<SchemaPattern, PatternError> {
        switch ECMAScriptPatternParser.parse(source) {
        case .tree(let tree):
            guard let automaton = IRegexp(tree: tree, buildsSearcher: true) else {
                return .failure(PatternError(message: "the pattern is too large (over \(IRegexp.maximumStates) automaton states)"))
            }
            return .success(SchemaPattern(source: source, automaton: automaton))
        case .needsBacktracking:
            do {
                let regex = try Regex(source).asciiOnlyDigits().asciiOnlyWordCharacters().matchingSemantics(.unicodeScalar)
                return .success(SchemaPattern(source: source, regex: regex))
            } catch {
                return .failure(PatternError(message: "the pattern is not a regular expression Keel can run: \(error)"))
            }
        case .invalid(let message):
            return .failure(PatternError(message: message))
        }
    }

    struct PatternError: Error {
        let message: String
    }

    /// Whether the pattern matches somewhere in `text`.
    func isFound(in text: String) -> Bool {
        if let found = automaton?.isFound(in: text) { return found }
        return (try? regex?.firstMatch(in: text)) != nil
    }

    /// Whether the pattern matches somewhere in well-formed UTF-8 text.
    func isFound(inUTF8 bytes: UnsafeRawBufferPointer) -> Bool {
        if let found = automaton?.isFound(inUTF8: bytes) { return found }
        return (try? regex?.firstMatch(in: String(decoding: bytes, as: UTF8.self))) != nil
    }
}
