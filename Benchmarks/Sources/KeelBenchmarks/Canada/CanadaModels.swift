import Foundation
import Keel
import KeelMacros
import KeelOperators

/// The canada.json model (a GeoJSON feature collection: polygons as arrays of [longitude, latitude] pairs) in
/// every style. The types are small, so they share one file; each style's types encode to the same JSON.
enum CodableCanada {
    struct FeatureCollection: Codable { let type: String, features: [Feature] }
    struct Feature: Codable { let type: String, properties: [String: String], geometry: Geometry }
    struct Geometry: Codable { let type: String, coordinates: [[[Double]]] }
}

enum FunctionalCanada {
    struct FeatureCollection: FunctionalJSONDecodable, Encodable {
        let type: String, features: [Feature]
        static func decode(_ j: JSONView) -> Decoded<FeatureCollection> {
            curry(FeatureCollection.init) <^> j <| "type" <*> j <|| "features"
        }
    }
    struct Feature: FunctionalJSONDecodable, Encodable {
        let type: String, properties: [String: String], geometry: Geometry
        static func decode(_ j: JSONView) -> Decoded<Feature> {
            curry(Feature.init) <^> j <| "type" <*> j <| "properties" <*> j <| "geometry"
        }
    }
    struct Geometry: FunctionalJSONDecodable, Encodable {
        let type: String, coordinates: [[[Double]]]
        static func decode(_ j: JSONView) -> Decoded<Geometry> {
            curry(Geometry.init) <^> j <| "type" <*> j <|| "coordinates"
        }
    }
}

enum ResultsCanada {
    struct FeatureCollection: JSONInitializable, Encodable {
        let type: String, features: [Feature]
        init(json: JSONView) throws {
            type = try json.getString(at: "type")
            features = try json.getArray(at: "features").map(Feature.init(json:))
        }
    }
    struct Feature: JSONInitializable, Encodable {
        let type: String, properties: [String: String], geometry: Geometry
        init(json: JSONView) throws {
            type = try json.getString(at: "type")
            properties = try json.decode(at: "properties")
            geometry = try json.decode(at: "geometry")
        }
    }
    struct Geometry: JSONInitializable, Encodable {
        let type: String, coordinates: [[[Double]]]
        init(json: JSONView) throws {
            type = try json.getString(at: "type")
            coordinates = try json.decode(at: "coordinates")
        }
    }
}

enum ThrowingCanada {
    struct FeatureCollection: ThrowingJSONDecodable, Encodable {
        let type: String, features: [Feature]
        static func decode(_ j: JSONView) throws -> FeatureCollection {
            try FeatureCollection(type: j => "type", features: j => "features")
        }
    }
    struct Feature: ThrowingJSONDecodable, Encodable {
        let type: String, properties: [String: String], geometry: Geometry
        static func decode(_ j: JSONView) throws -> Feature {
            try Feature(type: j => "type", properties: j => "properties", geometry: j => "geometry")
        }
    }
    struct Geometry: ThrowingJSONDecodable, Encodable {
        let type: String, coordinates: [[[Double]]]
        static func decode(_ j: JSONView) throws -> Geometry {
            try Geometry(type: j => "type", coordinates: j => "coordinates")
        }
    }
}

enum CollectingCanada {
    struct FeatureCollection: CollectingJSONDecodable, Encodable {
        let type: String, features: [Feature]
        init?(from d: CollectingDecoder) {
            guard let type = d["type"] --> String.self, let features = d["features"] --> [Feature].self, d.succeeded
            else { return nil }
            (self.type, self.features) = (type, features)
        }
    }
    struct Feature: CollectingJSONDecodable, Encodable {
        let type: String, properties: [String: String], geometry: Geometry
        init?(from d: CollectingDecoder) {
            guard let type = d["type"] --> String.self, let properties = d["properties"] --> [String: String].self,
                  let geometry = d["geometry"] --> Geometry.self, d.succeeded else { return nil }
            (self.type, self.properties, self.geometry) = (type, properties, geometry)
        }
    }
    struct Geometry: CollectingJSONDecodable, Encodable {
        let type: String, coordinates: [[[Double]]]
        init?(from d: CollectingDecoder) {
            guard let type = d["type"] --> String.self, let coordinates = d["coordinates"] --> [[[Double]]].self,
                  d.succeeded else { return nil }
            (self.type, self.coordinates) = (type, coordinates)
        }
    }
}

/// The canada.json model declared with `@JSONModel`, also `Codable` through the generated code.
enum MacroCanada {
    @JSONModel(codable: true) struct FeatureCollection { let type: String, features: [Feature] }
    @JSONModel(codable: true) struct Feature { let type: String, properties: [String: String], geometry: Geometry }
    @JSONModel(codable: true) struct Geometry { let type: String, coordinates: [[[Double]]] }
}
