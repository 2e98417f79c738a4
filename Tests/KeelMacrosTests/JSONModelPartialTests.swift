// Typed snapshots of `@JSONModel` types: what a model shows at each cut of its document, that finished
// members are final, and that reading snapshots one after another agrees with reading each afresh.
import Keel
import KeelMacros
import Testing

@JSONModel
struct TripPlan: Equatable, Sendable {
    /// How far along the plan is.
    @JSONModel enum Status: String, Equatable, Sendable { case draft, final }

    let title: String
    let days: Int
    var status: Status
    var stops: [TripStop]
    var budget: Double?
    @JSONKey("meta", "author") var author: String?
    @JSONDate(.rfc3339) var created: JSONTimestamp
    var tags: [String: Int] = [:]
}

@JSONModel
struct TripStop: Equatable, Sendable {
    let name: String
    var nights = 1
    var notes: [String]
}

@Suite struct JSONModelPartialTests {
    static let document = #"""
        {"title": "Alps by train", "days": 9, "status": "final",
         "stops": [{"name": "Zürich", "nights": 2, "notes": ["lake", "old town"]},
                   {"name": "Chur", "notes": []},
                   {"name": "St. Moritz", "nights": 3, "notes": ["Bernina \u00e9xpress"]}],
         "budget": 2450.5, "meta": {"author": "Ada"}, "created": "2026-11-26T10:00:00Z", "tags": {"rail": 1, "snow": 2}}
        """#

    static func snapshot(of prefix: Substring) throws -> JSONSnapshot {
        var parser = JSONIncrementalParser()
        try parser.feed(prefix.utf8)
        return parser.snapshot()
    }

    @Test func showsWhatHasArrived() throws {
        let text = Self.document
        func planned(upTo marker: String) throws -> TripPlan.Partial {
            let end = try #require(text.range(of: marker)).upperBound
            return try #require(try Self.snapshot(of: text[..<end]).partial(as: TripPlan.self))
        }
        // A string shows its text so far; a number and an enum only once whole.
        var plan = try planned(upTo: #""Alps by"#)
        #expect(plan.title == "Alps by")
        #expect(plan.days == nil)
        #expect(plan.stops == nil)
        #expect(!plan.isFinished)
        plan = try planned(upTo: #""status": "fin"#)
        #expect(plan.days == 9)
        #expect(plan.status == nil)
        // The first stop is open: its name so far, its notes so far; nights not yet given.
        plan = try planned(upTo: #""notes": ["lake", "old"#)
        #expect(plan.status == .final)
        let stops = try #require(plan.stops)
        #expect(stops.count == 1)
        #expect(stops[0].name == "Zürich")
        #expect(stops[0].nights == 2)
        #expect(stops[0].notes == ["lake", "old"])
        #expect(stops[0].finished == nil)
        // A finished stop is final, and decodes whole (its default filled in).
        plan = try planned(upTo: #"{"name": "St. Mo"#)
        let three = try #require(plan.stops)
        #expect(three.count == 3)
        #expect(three[1].finished == TripStop(name: "Chur", nights: 1, notes: []))
        #expect(three[1].nights == 1)
        #expect(three[2].name == "St. Mo")
        // A member reached through a path, and one read with an option, once finished.
        plan = try planned(upTo: #""created": "2026-11-26T10:00:00"#)
        #expect(plan.author == "Ada")
        #expect(plan.budget == 2450.5)
        #expect(plan.created == nil)
        plan = try planned(upTo: #""created": "2026-11-26T10:00:00Z""#)
        #expect(plan.created != nil)
        #expect(plan.tags == nil)
        plan = try planned(upTo: #""rail": 1, "#)
        #expect(plan.tags == ["rail": 1])
    }

    /// The complete document's partial form holds the one-shot decode.
    @Test func theLastSnapshotIsTheDecodedValue() throws {
        var parser = JSONIncrementalParser()
        try parser.feed(Self.document)
        let plan = try #require(parser.snapshot().partial(as: TripPlan.self))
        let decoded = try TripPlan.decode(parsing: Self.document)
        #expect(plan.isFinished)
        #expect(plan.finished == decoded)
        #expect(plan.title == decoded.title)
        #expect(plan.stops?.map(\.finished) == decoded.stops)
    }

    /// At every byte: what a snapshot shows agrees with the whole (strings are prefixes, finished stops
    /// equal), and a reader that remembers finished values shows the same as a fresh reading.
    @Test func everyCut() throws {
        let bytes = Array(Self.document.utf8)
        let whole = try TripPlan.decode(parsing: Self.document)
        var parser = JSONIncrementalParser()
        let reader = JSONPartialReader(TripPlan.self)
        for index in bytes.indices {
            try parser.feed(bytes[index...index])
            let snapshot = parser.snapshot()
            let fresh = snapshot.partial(as: TripPlan.self)
            let remembered = reader.read(snapshot)
            #expect(fresh?.title == remembered?.title)
            #expect(fresh?.stops?.map(\.name) == remembered?.stops?.map(\.name))
            #expect(fresh?.stops?.map(\.notes) == remembered?.stops?.map(\.notes))
            #expect(fresh?.stops?.map(\.finished) == remembered?.stops?.map(\.finished))
            guard let plan = remembered else { continue }
            if let title = plan.title { #expect(whole.title.hasPrefix(title)) }
            if let days = plan.days { #expect(days == whole.days) }
            if let status = plan.status { #expect(status == whole.status) }
            let stops = plan.stops ?? []
            #expect(stops.count <= whole.stops.count)
            for (position, stop) in stops.enumerated() {
                if let finished = stop.finished { #expect(finished == whole.stops[position]) }
                if let name = stop.name { #expect(whole.stops[position].name.hasPrefix(name)) }
                #expect(position == stops.count - 1 || stop.isFinished)
            }
        }
        let final = reader.read(parser.snapshot())
        #expect(final?.finished == whole)
    }

    /// `JSONPartialDecoder`, which reads the text rather than snapshot trees, shows at every cut what a fresh
    /// reading of the incremental parser's snapshot shows, whether asked at every byte or now and then.
    @Test(arguments: [1, 2, 7, 40])
    func theDecoderShowsWhatSnapshotsShow(every interval: Int) throws {
        let bytes = Array(Self.document.utf8)
        let whole = try TripPlan.decode(parsing: Self.document)
        var parser = JSONIncrementalParser()
        let decoder = JSONPartialDecoder(TripPlan.self)
        for index in bytes.indices {
            try parser.feed(bytes[index...index])
            try decoder.feed(bytes[index...index])
            guard (index + 1) % interval == 0 else { continue }
            let expected = parser.snapshot().partial(as: TripPlan.self)
            let shown = try decoder.snapshot()
            #expect((expected == nil) == (shown == nil), "at \(index + 1)")
            #expect(shown?.title == expected?.title, "at \(index + 1)")
            #expect(shown?.days == expected?.days, "at \(index + 1)")
            #expect(shown?.status == expected?.status, "at \(index + 1)")
            #expect(shown?.budget == expected?.budget, "at \(index + 1)")
            #expect(shown?.author == expected?.author, "at \(index + 1)")
            #expect(shown?.created == expected?.created, "at \(index + 1)")
            #expect(shown?.tags == expected?.tags, "at \(index + 1)")
            #expect(shown?.isFinished == expected?.isFinished, "at \(index + 1)")
            #expect(shown?.finished == expected?.finished, "at \(index + 1)")
            #expect(shown?.stops?.map(\.name) == expected?.stops?.map(\.name), "at \(index + 1)")
            #expect(shown?.stops?.map(\.nights) == expected?.stops?.map(\.nights), "at \(index + 1)")
            #expect(shown?.stops?.map(\.notes) == expected?.stops?.map(\.notes), "at \(index + 1)")
            #expect(shown?.stops?.map(\.finished) == expected?.stops?.map(\.finished), "at \(index + 1)")
        }
        #expect(try decoder.snapshot()?.finished == whole)
        #expect(try decoder.finish() == whole)
    }

    /// A member that does not decode is left out while its object is open, and `finish()` reports it with
    /// its place in the whole text.
    @Test func theDecoderReportsWhatDoesNotDecode() throws {
        let decoder = JSONPartialDecoder(TripPlan.self)
        try decoder.feed(#"{"title": "x", "days": "nine", "status": "draft", "stops": [], "created": "2026-11-26T10:00:00Z""#)
        let plan = try #require(try decoder.snapshot())
        #expect(plan.title == "x")
        #expect(plan.days == nil)
        #expect(plan.status == .draft)
        try decoder.feed("}")
        let error = #expect(throws: JSONDecodingError.self) { try decoder.finish() }
        #expect(error?.path.description == "$.days")
        #expect(error?.location?.column == 24)
    }
}
