import Foundation

/// The `keel` tool's edits at scale, run as a user runs them: one process per command, its wall time and its
/// peak resident set (from `wait4`), beside `keel format -c` on the same file. The files are built here: 32 MB
/// of empty objects (the smallest values there are), 251 MB of the corpus repeated in one array, and objects
/// of n members with merge patches of n members.
///
/// The tool is the release build of the main package (`swift build -c release --product keel` at the
/// repository root); the section says so and is skipped when it is missing.
enum EditingBenchmark {
    struct Run {
        var seconds: Double
        var peakBytes: Int
    }

    /// Runs `keel` with `arguments`, standard output to /dev/null; the best time of `repeats` and the largest peak.
    static func measure(_ keel: String, _ arguments: [String], repeats: Int = 3) throws -> Run {
        var best = Run(seconds: .infinity, peakBytes: 0)
        for _ in 0..<repeats {
            let run = try runInHelper(keel, arguments)
            best.seconds = min(best.seconds, run.seconds)
            best.peakBytes = max(best.peakBytes, run.peakBytes)
        }
        return best
    }

    /// Runs this executable again to start `keel` and report on it. Linux carries a process's peak resident
    /// set across `exec` into the program it starts, so `keel` started from this process (which holds the
    /// 251 MB file it built) would report this process's peak; started from a fresh, small helper, it reports
    /// its own.
    private static func runInHelper(_ keel: String, _ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).absoluteURL
        process.arguments = ["--edit-measure-child", keel] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let fields = String(decoding: output, as: UTF8.self).split(separator: " ")
        guard process.terminationStatus == 0, fields.count == 2, let seconds = Double(fields[0]),
              let peak = Int(fields[1].trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchmarkError("keel \(arguments.joined(separator: " ")) failed: \(String(decoding: output, as: UTF8.self))")
        }
        return Run(seconds: seconds, peakBytes: peak)
    }

    /// Runs in the helper: starts `keel` with `arguments` (standard output to /dev/null), waits, and prints
    /// its wall time in seconds and its peak resident set in bytes.
    static func measureInChild(_ keel: String, _ arguments: [String]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let argv = ([keel] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let start = DispatchTime.now().uptimeNanoseconds
        guard posix_spawn(&pid, keel, &actions, nil, argv, environ) == 0 else {
            throw BenchmarkError("cannot run \(keel)")
        }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { throw BenchmarkError("wait4 failed") }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard status == 0 else { throw BenchmarkError("status \(status)") }
        #if os(Linux)
        let peak = Int(usage.ru_maxrss) * 1024
        #else
        let peak = Int(usage.ru_maxrss)
        #endif
        print("\(seconds) \(peak)")
    }

    /// The release build of the tool, if there is one.
    static func toolPath(repositoryRoot: URL) -> String? {
        let path = repositoryRoot.appendingPathComponent(".build/release/keel").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// Builds the files in `folder` and prints the tables.
    static func run(keel: String, corpus: URL, folder: URL) throws {
        let small = folder.appendingPathComponent("small-values.json")
        var text = Data("[".utf8)
        let element = Data("{},".utf8)
        text.reserveCapacity(32 << 20)
        while text.count < (32 << 20) - 3 { text.append(element) }
        text.append(Data("{}]".utf8))
        try text.write(to: small)

        let corpusLike = folder.appendingPathComponent("corpus-like.json")
        let names = ["twitter.json", "citm_catalog.json", "canada.json", "github_events.json", "update-center.json"]
        let pieces = try names.map { try Data(contentsOf: corpus.appendingPathComponent($0)) }
        var large = Data("[".utf8)
        large.reserveCapacity(252 << 20)
        var index = 0
        while large.count < 251_000_000 {
            if large.count > 1 { large.append(UInt8(ascii: ",")) }
            large.append(pieces[index % pieces.count])
            index += 1
        }
        large.append(UInt8(ascii: "]"))
        try large.write(to: corpusLike)

        print("keel set and delete at scale (\(keel)): best of 3 wall times, largest peak resident set")
        print([pad("file", 26), pad("format -c", 16, right: true), pad("set", 16, right: true), pad("delete", 16, right: true),
               pad("set/format", 11, right: true), pad("delete/format", 14, right: true)].joined(separator: " "))
        for (file, size, setArguments, deleteArguments) in [
            (small, text.count, ["/5", "1"], ["/0"]),
            (corpusLike, large.count, ["/0/statuses/0/id", "1"], ["/0"]),
        ] {
            let format = try measure(keel, ["format", "-c", file.path])
            let set = try measure(keel, ["set", file.path] + setArguments)
            let delete = try measure(keel, ["delete", file.path] + deleteArguments)
            func cell(_ run: Run) -> String {
                String(format: "%.2f s %.1f×", run.seconds, Double(run.peakBytes) / Double(size))
            }
            print([pad("\(file.lastPathComponent) (\(size / 1_000_000) MB)", 26), pad(cell(format), 16, right: true),
                   pad(cell(set), 16, right: true), pad(cell(delete), 16, right: true),
                   pad(String(format: "%.2f", set.seconds / format.seconds), 11, right: true),
                   pad(String(format: "%.2f", delete.seconds / format.seconds), 14, right: true)].joined(separator: " "))
        }
        print("(each cell: time, and peak memory as a multiple of the file's size)")

        try patchTable(keel: keel, small: small, elements: (text.count - 1) / 3, corpusLike: corpusLike, folder: folder)

        print("")
        print("keel patch with a merge patch of n members on an object of n members (a third removed, a third merged, a third replaced)")
        print([pad("n", 8), pad("document", 12, right: true), pad("time", 10, right: true), pad("× n=500", 9, right: true)].joined(separator: " "))
        var first: Double?
        for n in [500, 1_000, 2_000, 4_000, 32_000] {
            let document = folder.appendingPathComponent("members-\(n).json")
            let patch = folder.appendingPathComponent("patch-\(n).json")
            let members = (0..<n).map { "  \"k\($0)\": {\"v\": \($0), \"s\": \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"}" }
            let documentText = "{\n" + members.joined(separator: ",\n") + "\n}\n"
            try Data(documentText.utf8).write(to: document)
            let changes = (0..<n).map { index in
                switch index % 3 {
                case 0: "\"k\(index)\": {\"v\": -\(index), \"new\": true}"
                case 1: "\"k\(index)\": null"
                default: "\"k\(index)\": \"replaced\""
                }
            }
            try Data(("{" + changes.joined(separator: ",") + "}").utf8).write(to: patch)
            let run = try measure(keel, ["patch", document.path, patch.path])
            let base = first ?? run.seconds
            first = base
            print([pad("\(n)", 8), pad("\(documentText.utf8.count)", 12, right: true),
                   pad(String(format: "%.3f s", run.seconds), 10, right: true),
                   pad(String(format: "%.1f", run.seconds / base), 9, right: true)].joined(separator: " "))
        }
    }

    /// JSON Patches of k operations: removals walking back from the end of the 32 MB array, operations of
    /// every kind spread over it, and replacements deep in the corpus-like file; beside one operation and
    /// `format -c`, so that what each further operation costs shows.
    static func patchTable(keel: String, small: URL, elements: Int, corpusLike: URL, folder: URL) throws {
        print("")
        print("keel patch with JSON Patches of k operations: best of 3 wall times, largest peak resident set")
        print([pad("file and operations", 44), pad("k=1", 14, right: true), pad("k=10", 14, right: true),
               pad("k=100", 14, right: true), pad("k=1000", 14, right: true), pad("1000/1", 7, right: true)].joined(separator: " "))
        // The corpus-like array repeats five documents, twitter.json first: every fifth element has statuses.
        let corpusElements = 5 * 45
        let kinds: [(name: String, file: URL, size: Int, operation: (Int) -> String)] = [
            ("small values: remove from the end", small, elements, { index in
                #"{"op":"remove","path":"/\#(elements - 2 - 2 * index)"}"# }),
            ("small values: add, replace, remove, spread", small, elements, { index in
                let path = "/\((index * 7_919) % (elements - 1_000))"
                switch index % 3 {
                case 0: return #"{"op":"replace","path":"\#(path)","value":{"x":\#(index)}}"#
                case 1: return #"{"op":"add","path":"\#(path)","value":[\#(index)]}"#
                default: return #"{"op":"remove","path":"\#(path)"}"#
                }
            }),
            ("corpus-like: replace statuses/i/id, spread", corpusLike, corpusElements, { index in
                #"{"op":"replace","path":"/\#(5 * (index % 45))/statuses/\#(index / 45 % 100)/id","value":\#(index)}"# }),
        ]
        for kind in kinds {
            let size = (try FileManager.default.attributesOfItem(atPath: kind.file.path)[.size] as? Int) ?? 1
            let format = try measure(keel, ["format", "-c", kind.file.path])
            var cells: [String] = []
            var times: [Double] = []
            for k in [1, 10, 100, 1_000] {
                let patch = folder.appendingPathComponent("json-patch-\(k).json")
                try Data(("[" + (0..<k).map(kind.operation).joined(separator: ",") + "]").utf8).write(to: patch)
                let run = try measure(keel, ["patch", kind.file.path, patch.path])
                times.append(run.seconds)
                cells.append(String(format: "%.2f s %.1f×", run.seconds, Double(run.peakBytes) / Double(size)))
            }
            let name = "\(kind.name) (format -c \(String(format: "%.2f s", format.seconds)))"
            let row = [pad(name, 44)] + cells.map { pad($0, 14, right: true) }
                + [pad(String(format: "%.1f", times[3] / times[0]), 7, right: true)]
            print(row.joined(separator: " "))
        }
        print("(each cell: time, and peak memory as a multiple of the file's size)")
    }
}
