// The three containers of the bridge's decoder. Each is a position on the tape plus a coding path; scalars
// are read off the tape, anything else goes through the session's `decodeValue`.
#if canImport(FoundationEssentials) || canImport(Foundation)
// MARK: - Keyed

struct KeyedModelDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let session: DecodingSession
    /// The tape index of the object.
    let object: Int
    let path: CodingPathNode
    /// How member names are matched with this container's keys.
    let matching: MemberMatching

    init(session: DecodingSession, object: Int, path: CodingPathNode) throws {
        guard session.kind(at: object) == .object else {
            throw session.error(.typeMismatch("an object", at: session.view(at: object)), type: [String: Any].self, path: path)
        }
        self.session = session
        self.object = object
        self.path = path
        matching = session.memberMatching(forObjectAt: object, path: path)
    }

    var codingPath: [any CodingKey] { path.keys }

    /// The keys of the members that have a coding key, in document order, each once.
    var allKeys: [Key] {
        guard session.isOpen else { return [] }
        switch matching {
        case .asWritten: return session.memberNames(ofObjectAt: object).compactMap { Key(stringValue: $0) }
        case .plainSnakeCase, .fromSnakeCase: return session.renamedMembers(ofObjectAt: object, path: path).names.compactMap { Key(stringValue: $0) }
        case .renamed(let members): return members.names.compactMap { Key(stringValue: $0) }
        }
    }

    func contains(_ key: Key) -> Bool { session.isOpen && valueIndex(for: key) != nil }

    /// The tape index of the value for `key`, or `nil` when the object has no such member.
    @inline(__always)
    private func valueIndex(for key: Key) -> Int? { valueIndex(forName: key.stringValue) }

    /// The tape index of the value of the member that `name` (a coding key's string) matches.
    @inline(__always)
    private func valueIndex(forName name: String) -> Int? {
        if case .renamed(let members) = matching { return members.valueIndexes[name] }
        var name = name
        return name.withUTF8 { utf8 in
            switch matching {
            case .plainSnakeCase:
                // Every name is plain snake case, so the one name that converts to the key is its snake-case
                // spelling, found like any other name.
                return KeyNaming.withPlainSnakeCaseSpelling(of: UnsafeRawBufferPointer(utf8)) { spelling in
                    spelling.flatMap {
                        session.storage.valueIndex(ofMember: $0, inObjectAt: object, reader: session.reader)
                    }
                }
            case .fromSnakeCase:
                var scratch: [UInt8] = []
                return session.valueIndex(ofSnakeCaseMember: UnsafeRawBufferPointer(utf8), inObjectAt: object, scratch: &scratch)
            default:
                return session.storage.valueIndex(ofMember: UnsafeRawBufferPointer(utf8), inObjectAt: object,
                                                  reader: session.reader)
            }
        }
    }

    /// The tape index of the value for `key`, or `keyNotFound`.
    @inline(__always)
    private func requiredIndex(for key: Key) throws -> Int {
        try session.ensureOpen(path)
        if let index = valueIndex(for: key) { return index }
        throw DecodingError(.missingKey(session.documentName(forKey: key.stringValue), in: session.view(at: object)), type: Any.self,
                            codingPath: path.keys, missingKey: key)
    }

    /// The tape index of the value for `key`, or `nil` when it is missing or null; in answer to a request
    /// from `decode(_:forKey:default:)`, which of the two.
    @inline(__always)
    private func presentIndex(for key: Key, answering request: Bool) throws -> Int? {
        try session.ensureOpen(path)
        guard let index = valueIndex(for: key) else {
            if request { DefaultedMemberRead.answer(missing: true) }
            return nil
        }
        guard session.kind(at: index) != .null else {
            if request { DefaultedMemberRead.answer(missing: false) }
            return nil
        }
        return index
    }

    @inline(__always)
    private func scalar<T: BridgedScalar>(_ type: T.Type, _ key: Key) throws -> T {
        try session.scalar(T.self, at: try requiredIndex(for: key), path: { path.appending(key) })
    }

    /// A missing or null member is `nil`; in collecting mode, so is one that fails, and its error is recorded
    /// (unless `decode(_:forKey:default:)` asked for the failure; see `DefaultedMemberRead`).
    @inline(__always)
    private func scalarIfPresent<T: BridgedScalar>(_ type: T.Type, _ key: Key) throws -> T? {
        let failureIsThrown = DefaultedMemberRead.takeRequest()
        guard let index = try presentIndex(for: key, answering: failureIsThrown) else { return nil }
        if let value = T.bridged(at: index, in: session) { return value }
        do {
            return try session.unbridged(T.self, at: index, path: path.appending(key))
        } catch {
            if failureIsThrown { throw error }
            return try session.salvage(error, at: path.appending(key))
        }
    }

    func decodeNil(forKey key: Key) throws -> Bool { session.kind(at: try requiredIndex(for: key)) == .null }

    // The scalar overloads, each one line over `scalar` and `scalarIfPresent`.
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try scalar(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try scalar(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try scalar(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try scalar(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try scalar(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try scalar(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try scalar(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try scalar(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try scalar(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try scalar(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try scalar(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try scalar(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try scalar(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try scalar(type, key) }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try scalarIfPresent(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try scalarIfPresent(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try scalarIfPresent(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try scalarIfPresent(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try scalarIfPresent(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try scalarIfPresent(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try scalarIfPresent(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try scalarIfPresent(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try scalarIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try scalarIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try scalarIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try scalarIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try scalarIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try scalarIfPresent(type, key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try session.decodeValue(T.self, at: try requiredIndex(for: key), path: { path.appending(key) })
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        // Taken first, so that nothing decoded inside this value sees a request meant for this call.
        let failureIsThrown = DefaultedMemberRead.takeRequest()
        guard let index = try presentIndex(for: key, answering: failureIsThrown) else { return nil }
        do {
            return try session.decodeValue(T.self, at: index, path: { path.appending(key) })
        } catch {
            if failureIsThrown { throw error }
            return try session.salvage(error, at: path.appending(key))
        }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(try KeyedModelDecodingContainer<NestedKey>(
            session: session, object: try requiredIndex(for: key), path: path.appending(key)))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try UnkeyedModelDecodingContainer(session: session, array: try requiredIndex(for: key), path: path.appending(key))
    }

    /// A decoder for the member `super`, as Foundation names it.
    func superDecoder() throws -> any Decoder {
        try superDecoder(forName: "super", key: JSONMemberKey(stringValue: "super"))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try superDecoder(forName: key.stringValue, key: key)
    }

    /// A decoder for the member, or, as Foundation gives, one that reads as `null` when the object lacks it.
    private func superDecoder(forName name: String, key: some CodingKey) throws -> any Decoder {
        try session.ensureOpen(path)
        if let index = valueIndex(forName: name) { return session.separateDecoder(at: index, path: path.appending(key)) }
        let missing = JSONDecodingError.missingKey(session.documentName(forKey: name), in: session.view(at: object))
        return AbsentMemberDecoder(path: path.appending(key), userInfo: session.userInfo, missing: missing)
    }

}

// MARK: - Unkeyed

struct UnkeyedModelDecodingContainer: UnkeyedDecodingContainer {
    let session: DecodingSession
    /// The tape index of the array.
    let array: Int
    let path: CodingPathNode
    /// The position of the next element, and its tape index.
    private(set) var currentIndex = 0
    private var next: Int

    init(session: DecodingSession, array: Int, path: CodingPathNode) throws {
        guard session.kind(at: array) == .array else {
            throw session.error(.typeMismatch("an array", at: session.view(at: array)), type: [Any].self, path: path)
        }
        self.session = session
        self.array = array
        self.path = path
        next = array + 1
    }

    var codingPath: [any CodingKey] { path.keys }
    var count: Int? { session.isOpen ? session.reader.tape[array].count : 0 }
    var isAtEnd: Bool { !session.isOpen || currentIndex >= session.reader.tape[array].count }

    /// Moves past the current element.
    @inline(__always)
    private mutating func advance() {
        next = TapeReader.indexAfter(next, in: session.reader.tape)
        currentIndex += 1
    }

    /// The tape index of the current element, or `valueNotFound` at the end (the message Foundation gives).
    @inline(__always)
    private func currentElement<T>(_ type: T.Type) throws -> Int {
        try session.ensureOpen(path)
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(T.self, DecodingError.Context(
                codingPath: path.appending(index: currentIndex).keys, debugDescription: "Unkeyed container is at end."))
        }
        return next
    }

    @inline(__always)
    private mutating func scalar<T: BridgedScalar>(_ type: T.Type) throws -> T {
        let value = try session.scalar(T.self, at: try currentElement(T.self), path: { path.appending(index: currentIndex) })
        advance()
        return value
    }

    /// A null is `nil`; in collecting mode, so is an element that fails, and its error is recorded. At the
    /// end of the array, `nil`.
    @inline(__always)
    private mutating func scalarIfPresent<T: BridgedScalar>(_ type: T.Type) throws -> T? {
        try session.ensureOpen(path)
        guard !isAtEnd else { return nil }
        defer { advance() }
        if session.kind(at: next) == .null { return nil }
        if let value = T.bridged(at: next, in: session) { return value }
        let elementPath = path.appending(index: currentIndex)
        do {
            return try session.unbridged(T.self, at: next, path: elementPath)
        } catch {
            return try session.salvage(error, at: elementPath)
        }
    }

    mutating func decodeNil() throws -> Bool {
        guard session.kind(at: try currentElement(Never?.self)) == .null else { return false }
        advance()
        return true
    }

    // The scalar overloads, each one line over `scalar` and `scalarIfPresent`.
    mutating func decode(_ type: Bool.Type) throws -> Bool { try scalar(type) }
    mutating func decode(_ type: String.Type) throws -> String { try scalar(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try scalar(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try scalar(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try scalar(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try scalar(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try scalar(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try scalar(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try scalar(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try scalar(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar(type) }

    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? { try scalarIfPresent(type) }
    mutating func decodeIfPresent(_ type: String.Type) throws -> String? { try scalarIfPresent(type) }
    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? { try scalarIfPresent(type) }
    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? { try scalarIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try scalarIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? { try scalarIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? { try scalarIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? { try scalarIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { try scalarIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? { try scalarIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? { try scalarIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? { try scalarIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? { try scalarIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? { try scalarIfPresent(type) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try session.decodeValue(T.self, at: try currentElement(T.self), path: { path.appending(index: currentIndex) })
        advance()
        return value
    }

    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        try session.ensureOpen(path)
        guard !isAtEnd else { return nil }
        defer { advance() }
        if session.kind(at: next) == .null { return nil }
        do {
            return try session.decodeValue(T.self, at: next, path: { path.appending(index: currentIndex) })
        } catch {
            return try session.salvage(error, at: path.appending(index: currentIndex))
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try KeyedModelDecodingContainer<NestedKey>(
            session: session, object: try currentElement([String: Any].self), path: path.appending(index: currentIndex))
        advance()
        return KeyedDecodingContainer(container)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try UnkeyedModelDecodingContainer(
            session: session, array: try currentElement([Any].self), path: path.appending(index: currentIndex))
        advance()
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = session.separateDecoder(at: try currentElement(Any.self), path: path.appending(index: currentIndex))
        advance()
        return decoder
    }
}

// MARK: - Single value

struct SingleValueModelDecodingContainer: SingleValueDecodingContainer {
    let session: DecodingSession
    let index: Int
    let path: CodingPathNode

    var codingPath: [any CodingKey] { path.keys }

    func decodeNil() -> Bool { session.isOpen && session.kind(at: index) == .null }

    @inline(__always)
    private func scalar<T: BridgedScalar>(_ type: T.Type) throws -> T {
        try session.ensureOpen(path)
        return try session.scalar(T.self, at: index, path: { path })
    }

    // The scalar overloads, each one line over `scalar`.
    func decode(_ type: Bool.Type) throws -> Bool { try scalar(type) }
    func decode(_ type: String.Type) throws -> String { try scalar(type) }
    func decode(_ type: Double.Type) throws -> Double { try scalar(type) }
    func decode(_ type: Float.Type) throws -> Float { try scalar(type) }
    func decode(_ type: Int.Type) throws -> Int { try scalar(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try scalar(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try scalar(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try scalar(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try scalar(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try scalar(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try session.ensureOpen(path)
        return try session.decodeValue(T.self, at: index, path: { path })
    }
}

// MARK: - Shared by the containers

extension DecodingSession {
    /// In collecting mode, records `error` and answers `nil` (the optional that failed); otherwise throws it.
    func salvage<T>(_ error: any Error, at path: CodingPathNode) throws -> T? {
        guard isCollecting else { throw error }
        record(error, at: path)
        return nil
    }

    /// The unescaped names of an object's members, in document order, each once.
    func memberNames(ofObjectAt object: Int) -> [String] {
        let tape = reader.tape
        let count = tape[object].count
        var names: [String] = []
        names.reserveCapacity(count)
        var seen = Set<String>()
        var key = object + 1
        for _ in 0..<count {
            let name = reader.string(at: key)
            if count == 1 || seen.insert(name).inserted { names.append(name) }
            key = TapeReader.indexAfter(key + 1, in: tape)
        }
        return names
    }

    /// How a keyed container over the object at `object` matches member names with coding keys. Under
    /// `convertFromSnakeCase`, an object whose names are all plain snake case (nearly every object a snake-case
    /// API sends) is searched for each key's snake-case spelling; otherwise each key is looked for by comparing
    /// it with each name as converted, without converting anything, up to ``snakeCaseSearchLimit`` members.
    /// Larger objects of that kind, and custom strategies, convert every name once, when the container is made.
    func memberMatching(forObjectAt object: Int, path: CodingPathNode) -> MemberMatching {
        switch options.keyDecodingStrategy {
        case .useDefaultKeys: return .asWritten
        case .convertFromSnakeCase where namesArePlainSnakeCase(inObjectAt: object): return .plainSnakeCase
        case .convertFromSnakeCase where reader.tape[object].count <= Self.snakeCaseSearchLimit: return .fromSnakeCase
        case .convertFromSnakeCase, .custom: return .renamed(renamedMembers(ofObjectAt: object, path: path))
        }
    }

    /// Whether every member name of the object is plain snake case (``KeyNaming/isPlainSnakeCase(_:)``) and
    /// written without escapes.
    func namesArePlainSnakeCase(inObjectAt object: Int) -> Bool {
        let tape = reader.tape
        let entry = tape[object]
        guard !entry.flags.contains(.hasEscapedKey) else { return false }
        var remaining = entry.count
        guard remaining > 0 else { return true }
        var candidate = tape[object + 1].linkedKey
        while remaining > 0 {
            guard KeyNaming.isPlainSnakeCase(UnsafeRawBufferPointer(reader.rawBytes(at: candidate))) else { return false }
            candidate = tape[candidate].linkedKey
            remaining &-= 1
        }
        return true
    }

    /// How a coding key would be written in the document: under `convertFromSnakeCase`, its plain snake-case
    /// spelling (`displayName` → `display_name`), so that a missing-key error names what the document lacks;
    /// otherwise the key itself.
    func documentName(forKey key: String) -> String {
        guard case .convertFromSnakeCase = options.keyDecodingStrategy else { return key }
        var key = key
        return key.withUTF8 { utf8 in
            KeyNaming.withPlainSnakeCaseSpelling(of: UnsafeRawBufferPointer(utf8)) { spelling in
                String(decoding: spelling ?? UnsafeRawBufferPointer(utf8), as: UTF8.self)
            }
        }
    }

    /// The member count up to which searching an object once per key costs less than converting its names.
    static let snakeCaseSearchLimit = 32

    /// The tape index of the value of the last member whose name, converted from snake case, is `key`.
    /// Names are visited from the last one back, so the first match is the one that wins.
    func valueIndex(ofSnakeCaseMember key: UnsafeRawBufferPointer, inObjectAt object: Int, scratch: inout [UInt8]) -> Int? {
        let tape = reader.tape
        var remaining = tape[object].count
        guard remaining > 0 else { return nil }
        var candidate = tape[object + 1].linkedKey
        while remaining > 0 {
            if reader.withKeyBytes(at: candidate, scratch: &scratch, { KeyNaming.snakeCaseName($0, convertsTo: key) }) {
                return candidate + 1
            }
            candidate = tape[candidate].linkedKey
            remaining &-= 1
        }
        return nil
    }

    /// Under a key strategy: the members' converted names and where their values are.
    func renamedMembers(ofObjectAt object: Int, path: CodingPathNode) -> RenamedMembers {
        let tape = reader.tape
        let count = tape[object].count
        var members = RenamedMembers()
        members.valueIndexes.reserveCapacity(count)
        let containerPath = path.keys
        var key = object + 1
        for _ in 0..<count {
            let written = reader.string(at: key)
            let name: String
            switch options.keyDecodingStrategy {
            case .useDefaultKeys: name = written
            case .convertFromSnakeCase: name = KeyNaming.camelCase(fromSnakeCase: written)
            case .custom(let convert): name = convert(containerPath + [JSONMemberKey(stringValue: written)]).stringValue
            }
            if members.valueIndexes.updateValue(key + 1, forKey: name) == nil { members.names.append(name) }
            key = TapeReader.indexAfter(key + 1, in: tape)
        }
        return members
    }
}

/// How a keyed container finds a coding key's member.
enum MemberMatching {
    /// Names are compared with keys as written (`useDefaultKeys`).
    case asWritten
    /// Every name is plain snake case: a key is found by its snake-case spelling, as written names are.
    case plainSnakeCase
    /// Each name is compared with the key as `convertFromSnakeCase` would convert it, converting nothing.
    case fromSnakeCase
    /// Every name was converted up front.
    case renamed(RenamedMembers)
}

/// An object's members under a key strategy: their converted names in document order (each once), and the
/// tape index of each name's value (for a repeated name, the last member's).
struct RenamedMembers {
    var names: [String] = []
    var valueIndexes: [String: Int] = [:]
}
#endif
