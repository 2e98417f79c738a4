import KeelOperators

/// The citm_catalog model in the collecting style (LastMile): `decoder["key"] --> T.self`, salvaging.
enum CollectingCitm {
    struct Catalog: CollectingJSONDecodable, Encodable {
        let areaNames: [String: String], audienceSubCategoryNames: [String: String], blockNames: [String: String]
        let events: [String: Event], performances: [Performance], seatCategoryNames: [String: String]
        let subTopicNames: [String: String], subjectNames: [String: String], topicNames: [String: String]
        let topicSubTopics: [String: [Int]], venueNames: [String: String]
        init?(from d: CollectingDecoder) {
            let areaNames = d["areaNames"] --> [String: String].self
            let audienceSubCategoryNames = d["audienceSubCategoryNames"] --> [String: String].self
            let blockNames = d["blockNames"] --> [String: String].self
            let events = d["events"] --> [String: Event].self
            let performances = d["performances"] --> [Performance].self
            let seatCategoryNames = d["seatCategoryNames"] --> [String: String].self
            let subTopicNames = d["subTopicNames"] --> [String: String].self
            let subjectNames = d["subjectNames"] --> [String: String].self
            let topicNames = d["topicNames"] --> [String: String].self
            let topicSubTopics = d["topicSubTopics"] --> [String: [Int]].self
            let venueNames = d["venueNames"] --> [String: String].self
            guard d.succeeded, let areaNames, let audienceSubCategoryNames, let blockNames, let events, let performances,
                  let seatCategoryNames, let subTopicNames, let subjectNames, let topicNames, let topicSubTopics,
                  let venueNames else { return nil }
            (self.areaNames, self.audienceSubCategoryNames, self.blockNames) = (areaNames, audienceSubCategoryNames, blockNames)
            (self.events, self.performances, self.seatCategoryNames) = (events, performances, seatCategoryNames)
            (self.subTopicNames, self.subjectNames, self.topicNames) = (subTopicNames, subjectNames, topicNames)
            (self.topicSubTopics, self.venueNames) = (topicSubTopics, venueNames)
        }
    }
    struct Event: CollectingJSONDecodable, Encodable {
        let description: String?, id: Int, logo: String?, name: String, subTopicIds: [Int], subjectCode: String?
        let subtitle: String?, topicIds: [Int]
        static var idKey: String? { "id" }
        init?(from d: CollectingDecoder) {
            description = d["description"] --> String?.self
            let id = d["id"] --> Int.self
            logo = d["logo"] --> String?.self
            let name = d["name"] --> String.self
            let subTopicIds = d["subTopicIds"] --> [Int].self
            subjectCode = d["subjectCode"] --> String?.self
            subtitle = d["subtitle"] --> String?.self
            let topicIds = d["topicIds"] --> [Int].self
            guard d.succeeded, let id, let name, let subTopicIds, let topicIds else { return nil }
            (self.id, self.name, self.subTopicIds, self.topicIds) = (id, name, subTopicIds, topicIds)
        }
    }
    struct Performance: CollectingJSONDecodable, Encodable {
        let eventId: Int, id: Int, logo: String?, name: String?, prices: [Price], seatCategories: [SeatCategory]
        let seatMapImage: String?, start: Int, venueCode: String
        static var idKey: String? { "id" }
        init?(from d: CollectingDecoder) {
            let eventId = d["eventId"] --> Int.self
            let id = d["id"] --> Int.self
            logo = d["logo"] --> String?.self
            name = d["name"] --> String?.self
            let prices = d["prices"] --> [Price].self
            let seatCategories = d["seatCategories"] --> [SeatCategory].self
            seatMapImage = d["seatMapImage"] --> String?.self
            let start = d["start"] --> Int.self
            let venueCode = d["venueCode"] --> String.self
            guard d.succeeded, let eventId, let id, let prices, let seatCategories, let start, let venueCode else { return nil }
            (self.eventId, self.id, self.prices, self.seatCategories) = (eventId, id, prices, seatCategories)
            (self.start, self.venueCode) = (start, venueCode)
        }
    }
    struct Price: CollectingJSONDecodable, Encodable {
        let amount: Int, audienceSubCategoryId: Int, seatCategoryId: Int
        init?(from d: CollectingDecoder) {
            guard let amount = d["amount"] --> Int.self, let audienceSubCategoryId = d["audienceSubCategoryId"] --> Int.self,
                  let seatCategoryId = d["seatCategoryId"] --> Int.self, d.succeeded else { return nil }
            (self.amount, self.audienceSubCategoryId, self.seatCategoryId) = (amount, audienceSubCategoryId, seatCategoryId)
        }
    }
    struct SeatCategory: CollectingJSONDecodable, Encodable {
        let areas: [Area], seatCategoryId: Int
        init?(from d: CollectingDecoder) {
            guard let areas = d["areas"] --> [Area].self, let seatCategoryId = d["seatCategoryId"] --> Int.self,
                  d.succeeded else { return nil }
            (self.areas, self.seatCategoryId) = (areas, seatCategoryId)
        }
    }
    struct Area: CollectingJSONDecodable, Encodable {
        let areaId: Int, blockIds: [Int]
        init?(from d: CollectingDecoder) {
            guard let areaId = d["areaId"] --> Int.self, let blockIds = d["blockIds"] --> [Int].self, d.succeeded else { return nil }
            (self.areaId, self.blockIds) = (areaId, blockIds)
        }
    }
}
