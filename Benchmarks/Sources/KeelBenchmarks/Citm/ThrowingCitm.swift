import KeelOperators

/// The citm_catalog model in the throwing style (Decodable): `try j => "key"`.
enum ThrowingCitm {
    struct Catalog: ThrowingJSONDecodable, Encodable {
        let areaNames: [String: String], audienceSubCategoryNames: [String: String], blockNames: [String: String]
        let events: [String: Event], performances: [Performance], seatCategoryNames: [String: String]
        let subTopicNames: [String: String], subjectNames: [String: String], topicNames: [String: String]
        let topicSubTopics: [String: [Int]], venueNames: [String: String]
        static func decode(_ j: JSONView) throws -> Catalog {
            try Catalog(
                areaNames: j => "areaNames", audienceSubCategoryNames: j => "audienceSubCategoryNames",
                blockNames: j => "blockNames", events: j => "events", performances: j => "performances",
                seatCategoryNames: j => "seatCategoryNames", subTopicNames: j => "subTopicNames",
                subjectNames: j => "subjectNames", topicNames: j => "topicNames", topicSubTopics: j => "topicSubTopics",
                venueNames: j => "venueNames")
        }
    }
    struct Event: ThrowingJSONDecodable, Encodable {
        let description: String?, id: Int, logo: String?, name: String, subTopicIds: [Int], subjectCode: String?
        let subtitle: String?, topicIds: [Int]
        static func decode(_ j: JSONView) throws -> Event {
            try Event(description: j => "description", id: j => "id", logo: j => "logo", name: j => "name",
                      subTopicIds: j => "subTopicIds", subjectCode: j => "subjectCode", subtitle: j => "subtitle",
                      topicIds: j => "topicIds")
        }
    }
    struct Performance: ThrowingJSONDecodable, Encodable {
        let eventId: Int, id: Int, logo: String?, name: String?, prices: [Price], seatCategories: [SeatCategory]
        let seatMapImage: String?, start: Int, venueCode: String
        static func decode(_ j: JSONView) throws -> Performance {
            try Performance(eventId: j => "eventId", id: j => "id", logo: j => "logo", name: j => "name",
                            prices: j => "prices", seatCategories: j => "seatCategories",
                            seatMapImage: j => "seatMapImage", start: j => "start", venueCode: j => "venueCode")
        }
    }
    struct Price: ThrowingJSONDecodable, Encodable {
        let amount: Int, audienceSubCategoryId: Int, seatCategoryId: Int
        static func decode(_ j: JSONView) throws -> Price {
            try Price(amount: j => "amount", audienceSubCategoryId: j => "audienceSubCategoryId",
                      seatCategoryId: j => "seatCategoryId")
        }
    }
    struct SeatCategory: ThrowingJSONDecodable, Encodable {
        let areas: [Area], seatCategoryId: Int
        static func decode(_ j: JSONView) throws -> SeatCategory {
            try SeatCategory(areas: j => "areas", seatCategoryId: j => "seatCategoryId")
        }
    }
    struct Area: ThrowingJSONDecodable, Encodable {
        let areaId: Int, blockIds: [Int]
        static func decode(_ j: JSONView) throws -> Area { try Area(areaId: j => "areaId", blockIds: j => "blockIds") }
    }
}
