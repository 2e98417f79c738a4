#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing files safely, and writing to standard output.
enum OutputFile {
    /// Replaces the file at `path` with the bytes `produce` hands to the function it is given, in as many
    /// pieces as it likes: writes them to a temporary file in the same folder, flushes it to disk, then
    /// renames it over `path`, so readers see the old text or the new, never a part.
    static func replace(
        _ path: String, producing produce: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void
    ) throws(ReadError) {
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
        var failure: Int32?
        produce { piece in
            if failure == nil { failure = writeAll(piece, to: descriptor) }
        }
        if let failure {
            close(descriptor)
            throw ReadError(code: failure)
        }
        guard fsync(descriptor) == 0, close(descriptor) == 0 else { throw ReadError(code: errno) }
        guard rename(temporary, path) == 0 else { throw ReadError(code: errno) }
        succeeded = true
    }
}

/// Writes all of `bytes` to `descriptor`; returns the system's error code if that fails.
private func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32? {
    guard let base = bytes.baseAddress else { return nil }
    var written = 0
    while written < bytes.count {
        let result = write(descriptor, base + written, bytes.count - written)
        if result < 0 {
            if errno == EINTR { continue }
            return errno
        }
        if result == 0 { return EIO }
        written += result
    }
    return nil
}

/// Writes bytes to standard output, unbuffered and whole (a closed pipe ends the writing quietly).
func writeOutput(_ bytes: UnsafeBufferPointer<UInt8>) {
    _ = writeAll(bytes, to: STDOUT_FILENO)
}

/// Writes bytes to standard output; see the overload for buffers.
func writeOutput(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { writeOutput($0) }
}
