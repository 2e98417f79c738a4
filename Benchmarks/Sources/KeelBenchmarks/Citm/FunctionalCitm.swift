import KeelOperators

/// The citm_catalog model in the functional style (Argo).
enum FunctionalCitm {
    struct Catalog: FunctionalJSONDecodable, Encodable {
        let areaNames: [String: String], audienceSubCategoryNames: [String: String], blockNames: [String: String]
        let events: [String: Event], performances: [Performance], seatCategoryNames: [String: String]
        let subTopicNames: [String: String], subjectNames: [String: String], topicNames: [String: String]
        let topicSubTopics: [String: [Int]], venueNames: [String: String]
        static func decode(_ j: JSONView) -> Decoded<Catalog> {
            let head = curry(Catalog.init)
                <^> j <| "areaNames" <*> j <| "audienceSubCategoryNames" <*> j <| "blockNames" <*> j <| "events"
                <*> j <|| "performances" <*> j <| "seatCategoryNames"
            return head <*> j <| "subTopicNames" <*> j <| "subjectNames" <*> j <| "topicNames"
                <*> j <| "topicSubTopics" <*> j <| "venueNames"
        }
    }
    struct Event: FunctionalJSONDecodable, Encodable {
        let description: String?, id: Int, logo: String?, name: String, subTopicIds: [Int], subjectCode: String?
        let subtitle: String?, topicIds: [Int]
        static func decode(_ j: JSONView) -> Decoded<Event> {
            curry(Event.init) <^> j <|? "description" <*> j <| "id" <*> j <|? "logo" <*> j <| "name"
                <*> j <|| "subTopicIds" <*> j <|? "subjectCode" <*> j <|? "subtitle" <*> j <|| "topicIds"
        }
    }
    struct Performance: FunctionalJSONDecodable, Encodable {
        let eventId: Int, id: Int, logo: String?, name: String?, prices: [Price], seatCategories: [SeatCategory]
        let seatMapImage: String?, start: Int, venueCode: String
        static func decode(_ j: JSONView) -> Decoded<Performance> {
            curry(Performance.init) <^> j <| "eventId" <*> j <| "id" <*> j <|? "logo" <*> j <|? "name"
                <*> j <|| "prices" <*> j <|| "seatCategories" <*> j <|? "seatMapImage" <*> j <| "start"
                <*> j <| "venueCode"
        }
    }
    struct Price: FunctionalJSONDecodable, Encodable {
        let amount: Int, audienceSubCategoryId: Int, seatCategoryId: Int
        static func decode(_ j: JSONView) -> Decoded<Price> {
            curry(Price.init) <^> j <| "amount" <*> j <| "audienceSubCategoryId" <*> j <| "seatCategoryId"
        }
    }
    struct SeatCategory: FunctionalJSONDecodable, Encodable {
        let areas: [Area], seatCategoryId: Int
        static func decode(_ j: JSONView) -> Decoded<SeatCategory> {
            curry(SeatCategory.init) <^> j <|| "areas" <*> j <| "seatCategoryId"
        }
    }
    struct Area: FunctionalJSONDecodable, Encodable {
        let areaId: Int, blockIds: [Int]
        static func decode(_ j: JSONView) -> Decoded<Area> { curry(Area.init) <^> j <| "areaId" <*> j <|| "blockIds" }
    }
}
