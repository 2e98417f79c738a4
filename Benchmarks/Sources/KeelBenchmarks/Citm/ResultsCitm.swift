import Keel

/// The citm_catalog model in the results style (Freddy): `init(json:) throws` with path getters.
enum ResultsCitm {
    static let absent: JSONPathOptions = [.missingKeyBecomesNil, .nullBecomesNil]

    struct Catalog: JSONInitializable, Encodable {
        let areaNames: [String: String], audienceSubCategoryNames: [String: String], blockNames: [String: String]
        let events: [String: Event], performances: [Performance], seatCategoryNames: [String: String]
        let subTopicNames: [String: String], subjectNames: [String: String], topicNames: [String: String]
        let topicSubTopics: [String: [Int]], venueNames: [String: String]
        init(json: JSONView) throws {
            areaNames = try json.decode(at: "areaNames")
            audienceSubCategoryNames = try json.decode(at: "audienceSubCategoryNames")
            blockNames = try json.decode(at: "blockNames")
            events = try json.decode(at: "events")
            performances = try json.getArray(at: "performances").map(Performance.init(json:))
            seatCategoryNames = try json.decode(at: "seatCategoryNames")
            subTopicNames = try json.decode(at: "subTopicNames")
            subjectNames = try json.decode(at: "subjectNames")
            topicNames = try json.decode(at: "topicNames")
            topicSubTopics = try json.decode(at: "topicSubTopics")
            venueNames = try json.decode(at: "venueNames")
        }
    }
    struct Event: JSONInitializable, Encodable {
        let description: String?, id: Int, logo: String?, name: String, subTopicIds: [Int], subjectCode: String?
        let subtitle: String?, topicIds: [Int]
        init(json: JSONView) throws {
            description = try json.getString(at: "description", alongPath: absent)
            id = try json.getInt(at: "id")
            logo = try json.getString(at: "logo", alongPath: absent)
            name = try json.getString(at: "name")
            subTopicIds = try json.decode(at: "subTopicIds")
            subjectCode = try json.getString(at: "subjectCode", alongPath: absent)
            subtitle = try json.getString(at: "subtitle", alongPath: absent)
            topicIds = try json.decode(at: "topicIds")
        }
    }
    struct Performance: JSONInitializable, Encodable {
        let eventId: Int, id: Int, logo: String?, name: String?, prices: [Price], seatCategories: [SeatCategory]
        let seatMapImage: String?, start: Int, venueCode: String
        init(json: JSONView) throws {
            eventId = try json.getInt(at: "eventId")
            id = try json.getInt(at: "id")
            logo = try json.getString(at: "logo", alongPath: absent)
            name = try json.getString(at: "name", alongPath: absent)
            prices = try json.getArray(at: "prices").map(Price.init(json:))
            seatCategories = try json.getArray(at: "seatCategories").map(SeatCategory.init(json:))
            seatMapImage = try json.getString(at: "seatMapImage", alongPath: absent)
            start = try json.getInt(at: "start")
            venueCode = try json.getString(at: "venueCode")
        }
    }
    struct Price: JSONInitializable, Encodable {
        let amount: Int, audienceSubCategoryId: Int, seatCategoryId: Int
        init(json: JSONView) throws {
            amount = try json.getInt(at: "amount")
            audienceSubCategoryId = try json.getInt(at: "audienceSubCategoryId")
            seatCategoryId = try json.getInt(at: "seatCategoryId")
        }
    }
    struct SeatCategory: JSONInitializable, Encodable {
        let areas: [Area], seatCategoryId: Int
        init(json: JSONView) throws {
            areas = try json.getArray(at: "areas").map(Area.init(json:))
            seatCategoryId = try json.getInt(at: "seatCategoryId")
        }
    }
    struct Area: JSONInitializable, Encodable {
        let areaId: Int, blockIds: [Int]
        init(json: JSONView) throws {
            areaId = try json.getInt(at: "areaId")
            blockIds = try json.decode(at: "blockIds")
        }
    }
}
