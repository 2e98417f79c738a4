import Foundation

/// The citm_catalog model as `Codable` types (names match the document's keys), for `JSONDecoder` and
/// `KeelDecoder`. Every style's model encodes to the same JSON, which is how the benchmark checks them.
enum CodableCitm {
    struct Catalog: Codable {
        let areaNames: [String: String], audienceSubCategoryNames: [String: String], blockNames: [String: String]
        let events: [String: Event], performances: [Performance], seatCategoryNames: [String: String]
        let subTopicNames: [String: String], subjectNames: [String: String], topicNames: [String: String]
        let topicSubTopics: [String: [Int]], venueNames: [String: String]
    }
    struct Event: Codable {
        let description: String?, id: Int, logo: String?, name: String, subTopicIds: [Int], subjectCode: String?
        let subtitle: String?, topicIds: [Int]
    }
    struct Performance: Codable {
        let eventId: Int, id: Int, logo: String?, name: String?, prices: [Price], seatCategories: [SeatCategory]
        let seatMapImage: String?, start: Int, venueCode: String
    }
    struct Price: Codable { let amount: Int, audienceSubCategoryId: Int, seatCategoryId: Int }
    struct SeatCategory: Codable { let areas: [Area], seatCategoryId: Int }
    struct Area: Codable { let areaId: Int, blockIds: [Int] }
}
