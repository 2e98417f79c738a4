import KeelMacros

/// The citm_catalog model declared with `@JSONModel` (names match the document's keys), also `Encodable` so
/// that the benchmark can check it decoded what `JSONDecoder` did.
/// Sibling types are named in full: the generated extension is outside `MacroCitm` (see DeclaringModels.md).
enum MacroCitm {
    @JSONModel struct Catalog: Encodable {
        let areaNames: [String: String], audienceSubCategoryNames: [String: String], blockNames: [String: String]
        let events: [String: MacroCitm.Event], performances: [MacroCitm.Performance], seatCategoryNames: [String: String]
        let subTopicNames: [String: String], subjectNames: [String: String], topicNames: [String: String]
        let topicSubTopics: [String: [Int]], venueNames: [String: String]
    }
    @JSONModel struct Event: Encodable {
        let description: String?, id: Int, logo: String?, name: String, subTopicIds: [Int], subjectCode: String?
        let subtitle: String?, topicIds: [Int]
    }
    @JSONModel struct Performance: Encodable {
        let eventId: Int, id: Int, logo: String?, name: String?, prices: [MacroCitm.Price], seatCategories: [MacroCitm.SeatCategory]
        let seatMapImage: String?, start: Int, venueCode: String
    }
    @JSONModel struct Price: Encodable { let amount: Int, audienceSubCategoryId: Int, seatCategoryId: Int }
    @JSONModel struct SeatCategory: Encodable { let areas: [MacroCitm.Area], seatCategoryId: Int }
    @JSONModel struct Area: Encodable { let areaId: Int, blockIds: [Int] }
}
