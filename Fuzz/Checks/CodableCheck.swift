import Foundation
import Keel
import KeelTestSupport

/// The Codable bridge on a model with every kind of field: strict and collecting modes agree, a decoded model
/// encodes and decodes back to itself, and `JSON` decodes through the bridge to the tree the parser makes.
public enum CodableCheck {
    public static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        let decoder = KeelDecoder()
        let strict = try? decoder.decode(EveryKindOfField.self, from: bytes)
        let collected = decoder.decodeCollecting(EveryKindOfField.self, from: bytes)
        if let strict {
            try require(collected.errors.isEmpty, "collecting found errors where strict decoding succeeded")
            try require(collected.value == strict, "collecting built another value than strict decoding")
            guard let encoded = try? KeelEncoder().encodeToBytes(strict) else {
                throw FuzzFailure("a decoded model could not be encoded")
            }
            let decodedAgain = try? decoder.decode(EveryKindOfField.self, from: encoded)
            try require(decodedAgain == strict, "the model changed on the way round through its encoding")
            // The encoder writes text as the model encodes itself; the tree it falls back to must write the
            // same bytes, in every layout.
            var everything = JSONWritingOptions.pretty(indent: 2)
            everything.sortsKeys = true
            everything.omitsNullMembers = true
            for options in [JSONWritingOptions(), everything] {
                let encoder = KeelEncoder(writingOptions: options)
                let streamed = try? encoder.encodeToBytes(strict)
                let built = try? encoder.encodeToJSON(strict).jsonBytes(options: options)
                try require(streamed != nil && streamed == built, "the streamed text differs from the tree's")
            }
        } else {
            try require(!collected.errors.isEmpty, "strict decoding failed but collecting recorded no error")
        }

        let tree = try? JSON(parsing: bytes)
        let bridged = try? decoder.decode(JSON.self, from: bytes)
        try require(tree == bridged, "JSON through the bridge differs from the parsed tree")
    }
}
