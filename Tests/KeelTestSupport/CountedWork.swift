import Foundation
import Testing

/// Growth checks that count instructions instead of timing: a workload from `Tests/KeelWorkloads` runs under
/// `valgrind --tool=callgrind`, which counts the instructions run inside the workload's counted function and
/// nothing else. The count is the same on every run, however busy the machine, so a bound on the ratio of
/// two sizes can be tight and never flakes.
///
/// Needs valgrind (`apt-get install valgrind`); without it the tests that use this are skipped with a
/// message, and CI (which installs it) fails instead (``SharedFixtures/required``).
public enum CountedWork {
    /// The `valgrind` executable, or `nil` when it is not installed.
    public static let valgrind: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return (path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"])
            .map { URL(fileURLWithPath: $0).appendingPathComponent("valgrind") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// The built `KeelWorkloads` executable, found beside the test bundle.
    public static let workloads = builtExecutable(named: "KeelWorkloads")

    /// Whether the growth checks can run here.
    public static var isAvailable: Bool { valgrind != nil && workloads != nil }

    /// Why the growth checks are skipped, for the test's trait.
    public static let unavailableReason: Comment =
        "valgrind not installed (apt-get install valgrind): instruction-counting growth checks skipped"

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The instructions `workload` runs at `size` (the input's construction not counted).
    public static func instructions(_ workload: String, size: Int) throws -> Int {
        guard let valgrind, let workloads else { throw Failure(description: "valgrind or KeelWorkloads not found") }
        let process = Process()
        process.executableURL = valgrind
        process.arguments = ["--tool=callgrind", "--callgrind-out-file=/dev/null", "--toggle-collect=*countedWork*",
                             workloads.path, workload, String(size)]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let report = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(workload) \(size) exited with \(process.terminationStatus):\n\(report)")
        }
        // Callgrind's summary line: "==PID== Collected : 123456".
        guard let line = report.split(separator: "\n").last(where: { $0.contains("Collected :") }),
              let count = line.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }),
              count > 0 else {
            throw Failure(description: "no instruction count for \(workload) \(size):\n\(report)")
        }
        return count
    }

    /// How many times the instructions of `workload` grow from `small` to `large`: linear work on four times
    /// the input gives about 4, quadratic about 16.
    public static func growth(_ workload: String, small: Int, large: Int) throws -> Double {
        let smallCount = try instructions(workload, size: small)
        let largeCount = try instructions(workload, size: large)
        return Double(largeCount) / Double(smallCount)
    }
}
