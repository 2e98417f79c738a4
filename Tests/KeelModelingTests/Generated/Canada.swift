// Models for canada.json, inferred by `keel model` from 1 sample.
import Keel
import KeelMacros

@JSONModel
struct Canada: Sendable, Hashable {
    let type: String
    let features: [Feature]
}

@JSONModel
struct Feature: Sendable, Hashable {
    let type: String
    let properties: Properties
    let geometry: Geometry
}

@JSONModel
struct Properties: Sendable, Hashable {
    let name: String
}

@JSONModel
struct Geometry: Sendable, Hashable {
    let type: String
    let coordinates: [[[Double]]]
}
