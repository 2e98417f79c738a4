@testable import Keel
import Testing
import KeelTestSupport

/// A text in pieces must read and splice exactly as one array does, whatever the piece size.
@Suite struct PieceTextTests {
    @Test(arguments: [1, 2, 5, 64])
    func splicesAndReadsAsOneArray(pieceSize: Int) {
        var random = SplitMix64(seed: UInt64(pieceSize))
        var model = Array("[1, 2, \"three\", {\"four\": 4}]".utf8)
        let text = PieceText(model, pieceSize: pieceSize)
        for _ in 0..<2_000 {
            let lower = Int(random.next() % UInt64(model.count + 1))
            let upper = lower + Int(random.next() % UInt64(min(8, model.count - lower) + 1))
            let replacement = (0..<Int(random.next() % 6)).map { _ in UInt8(ascii: "a") + UInt8(random.next() % 26) }
            model.replaceSubrange(lower..<upper, with: replacement)
            text.replace(lower..<upper, with: replacement)
            #expect(text.count == model.count)
            // Every run is the model's bytes from its start; a range reads the same, joined or not.
            var offset = 0
            while offset < model.count {
                let run = text.view.run(from: offset)
                #expect(!run.isEmpty && run.count <= model.count - offset)
                guard !run.isEmpty else { break }
                #expect(run.elementsEqual(model[offset..<(offset + run.count)]))
                offset += run.count
            }
            #expect(text.view.run(from: model.count).isEmpty)
            if !model.isEmpty {
                let start = Int(random.next() % UInt64(model.count))
                let end = start + Int(random.next() % UInt64(model.count - start + 1))
                #expect(text.view.copy(start..<end) == Array(model[start..<end]))
                #expect(text.view.withBytes(in: start..<end) { Array($0) } == Array(model[start..<end]))
                #expect(text.view[start] == model[start])
            }
            if model.count > 200 { model.removeSubrange(100...); text.replace(100..<text.count, with: []) }
        }
        #expect(text.joined() == model)
    }

    /// A piece that grows past twice the piece size is cut again, so one splice never rewrites much more
    /// than a piece.
    @Test func largeReplacementsAreCut() {
        let text = PieceText(Array(repeating: UInt8(ascii: " "), count: 10), pieceSize: 4)
        text.replace(5..<5, with: Array(repeating: UInt8(ascii: "x"), count: 100))
        #expect(text.count == 110)
        #expect(text.view.run(from: 0).count <= 8)
        #expect(text.view.run(from: 50).count <= 8)
        #expect(text.joined() == Array(repeating: UInt8(ascii: " "), count: 5) + Array(repeating: UInt8(ascii: "x"), count: 100)
                + Array(repeating: UInt8(ascii: " "), count: 5))
    }
}
