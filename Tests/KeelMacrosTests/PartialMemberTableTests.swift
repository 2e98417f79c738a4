// How a partial form finds its properties' readers: a hand-written model whose member type is known to have a
// partial form only at run time, and many decoders of one model at once sharing the model's member table.
import Keel
import KeelTestSupport
import KeelMacros
import Testing

/// A hand-written model generic over its items: `[Item]` is not known to have a partial form where the
/// members are listed, so its readers find it at run time.
struct Shelf<Item: JSONDecodable & Sendable>: JSONPartialModel, Sendable {
    var label: String
    var items: [Item]

    static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Shelf {
        Shelf(label: try value.decode(forKey: "label", in: context), items: try value.decode(forKey: "items", in: context))
    }

    static var jsonPartialMembers: [JSONPartialMember<Self>] {
        [JSONPartialMember(\Self.label, path: ["label"]), JSONPartialMember(\Self.items, path: ["items"])]
    }
}

/// A model whose members an open object may show under an alias, a path of two steps, or a key written with
/// an escape.
@JSONModel struct Listing: Sendable, Equatable {
    @JSONKey("title", or: "name") let title: String
    let price: Int
    @JSONKey("seller", "name") let sellerName: String?
}

/// A model of the standard scalar types, plain and optional, whose open object's members are read straight
/// from the text.
@JSONModel struct Gauge: Sendable, Equatable {
    let label: String
    let note: String?
    let isOn: Bool
    let armed: Bool?
    let level: Double
    let ratio: Float?
    let count: Int
    let small: UInt8
    let offset: Int32?
    let total: UInt64
    let delta: Int8?
}

