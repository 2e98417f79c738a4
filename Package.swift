// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "Keel",
    // The oldest systems the package is written for; on Linux any system Swift 6.1 runs on. `RawSpan` input
    // is marked as needing the 2025 releases (macOS 26, iOS 26, ...).
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "Keel", targets: ["Keel"]),
        // The decoding styles' operators (`<|`, `<*>`, `=>`, `-->`, ...), imported only by those who want them.
        .library(name: "KeelOperators", targets: ["KeelOperators"]),
        // `@JSONModel` and its property options. Only those who import it build swift-syntax.
        .library(name: "KeelMacros", targets: ["KeelMacros"]),
        // JSON Schema validation (draft-04 to 2020-12), with the meta-schemas built in.
        .library(name: "KeelSchema", targets: ["KeelSchema"]),
        // Model types inferred from sample JSON, and written as `@JSONModel` Swift source.
        .library(name: "KeelModeling", targets: ["KeelModeling"]),
        .executable(name: "keel", targets: ["KeelTool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Property-based tests with replayable seeds (tests only).
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // The macro implementation, and its expansion and diagnostic tests. 603 and later end the plug-in
        // quietly when a Swift 6.3 compiler closes it (602 printed "Internal Error: ... Corrupted JSON" on
        // every incremental build, reading the compiler's empty closing message as JSON).
        .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"604.0.0"),
        .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
    ],
    targets: [
        // The core: parser, document, values and reading. Depends on the standard library only, and on the
        // scanner's vector loops below.
        .target(name: "Keel", dependencies: ["KeelVectorScan", "KeelKeyNaming"]),
        // Camel case to snake case and back, shared by the library and the macro plug-in.
        .target(name: "KeelKeyNaming"),
        // The scanner's searches sixteen bytes at a time (SSE2), as inline C: Swift 6.3 compiles
        // `SIMD16<UInt8>` operations element by element on x86-64. Also the claim on a document's member
        // tables (an atomic compare-and-swap, which Swift's `Atomic` offers only from macOS 15).
        .target(name: "KeelVectorScan"),
        // JSON Schema: compiling schemas and validating documents against them. A module of its own so that
        // the core stays small: the meta-schemas, the format checkers and the pattern parser are only built
        // into programs that validate.
        .target(name: "KeelSchema", dependencies: ["Keel"]),
        // Inferring model types from samples and writing them as Swift source (`keel model`). Depends on the
        // core only: it writes macro attributes as text and needs no swift-syntax.
        .target(name: "KeelModeling", dependencies: ["Keel", "KeelKeyNaming"]),
        // Operators for the decoding styles; each is a one-line alias of a named function in Keel.
        .target(name: "KeelOperators", dependencies: ["Keel"]),
        // The macro declarations users import, and the compiler plug-in that expands them.
        .target(name: "KeelMacros", dependencies: ["Keel", "KeelMacrosPlugin"]),
        .macro(
            name: "KeelMacrosPlugin",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                "KeelKeyNaming",
            ]
        ),
        // The command-line tool, built as `keel` (the target has another name so that it cannot clash with
        // the `Keel` module on case-insensitive file systems).
        .executableTarget(
            name: "KeelTool",
            dependencies: [
                "Keel",
                "KeelSchema",
                "KeelModeling",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Helpers every test target shares: fixture locations, threads with small stacks, shared models.
        .target(name: "KeelTestSupport", dependencies: ["Keel", "KeelOperators"], path: "Tests/KeelTestSupport"),
        // What the fuzz targets check, as functions the tests can also call (Fuzz/README.md).
        .target(name: "KeelFuzzChecks", dependencies: ["Keel", "KeelTestSupport"], path: "Fuzz/Checks"),
        // The workloads whose instructions the growth tests count under callgrind (one process per size).
        .executableTarget(name: "KeelWorkloads", dependencies: ["Keel", "KeelOperators", "KeelTestInputs"], path: "Tests/KeelWorkloads"),
        // Inputs built to stress the parser and a small model, shared by the tests and the workloads.
        .target(name: "KeelTestInputs", dependencies: ["Keel", "KeelOperators"], path: "Tests/KeelTestInputs"),
        .testTarget(name: "KeelTests", dependencies: [
            "Keel", "KeelVectorScan", "KeelKeyNaming", "KeelOperators", "KeelTestSupport", "KeelFuzzChecks", "KeelWorkloads", "KeelTestInputs",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        // Models declared with the macros, decoded and encoded; and the macros' expansions and diagnostics.
        .testTarget(name: "KeelMacrosTests", dependencies: [
            "Keel", "KeelMacros", "KeelMacrosPlugin", "KeelSchema", "KeelTestSupport",
            .product(name: "MacroTesting", package: "swift-macro-testing"),
        ]),
        // Inference and the Swift it writes; the models written for the corpus and samples, compiled and decoded.
        .testTarget(name: "KeelModelingTests", dependencies: ["Keel", "KeelMacros", "KeelModeling", "KeelSchema", "KeelTestSupport"],
                    exclude: ["Samples"]),
        // The schema validator, against the official JSON Schema Test Suite among others.
        .testTarget(name: "KeelSchemaTests", dependencies: ["Keel", "KeelSchema", "KeelTestSupport"]),
        // Runs the built `keel` binary as a user would.
        .testTarget(name: "KeelToolTests", dependencies: ["KeelTool", "KeelTestSupport"]),
    ] + fuzzTargets,
    swiftLanguageModes: [.v6]
)

/// One libFuzzer entry point per check; `Fuzz/run` builds them with `--sanitize fuzzer` and runs them.
var fuzzTargets: [Target] {
    ["Parser", "RoundTrip", "Pointer", "Codable", "Differential", "Models", "Incremental", "Commented", "Query", "PartialDecoder"].map { name in
        .executableTarget(name: "Fuzz\(name)", dependencies: ["KeelFuzzChecks"], path: "Fuzz/Targets/Fuzz\(name)")
    }
}
