// swift-tools-version: 6.0
// The apps' package as the app-layer checker sees it (fixture: never built).
import PackageDescription

let package = Package(
    name: "LociApps",
    platforms: [.iOS(.v17)],
    products: [
        .library(name: "LociUI", targets: ["LociUI"]),
        .library(name: "WrappedUI", targets: ["WrappedUI"]),
        .library(name: "WrappedLive", targets: ["WrappedLive"]),
    ],
    dependencies: [.package(name: "Loci", path: "..")],
    targets: [
        .target(name: "LociUI"),
        .target(name: "WrappedUI", dependencies: ["LociUI", .product(name: "WrappedFeature", package: "Loci")]),
        .target(name: "WrappedLive", dependencies: [.product(name: "WrappedFeature", package: "Loci")]),
    ]
)
