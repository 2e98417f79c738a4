// Models for preferences.json, inferred by `keel model` from 1 sample.
import Keel
import KeelMacros

@JSONModel(keys: .snakeCase)
struct Preferences: Sendable, Hashable {
    let theme: String
    let fontSize: Int
    let recentFiles: [String]
    let proxy: JSONField<JSON>
    let panels: [Panel]
    let tree: Tree
}

@JSONModel
struct Panel: Sendable, Hashable {
    let id: String
    let width: Double?
    let collapsed: Bool?
    let title: JSONField<String>
}

@JSONModel
struct Tree: Sendable, Hashable {
    let name: String
    let children: [Child]
    let parent: JSONField<JSON>
}

@JSONModel
struct Child: Sendable, Hashable {
    let name: String
    let children: [JSON]
}
