import ArgumentParser
import Foundation
import Keel
import KeelSchema

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
            do {
                try registry.addSchemas(inFolder: URL(fileURLWithPath: folder))
            } catch {
                printError("\(folder): \(error.message)")
                throw ExitCode(error.kind == .unresolvableReference ? ExitStatus.unreadable : ExitStatus.usage)
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
            throw ExitCode(ExitStatus.usage)
        }
    }

    /// Reads and parses a schema file, printing why not (and throwing the exit status) when it cannot be had.
    private static func readSchema(_ path: String) throws -> JSON? {
        let file = InputFile(path: path == "-" ? nil : SystemPath(Array(path.utf8)))
        switch file.documentReportingErrors() {
        case .success(let read): return JSON(read.document.root)
        case .failure(let status): throw ExitCode(status == .invalid ? ExitStatus.usage : status)
        }
    }

    /// The file's `file://` URL, as the registry names schema files, so that relative references between
    /// schema files resolve.
    static func fileURI(of path: String) -> String {
        URL(fileURLWithPath: path).absoluteString
    }
}
