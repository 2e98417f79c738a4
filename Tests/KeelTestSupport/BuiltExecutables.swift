import Foundation

/// An executable of this package built beside the test bundle (`keel`, `KeelWorkloads`), or `nil`.
public func builtExecutable(named name: String) -> URL? {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    for _ in 0..<5 {
        let candidate = folder.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        folder.deleteLastPathComponent()
    }
    return nil
}
