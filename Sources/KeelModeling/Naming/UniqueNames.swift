/// Names made unique among those already given, by a number (`name`, `name2`, `name3`, ...): the properties
/// of one type, the cases of one enum, the types of one model set.
struct UniqueNames {
    private var used: Set<String> = []

    /// Whether `name` has been given.
    func contains(_ name: String) -> Bool { used.contains(name) }

    /// `name`, or the first of `name2`, `name3`, ... not given yet; given from now on.
    mutating func unique(_ name: String) -> String {
        var candidate = name
        var number = 2
        while used.contains(candidate) {
            candidate = name + String(number)
            number += 1
        }
        used.insert(candidate)
        return candidate
    }
}
