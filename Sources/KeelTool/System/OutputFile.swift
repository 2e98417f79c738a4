#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Rewriting a file in place without ever leaving it half-written.
///
/// The new text goes to a temporary file in the same folder (`.NAME.keel-XXXXXX`), which is flushed to disk
/// and then renamed over the file, so a reader sees the old text or the new, never a part. Around that:
/// - a symbolic link is followed: its target is rewritten and the link stays a link;
/// - only regular files are rewritten (not FIFOs, devices or folders);
/// - the file's permission bits are kept, and its owner and group where the system allows;
/// - a file with several names (hard links) is refused unless `breakingHardLinks`: renaming gives this name
///   a new file and the other names would keep the old text;
/// - a failed write, a full disk or a signal (``SignalCleanup``) removes the temporary file.
enum OutputFile {
    /// Replaces the file at `path` with the bytes `produce` hands to the function it is given, in as many
    /// pieces as it likes; if `produce` returns `false`, the file is left as it was and ``ReplaceError/abandoned``
    /// thrown.
    static func replace(
        _ path: SystemPath, breakingHardLinks: Bool = false,
        producing produce: ((UnsafeBufferPointer<UInt8>) -> Void) -> Bool
    ) throws(ReplaceError) {
        let (target, status) = try checkReplaceable(path, breakingHardLinks: breakingHardLinks)

        let (folder, name) = split(target.bytes)
        let descriptor: Int32
        let temporary: SystemPath
        switch SignalCleanup.createTemporaryFile(template: folder + temporaryName(for: name)) {
        case .success(let created): (descriptor, temporary) = (created.descriptor, SystemPath(created.path))
        case .failure(let error): throw .system(error)
        }
        var succeeded = false
        defer {
            if !succeeded {
                _ = temporary.withCString { unlink($0) }
                SignalCleanup.clearPendingFile()
            }
        }
        // Owner and group first (changing them clears set-user-ID bits), each only where permitted.
        if fchown(descriptor, status.st_uid, status.st_gid) != 0 {
            _ = fchown(descriptor, uid_t.max, status.st_gid)
        }
        fchmod(descriptor, status.st_mode & 0o7777)

        var failure: Int32?
        let complete = produce { piece in
            if failure == nil { failure = writeAll(piece, to: descriptor) }
        }
        if let failure {
            close(descriptor)
            throw .system(SystemError(code: failure))
        }
        if !complete {
            close(descriptor)
            throw .abandoned
        }
        guard fsync(descriptor) == 0 else {
            let code = errno
            close(descriptor)
            throw .system(SystemError(code: code))
        }
        guard close(descriptor) == 0 else { throw .system(SystemError(code: errno)) }
        let renamed = temporary.withCString { from in target.withCString { to in rename(from, to) } }
        guard renamed == 0 else { throw .system(SystemError(code: errno)) }
        succeeded = true
        SignalCleanup.clearPendingFile()
        // Make the rename itself durable.
        let folderDescriptor = SystemPath(folder.isEmpty ? Array("./".utf8) : folder).withCString { open($0, O_RDONLY) }
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// The file `path` names once every link is followed, and its status, if it is one that ``replace``
    /// rewrites. Call it before reading the file too: opening a FIFO to read it would wait for a writer.
    static func checkReplaceable(
        _ path: SystemPath, breakingHardLinks: Bool
    ) throws(ReplaceError) -> (target: SystemPath, status: stat) {
        let target = try resolve(path)
        var status = stat()
        guard target.withCString({ stat($0, &status) }) == 0 else { throw .system(SystemError(code: errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile }
        if status.st_nlink > 1, !breakingHardLinks { throw .hardLinks(Int(status.st_nlink)) }
        return (target, status)
    }

    /// The file a path names once every symbolic link in it is followed.
    private static func resolve(_ path: SystemPath) throws(ReplaceError) -> SystemPath {
        guard let resolved = path.withCString({ realpath($0, nil) }) else {
            throw .system(SystemError(code: errno))
        }
        defer { free(resolved) }
        return SystemPath(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)).map { $0 })
    }

    /// The folder part (with its final `/`, or empty) and the name of a path.
    private static func split(_ path: [UInt8]) -> (folder: [UInt8], name: [UInt8]) {
        guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return ([], path) }
        return (Array(path[...slash]), Array(path[(slash + 1)...]))
    }

    /// `.NAME.keel-XXXXXX`, with NAME shortened when needed so that the whole stays within the 255 bytes a
    /// name may have on common file systems.
    static func temporaryName(for name: [UInt8]) -> [UInt8] {
        let prefix = Array(".".utf8), suffix = Array(".keel-XXXXXX".utf8)
        let room = 255 - prefix.count - suffix.count
        return prefix + name.prefix(room) + suffix
    }
}

/// Why a file could not be rewritten in place.
enum ReplaceError: Error, CustomStringConvertible {
    case system(SystemError)
    case notARegularFile
    case hardLinks(Int)
    /// The new text was not finished (its producer gave up, having said why); the file is unchanged.
    case abandoned

    var description: String {
        switch self {
        case .system(let error): return error.description
        case .notARegularFile: return "not a regular file; --in-place rewrites regular files only"
        case .hardLinks(let count):
            return "the file has \(count) names (hard links), and rewriting it would leave the others with the "
                + "old text; use --break-hard-links to rewrite this name only"
        case .abandoned: return "not rewritten"
        }
    }
}
