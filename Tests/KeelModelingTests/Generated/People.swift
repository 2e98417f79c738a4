// Models for people.json, inferred by `keel model` from 1 sample.
import Keel
import KeelMacros

@JSONModel
struct People: Sendable, Hashable {
    let success: Bool
    let people: [Person]
    let jobs: [String]
}

@JSONModel
struct Person: Sendable, Hashable {
    let name: String
    let age: Int
    let spouse: Bool
}
