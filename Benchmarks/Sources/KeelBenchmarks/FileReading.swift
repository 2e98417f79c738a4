import Foundation

/// Reads a file as `keel` does: one `read` loop straight into an array of the file's size, not zeroed first,
/// with huge pages asked for on Linux. `Data(contentsOf:)` followed by `Array(_:)` would fill two buffers of
/// the file's size, and the cases that read a large file would time that copy and its page faults too.
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
            #if os(Linux)
            adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
            #endif
            while count < size {
                let piece = read(descriptor, base + count, size - count)
                if piece < 0, errno == EINTR { continue }
                if piece <= 0 { break }
                count += piece
            }
        }
    }

    #if os(Linux)
    private static func adviseHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard buffer.count >= 8 << 20, let base = buffer.baseAddress else { return }
        let start = (Int(bitPattern: base) + page - 1) & ~(page - 1)
        let end = (Int(bitPattern: base) + buffer.count) & ~(page - 1)
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(aligned, end - start, MADV_HUGEPAGE)
    }
    #endif
}
