@_spi(Tape) import Keel

/// `uniqueItems` in place for the arrays it usually meets: up to 32 items, each a small integer literal or a
/// string without escapes, compared on the tape (no `JSON` values, no hashing). Anything else is
/// ``Repetition/undecided``, for the general comparison of `JSON` values (where `1` and `1.0` are equal).
/// The check and the evaluator both ask it.
enum RepeatedItems {
    enum Repetition {
        case allDifferent
        /// The first item equal to an earlier one, and that earlier one.
        case repeated(first: Int, second: Int)
        case undecided
    }

    static func find(in window: TapeWindow, array: Int) -> Repetition {
        let count = window.count(array)
        guard count <= 32 else { return .undecided }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: max(count, 1)) { items -> Repetition in
            var element = array + 1
            for position in 0..<count {
                items[position] = element
                element = window.indexAfter(element)
            }
            for second in 0..<count {
                let b = items[second]
                let bKind = window.kindCode(b)
                let bInteger = bKind == 3 ? window.smallInteger(b) : nil
                guard bInteger != nil || (bKind == 4 && !window.hasEscapes(b)) else { return .undecided }
                for first in 0..<second {
                    let a = items[first]
                    if let bInteger {
                        if window.kindCode(a) == 3, window.smallInteger(a) == bInteger { return .repeated(first: first, second: second) }
                    } else if window.kindCode(a) == 4, window.rawStringBytes(a).elementsEqual(window.rawStringBytes(b)) {
                        return .repeated(first: first, second: second)
                    }
                }
            }
            return .allDifferent
        }
    }
}
