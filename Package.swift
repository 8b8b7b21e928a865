// swift-tools-version: 6.1
// Loci: one Swift codebase behind five location products.
// Linux-clean: nothing here imports SwiftUI, UIKit, MapKit, CoreLocation or PhotoKit.
import PackageDescription

let package = Package(
    name: "Loci",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "GeoKit", targets: ["GeoKit"]),
        .library(name: "OSMKit", targets: ["OSMKit"]),
        .library(name: "PlaceKit", targets: ["PlaceKit"]),
        .library(name: "PlaceStore", targets: ["PlaceStore"]),
        .library(name: "PlaceImport", targets: ["PlaceImport"]),
        .library(name: "TidepoolKit", targets: ["TidepoolKit"]),
        .library(name: "TidepoolTokens", targets: ["TidepoolTokens"]),
        .library(name: "HeatAggregation", targets: ["HeatAggregation"]),
        .executable(name: "loci", targets: ["loci"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // SQLite with FTS5 and R*Tree for the place store (the system libsqlite3).
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // RSA blind signatures (RFC 9474, `_CryptoExtras`) for Tidepool's anonymous tokens only.
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"4.0.0"),
    ],
    targets: [
        // Leaves: Foundation only (OSMKit adds the system zlib).
        .target(name: "GeoKit"),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "OSMKit", dependencies: ["CZlib"]),

        // Places: models, categories, opening hours.
        .target(name: "PlaceKit", dependencies: ["GeoKit"]),
        .target(
            name: "PlaceStore",
            dependencies: ["GeoKit", "PlaceKit", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .target(name: "PlaceImport", dependencies: ["GeoKit", "OSMKit", "PlaceKit", "PlaceStore"]),

        // Tidepool presence: device side, anonymous tokens, DP aggregation, the simulator.
        .target(name: "TidepoolKit", dependencies: ["GeoKit"]),
        .target(
            name: "TidepoolTokens",
            dependencies: [
                "GeoKit",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),
        .target(name: "HeatAggregation", dependencies: ["GeoKit"]),
        .target(
            name: "TidepoolSimulation",
            dependencies: ["GeoKit", "PlaceKit", "PlaceStore", "TidepoolKit", "TidepoolTokens", "HeatAggregation"]
        ),

        // Measurement harness and workloads behind `loci bench`.
        .target(
            name: "LociBenchmarks",
            dependencies: ["GeoKit", "PlaceKit", "PlaceStore", "PlaceImport", "HeatAggregation", "TidepoolTokens"]
        ),

        // Delivery: the command tree (a library so tests can drive it) and the thin executable.
        .target(
            name: "LociCLI",
            dependencies: [
                "GeoKit",
                "OSMKit",
                "PlaceKit",
                "PlaceStore",
                "PlaceImport",
                "LociBenchmarks",
                "TidepoolSimulation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "loci", dependencies: ["LociCLI"]),

        // Shared by the test targets: the seeded generator and the shared-data locator.
        .target(name: "LociTestSupport", dependencies: ["GeoKit", "LociBenchmarks"], path: "Tests/LociTestSupport"),
        .testTarget(
            name: "GeoKitTests",
            dependencies: ["GeoKit", "LociTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "OSMKitTests",
            dependencies: ["OSMKit", "CZlib", "LociTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "PlaceKitTests",
            dependencies: ["PlaceKit", "GeoKit", "LociTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "PlaceStoreTests", dependencies: ["PlaceStore", "PlaceKit", "GeoKit", "LociTestSupport"]),
        .testTarget(
            name: "PlaceImportTests",
            dependencies: ["PlaceImport", "PlaceStore", "OSMKit", "PlaceKit", "GeoKit", "LociTestSupport"]
        ),
        .testTarget(
            name: "SearchAcceptanceTests",
            dependencies: ["PlaceImport", "PlaceStore", "PlaceKit", "GeoKit", "LociTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "LociCLITests", dependencies: ["LociCLI", "LociTestSupport"]),
        .testTarget(name: "TidepoolKitTests", dependencies: ["TidepoolKit", "GeoKit", "LociTestSupport"]),
        .testTarget(name: "TidepoolTokensTests", dependencies: ["TidepoolTokens", "GeoKit", "LociTestSupport"]),
        .testTarget(name: "HeatAggregationTests", dependencies: ["HeatAggregation", "GeoKit", "LociTestSupport"]),
        .testTarget(
            name: "TidepoolSimulationTests",
            dependencies: ["TidepoolSimulation", "PlaceStore", "PlaceKit", "GeoKit", "LociTestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
