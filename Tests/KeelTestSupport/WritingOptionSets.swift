import Keel

extension JSONWritingOptions {
    /// One of each writing option and some of their mixes, for tests that compare two ways of writing:
    /// compact, pretty, nulls left out (compact and pretty with a wider indent), every escape, sorted keys.
    public static let variety: [JSONWritingOptions] = {
        var omitting = JSONWritingOptions()
        omitting.omitsNullMembers = true
        var prettyOmitting = JSONWritingOptions.pretty(indent: 4)
        prettyOmitting.omitsNullMembers = true
        var escaping = JSONWritingOptions.pretty()
        escaping.escapesSlashes = true
        escaping.escapesNonASCII = true
        var sorting = JSONWritingOptions()
        sorting.sortsKeys = true
        return [JSONWritingOptions(), .pretty(), omitting, prettyOmitting, escaping, sorting]
    }()
}
