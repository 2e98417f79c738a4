// Models for activity.jsonl, inferred by `keel model` from 6 samples.
import Keel
import KeelMacros

@JSONModel(layout: .inline(tag: "type"))
enum Activity: Sendable, Hashable {
    case push(Push)
    case fork(Fork)
    case ping
    case star(Star)
    /// A tag no sample had, with the whole object.
    @JSONUnknown case other(String, JSON)
}

@JSONModel
struct Push: Sendable, Hashable {
    let repo: String
    let commits: Int
    @JSONDate(.rfc3339) let at: JSONTimestamp
    let forced: Bool?
}

@JSONModel
struct Fork: Sendable, Hashable {
    let repo: String
    let forkee: String
    let at: String
}

@JSONModel
struct Star: Sendable, Hashable {
    let repo: String
    let stars: Int
}
