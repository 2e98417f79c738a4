@testable import Keel
import Testing
import KeelTestSupport

/// The writer's own shortest-digits printer against the standard library's `description`, which wrote every
/// double before it and whose text the output keeps.
struct ShortestDoubleTests {
    private func written(_ value: Double) -> String {
        let room = UnsafeMutablePointer<UInt8>.allocate(capacity: ShortestDouble.maximumLength)
        defer { room.deallocate() }
        let count = ShortestDouble.write(value, to: room)
        return String(decoding: UnsafeBufferPointer(start: room, count: count), as: UTF8.self)
    }

    private func expectDescription(_ value: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        guard value.isFinite else { return }
        let text = written(value)
        #expect(text == value.description, "\(value.bitPattern)", sourceLocation: sourceLocation)
        #expect(Double(text)?.bitPattern == value.bitPattern, sourceLocation: sourceLocation)
    }

    @Test func edgesOfTheFormatAndOfTheRange() {
        let values: [Double] = [
            0, -0.0, 1, -1, 0.1, 0.2, 0.3, 0.1 + 0.2, 100, 123.456, 1e-4, 1e-5, 9.999999999999999e-5, 0.00012345,
            1e15, 1e16, 1e21, 1e22, 1e23, 9_007_199_254_740_992, 9_007_199_254_740_993, 9_007_199_254_740_994,
            18_014_398_509_481_984, 1.2345678901234568e20, 4.35, 8.41e21, 5e-324, 1e-323, 1.5e-323, 2.5e-323,
            .leastNonzeroMagnitude, .leastNormalMagnitude, Double.leastNormalMagnitude.nextDown, .greatestFiniteMagnitude,
            2.2250738585072014e-308, 1.7976931348623157e308, -65.613616999999977, 0.5, 0.25, 1.0 / 3, 2.0 / 3,
        ]
        for value in values { expectDescription(value) }
    }

    @Test func powersOfTwoAndOfTenAndTheirNeighbours() {
        // Powers of two have an uneven interval (narrower below); powers of ten sit on the format's edges.
        for exponent in -1074...1023 {
            let power = Double(sign: .plus, exponent: exponent, significand: 1)
            for value in [power, power.nextUp, power.nextDown] { expectDescription(value) }
        }
        for exponent in -323...308 {
            guard let power = Double("1e\(exponent)") else { continue }
            for value in [power, power.nextUp, power.nextDown, -power] { expectDescription(value) }
        }
    }

    @Test func integersAndShortDecimals() {
        for integer in 0...20_000 { expectDescription(Double(integer)) }
        for thousandths in 0...20_000 { expectDescription(Double(thousandths) / 1000) }
        for digits in 1...17 {
            var generator = SplitMix64(seed: UInt64(digits))
            for _ in 0..<2_000 {
                let significand = Double(generator.next() % 100_000_000_000_000_000)
                let exponent = Int(generator.next() % 60) - 30
                guard let value = Double("\(significand)e\(exponent)") else { continue }
                expectDescription(value)
            }
        }
    }

    @Test func randomBitPatterns() {
        // Every exponent and subnormals alike, by drawing the bits.
        var generator = SplitMix64(seed: 20_261_127)
        for _ in 0..<300_000 { expectDescription(Double(bitPattern: generator.next())) }
        for _ in 0..<50_000 { expectDescription(Double(bitPattern: generator.next() & (1 << 52 - 1))) }
        // The smallest subnormals, whose shortest forms have one to a few digits, one by one.
        for bits in UInt64(1)...20_000 { expectDescription(Double(bitPattern: bits)) }
    }

    @Test func theWritersUseIt() throws {
        // Through each writer that prints doubles: a model's text, a tree's, and KeelEncoder's.
        let values: [Double] = [0.1, -2.5e-8, 1e300, 12.0, 9_007_199_254_740_994]
        let expected = "[" + values.map(\.description).joined(separator: ",") + "]"
        #expect(try values.jsonText() == expected)
        #expect(try JSON.array(JSONArray(values.map { .number(JSONNumber($0)) })).jsonText() == expected)
        #if canImport(FoundationEssentials) || canImport(Foundation)
        #expect(String(decoding: try KeelEncoder().encodeToBytes(values), as: UTF8.self) == expected)
        #endif
    }
}
