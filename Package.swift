// swift-tools-version: 6.1
// Loci: one Swift codebase behind five location products.
// Linux-clean: nothing here imports SwiftUI, UIKit, MapKit, CoreLocation or PhotoKit.
import PackageDescription

let package = Package(
    name: "Loci",
    platforms: [.macOS(.v15), .iOS(.v17)],
    products: [
        .library(name: "GeoKit", targets: ["GeoKit"]),
        .library(name: "XMLPull", targets: ["XMLPull"]),
        .library(name: "OSMKit", targets: ["OSMKit"]),
        .library(name: "GPXKit", targets: ["GPXKit"]),
        .library(name: "PhotoMetadata", targets: ["PhotoMetadata"]),
        .library(name: "Gazetteer", targets: ["Gazetteer"]),
        .library(name: "PlaceKit", targets: ["PlaceKit"]),
        .library(name: "PlaceStore", targets: ["PlaceStore"]),
        .library(name: "PlaceImport", targets: ["PlaceImport"]),
        .library(name: "GooglePlaces", targets: ["GooglePlaces"]),
        .library(name: "PlaceProviders", targets: ["PlaceProviders"]),
        .library(name: "WrappedKit", targets: ["WrappedKit"]),
        .library(name: "WrappedKitContracts", targets: ["WrappedKitContracts"]),
        // The Photo Wrapped app opens its cache (and the hidden places in it) itself.
        .library(name: "WrappedStore", targets: ["WrappedStore"]),
        .library(name: "WrappedCardLayout", targets: ["WrappedCardLayout"]),
        .library(name: "WrappedCards", targets: ["WrappedCards"]),
        .library(name: "WrappedService", targets: ["WrappedService"]),
        .library(name: "WrappedExport", targets: ["WrappedExport"]),
        .library(name: "WrappedFeature", targets: ["WrappedFeature"]),
        .library(name: "ProximityKit", targets: ["ProximityKit"]),
        .library(name: "ProximityKitContracts", targets: ["ProximityKitContracts"]),
        .library(name: "ProximityFeature", targets: ["ProximityFeature"]),
        .library(name: "ProximityStore", targets: ["ProximityStore"]),
        .library(name: "PlaceFiles", targets: ["PlaceFiles"]),
        .library(name: "InterestCodebook", targets: ["InterestCodebook"]),
        .library(name: "TidepoolKit", targets: ["TidepoolKit"]),
        .library(name: "TidepoolTokens", targets: ["TidepoolTokens"]),
        .library(name: "TidepoolClient", targets: ["TidepoolClient"]),
        .library(name: "TidepoolFeature", targets: ["TidepoolFeature"]),
        .library(name: "HeatAggregation", targets: ["HeatAggregation"]),
        .library(name: "TidepoolStorage", targets: ["TidepoolStorage"]),
        .library(name: "TidepoolEpochs", targets: ["TidepoolEpochs"]),
        .library(name: "Personalisation", targets: ["Personalisation"]),
        .library(name: "IdentifyKit", targets: ["IdentifyKit"]),
        .library(name: "AeroAPI", targets: ["AeroAPI"]),
        .library(name: "AircraftFeeds", targets: ["AircraftFeeds"]),
        .library(name: "IdentifyService", targets: ["IdentifyService"]),
        .library(name: "IdentifyPack", targets: ["IdentifyPack"]),
        .library(name: "IdentifyPackBuilder", targets: ["IdentifyPackBuilder"]),
        .library(name: "IdentifyKitContracts", targets: ["IdentifyKitContracts"]),
        .library(name: "ShootVeilFeature", targets: ["ShootVeilFeature"]),
        .library(name: "RoutingKit", targets: ["RoutingKit"]),
        .library(name: "GoogleRoutes", targets: ["GoogleRoutes"]),
        .library(name: "Wayfinding", targets: ["Wayfinding"]),
        .library(name: "LibraryKit", targets: ["LibraryKit"]),
        .library(name: "LibraryStore", targets: ["LibraryStore"]),
        .library(name: "LibraryService", targets: ["LibraryService"]),
        .library(name: "LibraryExchange", targets: ["LibraryExchange"]),
        .library(name: "LibrarySync", targets: ["LibrarySync"]),
        .library(name: "AndAwayFeature", targets: ["AndAwayFeature"]),
        // And Away's CloudKit adapter guards its state with it (iOS 17 has no Mutex).
        .library(name: "LockedState", targets: ["LockedState"]),
        .library(name: "InterestKit", targets: ["InterestKit"]),
        .library(name: "InterestIntegrations", targets: ["InterestIntegrations"]),
        .library(name: "LociWire", targets: ["LociWire"]),
        .library(name: "AccountService", targets: ["AccountService"]),
        .library(name: "Spotify", targets: ["Spotify"]),
        .executable(name: "loci", targets: ["loci"]),
        .executable(name: "loci-check-apps", targets: ["LociCheckApps"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // SQLite with FTS5 and R*Tree for the place store (the system libsqlite3).
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // RSA blind signatures (RFC 9474, `_CryptoExtras`) for Tidepool's anonymous tokens only.
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"4.0.0"),
        // App Attest at registration: the attestation's X.509 chain to Apple's root, and its nonce extension.
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        // `loci serve`: the HTTP server and its structured logs.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `loci serve`'s metrics: the swift-metrics API in route code, Prometheus text on /metrics.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // `loci serve` scale mode: the PostgreSQL server store (several processes, one database).
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // The app-layer checks read Apps/project.yml (XcodeGen YAML).
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // The device's Tidepool client: types and calls generated from `loci serve`'s OpenAPI document,
        // sent over URLSession.
        .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
    ],
    targets: [
        // Leaves: Foundation only (or less), plus system libraries.
        .target(name: "GeoKit"),
        // A value behind a lock, shaped like Mutex, for the modules the iOS 17 apps link.
        .target(name: "LockedState"),
        // The one seeded generator (SplitMix64, and xoshiro256** seeded by it): no Foundation.
        .target(name: "SeededRandom"),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Streaming XML 1.0 pull reader for OSM, GPX and KML (no Foundation, no DTDs).
        .target(name: "XMLPull"),
        .target(name: "OSMKit", dependencies: ["CZlib", "XMLPull"]),
        .target(name: "GPXKit", dependencies: ["GeoKit", "XMLPull"]),
        // EXIF/HEIF metadata reader (Foundation only).
        .target(name: "PhotoMetadata"),
        // Offline reverse geocoding and time zones from the GeoNames gazetteer.
        .target(name: "Gazetteer", dependencies: ["GeoKit", "CZlib"]),

        // Places: models, categories, opening hours; the store; the OSM import.
        .target(name: "PlaceKit", dependencies: ["LockedState", "GeoKit"]),
        .target(
            name: "PlaceStore",
            dependencies: [
                "GeoKit", "PlaceKit", .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API (GRDB's module of it), for reading result columns directly.
                .product(name: "GRDBSQLite", package: "GRDB.swift", condition: .when(platforms: [.linux])),
            ]
        ),
        .target(name: "PlaceImport", dependencies: ["GeoKit", "OSMKit", "PlaceKit", "PlaceStore"]),
        // The status page's base map: the store's streets and footprints drawn into XYZ PNG tiles.
        .target(name: "BaseMap", dependencies: ["GeoKit", "PlaceKit", "PlaceStore", "PNGEncoding"]),
        // And Away's providers: Google Places (New) over URLSession; the switchboard that picks
        // local or Google by configuration, with local geocoding on the store and gazetteer.
        .target(name: "GooglePlaces", dependencies: ["LockedState", "GeoKit", "PlaceKit"]),
        .target(name: "PlaceProviders", dependencies: ["LockedState", "GeoKit", "PlaceKit", "PlaceStore", "Gazetteer", "GooglePlaces"]),

        // Photo Wrapped: assets → time stats, places, the deck; the folder source; the cache.
        .target(name: "WrappedKit", dependencies: ["GeoKit", "LockedState"]),
        // The device protocols' contracts (photo access, thumbnails, sources per range), run against
        // the in-memory fakes here and against the PhotoKit adapters on a Mac.
        // What a device-protocol contract violation is: the one type the contract suites return.
        .target(name: "DeviceContracts"),
        .target(name: "WrappedKitContracts", dependencies: ["WrappedKit", "DeviceContracts"]),
        .target(name: "PhotoLibrary", dependencies: ["WrappedKit", "PhotoMetadata", "GeoKit"]),
        .target(
            name: "WrappedStore",
            dependencies: ["WrappedKit", "GeoKit", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // Share-card layout: canvas, skins, text fitting through a measuring protocol (no C library,
        // so the phone can draw the same layout with SwiftUI).
        .target(name: "WrappedCardLayout", dependencies: ["WrappedKit"]),
        // Share cards: Cairo draws them (libcairo2-dev, fonts-dejavu-core), zlib packs the PNGs,
        // libjpeg-turbo decodes the photos (libjpeg62-turbo-dev); the HTML deck embeds them.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CJPEG", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .target(name: "WrappedCards", dependencies: ["WrappedKit", "WrappedCardLayout", "CCairo", "CJPEG", "PNGEncoding"]),
        // A Photo Wrapped session over any photo library (list, cache, scan, engine, cards): what the
        // CLI and the app call.
        .target(
            name: "WrappedService",
            dependencies: ["WrappedKit", "WrappedStore", "Gazetteer", "GeoKit"]
        ),
        // Photo Wrapped on the phone: the screens' models (access, home, processing, pager, place
        // detail, share); Foundation, Observation and the kits only, so Linux tests drive them.
        .target(
            name: "WrappedFeature",
            dependencies: ["WrappedKit", "WrappedService", "WrappedCardLayout", "LockedState", "GeoKit"]
        ),
        // Photo Wrapped's files on Linux: deck.json, the card PNGs (Cairo) and index.html.
        .target(name: "WrappedExport", dependencies: ["WrappedService", "WrappedKit", "WrappedCards", "WrappedCardLayout"]),
        // The PNG writer shared by the share cards and the server's heat tiles (zlib only).
        .target(name: "PNGEncoding", dependencies: ["CZlib"]),

        // Proximity: trips, saved places, the region planner, track replay; trips in SQLite.
        .target(name: "ProximityKit", dependencies: ["GeoKit", "PlaceKit", "LockedState"]),
        // The device protocols' contracts (region monitor, permission, wake-ups, one-shot fixes,
        // motion, notifications), run against the in-memory fakes here and the live adapters on a Mac.
        .target(name: "ProximityKitContracts", dependencies: ["ProximityKit", "GeoKit", "DeviceContracts"]),
        // A trip's places in the formats other tools use: GeoJSON, GPX waypoints, Loci's JSON.
        .target(name: "PlaceFiles", dependencies: ["ProximityKit", "GPXKit", "GeoKit", "PlaceKit"]),
        .target(
            name: "ProximityStore",
            dependencies: ["ProximityKit", "PlaceFiles", "PlaceKit", "GeoKit", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // Proximity on the phone: the screens' models (trips, trip form, places and map, tracking
        // status, notifications, debug panel) and the tracking engine's device wiring; Foundation,
        // Observation and the kits only, so Linux tests drive them through the fakes.
        .target(name: "ProximityFeature", dependencies: ["ProximityKit", "ProximityStore", "PlaceFiles", "PlaceKit", "GeoKit"]),

        // Tidepool presence: device side, anonymous tokens, DP aggregation, the simulator.
        // The interest facet codebook shared by the device (a report names a facet) and the server.
        .target(name: "InterestCodebook"),
        .target(name: "TidepoolKit", dependencies: ["GeoKit", "InterestCodebook"]),
        .target(
            name: "TidepoolTokens",
            dependencies: [
                "LockedState",
                "GeoKit",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),
        .target(name: "HeatAggregation", dependencies: ["LockedState", "GeoKit", "SeededRandom", "InterestCodebook"]),
        // Where the engine's partial counts and releases are kept: the repository protocols,
        // their error, and the in-memory store (no database driver).
        .target(name: "TidepoolStorage"),
        // The Tidepool engine (keys, issuance, ingest, epoch boundary, release), shared by
        // `loci serve` and the simulator; no HTTP.
        .target(name: "TidepoolEpochs", dependencies: ["GeoKit", "HeatAggregation", "TidepoolTokens", "TidepoolStorage"]),
        // The device's client of `loci serve`: calls and types generated from the server's OpenAPI
        // document (Generated/, by scripts/gen-openapi-client), sessions, tokens, retries, favourites queue.
        .target(
            name: "TidepoolClient",
            dependencies: [
                "GeoKit", "LockedState", "TidepoolTokens",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ],
            exclude: ["openapi.yaml", "openapi-generator-config.yaml"]
        ),
        // Tidepool on the phone: onboarding, the map with heat and search, reporting in the
        // background behind the home guard, the profile; `@MainActor @Observable` models over
        // the device client and device protocols; Foundation, Observation and the kits only.
        .target(
            name: "TidepoolFeature",
            dependencies: [
                "TidepoolClient", "TidepoolKit", "TidepoolTokens", "InterestCodebook", "InterestKit", "InterestIntegrations",
                "Spotify", "GeoKit", "LockedState",
            ]
        ),
        .target(
            name: "TidepoolSimulation",
            dependencies: [
                "GeoKit", "PlaceKit", "PlaceStore", "TidepoolKit", "TidepoolTokens", "HeatAggregation", "InterestCodebook",
                "TidepoolEpochs", "TidepoolStorage", "TidepoolClient",
            ]
        ),

        // ShootVeil: camera rays, the 2.5D building ray cast, landmarks, aircraft feeds and matching, quota;
        // the phone's device protocols (attitude, compass, location, camera, entitlements) with fakes.
        .target(name: "IdentifyKit", dependencies: ["GeoKit", "PlaceKit", "PhotoMetadata", "SeededRandom", "LockedState"]),
        // FlightAware AeroAPI v4: enriches a chosen aircraft (IdentifyKit's `FlightLookup`).
        .target(name: "AeroAPI", dependencies: ["IdentifyKit"]),
        // Live aircraft over HTTP: a receiver's readsb/dump1090 aircraft.json or OpenSky's
        // /states/all (IdentifyKit's `AircraftFeedSource`), the one parser of the feed setting.
        .target(name: "AircraftFeeds", dependencies: ["IdentifyKit", "LockedState"]),
        // One identification call (buildings from the place store, landmarks, airports, quota,
        // flight lookup) for the CLI and the server, over a place store or an offline pack.
        .target(name: "IdentifyService", dependencies: ["IdentifyKit", "IdentifyPack", "PlaceStore", "PlaceKit", "GeoKit"]),
        // ShootVeil's offline pack: one SQLite file per area (the place store's schema plus the
        // landmark list, airports and a checksummed manifest), verified and opened (the app links it);
        // the identify service over a pack is IdentifyService's.
        .target(
            name: "IdentifyPack",
            dependencies: [
                "IdentifyKit", "PlaceStore", "GeoKit",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // How a pack is made from an OSM extract or an imported store (the CLI links it, the app does not).
        .target(
            name: "IdentifyPackBuilder",
            dependencies: [
                "IdentifyPack", "IdentifyKit", "PlaceStore", "PlaceImport", "PlaceKit", "GeoKit",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // The ShootVeil device protocols' contracts (attitude, heading, location, camera,
        // entitlements), run against the in-memory fakes here and the live adapters on a Mac.
        .target(name: "IdentifyKitContracts", dependencies: ["IdentifyKit", "DeviceContracts"]),
        // ShootVeil on the phone: the viewfinder's model (readings, calibration, readiness, tap →
        // candidates, Maps hand-off) and the paywall's; Foundation, Observation and the kits only.
        .target(name: "ShootVeilFeature", dependencies: ["IdentifyKit", "IdentifyService", "IdentifyPack", "GeoKit"]),
        // Directions: the road graph from an OSM extract, the local A* router.
        .target(name: "RoutingKit", dependencies: ["GeoKit", "OSMKit"]),
        // Google Routes over HTTP (RoutingKit's `DirectionsService`) and its encoded polylines.
        .target(name: "GoogleRoutes", dependencies: ["RoutingKit", "GeoKit"]),
        // Directions between a position or a named place and another: ends resolved, provider chosen.
        .target(name: "Wayfinding", dependencies: ["RoutingKit", "GoogleRoutes", "PlaceKit", "GeoKit"]),
        // And Away's personal library: models and sync merge; SQLite store; JSON/CSV/KML/GPX exchange.
        .target(name: "LibraryKit", dependencies: ["GeoKit", "Timestamps"]),
        // The one reader of ISO 8601 instants typed by people and clients (CLI options, HTTP fields).
        .target(name: "Timestamps"),
        .target(
            name: "LibraryStore",
            dependencies: ["LibraryKit", "GeoKit", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // The library's use cases (bookmark a place, filter, edit, lists) over the store.
        .target(name: "LibraryService", dependencies: ["LibraryKit", "LibraryStore", "PlaceKit", "GeoKit"]),
        .target(name: "LibraryExchange", dependencies: ["LibraryKit", "GeoKit", "XMLPull"]),
        // How a library travels between replicas: the transport protocol, the in-memory hub, one sync round.
        .target(name: "LibrarySync", dependencies: ["LibraryKit", "LibraryStore", "LockedState"]),
        // And Away on the phone: the screens' models (search, details, directions, library, sync);
        // Foundation, Observation and the kits only, so Linux tests drive them.
        .target(
            name: "AndAwayFeature",
            dependencies: [
                "PlaceKit", "LibraryKit", "LibraryStore", "LibraryService", "LibraryExchange", "LibrarySync",
                "RoutingKit", "GeoKit", "LockedState",
            ]
        ),
        // Tidepool interests: tags, offline embeddings (tools/embed), user vectors; integration mappers.
        // Crypto only for SHA-256.
        .target(
            name: "InterestKit",
            dependencies: ["PlaceKit", "InterestCodebook", .product(name: "Crypto", package: "swift-crypto")],
            resources: [.copy("Resources")]
        ),
        .target(
            name: "InterestIntegrations",
            dependencies: ["InterestKit", "PlaceKit", "GeoKit", "Timestamps"]
        ),
        // The JSON every surface writes (CLI --json, HTTP): places, search results, errors.
        .target(name: "LociWire", dependencies: ["PlaceKit", "IdentifyKit"]),
        // Personal order of place results: interest vectors of tags and places, heat and interest
        // blended with the plain score.
        .target(name: "Personalisation", dependencies: ["GeoKit", "PlaceKit", "HeatAggregation", "InterestKit"]),
        // The Spotify sign-in (OAuth 2.0 code + PKCE) and the top-items fetch mapped to tags;
        // Crypto for the PKCE challenge.
        .target(
            name: "Spotify",
            dependencies: ["InterestIntegrations", "InterestKit", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // A strict decoder for the CBOR an App Attest attestation object is written in (no trusted
        // CBOR library was available): definite lengths only, depth and size limits.
        .target(name: "CBORDecoding"),
        // Apple App Attest attestations verified the way Apple's server-side steps describe.
        .target(
            name: "AppAttest",
            dependencies: [
                "CBORDecoding",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ]
        ),
        // A device's registration, profile and favourites on the server (the routes' use cases, no HTTP).
        .target(
            name: "AccountService",
            dependencies: [
                "LociServerStore", "Personalisation", "PlaceKit", "InterestKit", "InterestIntegrations", "AppAttest",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // Reads over released presence for one viewer: viewport heat and the personal order of places.
        .target(
            name: "PresenceReads",
            dependencies: [
                "AccountService", "TidepoolEpochs", "TidepoolStorage", "HeatAggregation", "Personalisation",
                "PlaceStore", "PlaceKit", "GeoKit",
            ]
        ),
        // `loci serve`: the Tidepool and places backend (docs/server.md); its storage per concern.
        .target(
            name: "LociServerStore",
            dependencies: [
                "TidepoolStorage",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .target(
            name: "LociServer",
            dependencies: [
                "GeoKit", "PlaceKit", "PlaceStore", "TidepoolTokens", "HeatAggregation", "InterestCodebook", "PNGEncoding", "BaseMap",
                "LociServerStore", "AccountService", "PresenceReads", "TidepoolEpochs", "Personalisation", "LociWire",
                "InterestKit", "IdentifyKit", "IdentifyService", "AircraftFeeds", "PhotoMetadata", "Timestamps", "AppAttest",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),

        // Measurement harness and workloads behind `loci bench` (one `BenchWorkload` per subcommand).
        .target(
            name: "LociBenchmarks",
            dependencies: [
                "GeoKit", "PlaceKit", "PlaceStore", "PlaceImport", "PhotoMetadata", "ProximityKit", "HeatAggregation", "InterestCodebook",
                "TidepoolTokens", "InterestKit", "IdentifyKit", "LibraryKit", "LibraryStore", "LibraryExchange",
                "SeededRandom", "WrappedKit", "WrappedCardLayout", "WrappedCards", "RoutingKit", "Gazetteer",
            ]
        ),

        // Delivery: the command tree (a library so tests can drive it) and the thin executable.
        .target(
            name: "LociCLI",
            dependencies: [
                "GeoKit",
                "OSMKit",
                "GPXKit",
                "PhotoMetadata",
                "Gazetteer",
                "PlaceKit",
                "PlaceStore",
                "PlaceImport",
                "GooglePlaces",
                "PlaceProviders",
                "WrappedKit",
                "PhotoLibrary",
                "WrappedStore",
                "WrappedCardLayout",
                "WrappedCards",
                "WrappedService",
                "WrappedExport",
                "ProximityKit",
                "ProximityStore",
                "PlaceFiles",
                "LociBenchmarks",
                "SeededRandom",
                "TidepoolSimulation",
                "IdentifyKit",
                "IdentifyService",
                "IdentifyPack",
                "IdentifyPackBuilder",
                "AeroAPI",
                "AircraftFeeds",
                "RoutingKit",
                "GoogleRoutes",
                "Wayfinding",
                "LibraryKit", "LibraryStore", "LibraryService", "LibraryExchange",
                "InterestKit",
                "LociWire",
                "LociServer",
                "Timestamps",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(name: "loci", dependencies: ["LociCLI"]),

        // The app layer's checks that run on Linux (swiftc -parse, import rules, Apps/project.yml
        // and the apps' property lists) and the command that runs them alone.
        .target(name: "AppLayerChecks", dependencies: [.product(name: "Yams", package: "Yams")]),
        .executableTarget(name: "LociCheckApps", dependencies: ["AppLayerChecks"]),
        // The layer table (docs/layers.txt) and the check of this manifest against it: no upward
        // edge, no product using another, every target in its folder.
        .target(name: "PackageLayers", dependencies: ["AppLayerChecks"]),

        // Shared by the test targets: the seeded generator and the shared-data locator.
        .target(name: "LociTestSupport", dependencies: ["GeoKit", "SeededRandom"], path: "Tests/LociTestSupport"),
        .testTarget(name: "SeededRandomTests", dependencies: ["SeededRandom"]),
        .testTarget(name: "LockedStateTests", dependencies: ["LockedState"]),
        .testTarget(
            name: "GeoKitTests",
            dependencies: ["GeoKit", "LociTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "LociTestSupportTests", dependencies: ["LociTestSupport"]),
        .testTarget(name: "XMLPullTests", dependencies: ["XMLPull"]),
        .testTarget(
            name: "OSMKitTests",
            dependencies: ["OSMKit", "CZlib", "XMLPull", "LociTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "GPXKitTests", dependencies: ["GPXKit", "GeoKit"]),
        .testTarget(
            name: "PhotoMetadataTests",
            dependencies: ["PhotoMetadata", "LociTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "GazetteerTests", dependencies: ["Gazetteer", "GeoKit", "LociTestSupport"]),
        .testTarget(
            name: "PlaceKitTests",
            dependencies: ["PlaceKit", "GeoKit", "LociTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "PlaceStoreTests", dependencies: ["PlaceStore", "PlaceKit", "GeoKit", "LociTestSupport"]),
        .testTarget(
            name: "BaseMapTests",
            dependencies: [
                "BaseMap", "PlaceImport", "PlaceStore", "PlaceKit", "GeoKit", "OSMKit", "LociTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "PlaceImportTests",
            dependencies: ["PlaceImport", "PlaceStore", "OSMKit", "PlaceKit", "GeoKit", "LociTestSupport"]
        ),
        .testTarget(
            name: "GooglePlacesTests",
            dependencies: ["GooglePlaces", "PlaceKit", "GeoKit", "LociTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "PlaceProvidersTests",
            dependencies: [
                "PlaceProviders", "PlaceStore", "PlaceKit", "Gazetteer", "GeoKit", "LockedState", "LociTestSupport",
            ]
        ),
        .testTarget(
            name: "SearchAcceptanceTests",
            dependencies: ["PlaceImport", "PlaceStore", "PlaceKit", "GeoKit", "LociTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "WrappedKitTests", dependencies: ["WrappedKit", "WrappedKitContracts", "GeoKit", "LociTestSupport"]),
        .testTarget(name: "PhotoLibraryTests", dependencies: ["PhotoLibrary", "WrappedKit", "LociTestSupport"]),
        .testTarget(name: "WrappedStoreTests", dependencies: ["WrappedStore", "WrappedKit", "GeoKit", "LociTestSupport"]),
        .testTarget(
            name: "WrappedAcceptanceTests",
            dependencies: ["PhotoLibrary", "WrappedKit", "Gazetteer", "GeoKit", "LociTestSupport"]
        ),
        .testTarget(
            name: "WrappedServiceTests",
            dependencies: [
                "WrappedService", "WrappedExport", "WrappedKit", "WrappedStore", "PhotoLibrary", "Gazetteer", "GeoKit",
                "LociTestSupport",
            ]
        ),
        .testTarget(
            name: "WrappedFeatureTests",
            dependencies: [
                "WrappedFeature", "WrappedKit", "WrappedService", "WrappedStore", "WrappedCardLayout", "PhotoLibrary",
                "Gazetteer", "GeoKit", "LockedState", "LociTestSupport",
            ]
        ),
        // Sample cards and the layout invariant, shared by the layout and the renderer tests.
        .target(
            name: "WrappedCardFixtures", dependencies: ["WrappedCardLayout", "WrappedKit"], path: "Tests/WrappedCardFixtures"),
        .testTarget(name: "WrappedCardLayoutTests", dependencies: ["WrappedCardLayout", "WrappedKit", "WrappedCardFixtures"]),
        .testTarget(
            name: "WrappedCardsTests",
            dependencies: ["WrappedCards", "WrappedCardLayout", "WrappedKit", "WrappedCardFixtures", "CCairo", "LociTestSupport"]
        ),
        .testTarget(
            name: "ProximityKitTests",
            dependencies: ["ProximityKit", "ProximityKitContracts", "GPXKit", "PlaceKit", "GeoKit", "LociTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "ProximityStoreTests",
            dependencies: [
                "ProximityStore", "ProximityKit", "PlaceFiles", "PlaceStore", "PlaceKit", "GeoKit",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "PlaceFilesTests",
            dependencies: ["PlaceFiles", "ProximityKit", "GPXKit", "GeoKit", "PlaceKit"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "ProximityFeatureTests",
            dependencies: [
                "ProximityFeature", "ProximityKit", "ProximityStore", "PlaceFiles", "PlaceKit", "GeoKit", "GPXKit", "LockedState",
                "LociTestSupport",
            ]
        ),
        .testTarget(name: "LociCLITests", dependencies: ["LociCLI", "LociTestSupport"]),
        .testTarget(name: "LociWireTests", dependencies: ["LociWire", "PlaceKit", "IdentifyKit", "GeoKit"]),
        .testTarget(name: "TidepoolKitTests", dependencies: ["TidepoolKit", "InterestCodebook", "GeoKit", "LociTestSupport"]),
        .testTarget(name: "TidepoolTokensTests", dependencies: ["TidepoolTokens", "GeoKit", "LociTestSupport"]),
        .testTarget(name: "InterestCodebookTests", dependencies: ["InterestCodebook"]),
        .testTarget(
            name: "HeatAggregationTests", dependencies: ["HeatAggregation", "InterestCodebook", "GeoKit", "LociTestSupport"]),
        .testTarget(
            name: "TidepoolEpochsTests",
            dependencies: ["TidepoolEpochs", "TidepoolStorage", "TidepoolTokens", "HeatAggregation", "GeoKit"]
        ),
        .testTarget(
            name: "PersonalisationTests", dependencies: ["Personalisation", "HeatAggregation", "PlaceKit", "GeoKit", "InterestKit"]
        ),
        .testTarget(
            name: "LociServerStoreTests",
            dependencies: [
                "LociServerStore", "TidepoolStorage", "LociTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .testTarget(
            name: "PresenceReadsTests",
            dependencies: [
                "PresenceReads", "AccountService", "LociServerStore", "TidepoolEpochs", "TidepoolStorage", "LociTestSupport",
                "HeatAggregation", "InterestCodebook", "Personalisation", "PlaceStore", "PlaceKit", "GeoKit", "TidepoolTokens",
            ]
        ),
        .testTarget(name: "CBORDecodingTests", dependencies: ["CBORDecoding", "SeededRandom"]),
        .testTarget(name: "AppAttestTests", dependencies: ["AppAttest", "CBORDecoding"], resources: [.copy("Samples")]),
        .testTarget(
            name: "AccountServiceTests",
            dependencies: [
                "AccountService", "LociServerStore", "Personalisation", "PlaceStore", "PlaceKit", "GeoKit", "InterestKit",
                "LociTestSupport", "AppAttest",
            ]
        ),
        .testTarget(
            name: "LociServerTests",
            dependencies: [
                "LociServer", "LociServerStore", "TidepoolTokens", "InterestCodebook", "HeatAggregation", "GeoKit", "PNGEncoding", "LociTestSupport",
                "TidepoolTestServer",
                "IdentifyKit", "AircraftFeeds", "PlaceImport", "PlaceStore", "PlaceKit", "TidepoolSimulation", "OSMKit",
                "TidepoolEpochs", "TidepoolStorage", "Personalisation", "CZlib", "AccountService",
                // To turn a place store into one written before streets were kept (base-map tests).
                .product(name: "GRDB", package: "GRDB.swift"),
                // A recording metrics backend: the server's metrics reach any factory it is given.
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ]
        ),
        // A real `loci serve` in process on loopback, for the device client's and the Tidepool
        // app models' tests.
        .target(
            name: "TidepoolTestServer",
            dependencies: [
                "AccountService", "LociServer", "LociServerStore", "LociTestSupport", "TidepoolEpochs", "HeatAggregation",
                "Personalisation", "PlaceStore", "PlaceKit", "GeoKit", .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/TidepoolTestServer"
        ),
        .testTarget(
            name: "TidepoolFeatureTests",
            dependencies: [
                "TidepoolFeature", "TidepoolTestServer", "TidepoolClient", "TidepoolKit", "LociTestSupport", "GeoKit",
                "InterestCodebook", "AccountService", "InterestKit", "Spotify",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ]
        ),
        .testTarget(
            name: "TidepoolClientTests",
            dependencies: [
                "TidepoolTestServer", "LociTestSupport", "TidepoolClient", "AccountService", "LociServer", "LociServerStore", "LociWire", "TidepoolEpochs", "TidepoolTokens",
                "HeatAggregation", "Personalisation", "PlaceStore", "PlaceKit", "GeoKit",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "TidepoolSimulationTests",
            dependencies: ["TidepoolSimulation", "PlaceStore", "PlaceKit", "GeoKit", "LociTestSupport"]
        ),
        .testTarget(
            name: "IdentifyKitTests",
            dependencies: ["IdentifyKit", "PlaceImport", "PlaceStore", "PlaceKit", "PhotoMetadata", "GeoKit", "LociTestSupport"]
        ),
        .testTarget(name: "AeroAPITests", dependencies: ["AeroAPI", "IdentifyKit", "LociTestSupport"]),
        .testTarget(name: "AircraftFeedsTests", dependencies: ["AircraftFeeds", "IdentifyKit", "GeoKit", "LockedState", "LociTestSupport"]),
        .testTarget(
            name: "IdentifyServiceTests",
            dependencies: ["IdentifyService", "IdentifyKit", "PlaceImport", "PlaceStore", "PlaceKit", "GeoKit", "LociTestSupport"]
        ),
        .testTarget(
            name: "IdentifyPackTests",
            dependencies: [
                "IdentifyPack", "IdentifyPackBuilder", "IdentifyService", "IdentifyKit", "PlaceImport", "PlaceStore",
                "PlaceKit", "GeoKit", "LociTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "ShootVeilFeatureTests",
            dependencies: [
                "ShootVeilFeature", "IdentifyKit", "IdentifyKitContracts", "IdentifyService", "IdentifyPack",
                "IdentifyPackBuilder", "PlaceImport",
                "PlaceStore",
                "GeoKit", "LockedState", "LociTestSupport",
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "RoutingKitTests", dependencies: ["RoutingKit", "OSMKit", "GeoKit", "LociTestSupport"]),
        .testTarget(name: "GoogleRoutesTests", dependencies: ["GoogleRoutes", "RoutingKit", "GeoKit", "LociTestSupport"]),
        .testTarget(
            name: "WayfindingTests",
            dependencies: ["Wayfinding", "RoutingKit", "PlaceStore", "PlaceKit", "GeoKit", "LociTestSupport"]
        ),
        .testTarget(name: "LibraryKitTests", dependencies: ["LibraryKit", "GeoKit", "LociTestSupport"]),
        .testTarget(name: "TimestampsTests", dependencies: ["Timestamps"]),
        .testTarget(name: "LibraryStoreTests", dependencies: ["LibraryStore", "LibraryKit", "GeoKit", "LockedState", "LociTestSupport"]),
        .testTarget(
            name: "LibraryServiceTests",
            dependencies: ["LibraryService", "LibraryStore", "LibraryKit", "PlaceStore", "PlaceKit", "GeoKit"]
        ),
        .testTarget(
            name: "LibraryExchangeTests",
            dependencies: ["LibraryExchange", "LibraryStore", "LibraryKit", "GeoKit", "LociTestSupport"]
        ),
        .testTarget(
            name: "LibrarySyncTests",
            dependencies: ["LibrarySync", "LibraryStore", "LibraryKit", "GeoKit", "LockedState", "SeededRandom"]
        ),
        .testTarget(
            name: "AndAwayFeatureTests",
            dependencies: [
                "AndAwayFeature", "LibrarySync", "LibraryStore", "LibraryKit", "LibraryExchange", "PlaceProviders",
                "GooglePlaces", "PlaceImport", "PlaceStore", "PlaceKit", "RoutingKit", "GeoKit", "LockedState",
                "LociTestSupport",
            ]
        ),
        .testTarget(
            name: "InterestKitTests",
            dependencies: ["InterestKit", "PlaceKit", "LociTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "InterestIntegrationsTests",
            dependencies: ["InterestIntegrations", "InterestKit", "GeoKit", "LociTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "AppLayerChecksTests", dependencies: ["AppLayerChecks"], resources: [.copy("Fixtures")]),
        .testTarget(name: "PackageLayersTests", dependencies: ["PackageLayers", "AppLayerChecks"]),
        .testTarget(
            name: "SpotifyTests",
            dependencies: [
                "Spotify", "InterestIntegrations", "InterestKit", "LociTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            // Read by path, with InterestIntegrationsTests' recorded top items beside them.
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
