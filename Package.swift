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
        .executable(name: "loci", targets: ["loci"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        // Leaves: Foundation only (OSMKit adds the system zlib).
        .target(name: "GeoKit"),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "OSMKit", dependencies: ["CZlib"]),

        // Places: models, categories, opening hours.
        .target(name: "PlaceKit", dependencies: ["GeoKit"]),

        // Measurement harness and workloads behind `loci bench`.
        .target(name: "LociBenchmarks", dependencies: ["GeoKit"]),

        // Delivery: the command tree (a library so tests can drive it) and the thin executable.
        .target(
            name: "LociCLI",
            dependencies: [
                "GeoKit",
                "OSMKit",
                "PlaceKit",
                "LociBenchmarks",
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
        .testTarget(name: "LociCLITests", dependencies: ["LociCLI", "LociTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
