// The standard scalar types the macro knows by name (with or without `Swift.`), by kind: what a raw-value
// enum's raw type may be, and what a default's literal is judged against.

/// A standard integer, floating-point, string or Boolean type, named as written.
enum StandardScalar {
    case integer, floatingPoint, string, bool

    init?(_ name: String) {
        let bare = name.hasPrefix("Swift.") ? String(name.dropFirst(6)) : name
        switch bare {
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64": self = .integer
        case "Double", "Float": self = .floatingPoint
        case "String": self = .string
        case "Bool": self = .bool
        default: return nil
        }
    }
}
