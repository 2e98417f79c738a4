// Streams from Foundation's Data and file URLs. The core does not depend on Foundation; this extension exists
// only where it is available, and prefers the smaller FoundationEssentials.
#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

#if canImport(FoundationEssentials) || canImport(Foundation)
extension JSONStream {
    /// The records of `data` (copied once).
    public init(_ data: Data, format: Format = .lines, options: Options = Options()) {
        self.init([UInt8](data), format: format, options: options)
    }

    /// The records of the file at a file URL, read in chunks each time the sequence is iterated. A URL that is
    /// not a file URL gives one ``JSONRecordError/Reason/unreadable(code:)`` error (`EINVAL`): read a network
    /// body with ``AsyncJSONStream`` from the session's bytes instead.
    public init(contentsOf url: URL, format: Format = .lines, options: Options = Options()) {
        if url.isFileURL {
            self.init(contentsOfFile: url.path, format: format, options: options)
        } else {
            self.init(unreadable: SystemLibrary.invalidArgument, format: format, options: options)
        }
    }
}
#endif
