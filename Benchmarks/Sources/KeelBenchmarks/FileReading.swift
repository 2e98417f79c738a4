import Foundation

/// Reads a file as `keel` does: one `read` loop straight into an array of the file's size, not zeroed first.
/// `Data(contentsOf:)` followed by `Array(_:)` would fill two buffers of the file's size, and the cases that
/// read a large file would time that copy and its page faults too.
enum FileReading {
    static func bytes(of file: URL) -> [UInt8] {
        let descriptor = open(file.path, O_RDONLY)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return [] }
        let size = Int(status.st_size)
        return [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            while count < size {
                let piece = read(descriptor, base + count, size - count)
                if piece < 0, errno == EINTR { continue }
                if piece <= 0 { break }
                count += piece
            }
        }
    }
}
