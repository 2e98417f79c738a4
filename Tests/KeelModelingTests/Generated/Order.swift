// Models for orders.json, inferred by `keel model` from 2 samples.
import Keel
import KeelMacros

@JSONModel(keys: .snakeCase)
struct Order: Sendable, Hashable {
    let orderId: Int
    @JSONDate(.rfc3339) let placedAt: JSONTimestamp
    @JSONDate(.pattern("yyyy-MM-dd")) let shipOn: JSONTimestamp
    let customer: Customer
    let items: [Item]
    let stockByWarehouse: [String: Int]
    @JSONKey("3d_secure") let _3dSecure: Bool
    @JSONKey("default") let defaultValue: String
    @JSONKey("Content-Type") let contentType: String
    let coupon: String?
    let tags: [String]
    let weights: [Double?]
    let note: Note?
}

@JSONModel
struct Customer: Sendable, Hashable {
    let name: String
    let email: String?
    let vip: Bool?
}

@JSONModel(keys: .snakeCase)
struct Item: Sendable, Hashable {
    let sku: String
    let quantity: Int
    let price: Double
    let giftNote: String?
}

@JSONModel
struct Note: Sendable, Hashable {
    let by: String
    let text: String
}
