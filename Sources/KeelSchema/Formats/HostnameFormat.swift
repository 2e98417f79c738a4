/// Host names and, for `idn-hostname`, internationalised ones.
///
/// Draft-04 and draft-06 ask for RFC 1123 names: labels of ASCII letters, digits and hyphens, 63 bytes at
/// most each and 253 in all. Later drafts follow RFC 5890: an `xn--` label must be valid Punycode whose
/// decoded form is itself a valid U-label, and `idn-hostname` allows U-labels directly. A U-label is checked
/// against RFC 5892's rules as far as Swift's Unicode properties reach: letters, marks and digits (not
/// upper case), the listed exceptions, the contextual rules (middle dot, keraia, geresh, katakana middle dot,
/// Arabic-Indic digits, zero-width joiners) and RFC 5893's Bidi rule, with right-to-left scripts found by
/// their blocks (Swift exposes no Bidi class).
enum HostnameFormat {
    static func isHostname(_ text: String, international: Bool, dialect: JSONSchemaDialect) -> Bool {
        var name = text
        if international {
            // Ideographic and fullwidth full stops separate labels as `.` does (RFC 3490 3.1).
            name = String(String.UnicodeScalarView(name.unicodeScalars.map {
                ["\u{3002}", "\u{FF0E}", "\u{FF61}"].contains($0) ? "." : $0
            }))
        }
        guard !name.isEmpty, name.utf8.count <= 253 else { return false }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        var uLabels: [[Unicode.Scalar]] = []
        for label in labels {
            guard !label.isEmpty, label.first != "-", label.last != "-" else { return false }
            if label.unicodeScalars.allSatisfy(\.isASCII) {
                guard label.utf8.count <= 63,
                      label.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" }) else { return false }
                guard dialect.isAtLeast(.draft7) else { continue }
                let scalars = Array(label.unicodeScalars)
                if scalars.count >= 4, scalars[2] == "-", scalars[3] == "-" {
                    // Only A-labels may have hyphens in positions 3 and 4.
                    guard label.lowercased().hasPrefix("xn--"),
                          let decoded = Punycode.decode(label.dropFirst(4)), !decoded.allSatisfy(\.isASCII),
                          Punycode.encode(decoded) == label.dropFirst(4).lowercased(),
                          IDNA.isULabel(decoded) else { return false }
                    uLabels.append(decoded)
                } else {
                    uLabels.append(scalars)
                }
            } else {
                guard international else { return false }
                let scalars = Array(label.unicodeScalars)
                guard IDNA.isULabel(scalars), 4 + Punycode.encode(scalars).utf8.count <= 63 else { return false }
                uLabels.append(scalars)
            }
        }
        return !dialect.isAtLeast(.draft7) || IDNA.satisfiesBidiRule(uLabels)
    }
}

