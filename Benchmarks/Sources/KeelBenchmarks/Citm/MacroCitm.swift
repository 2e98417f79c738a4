import KeelMacros

/// The citm_catalog model declared with `@JSONModel` (names match the document's keys), also `Codable` through
/// the generated code, so that the benchmark can check it decoded what `JSONDecoder` did.
enum MacroCitm {
    @JSONModel(codable: true) struct Catalog {
        let areaNames: [String: String], audienceSubCategoryNames: [String: String], blockNames: [String: String]
        let events: [String: Event], performances: [Performance], seatCategoryNames: [String: String]
        let subTopicNames: [String: String], subjectNames: [String: String], topicNames: [String: String]
        let topicSubTopics: [String: [Int]], venueNames: [String: String]
    }
    @JSONModel(codable: true) struct Event {
        let description: String?, id: Int, logo: String?, name: String, subTopicIds: [Int], subjectCode: String?
        let subtitle: String?, topicIds: [Int]
    }
    @JSONModel(codable: true) struct Performance {
        let eventId: Int, id: Int, logo: String?, name: String?, prices: [Price], seatCategories: [SeatCategory]
        let seatMapImage: String?, start: Int, venueCode: String
    }
    @JSONModel(codable: true) struct Price { let amount: Int, audienceSubCategoryId: Int, seatCategoryId: Int }
    @JSONModel(codable: true) struct SeatCategory { let areas: [Area], seatCategoryId: Int }
    @JSONModel(codable: true) struct Area { let areaId: Int, blockIds: [Int] }
}
