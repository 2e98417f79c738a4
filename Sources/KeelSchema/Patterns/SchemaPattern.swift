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
    private enum Engine {
        case automaton(IRegexp)
        case backtracking(Regex<AnyRegexOutput>)
    }
    private let engine: Engine

    private init(source: String, engine: Engine) {
        self.source = source
        self.engine = engine
    }

    /// The compiled pattern, or why it is not an ECMA-262 regular expression.
    static func compile(_ source: String) -> Result<SchemaPattern, PatternError> {
        switch ECMAScriptPatternParser.parse(source) {
        case .tree(let tree):
            guard let automaton = IRegexp(tree: tree, buildsSearcher: true) else {
                return .failure(PatternError(message: "the pattern is too large (over \(IRegexp.maximumStates) automaton states)"))
            }
            return .success(SchemaPattern(source: source, engine: .automaton(automaton)))
        case .needsBacktracking:
            do {
                let regex = try Regex(source).asciiOnlyDigits().asciiOnlyWordCharacters().matchingSemantics(.unicodeScalar)
                return .success(SchemaPattern(source: source, engine: .backtracking(regex)))
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
        switch engine {
        case .automaton(let automaton): return automaton.isFound(in: text)
        case .backtracking(let regex): return (try? regex.firstMatch(in: text)) != nil
        }
    }

    /// Whether the pattern matches somewhere in well-formed UTF-8 text.
    func isFound(inUTF8 bytes: UnsafeRawBufferPointer) -> Bool {
        switch engine {
        case .automaton(let automaton): return automaton.isFound(inUTF8: bytes)
        case .backtracking(let regex): return (try? regex.firstMatch(in: String(decoding: bytes, as: UTF8.self))) != nil
        }
    }
}
