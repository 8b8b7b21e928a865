// swift-tools-version: 6.0
// The iPhone apps' Swift code: Apple platforms only, built by Xcode (see project.yml), never on Linux.
// Decisions live in the root package (../, tested on Linux); this package only draws model state
// (`*UI`, `LociUI`) and maps one Apple framework to one root-package protocol (`*Live`).
//
// Adding an app: a `<Product>UI` and a `<Product>Live` library here (products and targets, in the
// same shape as Wrapped's), its adapter tests in AppsTests, and a target in project.yml.
import PackageDescription

let package = Package(
    name: "LociApps",
    // macOS 15, not 14: the root package's floor (Synchronization's Mutex in its server modules),
    // which a package depending on it cannot go below. The apps themselves are iOS 17.
    platforms: [.iOS(.v17), .macOS(.v15)],
    products: [
        .library(name: "LociUI", targets: ["LociUI"]),
        .library(name: "WrappedUI", targets: ["WrappedUI"]),
        .library(name: "WrappedLive", targets: ["WrappedLive"]),
        .library(name: "ProximityUI", targets: ["ProximityUI"]),
        .library(name: "ProximityLive", targets: ["ProximityLive"]),
        .library(name: "AndAwayUI", targets: ["AndAwayUI"]),
        .library(name: "AndAwayLive", targets: ["AndAwayLive"]),
        .library(name: "ShootVeilUI", targets: ["ShootVeilUI"]),
        .library(name: "ShootVeilLive", targets: ["ShootVeilLive"]),
        .library(name: "TidepoolUI", targets: ["TidepoolUI"]),
        .library(name: "TidepoolLive", targets: ["TidepoolLive"]),
        .library(name: "PlacesLive", targets: ["PlacesLive"]),
        .library(name: "AreasUI", targets: ["AreasUI"]),
        .library(name: "AreasLive", targets: ["AreasLive"]),
    ],
    dependencies: [
        .package(name: "Loci", path: ".."),
    ],
    targets: [
        // Shared SwiftUI pieces: the tile-overlay map, cards and banners. Its words come from its
        // own catalog through LociLocalization (apps' catalogs do not hold them).
        .target(
            name: "LociUI",
            dependencies: [.product(name: "LociLocalization", package: "Loci")],
            resources: [.copy("Localizable.xcstrings")]
        ),

        // Photo Wrapped: views over WrappedFeature's models; PhotoKit and CoreText adapters.
        .target(
            name: "WrappedUI",
            dependencies: [
                "LociUI",
                .product(name: "WrappedFeature", package: "Loci"),
                .product(name: "WrappedCardLayout", package: "Loci"),
                .product(name: "WrappedKit", package: "Loci"),
            ]
        ),
        .target(
            name: "WrappedLive",
            dependencies: [
                .product(name: "WrappedKit", package: "Loci"),
                .product(name: "WrappedCardLayout", package: "Loci"),
                .product(name: "PhotoMetadata", package: "Loci"),
            ]
        ),

        // Proximity: views over ProximityFeature's models; CoreLocation (CLMonitor, significant
        // changes, one-shot fixes, permission), CoreMotion, UserNotifications and MapKit adapters.
        .target(
            name: "ProximityUI",
            dependencies: [
                "LociUI",
                "AreasUI",
                .product(name: "AreasFeature", package: "Loci"),
                .product(name: "AreaDownloads", package: "Loci"),
                .product(name: "ProximityFeature", package: "Loci"),
                .product(name: "ProximityKit", package: "Loci"),
                .product(name: "PlaceFiles", package: "Loci"),
                .product(name: "PlaceKit", package: "Loci"),
                .product(name: "GeoKit", package: "Loci"),
            ]
        ),
        .target(
            name: "ProximityLive",
            dependencies: [
                .product(name: "ProximityKit", package: "Loci"),
                .product(name: "GeoKit", package: "Loci"),
            ]
        ),

        // Apple Maps search (MKLocalSearch, MKLocalSearchCompleter) behind PlaceKit's provider
        // protocols: one adapter, used by And Away and Proximity.
        .target(
            name: "PlacesLive",
            dependencies: [
                .product(name: "AppleMapsPlaces", package: "Loci"),
                .product(name: "PlaceKit", package: "Loci"),
                .product(name: "GeoKit", package: "Loci"),
            ]
        ),

        // And Away: views over AndAwayFeature's models; MapKit directions, CoreLocation and
        // CloudKit (CKSyncEngine) adapters (its search is PlacesLive).
        .target(
            name: "AndAwayUI",
            dependencies: [
                "LociUI",
                "AreasUI",
                .product(name: "AreasFeature", package: "Loci"),
                .product(name: "AreaDownloads", package: "Loci"),
                .product(name: "AndAwayFeature", package: "Loci"),
                .product(name: "LibraryExchange", package: "Loci"),
                .product(name: "LibraryKit", package: "Loci"),
                .product(name: "RoutingKit", package: "Loci"),
                .product(name: "PlaceKit", package: "Loci"),
                .product(name: "GeoKit", package: "Loci"),
                .product(name: "LibraryService", package: "Loci"),
            ]
        ),
        .target(
            name: "AndAwayLive",
            dependencies: [
                "PlacesLive",
                .product(name: "AndAwayFeature", package: "Loci"),
                .product(name: "LibrarySync", package: "Loci"),
                .product(name: "LibraryKit", package: "Loci"),
                .product(name: "RoutingKit", package: "Loci"),
                .product(name: "PlaceKit", package: "Loci"),
                .product(name: "GeoKit", package: "Loci"),
                .product(name: "LockedState", package: "Loci"),
            ]
        ),
        // ShootVeil: views over ShootVeilFeature's models (viewfinder, candidates, details,
        // paywall) and the camera preview; AVFoundation, CoreMotion, CoreLocation, StoreKit 2
        // and MapKit adapters.
        .target(
            name: "ShootVeilUI",
            dependencies: [
                "LociUI",
                "AreasUI",
                .product(name: "AreasFeature", package: "Loci"),
                .product(name: "AreaDownloads", package: "Loci"),
                .product(name: "ShootVeilFeature", package: "Loci"),
                .product(name: "IdentifyKit", package: "Loci"),
            ]
        ),
        .target(
            name: "ShootVeilLive",
            dependencies: [
                .product(name: "IdentifyKit", package: "Loci"),
                .product(name: "GeoKit", package: "Loci"),
                // `CameraSessionControl`: camera permission and start failures the viewfinder shows.
                .product(name: "ShootVeilFeature", package: "Loci"),
            ]
        ),
        // Tidepool: views over TidepoolFeature's models (onboarding, the map with the heat
        // overlay, search, details, profile, the privacy explainer, the root); Keychain, App
        // Attest, CoreLocation permission and live updates, ASWebAuthenticationSession, and the
        // Photos interest source (PhotoKit through Photo Wrapped's adapters, MapKit POIs) adapters.
        .target(
            name: "TidepoolUI",
            dependencies: [
                "LociUI",
                .product(name: "TidepoolFeature", package: "Loci"),
                .product(name: "TidepoolKit", package: "Loci"),
                .product(name: "InterestKit", package: "Loci"),
                .product(name: "GeoKit", package: "Loci"),
            ]
        ),
        .target(
            name: "TidepoolLive",
            dependencies: [
                .product(name: "TidepoolFeature", package: "Loci"),
                .product(name: "TidepoolKit", package: "Loci"),
                .product(name: "TidepoolClient", package: "Loci"),
                // The Photos interest source: Photo Wrapped's PhotoKit adapters and clusterer,
                // MapKit's points of interest read as PlaceKit categories.
                "WrappedLive",
                .product(name: "WrappedKit", package: "Loci"),
                .product(name: "InterestIntegrations", package: "Loci"),
                .product(name: "PlaceKit", package: "Loci"),
                .product(name: "GeoKit", package: "Loci"),
            ]
        ),

        // Areas (ShootVeil, Proximity, And Away): the area list and the "no area" card over
        // AreasFeature's model; the background URLSession area transport.
        .target(
            name: "AreasUI",
            dependencies: [
                "LociUI",
                .product(name: "AreasFeature", package: "Loci"),
                .product(name: "AreaDownloads", package: "Loci"),
                .product(name: "AreaKit", package: "Loci"),
                .product(name: "LociLocalization", package: "Loci"),
            ],
            resources: [.copy("Localizable.xcstrings")]
        ),
        .target(
            name: "AreasLive",
            dependencies: [
                .product(name: "AreaDownloads", package: "Loci"),
                .product(name: "AreaKit", package: "Loci"),
                .product(name: "LockedState", package: "Loci"),
            ]
        ),

        // Mac-only: the root package's device-protocol contract suites run against the live adapters.
        .testTarget(
            name: "AppsTests",
            dependencies: [
                "WrappedLive",
                .product(name: "WrappedKit", package: "Loci"),
                .product(name: "WrappedKitContracts", package: "Loci"),
                .product(name: "WrappedCardLayout", package: "Loci"),
                "ProximityLive",
                .product(name: "ProximityKit", package: "Loci"),
                .product(name: "ProximityKitContracts", package: "Loci"),
                "ShootVeilLive",
                .product(name: "IdentifyKit", package: "Loci"),
                .product(name: "IdentifyKitContracts", package: "Loci"),
                .product(name: "GeoKit", package: "Loci"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
