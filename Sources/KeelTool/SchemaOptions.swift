import ArgumentParser
import Keel
import KeelSchema

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `--schema`, `--schema-dir` and `--assert-formats`: the JSON Schema `keel validate` checks inputs against.
struct SchemaOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Also check each input against this JSON Schema (draft-04 to 2020-12).", valueName: "schema"))
    var schema: String?

    @Option(name: .customLong("schema-dir"),
            help: ArgumentHelp("Add the .json schemas in this folder to those references can name (by their $id and their file:// URI); repeatable.", valueName: "folder"))
    var schemaFolders: [String] = []

    @Flag(name: .customLong("assert-formats"), help: "Fail values that break their 'format' (date-time, email, ipv4...); by default formats are annotations.")
    var assertFormats = false

    /// The compiled schema, `nil` when none was asked for; prints why and throws exit status 64 (a schema
    /// that does not compile) or 2 (one that cannot be read).
    func compile() throws -> JSONSchema? {
        guard let schema else { return nil }
        var registry = JSONSchemaRegistry()
        for folder in schemaFolders {
            for path in Self.jsonFiles(in: folder) {
                guard let json = try Self.readSchema(path) else { continue }
                try? registry.add(json, as: Self.fileURI(of: path))
                if case .object(let object) = json, case .string? = object["$id"] ?? object["id"] { try? registry.add(json) }
            }
        }
        guard let root = try Self.readSchema(schema) else { return nil }
        var options = JSONSchemaOptions(assertsFormats: assertFormats)
        options.baseURI = Self.fileURI(of: schema)
        do {
            return try JSONSchema(root, registry: registry, options: options)
        } catch {
            printError("\(schema): \(error)")
            if error.kind == .unresolvableReference, schemaFolders.isEmpty {
                printError("  (schemas in other files are found with --schema-dir FOLDER)")
            }
            throw ExitCode(64)
        }
    }

    /// Reads and parses a schema file, printing why not (and throwing the exit status) when it cannot be had.
    private static func readSchema(_ path: String) throws -> JSON? {
        let file = InputFile(path: path == "-" ? nil : SystemPath(Array(path.utf8)))
        switch file.documentReportingErrors() {
        case .success(let read): return JSON(read.document.root)
        case .failure(let status): throw ExitCode(status == .invalid ? 64 : status.rawValue)
        }
    }

    /// `file://` and the absolute path, so that relative references between schema files resolve.
    static func fileURI(of path: String) -> String {
        var absolute = path
        if !path.hasPrefix("/"), let directory = getcwd(nil, 0) {
            absolute = String(cString: directory) + "/" + path
            free(directory)
        }
        return "file://" + absolute
    }

    /// The `.json` files in a folder and its subfolders, sorted.
    static func jsonFiles(in folder: String) -> [String] {
        var found: [String] = []
        var pending = [folder]
        while let current = pending.popLast() {
            guard let directory = opendir(current) else {
                printError("\(current): \(SystemError(code: errno))")
                continue
            }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                let path = current.hasSuffix("/") ? current + name : current + "/" + name
                var status = stat()
                guard stat(path, &status) == 0 else { continue }
                if status.st_mode & S_IFMT == S_IFDIR {
                    pending.append(path)
                } else if name.hasSuffix(".json") {
                    found.append(path)
                }
            }
        }
        return found.sorted()
    }
}
