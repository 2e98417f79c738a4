// Models for the schema checkout.schema.json, written by `keel model --schema`.
import Keel
import KeelMacros

/// A checkout session as the payments API returns it.
@JSONModel(keys: .snakeCase)
struct Checkout: Sendable, Hashable {
    // Not checked when decoding: pattern "^cs_[A-Za-z0-9]+$".
    let id: String
    let status: SessionStatus
    @JSONDate(.rfc3339) let createdAt: JSONTimestamp
    @JSONDate(.pattern("yyyy-MM-dd")) let expiresOn: JSONTimestamp?
    /// In the currency's smallest unit.
    // Not checked when decoding: minimum 0.
    let amount: Int
    // Not checked when decoding: minLength 3; maxLength 3.
    let currency: String?
    // Not checked when decoding: format email.
    let customerEmail: String?
    let metadata: [String: String]?
    let paymentMethod: PaymentMethod
    // Not checked when decoding: minItems 1.
    let lineItems: [LineItem]
    let discount: Discount?
    let shipping: Shipping?
    let comments: [Comment]?
    // Refers to https://example.com/schemas/risk.json, which is not in this document: typed JSON.
    let risk: JSON?
    // Elements with a schema for each place (`prefixItems`) are typed JSON.
    let dimensions: [JSON]?
    // One of the types string, integer, typed JSON.
    let reference: JSON?
    // Always true.
    let live: Bool?
}

@JSONModel
enum SessionStatus: String, Sendable, Hashable {
    case openValue = "open"
    case complete
    case expired
    case requiresAction = "requires-action"
}

@JSONModel(layout: .inline(tag: "type"))
enum PaymentMethod: Sendable, Hashable {
    case card(Card)
    @JSONTag("sepa_debit") case sepaDebit(SepaDebit)
    case cash
    /// A tag no sample had, with the whole object.
    @JSONUnknown case other(String, JSON)
}

@JSONModel
struct Card: Sendable, Hashable {
    let last4: String
    let brand: String?
}

@JSONModel
struct SepaDebit: Sendable, Hashable {
    let iban: String
}

// Not checked when decoding: no other members (additionalProperties false).
@JSONModel(keys: .snakeCase)
struct LineItem: Sendable, Hashable {
    let sku: String
    // Not checked when decoding: minimum 1.
    let quantity: Int
    let unitPrice: Double
    let tags: [String?]?
}

@JSONModel
struct Discount: Sendable, Hashable {
    let code: String
    let percent: Double?
}

@JSONModel
struct Shipping: Sendable, Hashable {
    let line1: String
    let country: String
    let carrier: String
}

@JSONModel
struct Comment: Sendable, Hashable {
    let text: String
    let replies: [Comment]?
    // Holds its own type: a struct cannot hold itself, so typed JSON.
    let parent: JSON?
}
