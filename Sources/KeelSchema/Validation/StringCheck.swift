import Keel

/// A schema that only checks strings (`type`, `minLength`, `maxLength`, `pattern`, `enum` or `const` of
/// strings, `format`), run on a member name's bytes: `propertyNames` then needs no document per name. `nil`
/// for a schema with any other keyword; a `$ref` alone is followed.
struct StringCheck {
    private var schemas: [SchemaNode] = []

    init?(_ node: SchemaNode) {
        var pending = [node]
        while let next = pending.popLast() {
            guard schemas.count < 16 else { return nil }
            if next.constant != nil {
                schemas.append(next)
                continue
            }
            for keyword in next.program {
                switch keyword {
                case .ref(let reference):
                    guard let target = reference.target else { return nil }
                    pending.append(target)
                case .type, .minLength, .maxLength, .pattern, .format, .enumeration(_, strings: .some):
                    continue
                case .constant(.string):
                    continue
                default:
                    return nil
                }
            }
            schemas.append(next)
        }
    }

    /// Whether a string with these UTF-8 bytes satisfies every schema.
    func accepts(_ bytes: UnsafeRawBufferPointer) -> Bool {
        for schema in schemas {
            if let constant = schema.constant {
                if !constant { return false }
                continue
            }
            for keyword in schema.program {
                switch keyword {
                case .type(let types, _):
                    guard types.contains(.string) else { return false }
                case .minLength(let limit):
                    guard SchemaEvaluator.scalarCount(bytes) >= limit else { return false }
                case .maxLength(let limit):
                    guard SchemaEvaluator.scalarCount(bytes) <= limit else { return false }
                case .pattern(let pattern):
                    guard pattern.isFound(inUTF8: bytes) else { return false }
                case .format(_, let checker?):
                    guard checker.check(String(decoding: bytes, as: UTF8.self)) else { return false }
                case .enumeration(_, let strings?):
                    guard strings.index(of: bytes) != nil else { return false }
                case .constant(.string(let text)):
                    guard text.utf8.elementsEqual(bytes) else { return false }
                default:
                    continue
                }
            }
        }
        return true
    }
}
