/// The singular of an English plural, for naming an array's elements after the array's key (`statuses` →
/// `status`, `entities` → `entity`, `people` → `person`). A word these rules do not take for a plural comes
/// back as it is (`media`, `status`, `analysis`).
enum EnglishSingular {
    /// Irregular plurals, and words that stay as they are.
    private static let exceptions: [String: String] = [
        "people": "person", "children": "child", "men": "man", "women": "woman", "mice": "mouse",
        "geese": "goose", "feet": "foot", "teeth": "tooth", "indices": "index", "vertices": "vertex",
        "matrices": "matrix", "criteria": "criterion", "phenomena": "phenomenon", "movies": "movie",
        "cookies": "cookie", "series": "series", "species": "species", "news": "news", "data": "data",
        "media": "media", "metadata": "metadata", "gas": "gas", "bus": "bus", "aliases": "alias",
        "quizzes": "quiz", "lives": "life", "wives": "wife", "knives": "knife", "leaves": "leaf",
        "halves": "half", "shelves": "shelf",
    ]

    /// `word` (lower case) made singular.
    static func singular(of word: String) -> String {
        if let exception = exceptions[word] { return exception }
        guard word.count > 2 else { return word }
        for (plural, singular) in [("ies", "y"), ("sses", "ss"), ("uses", "us"), ("shes", "sh"), ("ches", "ch"),
                                   ("xes", "x"), ("zzes", "zz")] where word.hasSuffix(plural) {
            guard plural != "ies" || word.count > 4 else { return word }
            return String(word.dropLast(plural.count)) + singular
        }
        for kept in ["ss", "us", "is", "ics"] where word.hasSuffix(kept) { return word }
        if word.hasSuffix("s") { return String(word.dropLast()) }
        return word
    }
}
