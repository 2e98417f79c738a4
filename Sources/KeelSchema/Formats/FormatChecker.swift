import Keel

/// A check for one `format` value, used when formats are asserted (``JSONSchemaOptions/assertsFormats``, or
/// a meta-schema with the format-assertion vocabulary). Each follows the RFC the format names; a format
/// Keel does not know is an annotation only, as JSON Schema asks.
struct FormatChecker: Sendable {
    let check: @Sendable (String) -> Bool

    static func named(_ format: String, dialect: JSONSchemaDialect) -> FormatChecker? {
        switch format {
        case "date-time": return FormatChecker(check: DateTimeFormats.isDateTime)
        case "date": return FormatChecker(check: DateTimeFormats.isDate)
        case "time": return FormatChecker(check: DateTimeFormats.isTime)
        case "duration": return FormatChecker(check: DateTimeFormats.isDuration)
        case "email": return FormatChecker { EmailFormat.isEmail($0, international: false) }
        case "idn-email": return FormatChecker { EmailFormat.isEmail($0, international: true) }
        case "hostname": return FormatChecker { HostnameFormat.isHostname($0, international: false, dialect: dialect) }
        case "idn-hostname": return FormatChecker { HostnameFormat.isHostname($0, international: true, dialect: dialect) }
        case "ipv4": return FormatChecker(check: AddressFormats.isIPv4)
        case "ipv6": return FormatChecker(check: AddressFormats.isIPv6)
        case "uri": return FormatChecker { URIFormats.isURI($0, relative: false, international: false) }
        case "uri-reference": return FormatChecker { URIFormats.isURI($0, relative: true, international: false) }
        case "iri": return FormatChecker { URIFormats.isURI($0, relative: false, international: true) }
        case "iri-reference": return FormatChecker { URIFormats.isURI($0, relative: true, international: true) }
        case "uri-template": return FormatChecker(check: URIFormats.isTemplate)
        case "uuid": return FormatChecker(check: Self.isUUID)
        case "json-pointer": return FormatChecker(check: PointerFormats.isPointer)
        case "relative-json-pointer": return FormatChecker(check: PointerFormats.isRelativePointer)
        case "regex":
            return FormatChecker { text in
                if case .invalid = ECMAScriptPatternParser.parse(text) { return false }
                return true
            }
        default: return nil
        }
    }

    /// RFC 4122's text form: 8-4-4-4-12 hex digits.
    static func isUUID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (position, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(position) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else if !byte.isHexDigit {
                return false
            }
        }
        return true
    }
}

extension UInt8 {
    var isASCIIDigit: Bool { self >= 0x30 && self <= 0x39 }
    var isASCIILetter: Bool { (self | 0x20) >= 0x61 && (self | 0x20) <= 0x7A }
    var isHexDigit: Bool { HexDigits.value(self) != nil }
}
