/// What a UTF-8 lead byte (0x80 or above) promises: how many bytes its character has, and the range its second
/// byte must fall in, narrower after E0 and F0 (against overlong forms), ED (against surrogates) and F4
/// (against values above U+10FFFF). The one table the scanner and the incremental parser check against, so
/// that both reject the same bytes with the same words.
struct UTF8LeadRule {
    /// The character's length in bytes, lead included.
    let length: Int
    /// The range of the second byte (every later one is 0x80 to 0xBF).
    let low: UInt8
    let high: UInt8
    /// What the second byte should be, for a message.
    let why: String

    /// The rule for `lead`, or `nil` when no character starts with it.
    init?(_ lead: UInt8) {
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        var why = "a continuation byte (0x80 to 0xBF)"
        switch lead {
        case 0xC2...0xDF:
            length = 2
        case 0xE0:
            length = 3; low = 0xA0; why = "a byte 0xA0 to 0xBF after 0xE0 (lower ones make overlong forms)"
        case 0xED:
            length = 3; high = 0x9F; why = "a byte 0x80 to 0x9F after 0xED (higher ones encode surrogates)"
        case 0xE1...0xEC, 0xEE...0xEF:
            length = 3
        case 0xF0:
            length = 4; low = 0x90; why = "a byte 0x90 to 0xBF after 0xF0 (lower ones make overlong forms)"
        case 0xF1...0xF3:
            length = 4
        case 0xF4:
            length = 4; high = 0x8F; why = "a byte 0x80 to 0x8F after 0xF4 (higher ones are above U+10FFFF)"
        default:
            return nil
        }
        (self.low, self.high, self.why) = (low, high, why)
    }

    /// What was expected instead of a byte that starts no character.
    static func expectation(insteadOf lead: UInt8) -> String {
        switch lead {
        case 0x80...0xBF: return "a lead byte (a continuation byte cannot start a character)"
        case 0xC0, 0xC1: return "the shortest form (0xC0 and 0xC1 only start overlong forms)"
        default: return "a byte that can occur in UTF-8 (0xF5 to 0xFF cannot)"
        }
    }
}
