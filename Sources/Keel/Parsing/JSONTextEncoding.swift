/// The Unicode encoding form of JSON bytes, as told by their first four bytes.
///
/// RFC 8259 requires UTF-8 for JSON exchanged between systems, but files written by Windows tools and older
/// services still arrive in UTF-16 or UTF-32. ``detect(_:)`` names the encoding without parsing, by the
/// byte-order mark when there is one and otherwise by where the zero bytes fall (the first two characters of
/// JSON text are ASCII, so UTF-16 and UTF-32 give them tell-tale zeros: RFC 4627 §3). Parsing reads the wide
/// forms only when ``JSONParsingOptions/textEncoding`` is ``JSONParsingOptions/TextEncodingPolicy/detect``.
///
/// ```swift
/// let detected = JSONTextEncoding.detect([0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00])
/// // detected.encoding == .utf16LittleEndian, detected.byteOrderMarkLength == 2
/// ```
public enum JSONTextEncoding: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// UTF-8, the only encoding RFC 8259 allows between systems.
    case utf8
    /// UTF-16, most significant byte first.
    case utf16BigEndian
    /// UTF-16, least significant byte first (what Windows tools write).
    case utf16LittleEndian
    /// UTF-32, most significant byte first.
    case utf32BigEndian
    /// UTF-32, least significant byte first.
    case utf32LittleEndian

    /// What ``JSONTextEncoding/detect(_:)`` found: the encoding, and how many leading bytes are its
    /// byte-order mark (0 when there is none).
    public struct Detection: Sendable, Hashable {
        /// The encoding the bytes are in.
        public let encoding: JSONTextEncoding
        /// The length in bytes of the byte-order mark the bytes start with: 0, 2 (UTF-16), 3 (UTF-8) or 4 (UTF-32).
        public let byteOrderMarkLength: Int

        /// Makes a detection result from its parts.
        public init(encoding: JSONTextEncoding, byteOrderMarkLength: Int) {
            self.encoding = encoding
            self.byteOrderMarkLength = byteOrderMarkLength
        }
    }

    /// Names the encoding of JSON bytes from their first four bytes, without parsing them.
    ///
    /// A byte-order mark decides first (`00 00 FE FF`, `FF FE 00 00`, `FE FF`, `FF FE`, `EF BB BF`, longest
    /// first). Without one, the zero bytes around the first character (never NUL in JSON) decide: `00 00 00 xx`
    /// is UTF-32BE, `xx 00 00 00` UTF-32LE, `00 xx` UTF-16BE and `xx 00` UTF-16LE, where `xx` is not zero.
    /// Anything else, and input shorter than two bytes, is UTF-8.
    ///
    /// - Complexity: O(1): at most four bytes are read.
    public static func detect<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Detection {
        var first: (UInt8?, UInt8?, UInt8?, UInt8?) = (nil, nil, nil, nil)
        var index = bytes.startIndex
        for position in 0..<4 {
            guard index != bytes.endIndex else { break }
            switch position {
            case 0: first.0 = bytes[index]
            case 1: first.1 = bytes[index]
            case 2: first.2 = bytes[index]
            default: first.3 = bytes[index]
            }
            bytes.formIndex(after: &index)
        }
        return detect(first)
    }

    /// The rule of ``detect(_:)`` over the first four bytes (`nil` past the end of the input).
    static func detect(_ first: (UInt8?, UInt8?, UInt8?, UInt8?)) -> Detection {
        switch first {
        case (0x00, 0x00, 0xFE, 0xFF): return Detection(encoding: .utf32BigEndian, byteOrderMarkLength: 4)
        case (0xFF, 0xFE, 0x00, 0x00): return Detection(encoding: .utf32LittleEndian, byteOrderMarkLength: 4)
        case (0xFE, 0xFF, _, _): return Detection(encoding: .utf16BigEndian, byteOrderMarkLength: 2)
        case (0xFF, 0xFE, _, _): return Detection(encoding: .utf16LittleEndian, byteOrderMarkLength: 2)
        case (0xEF, 0xBB, 0xBF, _): return Detection(encoding: .utf8, byteOrderMarkLength: 3)
        case (0x00, 0x00, 0x00, let d?) where d != 0: return Detection(encoding: .utf32BigEndian, byteOrderMarkLength: 0)
        case (let a?, 0x00, 0x00, 0x00) where a != 0: return Detection(encoding: .utf32LittleEndian, byteOrderMarkLength: 0)
        case (0x00, let b?, _, _) where b != 0: return Detection(encoding: .utf16BigEndian, byteOrderMarkLength: 0)
        case (let a?, 0x00, _, _) where a != 0: return Detection(encoding: .utf16LittleEndian, byteOrderMarkLength: 0)
        default: return Detection(encoding: .utf8, byteOrderMarkLength: 0)
        }
    }

    /// The bytes each code unit takes: 1, 2 or 4.
    public var codeUnitSize: Int {
        switch self {
        case .utf8: return 1
        case .utf16BigEndian, .utf16LittleEndian: return 2
        case .utf32BigEndian, .utf32LittleEndian: return 4
        }
    }

    /// `UTF-8`, `UTF-16BE`, `UTF-16LE`, `UTF-32BE` or `UTF-32LE`.
    public var description: String {
        switch self {
        case .utf8: return "UTF-8"
        case .utf16BigEndian: return "UTF-16BE"
        case .utf16LittleEndian: return "UTF-16LE"
        case .utf32BigEndian: return "UTF-32BE"
        case .utf32LittleEndian: return "UTF-32LE"
        }
    }
}
