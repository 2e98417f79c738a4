// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so that the library's Package.swift never mentions the harness.
// Run: swift run -c release --package-path Benchmarks keel-benchmarks
let package = Package(
    name: "KeelBenchmarks",
    dependencies: [.package(name: "Keel", path: "..")],
    targets: [
        .executableTarget(
            name: "keel-benchmarks",
            dependencies: [
                .product(name: "Keel", package: "Keel"), .product(name: "KeelOperators", package: "Keel"),
                .product(name: "KeelMacros", package: "Keel"), .product(name: "KeelSchema", package: "Keel"),
                .product(name: "KeelModeling", package: "Keel"),
            ],
            path: "Sources/KeelBenchmarks"
        ),
    ],
    swiftLanguageModes: [.v6]
)
