// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Keel",
    products: [
        .library(name: "Keel", targets: ["Keel"]),
        // The decoding styles' operators (`<|`, `<*>`, `=>`, `-->`, ...), imported only by those who want them.
        .library(name: "KeelOperators", targets: ["KeelOperators"]),
        .executable(name: "keel", targets: ["KeelTool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
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
        // Helpers every test target shares: fixture locations, threads with small stacks.
        .target(name: "KeelTestSupport", dependencies: ["Keel"], path: "Tests/KeelTestSupport"),
        .testTarget(name: "KeelTests", dependencies: ["Keel", "KeelOperators", "KeelTestSupport"]),
        // Runs the built `keel` binary as a user would.
        .testTarget(name: "KeelToolTests", dependencies: ["KeelTool", "KeelTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
