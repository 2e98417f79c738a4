import Keel
import Testing

/// The four error types share one shape: a `Kind` value, caught with `catch TypeName.kind` (typed or untyped
/// throws), a failure met both by reading and by decoding has one name in both, and reading and decoding
/// results chain into each other without conversion code.
@Suite struct ErrorShapeTests {
    static let text = #"{"people": [{"name": "Ann", "age": 31}, {"name": "Bo", "age": "x"}], "big": 300}"#

    struct Person: JSONInitializable, Equatable {
        let name: String, age: Int
        init(json: JSONView) throws(JSONDecodingError) {
            name = try json.getString(at: "name")
            age = try json.getInt(at: "age")
        }
    }

    // MARK: One catching idiom

    @Test func syntaxErrorsAreCaughtByKindName() {
        var caught = false
        do { _ = try JSONDocument(parsing: "[1,") } catch JSONSyntaxError.unexpectedEndOfInput { caught = true } catch {}
        #expect(caught)
        do { _ = try JSONDocument(parsing: "[1,") } catch {
            #expect(error.location == JSONSourceLocation(byteOffset: 3, line: 1, column: 4))
        }
    }

    @Test func accessErrorsAreCaughtByKindName() throws {
        let json = try JSONDocument(parsing: Self.text).root
        var caught: [String] = []
        do { _ = try json["nobody"].get() } catch JSONAccessError.missingKey { caught.append("missingKey") } catch {}
        do { _ = try json["people"][9].get() } catch JSONAccessError.missingElement { caught.append("missingElement") } catch {}
        do { _ = try json["big"].uint8.get() } catch JSONAccessError.valueOutOfRange { caught.append("valueOutOfRange") } catch {}
        do { _ = try json["big"].string.get() } catch JSONAccessError.typeMismatch { caught.append("typeMismatch") } catch {}
        // Untyped throws reach the same patterns.
        func untyped() throws { _ = try json["nobody"].get() }
        do { try untyped() } catch JSONAccessError.missingKey { caught.append("untyped") } catch {}
        #expect(caught == ["missingKey", "missingElement", "valueOutOfRange", "typeMismatch", "untyped"])
    }

    @Test func decodingErrorsAreCaughtByKindName() throws {
        let json = try JSONDocument(parsing: Self.text).root
        var caught: [String] = []
        do { _ = try json.getString(at: "nobody") } catch JSONDecodingError.missingKey { caught.append("missingKey") } catch {}
        do { _ = try json.getString(at: "people", 9) } catch JSONDecodingError.missingElement { caught.append("missingElement") } catch {}
        do { _ = try json.decode(at: "big", type: UInt8.self) } catch JSONDecodingError.valueOutOfRange { caught.append("valueOutOfRange") } catch {}
        do { _ = try json.decode(at: "people", 1, type: Person.self) } catch JSONDecodingError.typeMismatch { caught.append("typeMismatch") } catch {}
        func untyped() throws { _ = try json.getString(at: "nobody") }
        do { try untyped() } catch JSONDecodingError.missingKey { caught.append("untyped") } catch {}
        #expect(caught == ["missingKey", "missingElement", "valueOutOfRange", "typeMismatch", "untyped"])
    }

    @Test func editErrorsAreCaughtByKindName() throws {
        var value = try JSON(parsing: #"{"version": 4}"#)
        let patch = try JSONPatch(JSON(parsing: #"[{"op": "test", "path": "/version", "value": 3}]"#))
        var caught = false
        do { try value.apply(patch) } catch JSONEditError.testFailed { caught = true } catch {}
        #expect(caught)
    }

    // MARK: One name for one failure

    @Test func sharedFailuresHaveTheSameNameInReadingAndDecoding() throws {
        let json = try JSONDocument(parsing: Self.text).root
        let pairs: [(JSONAccessError?, JSONDecodingError.Kind)] = [
            (json["nobody"].error, .missingKey),
            (json["people"][9].error, .missingElement),
            (json["big"].uint8.failure, .valueOutOfRange),
            (json["big"].string.failure, .typeMismatch),
        ]
        for (accessError, decodingKind) in pairs {
            let accessError = try #require(accessError)
            #expect(accessError.kind.description == decodingKind.description)
            let converted = JSONDecodingError(accessError)
            #expect(converted.kind == decodingKind)
            #expect(converted.path == accessError.path)
            #expect(converted.location == accessError.location)
        }
    }

    // MARK: Results compose

    @Test func readingAndDecodingResultsChainAsInFreddy() throws {
        let json = try JSONDocument(parsing: #"{"people": [{"name": "Ann", "age": 31}, {"name": "Bo", "age": 4}]}"#).root
        let people = json.bind { $0["people"] }.array.bind { collectResults($0.map(Person.create(json:))) }
        #expect(try people.get().map(\.name) == ["Ann", "Bo"])

        // A decoding failure inside the chain names its path and place.
        let bad = try JSONDocument(parsing: Self.text).root
        let failed = bad.bind { $0["people"] }.array.bind { collectResults($0.map(Person.create(json:))) }
        let error = try #require(failed.failure)
        #expect(error.kind == .typeMismatch)
        #expect(error.path == ["people", 1, "age"])
        #expect(error.location?.line == 1)

        // A reading failure before it arrives as a decoding error with the reading error's name and path.
        let missing = bad.bind { $0["persons"] }.array.bind { collectResults($0.map(Person.create(json:))) }
        #expect(missing.failure?.kind == .missingKey)
        #expect(missing.failure?.path == ["persons"])

        // And the other way round: a decoded value read further.
        let name = Person.create(json: json["people"][0].value!).bind { person in json["people"][0]["name"].string.map { $0 + "/" + person.name } }
        #expect(try name.get() == "Ann/Ann")
        #expect(json["people"][1].decode(Person.self).map(\.age) == .success(4))
        #expect(json["people"][7].decode(Person.self).failure?.kind == .missingElement)
    }
}
