// swift-tools-version: 6.0
// A stand-in for Apps/Package.swift with three mistakes a Mac build would reject: two type errors
// in LociUI, and a region-isolation error in FixtureLive (its own target, because the compiler
// checks isolation only in a module that type-checks).
import PackageDescription

let package = Package(
    name: "LociApps",
    platforms: [.iOS(.v17), .macOS(.v15)],
    products: [.library(name: "LociUI", targets: ["LociUI"])],
    dependencies: [.package(name: "Loci", path: "..")],
    targets: [
        .target(name: "LociUI", dependencies: [.product(name: "FixtureKit", package: "Loci")]),
        .target(name: "FixtureLive", dependencies: [.product(name: "FixtureKit", package: "Loci")]),
    ]
)