@Suite struct PartialMemberTableTests {
    /// What an open object's scalar members show when read from the text is what the general path shows
    /// (a snapshot's tree read member by member): values of the right kind, `nil` for `null`, for a value of
    /// another kind and for an integer out of the type's range, the later of two members with one key.
    @Test func anOpenObjectsScalarsShowAsTheGeneralPathShowsThem() throws {
        let text = #"{"label": "dial", "note": "hi", "isOn": true, "armed": null, "level": 2.5, "ratio": 0.25, "#
            + #""count": "seven", "small": 300, "offset": -12, "total": 18446744073709551615, "delta": null, "#
            + #""isOn": 1, "small": 200, "level": -1e3, "pending": "#
        let decoder = JSONPartialDecoder(Gauge.self)
        try decoder.feed(text)
        let fromText = try #require(try decoder.snapshot())
        var parser = JSONIncrementalParser()
        try parser.feed(Array(text.utf8))
        let fromTree = try #require(JSONPartialReader(Gauge.self).read(parser.snapshot()))
        for shown in [fromText, fromTree] {
            #expect(shown.label == "dial")
            #expect(shown.note == "hi")
            #expect(shown.isOn == nil)
            #expect(shown.armed == nil)
            #expect(shown.level == -1000)
            #expect(shown.ratio == 0.25)
            #expect(shown.count == nil)
            #expect(shown.small == 200)
            #expect(shown.offset == -12)
            #expect(shown.total == .max)
            #expect(shown.delta == nil)
        }
        // `null` of an optional shows as the general path shows it: present, and `nil`.
        try decoder.feed(#"1, "isOn": false, "count": 7}"#)
        let whole = try decoder.finish()
        #expect(whole == Gauge(label: "dial", note: "hi", isOn: false, armed: nil, level: -1000, ratio: 0.25, count: 7,
                               small: 200, offset: -12, total: .max, delta: nil))
    }

    @Test func anOpenObjectsKeysAreMatchedAsAWholeDecodeMatchesThem() throws {
        let decoder = JSONPartialDecoder(Listing.self)
        // The alias shows while the property's own key has not arrived; a key with an escape is the same key.
        try decoder.feed(#"{"name": "Lamp", "pri\u0063e": 12, "other": {"price": 1}, "#)
        let first = try #require(try decoder.snapshot())
        #expect(first.title == "Lamp")
        #expect(first.price == 12)
        #expect(first.sellerName == nil)
        // The own key wins over the alias whatever their order; of two members with one key, the later one.
        try decoder.feed(#""title": "Desk lamp", "name": "Lamp 2", "seller": {"name": "Ana"}, "price": 15, "sel"#)
        let second = try #require(try decoder.snapshot())
        #expect(second.title == "Desk lamp")
        #expect(second.price == 15)
        #expect(second.sellerName == "Ana")
        try decoder.feed(#"ler": {"name": "Bo"}}"#)
        let whole = try decoder.finish()
        #expect(whole == Listing(title: "Desk lamp", price: 15, sellerName: "Bo"))
        #expect(try decoder.snapshot()?.finished == whole)
    }

    /// A snapshot's form shares the object's kept slots and holds what the open member shows apart: a form
    /// taken earlier still shows what it showed once the object has gone on (members finished, a key repeated,
    /// a path of two steps open).
    @Test func aSnapshotKeepsWhatItShowedWhileItsObjectGoesOn() throws {
        let decoder = JSONPartialDecoder(Listing.self)
        try decoder.feed(#"{"price": 3, "title": "Des"#)
        let first = try #require(try decoder.snapshot())
        try decoder.feed(#"k", "price": 4, "seller": {"name": "An"#)
        let second = try #require(try decoder.snapshot())
        try decoder.feed(#"a"}, "name": "Lamp", "price": 5"#)
        let third = try #require(try decoder.snapshot())
        #expect(first.title == "Des")
        #expect(first.price == 3)
        #expect(first.sellerName == nil)
        #expect(second.title == "Desk")
        #expect(second.price == 4)
        #expect(second.sellerName == "An")
        #expect(third.title == "Desk")
        #expect(third.price == 4)
        #expect(third.sellerName == "Ana")
    }

    /// The list of an open array is handed out and then changed in place by the next snapshot, unless the
    /// snapshot that holds it is kept: each kept snapshot still shows its own elements, open one included.
    @Test func aSnapshotKeepsItsListWhileTheArrayGoesOn() throws {
        let decoder = JSONPartialDecoder([String].self)
        try decoder.feed(#"["cumin", "saff"#)
        let first = try #require(try decoder.snapshot())
        try decoder.feed(#"ron", "ani"#)
        let second = try #require(try decoder.snapshot())
        try decoder.feed(#"se"#)
        // Not kept: the next snapshot changes the same list in place.
        _ = try decoder.snapshot()
        try decoder.feed(#"", "mace"]"#)
        let last = try #require(try decoder.snapshot())
        #expect(first == ["cumin", "saff"])
        #expect(second == ["cumin", "saffron", "ani"])
        #expect(last == ["cumin", "saffron", "anise", "mace"])
        #expect(try decoder.finish() == last)
    }

    @Test func aMemberTypeWithAPartialFormFoundAtRunTime() throws {
        let decoder = JSONPartialDecoder(Shelf<String>.self)
        try decoder.feed(#"{"label": "spices", "items": ["cumin", "saff"#)
        let open = try #require(try decoder.snapshot())
        #expect(open.label == "spices")
        // `[String]` shows its open last element: the reader found String's partial form at run time.
        #expect(open.items == ["cumin", "saff"])
        try decoder.feed(#"ron"]}"#)
        let done = try #require(try decoder.snapshot())
        #expect(done.isFinished)
        #expect(done.finished?.items == ["cumin", "saffron"])
    }

    @Test func aMemberTypeWithoutAPartialFormShowsOnceFinished() throws {
        struct Weight: JSONDecodable, Sendable, Equatable {
            let grams: Int
            static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Weight {
                Weight(grams: try value.decode(in: context))
            }
        }
        let decoder = JSONPartialDecoder(Shelf<Weight>.self)
        try decoder.feed(#"{"items": [250, 100"#)
        // `[Weight]` has no partial form: nothing of the array shows while it is open.
        let open = try #require(try decoder.snapshot())
        #expect(open.items == nil)
        try decoder.feed(#"], "label": "jars""#)
        let closed = try #require(try decoder.snapshot())
        #expect(closed.items == [Weight(grams: 250), Weight(grams: 100)])
        #expect(closed.label == "jars")
    }

    @Test func manyDecodersOfOneModelAtOnce() async throws {
        let document = Array(#"""
            {"title": "Coast", "days": 4, "status": "draft",
             "stops": [{"name": "Nice", "nights": 2, "notes": ["port"]}, {"name": "Menton", "notes": ["lemons", "garden"]}],
             "created": "2026-11-26T10:00:00Z", "tags": {"sea": 1}}
            """#.utf8)
        let expected = try TripPlan.decode(parsing: document)
        let results = try await withThrowingTaskGroup(of: [String].self) { group in
            for chunk in 1...8 {
                group.addTask {
                    // Each decoder reads what it shows through the one table of each model.
                    let decoder = JSONPartialDecoder(TripPlan.self)
                    var names: [String] = []
                    for (piece, _) in ChunkCuts(count: document.count, sizes: [chunk]) {
                        try decoder.feed(document[piece])
                        if let plan = try decoder.snapshot(), let stops = plan.stops, let name = stops.last?.name {
                            names.append(name)
                        }
                    }
                    #expect(try decoder.finish() == expected)
                    return names
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        for names in results {
            // The last stop's name grows as it arrives and ends whole.
            #expect(names.last == "Menton")
            #expect(names.contains("Nice"))
        }
    }
}
