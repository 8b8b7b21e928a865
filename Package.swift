// swift-tools-version: 6.1
// Loci: one Swift codebase behind five location products.
// Linux-clean: nothing here imports SwiftUI, UIKit, MapKit, CoreLocation or PhotoKit.
import PackageDescription

let package = Package(
    name: "Loci",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "GeoKit", targets: ["GeoKit"]),
        .executable(name: "loci", targets: ["loci"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        // Leaves: Foundation only.
        .target(name: "GeoKit"),

        // Measurement harness and workloads behind `loci bench`.
        .target(name: "LociBenchmarks", dependencies: ["GeoKit"]),

        // Delivery: the command tree (a library so tests can drive it) and the thin executable.
        .target(
            name: "LociCLI",
            dependencies: [
                "GeoKit",
                "LociBenchmarks",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "loci", dependencies: ["LociCLI"]),

        .testTarget(
            name: "GeoKitTests",
            dependencies: ["GeoKit"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "LociCLITests", dependencies: ["LociCLI"]),
    ],
    swiftLanguageModes: [.v6]
)
