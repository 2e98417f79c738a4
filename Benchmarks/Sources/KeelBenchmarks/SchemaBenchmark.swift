import Foundation
import Keel
import KeelSchema

/// JSON Schema validation against realistic schemas (`Benchmarks/Schemas`: the twitter status and citm
/// models written as schemas, with `$ref`s, patterns and formats): a file of about 100 MB of twitter
/// statuses read as `keel validate --schema` reads it, beside `keel validate` (syntax only) and parsing
/// alone; citm_catalog in memory; and a small API document (one twitter user, about 1.5 KB) against a schema
/// compiled once, beside parsing it.
enum SchemaBenchmark {
    struct Table {
        let title: String
        let bytes: Int
        let rows: [(String, Measurement)]
    }

    static func run(corpus: URL, schemas: URL, budget: Double) throws -> [Table] {
        var registry = JSONSchemaRegistry()
        let twitterSchemaText = try String(contentsOf: schemas.appendingPathComponent("twitter.schema.json"), encoding: .utf8)
        try registry.add(text: twitterSchemaText)
        let twitterSchema = try JSONSchema(parsing: twitterSchemaText)
        let citmSchema = try JSONSchema(parsing: String(contentsOf: schemas.appendingPathComponent("citm.schema.json"), encoding: .utf8))
        let userSchema = try JSONSchema(parsing: #"{"$ref": "https://keel.invalid/benchmarks/twitter.schema.json#/$defs/user"}"#,
                                        registry: registry)

        // About 100 MB: twitter.json's statuses repeated in one document, in a file read each time.
        let twitterBytes = Array(try Data(contentsOf: corpus.appendingPathComponent("twitter.json")))
        let twitter = try JSONDocument(parsing: twitterBytes)
        guard twitterSchema.isValid(twitter.root) else { throw BenchmarkError("twitter.json does not match its schema") }
        let (file, bytes) = try RepeatedStatuses.writeFile(from: corpus.appendingPathComponent("twitter.json"), named: "schema")
        defer { try? FileManager.default.removeItem(at: file) }
        func read() -> [UInt8] { FileReading.bytes(of: file) }
        guard let big = try? JSONDocument(parsing: read()), twitterSchema.validate(big.root).isValid else {
            throw BenchmarkError("the large twitter file does not match its schema")
        }

        var tables: [Table] = []
        let large: [(String, () -> Void)] = [
            ("keel validate: read + validate syntax", { blackHole(try? JSONDocument.validate(read())) }),
            ("read + parse to a document", { blackHole(try? JSONDocument(parsing: read())) }),
            ("keel validate --schema: read + parse + validate", {
                blackHole((try? JSONDocument(parsing: read())).map { twitterSchema.validate($0.root).isValid })
            }),
            ("read + parse + isValid (first failure)", {
                blackHole((try? JSONDocument(parsing: read())).map { twitterSchema.isValid($0.root) })
            }),
            ("Foundation: read + JSONSerialization", { blackHole(try? JSONSerialization.jsonObject(with: Data(contentsOf: file))) }),
        ]
        tables.append(Table(title: "Validating a \(bytes)-byte file of twitter statuses against twitter.schema.json, read from a file each time, MB/s",
                            bytes: bytes, rows: zip(large.map(\.0), Measurement.measureInTurn(budget: budget, large.map(\.1))).map { ($0, $1) }))

        let citmBytes = Array(try Data(contentsOf: corpus.appendingPathComponent("citm_catalog.json")))
        let citm = try JSONDocument(parsing: citmBytes)
        guard citmSchema.validate(citm.root).isValid else { throw BenchmarkError("citm_catalog.json does not match its schema") }
        let inMemory: [(String, () -> Void)] = [
            ("parse", { blackHole(try? JSONDocument(parsing: citmBytes)) }),
            ("parse + validate", { blackHole((try? JSONDocument(parsing: citmBytes)).map { citmSchema.validate($0.root).isValid }) }),
            ("validate a parsed document", { blackHole(citmSchema.validate(citm.root).isValid) }),
        ]
        tables.append(Table(title: "citm_catalog.json (\(citmBytes.count) bytes) against citm.schema.json, in memory, MB/s",
                            bytes: citmBytes.count, rows: zip(inMemory.map(\.0), Measurement.measureInTurn(budget: budget, inMemory.map(\.1))).map { ($0, $1) }))

        let user = Array(try JSON(twitter.root["statuses"][0]["user"].get()).jsonText().utf8)
        let userDocument = try JSONDocument(parsing: user)
        guard userSchema.isValid(userDocument.root) else { throw BenchmarkError("the user object does not match its schema") }
        let small: [(String, () -> Void)] = [
            ("parse", { blackHole(try? JSONDocument(parsing: user)) }),
            ("validate a parsed document (schema compiled once)", { blackHole(userSchema.validate(userDocument.root).isValid) }),
            ("parse + validate", { blackHole((try? JSONDocument(parsing: user)).map { userSchema.validate($0.root).isValid }) }),
        ]
        tables.append(Table(title: "A small API document: one twitter user (\(user.count) bytes) against #/$defs/user, MB/s",
                            bytes: user.count, rows: zip(small.map(\.0), Measurement.measureInTurn(budget: budget, small.map(\.1))).map { ($0, $1) }))
        return tables
    }
}
