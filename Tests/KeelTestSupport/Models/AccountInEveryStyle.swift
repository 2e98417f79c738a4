import Keel
import KeelOperators

/// One model, an account, decodable in each of the four styles and through the Codable bridge.
///
/// The differential test and the differential fuzz target decode the same bytes through all five and
/// expect them to agree on success and on the value: ``decodeInEveryWay(_:)`` runs them.
public struct Account: Equatable, Sendable {
    public enum Role: String, JSONDecodable, Decodable, Sendable { case admin, member }

    public let id: Int
    public let name: String
    public let email: String?
    public let tags: [String]
    public let score: Double
    public let role: Role

    public init(id: Int, name: String, email: String?, tags: [String], score: Double, role: Role) {
        (self.id, self.name, self.email, self.tags, self.score, self.role) = (id, name, email, tags, score, role)
    }

    /// Through the Codable bridge (``KeelDecoder``); the role sits in a nested `meta` object.
    public struct Bridged: Decodable {
        public let account: Account
        private struct Meta: Decodable { let role: Role }
        private enum CodingKeys: String, CodingKey { case id, name, email, tags, score, meta }
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            account = Account(
                id: try c.decode(Int.self, forKey: .id), name: try c.decode(String.self, forKey: .name),
                email: try c.decodeIfPresent(String.self, forKey: .email), tags: try c.decode([String].self, forKey: .tags),
                score: try c.decode(Double.self, forKey: .score), role: try c.decode(Meta.self, forKey: .meta).role)
        }
    }

    /// In the functional style (Argo's operators).
    public struct Functional: FunctionalJSONDecodable {
        public let account: Account
        public static func decode(_ j: JSONView) -> Decoded<Functional> {
            let make = curry(Account.init)
                <^> j <| "id"
                <*> j <| "name"
                <*> j <|? "email"
                <*> j <|| "tags"
                <*> j <| "score"
                <*> j <| ["meta", "role"]
            return make.map(Functional.init)
        }
    }

    /// In the results-and-subscripts style (Freddy's getters).
    public struct Results: JSONInitializable {
        public let account: Account
        public init(json: JSONView) throws {
            account = Account(
                id: try json.getInt(at: "id"),
                name: try json.getString(at: "name"),
                email: try json.getString(at: "email", alongPath: [.missingKeyBecomesNil, .nullBecomesNil]),
                tags: try json.decode(at: "tags", type: [String].self),
                score: try json.getDouble(at: "score"),
                role: try json.decode(at: "meta", "role", type: Role.self))
        }
    }

    /// In the throwing style (Decodable's `=>`).
    public struct Throwing: ThrowingJSONDecodable {
        public let account: Account
        public static func decode(_ j: JSONView) throws -> Throwing {
            Throwing(account: try Account(id: j => "id", name: j => "name", email: j => "email", tags: j => "tags",
                                          score: j => "score", role: j => "meta" => "role"))
        }
    }

    /// In the collecting style (LastMile's `-->`).
    public struct Collecting: CollectingJSONDecodable {
        public let account: Account
        public init?(from d: CollectingDecoder) {
            let id = d["id"] --> Int.self
            let name = d["name"] --> String.self
            let email = d["email"] --> String?.self
            let tags = d["tags"] --> [String].self
            let score = d["score"] --> Double.self
            let role = d["meta"]["role"] --> Role.self
            guard d.succeeded, let id, let name, let tags, let score, let role else { return nil }
            account = Account(id: id, name: name, email: email, tags: tags, score: score, role: role)
        }
    }

    /// What each way of decoding made of one document: the account, or `nil` where it failed. A collecting
    /// decoder counts as failed when it recorded any error.
    public struct Outcomes: Equatable, Sendable, CustomStringConvertible {
        public var functional, results, throwing, collecting, bridged, bridgedCollecting, throughContext: Account?
        /// The collecting decoders' value and error count, to check them against the strict outcome.
        public var collectingErrors = 0, bridgedCollectingErrors = 0

        /// The names of the ways that disagree with the throwing style; empty when all agree.
        public var disagreements: [String] {
            let all: [(String, Account?)] = [
                ("functional", functional), ("results", results), ("collecting", collecting),
                ("bridge", bridged), ("bridge collecting", bridgedCollecting), ("through a context", throughContext),
            ]
            return all.filter { $0.1 != throwing }.map(\.0)
        }

        public var description: String {
            "throwing \(String(describing: throwing)); disagreeing: \(disagreements)"
        }
    }

    /// Decodes `root` in all four styles and through the bridge, strict and collecting.
    public static func decodeInEveryWay(_ root: JSONView) -> Outcomes {
        var outcomes = Outcomes()
        outcomes.functional = try? Functional.decode(root).dematerialize().account
        outcomes.results = try? Results(json: root).account
        outcomes.throwing = try? Throwing.decode(root).account
        let collected = CollectingJSONDecoder().decode(root, to: Collecting.self)
        outcomes.collectingErrors = collected.errors.count
        outcomes.collecting = collected.errors.isEmpty ? collected.value?.account : nil
        outcomes.bridged = try? KeelDecoder().decode(Bridged.self, from: root).account
        let bridgedCollecting = KeelDecoder().decodeCollecting(Bridged.self, from: root)
        outcomes.bridgedCollectingErrors = bridgedCollecting.errors.count
        outcomes.bridgedCollecting = bridgedCollecting.errors.isEmpty ? bridgedCollecting.value?.account : nil
        outcomes.throughContext = try? Throwing.decode(root, in: JSONDecodingContext()).account
        return outcomes
    }
}
