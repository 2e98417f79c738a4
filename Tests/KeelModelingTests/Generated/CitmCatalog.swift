// Models for citm_catalog.json, inferred by `keel model` from 1 sample.
import Keel
import KeelMacros

@JSONModel
struct CitmCatalog: Sendable, Hashable {
    let areaNames: [String: String]
    let audienceSubCategoryNames: [String: String]
    let blockNames: [String: JSON]
    let events: [String: Event]
    let performances: [Performance]
    let seatCategoryNames: [String: String]
    let subTopicNames: [String: String]
    let subjectNames: [String: JSON]
    let topicNames: [String: String]
    let topicSubTopics: [String: [Int]]
    let venueNames: VenueNames
}

@JSONModel
struct Event: Sendable, Hashable {
    let description: JSON?
    let id: Int
    let logo: String?
    let name: String
    let subTopicIds: [Int]
    let subjectCode: JSON?
    let subtitle: JSON?
    let topicIds: [Int]
}

@JSONModel
struct Performance: Sendable, Hashable {
    let eventId: Int
    let id: Int
    let logo: String?
    let name: JSON?
    let prices: [Price]
    let seatCategories: [SeatCategory]
    let seatMapImage: JSON?
    let start: Int
    let venueCode: String
}

@JSONModel
struct VenueNames: Sendable, Hashable {
    @JSONKey("PLEYEL_PLEYEL") let pleyelPleyel: String
}

@JSONModel
struct Price: Sendable, Hashable {
    let amount: Int
    let audienceSubCategoryId: Int
    let seatCategoryId: Int
}

@JSONModel
struct SeatCategory: Sendable, Hashable {
    let areas: [Area]
    let seatCategoryId: Int
}

@JSONModel
struct Area: Sendable, Hashable {
    let areaId: Int
    let blockIds: [JSON]
}
