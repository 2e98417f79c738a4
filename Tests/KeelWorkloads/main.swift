#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Keel
import KeelOperators
import KeelTestInputs

// Runs one workload at one size, for the growth tests that count its instructions under callgrind
// (`KeelTestSupport/CountedWork.swift`). Usage: `KeelWorkloads NAME SIZE`.
//
// A workload builds its input first and returns the work to count; callgrind counts only inside
// `countedWork()`, so building the input, starting the process and the runtime's own setup are left out and
// the count is the same on every run, however busy the machine.

/// The work `countedWork()` runs: set once, before counting starts.
nonisolated(unsafe) var work: () -> Void = {}

/// Callgrind's `--toggle-collect` names this function: it counts every instruction run inside it.
@inline(never) func countedWork() { work() }

/// Keeps a result alive so that the optimiser cannot drop the work that made it.
@inline(never) func keep<T>(_ value: T) { withExtendedLifetime(value) {} }

let unlimitedNumbers = { var options = JSONParsingOptions(); options.maximumNumberLength = .max; return options }()

func nested(_ depth: Int) -> (view: JSONView, tree: JSON)? {
    var options = JSONParsingOptions()
    options.maximumDepth = 2 * depth + 1
    let text = String(repeating: #"{"a":["#, count: depth) + "true" + String(repeating: "]}", count: depth)
    guard let document = try? JSONDocument(parsing: text, options: options),
          let tree = try? JSON(parsing: text, options: options) else { return nil }
    return (document.root, tree)
}

/// Each workload: given a size, build the input and return the work to count.
let workloads: [String: (Int) -> () -> Void] = [
    // Parsing, looking up the last key, building the tree and comparing it with itself.
    "keys": { count in
        let bytes = objectText(keys: count)
        return {
            guard let document = try? JSONDocument(parsing: bytes) else { return }
            keep(document.root.member("key\(count - 1)"))
            let tree = JSON(document.root)
            keep(tree == tree)
        }
    },
    // Keys built to collide: parsing, looking up every 97th, hashing the tree.
    "colliding-keys": { count in
        let bytes = objectText(keys: count, key: collidingKey)
        let probes = stride(from: 0, to: count, by: 97).map(collidingKey)
        return {
            guard let document = try? JSONDocument(parsing: bytes) else { return }
            for key in probes { keep(document.root.member(key)) }
            keep(JSON(document.root).hashValue)
        }
    },
    // A flat array of one-digit numbers: parsing and reaching the last element.
    "elements": { count in
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for index in 0..<count {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "0") + UInt8(index % 10))
        }
        bytes.append(UInt8(ascii: "]"))
        return { keep(try? JSONDocument(parsing: bytes).root.element(at: count - 1)) }
    },
    // One string of `size` KiB, with an escape and a multi-byte character every kilobyte: parsing and
    // reading it.
    "string": { kilobytes in
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        let block = Array((String(repeating: "abcdefgh", count: 126) + "\\n\\u00e9é!!!").utf8)
        while bytes.count + block.count <= kilobytes << 10 { bytes += block }
        bytes.append(UInt8(ascii: "\""))
        return { keep(try? JSONDocument(parsing: bytes).root.stringValue) }
    },
    // A failure in every element, collected by the bridge and the collecting style, every error printed
    // (each error's path and position are found without walking from the start).
    "failing-elements": { count in
        let text = failingItemsText(count)
        return {
            var printed = 0
            for error in KeelDecoder().decodeCollecting([NumberedItem].self, from: text).errors { printed += "\(error)".utf8.count }
            for error in CollectingJSONDecoder().decode(text: text, to: [NumberedItem].self).errors { printed += error.description.utf8.count }
            keep(printed)
        }
    },
    // A JSON Pointer `depth` levels deep, on a document and on a tree.
    "deep-pointer": { depth in
        guard let (view, tree) = nested(depth) else { return {} }
        let pointer = String(repeating: "/a/0", count: depth)
        return {
            keep(view[pointer: pointer].value)
            keep(tree[pointer: pointer].value)
        }
    },
    // A chain of `depth` subscripts on a tree.
    "deep-chain": { depth in
        guard let (_, tree) = nested(depth) else { return {} }
        return {
            var lookup = tree.lookup
            for _ in 0..<depth { lookup = lookup["a"][0] }
            keep(lookup.value)
        }
    },
    // A regular expression that backtracking engines take exponential time on, against `count` a's.
    "pathological-regex": { count in
        let text = "[\"" + String(repeating: "a", count: count) + "\"]"
        guard let document = try? JSONDocument(parsing: text), let query = try? JSONPathQuery("$[?match(@, '(a*)*b')]") else { return {} }
        return { keep(query.select(in: document.root)) }
    },
    // A descendant query with a filter (users with over 50 followers) over `count` records.
    "descendant-query": { count in
        let records = (0..<count).map { #"{"id": \#($0), "user": {"name": "u\#($0)", "followers": \#($0 % 100)}}"# }
        guard let document = try? JSONDocument(parsing: "[" + records.joined(separator: ",") + "]"),
              let query = try? JSONPathQuery("$..[?@.followers > 50].name") else { return {} }
        return { keep(query.select(in: document.root)) }
    },
    // An integer and a fraction of `count` digits: parsing, converting, comparing.
    // The bridge's defaults against `decodeIfPresent ?? value` on the same records (not a growth test: the two
    // counts are compared with each other, by hand).
    "codable-defaults": { count in
        let bytes = Array(recordsText(count).utf8)
        return { keep(try? KeelDecoder().decode([DefaultedRecord].self, from: bytes)) }
    },
    "codable-if-present": { count in
        let bytes = Array(recordsText(count).utf8)
        return { keep(try? KeelDecoder().decode([IfPresentRecord].self, from: bytes)) }
    },
    // A key `count` KiB long arriving 64 bytes at a time, a typed snapshot after each piece: the key is read on
    // where it stopped, not scanned again from its start at every snapshot. (An open string value's text is
    // rebuilt for each snapshot that shows it, so a value would grow with the number of snapshots anyway.)
    "arriving-key": { kilobytes in
        let long = String(repeating: "abcdefghijklmnop", count: kilobytes * 64)
        let bytes = Array(#"{"title": "short", "\#(long)": 1}"#.utf8)
        return {
            let decoder = JSONPartialDecoder([String: JSON].self)
            var start = 0
            while start < bytes.count {
                let end = min(start + 64, bytes.count)
                guard (try? decoder.feed(bytes[start..<end])) != nil, let shown = try? decoder.snapshot() else { return }
                keep(shown)
                start = end
            }
            keep(try? decoder.finish())
        }
    },
    "digits": { count in
        let texts = [String(repeating: "9", count: count), "0." + String(repeating: "1", count: count)]
        return {
            for text in texts {
                guard let number = try? JSONDocument(parsing: text, options: unlimitedNumbers).root.numberValue else { continue }
                keep(number.double)
                keep(number.exactly(Int.self))
                keep(number == number)
            }
        }
    },
]

/// `count` records of six members, one of them missing.
func recordsText(_ count: Int) -> String {
    "[" + (0..<count).map { #"{"id":\#($0),"name":"n\#($0)","score":1.5,"active":true,"tags":["a"]}"# }.joined(separator: ",") + "]"
}

struct DefaultedRecord: Decodable {
    var id: Int, name: String, score: Double, active: Bool, tags: [String], level: Int
    enum CodingKeys: String, CodingKey { case id, name, score, active, tags, level }
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id, default: 0)
        name = try container.decode(String.self, forKey: .name, default: "")
        score = try container.decode(Double.self, forKey: .score, default: 0)
        active = try container.decode(Bool.self, forKey: .active, default: false)
        tags = try container.decode([String].self, forKey: .tags, default: [])
        level = try container.decode(Int.self, forKey: .level, default: 1)
    }
}

struct IfPresentRecord: Decodable {
    var id: Int, name: String, score: Double, active: Bool, tags: [String], level: Int
    enum CodingKeys: String, CodingKey { case id, name, score, active, tags, level }
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(Int.self, forKey: .id) ?? 0
        name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
        score = try container.decodeIfPresent(Double.self, forKey: .score) ?? 0
        active = try container.decodeIfPresent(Bool.self, forKey: .active) ?? false
        tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
        level = try container.decodeIfPresent(Int.self, forKey: .level) ?? 1
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let make = workloads[arguments[1]], let size = Int(arguments[2]), size > 0 else {
    print("usage: KeelWorkloads NAME SIZE, NAME one of \(workloads.keys.sorted().joined(separator: ", "))")
    exit(64)
}
work = make(size)
countedWork()
