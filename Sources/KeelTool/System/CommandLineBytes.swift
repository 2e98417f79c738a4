#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The command line as the system gave it: bytes, which need not be UTF-8.
///
/// The argument parser hands over `String`s, in which a byte that is not UTF-8 has become U+FFFD; a file
/// named with the bytes `ff fe` would then not be found. The commands look up the bytes of such arguments
/// here, and use bytes wherever the system takes bytes (file names) or wants them checked (pointers).
enum CommandLineBytes {
    /// Every argument, the program's name first.
    static let arguments: [[UInt8]] = (0..<Int(CommandLine.argc)).map { i in
        guard let argument = CommandLine.unsafeArgv[i] else { return [] }
        return UnsafeRawBufferPointer(start: argument, count: strlen(argument)).map { $0 }
    }

    /// The bytes of each of `values`, which are arguments as the parser decoded them, in command-line order.
    ///
    /// A value that is valid text is its own UTF-8; one with U+FFFD is matched with the next argument, in
    /// order, that decodes to it, so that two names that differ only in their invalid bytes stay apart.
    static func bytes(of values: [String]) -> [[UInt8]] {
        var next = 1
        return values.map { value in
            guard value.unicodeScalars.contains("\u{FFFD}") else { return Array(value.utf8) }
            while next < arguments.count {
                let raw = arguments[next]
                next += 1
                if String(decoding: raw, as: UTF8.self) == value { return raw }
            }
            return Array(value.utf8)
        }
    }

    /// `bytes` for messages: valid UTF-8 as it is, any other byte as `\xFF`.
    static func display(_ bytes: [UInt8]) -> String {
        if let text = CommandLineBytes.text(bytes) { return text }
        var result = ""
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            let length = lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            if lead >= 0x80, lead < 0xC0 || i + length > bytes.count {
                result += hexEscape(lead)
                i += 1
            } else if let piece = CommandLineBytes.text(bytes[i..<i + length]) {
                result += piece
                i += length
            } else {
                result += hexEscape(lead)
                i += 1
            }
        }
        return result
    }

    /// `bytes` as text if they are valid UTF-8, else `nil` (the standard library's `String(validating:)`
    /// needs macOS 15, above the package's declared minimum).
    static func text(_ bytes: some Collection<UInt8>) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }

    private static func hexEscape(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return "\\x" + String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 15)]], as: UTF8.self)
    }
}

/// A path as the system takes it: bytes ending in a zero.
struct SystemPath {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Calls `body` with the path as a C string.
    func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (bytes + [0]).withUnsafeBytes { try body($0.bindMemory(to: CChar.self).baseAddress!) }
    }

    /// The path for messages (see ``CommandLineBytes/display(_:)``).
    var display: String { CommandLineBytes.display(bytes) }
}