/// The parts of IDNA2008 (RFC 5891–5893) a U-label is checked against.
enum IDNA {
    static func isULabel(_ scalars: [Unicode.Scalar]) -> Bool {
        guard let first = scalars.first, scalars.last != "-" else { return false }
        if scalars.count >= 4, scalars[2] == "-", scalars[3] == "-" { return false }
        if isMark(first) { return false }
        var hasArabicIndic = false
        var hasExtendedArabicIndic = false
        for (position, scalar) in scalars.enumerated() {
            let before = position > 0 ? scalars[position - 1] : nil
            let after = position + 1 < scalars.count ? scalars[position + 1] : nil
            switch scalar.value {
            case 0x00DF, 0x03C2, 0x06FD, 0x06FE, 0x0F0B, 0x3007:
                continue
            case 0x0640, 0x07FA, 0x302E, 0x302F, 0x3031...0x3035, 0x303B:
                return false
            case 0x00B7:
                guard before == "l", after == "l" else { return false }
            case 0x0375:
                guard let after, isGreek(after) else { return false }
            case 0x05F3, 0x05F4:
                guard let before, (0x0590...0x05FF).contains(before.value) else { return false }
            case 0x30FB:
                guard scalars.contains(where: { $0.value != 0x30FB && isHiraganaKatakanaOrHan($0) }) else { return false }
            case 0x0660...0x0669:
                hasArabicIndic = true
            case 0x06F0...0x06F9:
                hasExtendedArabicIndic = true
            case 0x200D:
                guard let before, before.properties.canonicalCombiningClass == .virama else { return false }
            case 0x200C:
                if let before, before.properties.canonicalCombiningClass == .virama { continue }
                guard joinsOnTheLeft(scalars[..<position]), joinsOnTheRight(scalars[(position + 1)...]) else { return false }
            default:
                if scalar == "-" || (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))) { continue }
                switch scalar.properties.generalCategory {
                case .lowercaseLetter, .otherLetter, .modifierLetter, .nonspacingMark, .spacingMark, .decimalNumber:
                    continue
                default:
                    return false
                }
            }
        }
        return !(hasArabicIndic && hasExtendedArabicIndic)
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    private static func isGreek(_ scalar: Unicode.Scalar) -> Bool {
        (0x0370...0x03FF).contains(scalar.value) || (0x1F00...0x1FFF).contains(scalar.value)
    }

    private static func isHiraganaKatakanaOrHan(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: return true
        default: return false
        }
    }

    /// Arabic letters that join only to the right (joining type R); other Arabic letters join both ways.
    private static let rightJoining: Set<UInt32> = [
        0x0622, 0x0623, 0x0624, 0x0625, 0x0627, 0x0629, 0x062F, 0x0630, 0x0631, 0x0632, 0x0648, 0x0671, 0x0672,
        0x0673, 0x0675, 0x0676, 0x0677, 0x06C0, 0x06C3, 0x06C4, 0x06C5, 0x06C6, 0x06C7, 0x06C8, 0x06C9, 0x06CA,
        0x06CB, 0x06CD, 0x06CF, 0x06D2, 0x06D3, 0x06D5, 0x06EE, 0x06EF,
    ]

    private static func joiningType(_ scalar: Unicode.Scalar) -> Character {
        if scalar.properties.generalCategory == .nonspacingMark { return "T" }
        let value = scalar.value
        guard (0x0620...0x06FF).contains(value) || (0x0750...0x077F).contains(value),
              scalar.properties.generalCategory == .otherLetter else { return "U" }
        if rightJoining.contains(value) || (0x0688...0x0699).contains(value) { return "R" }
        return "D"
    }

    /// RFC 5892 A.1: `(Joining_Type:{L,D})(Joining_Type:T)*` before the non-joiner...
    private static func joinsOnTheLeft(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        for scalar in scalars.reversed() {
            switch joiningType(scalar) {
            case "T": continue
            case "D", "L": return true
            default: return false
            }
        }
        return false
    }

    /// ...and `(Joining_Type:T)*(Joining_Type:{R,D})` after it.
    private static func joinsOnTheRight(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        for scalar in scalars {
            switch joiningType(scalar) {
            case "T": continue
            case "D", "R": return true
            default: return false
            }
        }
        return false
    }

    /// Bidi classes, as far as the rule needs them.
    private enum BidiClass { case l, r, an, en, es, nsm, on }

    private static func bidiClass(_ scalar: Unicode.Scalar) -> BidiClass {
        let value = scalar.value
        if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark { return .nsm }
        switch value {
        case 0x0660...0x0669, 0x066B, 0x066C: return .an
        case 0x30...0x39, 0x06F0...0x06F9: return .en
        case 0x2B, 0x2D: return .es
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return .r
        default: break
        }
        switch scalar.properties.generalCategory {
        case .lowercaseLetter, .uppercaseLetter, .otherLetter, .modifierLetter, .titlecaseLetter, .spacingMark, .decimalNumber:
            return .l
        default:
            return .on
        }
    }

    /// RFC 5893 section 2: once any label is right-to-left, every label must follow the Bidi rule.
    static func satisfiesBidiRule(_ labels: [[Unicode.Scalar]]) -> Bool {
        let classes = labels.map { $0.map(bidiClass) }
        guard classes.contains(where: { $0.contains(.r) || $0.contains(.an) }) else { return true }
        for label in classes {
            guard let first = label.first else { return false }
            let last = label.last(where: { $0 != .nsm })
            if first == .r {
                guard label.allSatisfy({ $0 != .l }), last == .r || last == .en || last == .an,
                      !(label.contains(.en) && label.contains(.an)) else { return false }
            } else if first == .l {
                guard label.allSatisfy({ $0 != .r && $0 != .an }), last == .l || last == .en else { return false }
            } else {
                return false
            }
        }
        return true
    }
}

/// Mailbox addresses (RFC 5321 4.1.2): a dot-atom or quoted local part, `@`, and a host name or an address
/// literal in brackets. `idn-email` (RFC 6531) also allows non-ASCII characters in both parts.
enum EmailFormat {
    static func isEmail(_ text: String, international: Bool) -> Bool {
        guard let at = text.lastIndex(of: "@") else { return false }
        let local = text[..<at]
        let domain = text[text.index(after: at)...]
        guard isLocalPart(local, international: international) else { return false }
        if domain.hasPrefix("["), domain.hasSuffix("]") {
            let literal = domain.dropFirst().dropLast()
            if literal.lowercased().hasPrefix("ipv6:") { return AddressFormats.isIPv6(String(literal.dropFirst(5))) }
            return AddressFormats.isIPv4(String(literal))
        }
        return HostnameFormat.isHostname(String(domain), international: international, dialect: .draft2020_12)
    }

    private static func isLocalPart(_ local: Substring, international: Bool) -> Bool {
        guard !local.isEmpty, local.utf8.count <= 64 else { return false }
        if local.hasPrefix("\""), local.hasSuffix("\""), local.count >= 2 {
            var escaped = false
            for scalar in local.dropFirst().dropLast().unicodeScalars {
                if escaped { escaped = false; continue }
                if scalar == "\\" { escaped = true; continue }
                if scalar == "\"" { return false }
                guard scalar.value >= 0x20, scalar.value != 0x7F || international else { return false }
            }
            return !escaped
        }
        let special = Set("!#$%&'*+-/=?^_`{|}~".unicodeScalars)
        for atom in local.split(separator: ".", omittingEmptySubsequences: false) {
            guard !atom.isEmpty else { return false }
            for scalar in atom.unicodeScalars {
                let allowed = scalar.isASCII
                    ? scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || special.contains(scalar)
                    : international
                guard allowed else { return false }
            }
        }
        return true
    }
}
