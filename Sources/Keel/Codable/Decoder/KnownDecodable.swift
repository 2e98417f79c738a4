// Which of the types the bridge reads off the tape itself a `Decodable` type is, told apart by comparing
// metatypes (cheap next to any dynamic cast), so that a model's own types pay almost nothing to be turned away.
#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

#if canImport(FoundationEssentials) || canImport(Foundation)
/// A type the decoding session reads without running its `init(from:)`: scalars, dates, data, URLs,
/// decimals, `JSON`, and arrays of the commonest scalars.
enum KnownDecodable {
    case string, int, double, bool, int64, float, uint64, uint, int32, uint32, int16, uint16, int8, uint8
    case date, data, url, decimal, json
    case doubles, ints, strings, bools, int64s

    /// The case for `type`, or `nil` for every other type (a model's own, say).
    init?(_ type: Any.Type) {
        if type == String.self { self = .string }
        else if type == Int.self { self = .int }
        else if type == Double.self { self = .double }
        else if type == Bool.self { self = .bool }
        else if type == Int64.self { self = .int64 }
        else if type == Float.self { self = .float }
        else if type == UInt64.self { self = .uint64 }
        else if type == UInt.self { self = .uint }
        else if type == Int32.self { self = .int32 }
        else if type == UInt32.self { self = .uint32 }
        else if type == Int16.self { self = .int16 }
        else if type == UInt16.self { self = .uint16 }
        else if type == Int8.self { self = .int8 }
        else if type == UInt8.self { self = .uint8 }
        else if type == Date.self { self = .date }
        else if type == Data.self { self = .data }
        else if type == URL.self { self = .url }
        else if type == Decimal.self { self = .decimal }
        else if type == JSON.self { self = .json }
        else if type == [Double].self { self = .doubles }
        else if type == [Int].self { self = .ints }
        else if type == [String].self { self = .strings }
        else if type == [Bool].self { self = .bools }
        else if type == [Int64].self { self = .int64s }
        else { return nil }
    }

    /// Whether this is one of the arrays, which are read this way only when the value is an array (other
    /// values take the general path, which says what was wrong the way it does for every array).
    var isArray: Bool {
        switch self {
        case .doubles, .ints, .strings, .bools, .int64s: return true
        default: return false
        }
    }
}
#endif
