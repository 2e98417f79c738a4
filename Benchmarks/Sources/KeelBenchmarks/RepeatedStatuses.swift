import Foundation
import Keel

/// A file of about 100 MB for the benchmarks that read a large document as the tool does: twitter.json's
/// statuses repeated in one `{"statuses": [...]}` document.
enum RepeatedStatuses {
    /// Writes the file to the temporary folder (the caller removes it) and returns it with its size.
    static func writeFile(from twitter: URL, named name: String) throws -> (file: URL, bytes: Int) {
        let statuses = try JSONDocument(parsing: Array(try Data(contentsOf: twitter))).root["statuses"].array.get()
        let oneRound = try statuses.map { try JSON($0).jsonText() }.joined(separator: ",")
        var text = #"{"statuses": ["# + oneRound
        while text.utf8.count < 100_000_000 { text += "," + oneRound }
        text += "]}"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("keel-\(name)-benchmark-\(getpid()).json")
        try Data(text.utf8).write(to: file)
        // Written out to the disk now, not by the kernel's flusher while the cases are timed.
        let descriptor = open(file.path, O_RDONLY)
        if descriptor >= 0 {
            fsync(descriptor)
            close(descriptor)
        }
        return (file, text.utf8.count)
    }
}
