// swift-tools-version: 6.1
// A root package as the app-layer checker sees it (fixture: never built).
import PackageDescription

let package = Package(
    name: "Loci",
    products: [
        .library(name: "WrappedFeature", targets: ["WrappedFeature"]),
    ],
    targets: [
        .target(name: "WrappedFeature"),
    ]
)
