import Keel
import KeelTestSupport

/// The same bytes through the four decoding styles and the Codable bridge: all succeed with the same account
/// or all fail, and the collecting decoders record an error wherever the strict ones fail.
public enum DifferentialCheck {
    public static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        guard let document = try? JSONDocument(parsing: bytes) else { return }
        let outcomes = Account.decodeInEveryWay(document.root)
        try require(outcomes.disagreements.isEmpty, "the styles disagree: \(outcomes)")
        if outcomes.throwing == nil {
            try require(outcomes.collectingErrors > 0, "the collecting style failed without an error")
            try require(outcomes.bridgedCollectingErrors > 0, "the collecting bridge failed without an error")
        }
    }
}
