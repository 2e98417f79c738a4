#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing files safely, and writing to standard output.
enum OutputFile {
    /// Replaces the file at `path` with `bytes`: writes a temporary file in the same folder, flushes it to
    /// disk, then renames it over `path`, so readers see the old text or the new, never a part.
    static func replace(_ path: String, with bytes: [UInt8]) throws(ReadError) {
        var folder = "."
        var name = path
        if let slash = path.lastIndex(of: "/") {
            folder = String(path[..<slash])
            name = String(path[path.index(after: slash)...])
        }
        var template = Array("\(folder)/.\(name).keel-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard descriptor >= 0 else { throw ReadError(code: errno) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var succeeded = false
        defer {
            if !succeeded { unlink(temporary) }
        }
        // Keep the original file's permissions.
        var status = stat()
        if stat(path, &status) == 0 { fchmod(descriptor, status.st_mode & 0o7777) }
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if result < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(descriptor)
                throw ReadError(code: code)
            }
            written += result
        }
        guard fsync(descriptor) == 0, close(descriptor) == 0 else { throw ReadError(code: errno) }
        guard rename(temporary, path) == 0 else { throw ReadError(code: errno) }
        succeeded = true
    }
}

/// Writes bytes to standard output, unbuffered and whole.
func writeOutput(_ bytes: [UInt8]) {
    var written = 0
    while written < bytes.count {
        let result = bytes[written...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        if result < 0, errno == EINTR { continue }
        if result <= 0 { break }
        written += result
    }
}
