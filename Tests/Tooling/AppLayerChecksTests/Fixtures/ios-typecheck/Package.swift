// swift-tools-version: 6.1
// A stand-in for the root package: what scripts/typecheck-ios needs to find the apps' targets.
import PackageDescription

let package = Package(
    name: "Loci",
    platforms: [.macOS(.v15), .iOS(.v17)],
    products: [.library(name: "FixtureKit", targets: ["FixtureKit"])],
    targets: [.target(name: "FixtureKit")]
)
