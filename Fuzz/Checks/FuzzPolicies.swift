import Keel

/// The parsing policies the checks of documents still arriving run under: the default, lone surrogates
/// replaced, and small limits with repeated keys rejected (so that every limit and the key check are met by
/// short inputs).
enum FuzzPolicies {
    static var arriving: [JSONParsingOptions] {
        var lenient = JSONParsingOptions()
        lenient.loneSurrogates = .replace
        var small = JSONParsingOptions()
        small.maximumDepth = 4
        small.maximumStringLength = 8
        small.maximumNumberLength = 8
        small.duplicateKeys = .reject
        return [JSONParsingOptions(), lenient, small]
    }
}
