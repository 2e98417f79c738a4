import Foundation

/// The citm_catalog model with explicit snake_case coding keys, for decoding the catalog with its names
/// rewritten in snake case (`KeyStrategyBenchmark`) without a key strategy: the fastest setup to compare
/// `convertFromSnakeCase` with.
enum SnakeCaseCitm {
    struct Catalog: Codable {
        let areaNames: [String: String], audienceSubCategoryNames: [String: String], blockNames: [String: String]
        let events: [String: Event], performances: [Performance], seatCategoryNames: [String: String]
        let subTopicNames: [String: String], subjectNames: [String: String], topicNames: [String: String]
        let topicSubTopics: [String: [Int]], venueNames: [String: String]
        enum CodingKeys: String, CodingKey {
            case areaNames = "area_names", audienceSubCategoryNames = "audience_sub_category_names"
            case blockNames = "block_names", events, performances, seatCategoryNames = "seat_category_names"
            case subTopicNames = "sub_topic_names", subjectNames = "subject_names", topicNames = "topic_names"
            case topicSubTopics = "topic_sub_topics", venueNames = "venue_names"
        }
    }
    struct Event: Codable {
        let description: String?, id: Int, logo: String?, name: String, subTopicIds: [Int], subjectCode: String?
        let subtitle: String?, topicIds: [Int]
        enum CodingKeys: String, CodingKey {
            case description, id, logo, name, subTopicIds = "sub_topic_ids", subjectCode = "subject_code", subtitle
            case topicIds = "topic_ids"
        }
    }
    struct Performance: Codable {
        let eventId: Int, id: Int, logo: String?, name: String?, prices: [Price], seatCategories: [SeatCategory]
        let seatMapImage: String?, start: Int, venueCode: String
        enum CodingKeys: String, CodingKey {
            case eventId = "event_id", id, logo, name, prices, seatCategories = "seat_categories"
            case seatMapImage = "seat_map_image", start, venueCode = "venue_code"
        }
    }
    struct Price: Codable {
        let amount: Int, audienceSubCategoryId: Int, seatCategoryId: Int
        enum CodingKeys: String, CodingKey {
            case amount, audienceSubCategoryId = "audience_sub_category_id", seatCategoryId = "seat_category_id"
        }
    }
    struct SeatCategory: Codable {
        let areas: [Area], seatCategoryId: Int
        enum CodingKeys: String, CodingKey { case areas, seatCategoryId = "seat_category_id" }
    }
    struct Area: Codable {
        let areaId: Int, blockIds: [Int]
        enum CodingKeys: String, CodingKey { case areaId = "area_id", blockIds = "block_ids" }
    }
}
