// swift-tools-version: 6.1
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
        .executable(name: "keel", targets: ["KeelTool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Property-based tests with replayable seeds (tests only).
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // The core: parser, document, values and reading. Depends on the standard library only.
        .target(name: "Keel"),
        // Operators for the decoding styles; each is a one-line alias of a named function in Keel.
        .target(name: "KeelOperators", dependencies: ["Keel"]),
        // The command-line tool, built as `keel` (the target has another name so that it cannot clash with
        // the `Keel` module on case-insensitive file systems).
        .executableTarget(
            name: "KeelTool",
            dependencies: [
                "Keel",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Helpers every test target shares: fixture locations, threads with small stacks, shared models.
        .target(name: "KeelTestSupport", dependencies: ["Keel", "KeelOperators"], path: "Tests/KeelTestSupport"),
        // What the fuzz targets check, as functions the tests can also call (Fuzz/README.md).
        .target(name: "KeelFuzzChecks", dependencies: ["Keel", "KeelTestSupport"], path: "Fuzz/Checks"),
        .testTarget(name: "KeelTests", dependencies: [
            "Keel", "KeelOperators", "KeelTestSupport", "KeelFuzzChecks",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        // Runs the built `keel` binary as a user would.
        .testTarget(name: "KeelToolTests", dependencies: ["KeelTool", "KeelTestSupport"]),
    ] + fuzzTargets,
    swiftLanguageModes: [.v6]
)

/// One libFuzzer entry point per check; `Fuzz/run` builds them with `--sanitize fuzzer` and runs them.
var fuzzTargets: [Target] {
    ["Parser", "RoundTrip", "Pointer", "Codable", "Differential"].map { name in
        .executableTarget(name: "Fuzz\(name)", dependencies: ["KeelFuzzChecks"], path: "Fuzz/Targets/Fuzz\(name)")
    }
}
