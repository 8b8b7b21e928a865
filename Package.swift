// swift-tools-version: 6.1
// Loci: one Swift codebase behind five location products.
// Linux-clean: nothing here imports SwiftUI, UIKit, MapKit, CoreLocation or PhotoKit.
import PackageDescription

let package = Package(
    name: "Loci",
    platforms: [.macOS(.v15), .iOS(.v17)],
    products: [
        .library(name: "GeoKit", targets: ["GeoKit"]),
        .library(name: "LociLocalization", targets: ["LociLocalization"]),
        .library(name: "LocalStoreRecovery", targets: ["LocalStoreRecovery"]),
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
        // Apple Maps' result fields as places and MapKit's request budget: the apps' shared MapKit adapter (PlacesLive) uses them.
        .library(name: "AppleMapsPlaces", targets: ["AppleMapsPlaces"]),
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
        .library(name: "TidepoolClientFake", targets: ["TidepoolClientFake"]),
        .library(name: "TidepoolClientContracts", targets: ["TidepoolClientContracts"]),
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
        .library(name: "IdentifyHistory", targets: ["IdentifyHistory"]),
        .library(name: "RoutingKit", targets: ["RoutingKit"]),
        .library(name: "GoogleRoutes", targets: ["GoogleRoutes"]),
        .library(name: "Wayfinding", targets: ["Wayfinding"]),
        .library(name: "LibraryKit", targets: ["LibraryKit"]),
        .library(name: "LibraryStore", targets: ["LibraryStore"]),
        .library(name: "LibraryService", targets: ["LibraryService"]),
        .library(name: "LibraryExchange", targets: ["LibraryExchange"]),
        .library(name: "LibrarySync", targets: ["LibrarySync"]),
        .library(name: "AndAwayFeature", targets: ["AndAwayFeature"]),
        // Areas: what a server offers for download (manifests), how one is built, how a device downloads it.
        .library(name: "AreaKit", targets: ["AreaKit"]),
        .library(name: "AreaDownloads", targets: ["AreaDownloads"]),
        // The area screens' model and offline search over a downloaded area, for ShootVeil, Proximity and And Away.
        .library(name: "AreasFeature", targets: ["AreasFeature"]),
        .library(name: "AreaPlaces", targets: ["AreaPlaces"]),
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
        // `loci serve`'s shutdown: the service group whose graceful shutdown has a grace period.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `loci serve`'s metrics: the swift-metrics API in route code, Prometheus text on /metrics.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // `loci serve` scale mode: the PostgreSQL server store (several processes, one database).
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // The app-layer checks read Apps/project.yml (XcodeGen YAML).
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // The app-layer checks parse Swift (the models' members and their callers in Apps/).
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        // The device's Tidepool client: types and calls generated from `loci serve`'s OpenAPI document,
        // sent over URLSession.
        .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
        // The server's side of the same document: the generated handlers on Hummingbird's router.
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird", from: "2.1.0"),
    ],
    targets: [
        // Leaves: Foundation only (or less), plus system libraries.
        .target(name: "GeoKit", path: "Sources/Core/GeoKit"),
        // A value behind a lock, shaped like Mutex, for the modules the iOS 17 apps link.
        .target(name: "LockedState", path: "Sources/Core/LockedState"),
        // The one seeded generator (SplitMix64, and xoshiro256** seeded by it): no Foundation.
        .target(name: "SeededRandom", path: "Sources/Core/SeededRandom"),
        .systemLibrary(name: "CZlib", path: "Sources/Core/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Streaming XML 1.0 pull reader for OSM, GPX and KML (no Foundation, no DTDs).
        .target(name: "XMLPull", path: "Sources/Core/XMLPull"),
        .target(name: "OSMKit", dependencies: ["CZlib", "XMLPull"], path: "Sources/Core/OSMKit"),
        .target(name: "GPXKit", dependencies: ["GeoKit", "XMLPull"], path: "Sources/Core/GPXKit"),
        // EXIF/HEIF metadata reader (Foundation only).
        .target(name: "PhotoMetadata", path: "Sources/Core/PhotoMetadata"),
        // Offline reverse geocoding and time zones from the GeoNames gazetteer.
        .target(name: "Gazetteer", dependencies: ["GeoKit", "CZlib"], path: "Sources/Core/Gazetteer"),

        // Places: models, categories, opening hours; the store; the OSM import.
        .target(
            name: "PlaceKit", dependencies: ["LockedState", "GeoKit", "LociLocalization"], path: "Sources/Places/PlaceKit",
            resources: [.copy("Localizable.xcstrings")]
        ),
        .target(
            name: "PlaceStore",
            dependencies: [
                "GeoKit", "PlaceKit", .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API (GRDB's module of it), for reading result columns directly.
                .product(name: "GRDBSQLite", package: "GRDB.swift", condition: .when(platforms: [.linux])),
            ],
            path: "Sources/Places/PlaceStore"
        ),
        .target(name: "PlaceImport", dependencies: ["GeoKit", "OSMKit", "PlaceKit", "PlaceStore"], path: "Sources/Places/PlaceImport"),
        // The status page's base map: the store's streets and footprints drawn into XYZ PNG tiles.
        .target(name: "BaseMap", dependencies: ["GeoKit", "PlaceKit", "PlaceStore", "PNGEncoding"], path: "Sources/Places/BaseMap"),
        // And Away's providers: Google Places (New) over URLSession; the switchboard that picks
        // local or Google by configuration, with local geocoding on the store and gazetteer.
        .target(name: "GooglePlaces", dependencies: ["LockedState", "GeoKit", "PlaceKit"], path: "Sources/Places/GooglePlaces"),
        .target(name: "PlaceProviders", dependencies: ["LockedState", "GeoKit", "PlaceKit", "PlaceStore", "Gazetteer", "GooglePlaces"], path: "Sources/Places/PlaceProviders"),
        // Apple Maps: an `MKMapItem`'s fields → a place (stable ids, categories), and the 50-a-minute
        // request budget; the MapKit adapter itself is Apps/Sources/PlacesLive (And Away and Proximity).
        .target(name: "AppleMapsPlaces", dependencies: ["GeoKit", "PlaceKit"], path: "Sources/Places/AppleMapsPlaces"),

        // Photo Wrapped: assets → time stats, places, the deck; the folder source; the cache.
        .target(name: "WrappedKit", dependencies: ["GeoKit", "LockedState"], path: "Sources/Wrapped/WrappedKit"),
        // The device protocols' contracts (photo access, thumbnails, sources per range), run against
        // the in-memory fakes here and against the PhotoKit adapters on a Mac.
        // What a device-protocol contract violation is: the one type the contract suites return.
        .target(name: "DeviceContracts", path: "Sources/Core/DeviceContracts"),
        .target(name: "WrappedKitContracts", dependencies: ["WrappedKit", "DeviceContracts"], path: "Sources/Wrapped/WrappedKitContracts"),
        .target(name: "PhotoLibrary", dependencies: ["WrappedKit", "PhotoMetadata", "GeoKit"], path: "Sources/Wrapped/PhotoLibrary"),
        .target(
            name: "WrappedStore",
            dependencies: ["WrappedKit", "GeoKit", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Sources/Wrapped/WrappedStore"
        ),
        // Share-card layout: canvas, skins, text fitting through a measuring protocol (no C library,
        // so the phone can draw the same layout with SwiftUI).
        .target(name: "WrappedCardLayout", dependencies: ["WrappedKit"], path: "Sources/Wrapped/WrappedCardLayout"),
        // Share cards: Cairo draws them (libcairo2-dev, fonts-dejavu-core), zlib packs the PNGs,
        // libjpeg-turbo decodes the photos (libjpeg62-turbo-dev); the HTML deck embeds them.
        .systemLibrary(name: "CCairo", path: "Sources/Wrapped/CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CJPEG", path: "Sources/Wrapped/CJPEG", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .target(name: "WrappedCards", dependencies: ["WrappedKit", "WrappedCardLayout", "CCairo", "CJPEG", "PNGEncoding"], path: "Sources/Wrapped/WrappedCards"),
        // A Photo Wrapped session over any photo library (list, cache, scan, engine, cards): what the
        // CLI and the app call.
        .target(
            name: "WrappedService",
            dependencies: ["WrappedKit", "WrappedStore", "Gazetteer", "GeoKit"],
            path: "Sources/Wrapped/WrappedService"
        ),
        // Photo Wrapped on the phone: the screens' models (access, home, processing, pager, place
        // detail, share); Foundation, Observation and the kits only, so Linux tests drive them.
        .target(
            name: "WrappedFeature",
            dependencies: ["WrappedKit", "WrappedService", "WrappedCardLayout", "LockedState", "GeoKit", "LociLocalization"],
            path: "Sources/Wrapped/WrappedFeature",
            resources: [.copy("Localizable.xcstrings")]
        ),
        // Photo Wrapped's files on Linux: deck.json, the card PNGs (Cairo) and index.html.
        .target(name: "WrappedExport", dependencies: ["WrappedService", "WrappedKit", "WrappedCards", "WrappedCardLayout"], path: "Sources/Wrapped/WrappedExport"),
        // The PNG writer shared by the share cards and the server's heat tiles (zlib only).
        .target(name: "PNGEncoding", dependencies: ["CZlib"], path: "Sources/Core/PNGEncoding"),

        // Proximity: trips, saved places, the region planner, track replay; trips in SQLite.
        .target(name: "ProximityKit", dependencies: ["GeoKit", "GPXKit", "PlaceKit", "LockedState"], path: "Sources/Proximity/ProximityKit"),
        // The device protocols' contracts (region monitor, permission, wake-ups, one-shot fixes,
        // motion, notifications), run against the in-memory fakes here and the live adapters on a Mac.
        .target(name: "ProximityKitContracts", dependencies: ["ProximityKit", "GeoKit", "DeviceContracts"], path: "Sources/Proximity/ProximityKitContracts"),
        // A trip's places in the formats other tools use: GeoJSON, GPX waypoints, Loci's JSON.
        .target(name: "PlaceFiles", dependencies: ["ProximityKit", "GPXKit", "GeoKit", "PlaceKit"], path: "Sources/Proximity/PlaceFiles"),
        .target(
            name: "ProximityStore",
            dependencies: ["ProximityKit", "PlaceFiles", "PlaceKit", "GeoKit", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Sources/Proximity/ProximityStore"
        ),
        // Proximity on the phone: the screens' models (trips, trip form, places and map, tracking
        // status, notifications, debug panel) and the tracking engine's device wiring; Foundation,
        // Observation and the kits only, so Linux tests drive them through the fakes.
        .target(
            name: "ProximityFeature", dependencies: ["ProximityKit", "ProximityStore", "PlaceFiles", "PlaceKit", "GeoKit", "LociLocalization"],
            path: "Sources/Proximity/ProximityFeature", resources: [.copy("Localizable.xcstrings")]),

        // Tidepool presence: device side, anonymous tokens, DP aggregation, the simulator.
        // The interest facet codebook shared by the device (a report names a facet) and the server.
        .target(name: "InterestCodebook", path: "Sources/Tidepool/InterestCodebook"),
        .target(name: "TidepoolKit", dependencies: ["GeoKit", "InterestCodebook"], path: "Sources/Tidepool/TidepoolKit"),
        .target(
            name: "TidepoolTokens",
            dependencies: [
                "LockedState",
                "GeoKit",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            path: "Sources/Tidepool/TidepoolTokens"
        ),
        .target(name: "HeatAggregation", dependencies: ["LockedState", "GeoKit", "SeededRandom", "InterestCodebook"], path: "Sources/Tidepool/HeatAggregation"),
        // Where the engine's partial counts and releases are kept: the repository protocols,
        // their error, and the in-memory store (no database driver).
        .target(name: "TidepoolStorage", path: "Sources/Tidepool/TidepoolStorage"),
        // The Tidepool engine (keys, issuance, ingest, epoch boundary, release), shared by
        // `loci serve` and the simulator; no HTTP.
        .target(name: "TidepoolEpochs", dependencies: ["GeoKit", "PlaceStore", "HeatAggregation", "TidepoolTokens", "TidepoolStorage"], path: "Sources/Tidepool/TidepoolEpochs"),
        // The HTTP contract's types, generated from openapi.yaml (Generated/, by scripts/gen-openapi):
        // the schemas, the operations' inputs and outputs, APIProtocol. Shared by the device client
        // and the server.
        .target(
            name: "LociAPI",
            dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            path: "Sources/Wire/LociAPI"
        ),
        // The device's client of `loci serve`: calls generated from openapi.yaml over LociAPI's types
        // (Generated/, by scripts/gen-openapi), sessions, tokens, retries, favourites queue.
        .target(
            name: "TidepoolClient",
            dependencies: [
                "GeoKit", "LockedState", "TidepoolTokens", "LociAPI",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ],
            path: "Sources/Tidepool/TidepoolClient"
        ),
        // An in-memory Tidepool server and device client behind the client protocols (`TidepoolAPI`):
        // real blind tokens, the server's refusals; what the app models' tests run against.
        .target(
            name: "TidepoolClientFake", dependencies: ["TidepoolClient", "LociAPI", "TidepoolTokens", "TidepoolStorage", "GeoKit", "LockedState"],
            path: "Sources/Tidepool/TidepoolClientFake"
        ),
        // The client protocols' contract, as functions returning violations: the fake and the
        // generated client against a real `loci serve` both pass it.
        .target(
            name: "TidepoolClientContracts",
            dependencies: ["TidepoolClient", "DeviceContracts", "TidepoolTokens", "GeoKit"],
            path: "Sources/Tidepool/TidepoolClientContracts"
        ),
        // Tidepool on the phone: onboarding, the map with heat and search, reporting in the
        // background behind the home guard, the profile; `@MainActor @Observable` models over
        // the device client and device protocols; Foundation, Observation and the kits only.
        .target(
            name: "TidepoolFeature",
            dependencies: [
                "TidepoolClient", "TidepoolKit", "TidepoolTokens", "InterestCodebook", "InterestKit", "InterestIntegrations",
                "Spotify", "GeoKit", "LockedState", "LociLocalization", "PlaceKit",
            ],
            path: "Sources/Tidepool/TidepoolFeature",
            resources: [.copy("Localizable.xcstrings")]
        ),
        .target(
            name: "TidepoolSimulation",
            dependencies: [
                "GeoKit", "PlaceKit", "PlaceStore", "TidepoolKit", "TidepoolTokens", "HeatAggregation", "InterestCodebook",
                "TidepoolEpochs", "TidepoolStorage", "TidepoolClient",
            ],
            path: "Sources/Tidepool/TidepoolSimulation"
        ),

        // ShootVeil: camera rays, the 2.5D building ray cast, landmarks, aircraft feeds and matching, quota;
        // the phone's device protocols (attitude, compass, location, camera, entitlements) with fakes.
        .target(name: "IdentifyKit", dependencies: ["GeoKit", "PlaceKit", "PhotoMetadata", "SeededRandom", "LockedState"], path: "Sources/ShootVeil/IdentifyKit"),
        // FlightAware AeroAPI v4: enriches a chosen aircraft (IdentifyKit's `FlightLookup`).
        .target(name: "AeroAPI", dependencies: ["IdentifyKit"], path: "Sources/ShootVeil/AeroAPI"),
        // Live aircraft over HTTP: a receiver's readsb/dump1090 aircraft.json or OpenSky's
        // /states/all (IdentifyKit's `AircraftFeedSource`), the one parser of the feed setting.
        .target(name: "AircraftFeeds", dependencies: ["IdentifyKit", "LockedState"], path: "Sources/ShootVeil/AircraftFeeds"),
        // One identification call (buildings from the place store, landmarks, airports, quota,
        // flight lookup) for the CLI and the server, over a place store or an offline pack.
        .target(name: "IdentifyService", dependencies: ["IdentifyKit", "IdentifyPack", "AircraftFeeds", "AeroAPI", "PlaceStore", "PlaceKit", "GeoKit", "PhotoMetadata"], path: "Sources/ShootVeil/IdentifyService"),
        // ShootVeil's offline pack: one SQLite file per area (the place store's schema plus the
        // landmark list, airports and a checksummed manifest), verified and opened (the app links it);
        // the identify service over a pack is IdentifyService's.
        .target(
            name: "IdentifyPack",
            dependencies: [
                "IdentifyKit", "PlaceStore", "GeoKit",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Sources/ShootVeil/IdentifyPack"
        ),
        // How a pack is made from an OSM extract or an imported store (the CLI links it, the app does not).
        .target(
            name: "IdentifyPackBuilder",
            dependencies: [
                "IdentifyPack", "IdentifyKit", "PlaceStore", "PlaceImport", "PlaceKit", "GeoKit",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Sources/ShootVeil/IdentifyPackBuilder"
        ),
        // The ShootVeil device protocols' contracts (attitude, heading, location, camera,
        // entitlements), run against the in-memory fakes here and the live adapters on a Mac.
        .target(name: "IdentifyKitContracts", dependencies: ["IdentifyKit", "DeviceContracts"], path: "Sources/ShootVeil/IdentifyKitContracts"),
        // ShootVeil on the phone: the viewfinder's model (readings, calibration, readiness, tap →
        // candidates, Maps hand-off) and the paywall's; Foundation, Observation and the kits only.
        .target(
            name: "ShootVeilFeature",
            dependencies: [
                "IdentifyKit", "IdentifyService", "IdentifyPack", "IdentifyClient", "IdentifyHistory", "PhotoMetadata",
                "GeoKit",
                // The identify pack of a downloaded area (`InstalledAreaIdentificationSource`).
                "AreaDownloads", "AreaKit", "LockedState",
                // Its words in English and Finnish (`Localizable.xcstrings`).
                "LociLocalization",
            ],
            path: "Sources/ShootVeil/ShootVeilFeature",
            resources: [.copy("Localizable.xcstrings")]),
        // A Loci server's `POST /v1/identify` over HTTP, as the phone asks it for aircraft.
        .target(name: "IdentifyClient", dependencies: ["IdentifyKit"], path: "Sources/ShootVeil/IdentifyClient"),
        // Past identifications on the phone: one JSON file, replaced atomically.
        .target(name: "IdentifyHistory", dependencies: ["IdentifyKit"], path: "Sources/ShootVeil/IdentifyHistory"),
        // Directions: the road graph from an OSM extract, the local A* router.
        .target(name: "RoutingKit", dependencies: ["GeoKit", "OSMKit"], path: "Sources/AndAway/RoutingKit"),
        // Google Routes over HTTP (RoutingKit's `DirectionsService`) and its encoded polylines.
        .target(name: "GoogleRoutes", dependencies: ["RoutingKit", "GeoKit"], path: "Sources/AndAway/GoogleRoutes"),
        // Directions between a position or a named place and another: ends resolved, provider chosen.
        .target(name: "Wayfinding", dependencies: ["RoutingKit", "GoogleRoutes", "PlaceKit", "GeoKit"], path: "Sources/AndAway/Wayfinding"),
        // And Away's personal library: models and sync merge; SQLite store; JSON/CSV/KML/GPX exchange.
        .target(name: "LibraryKit", dependencies: ["GeoKit", "PlaceKit", "Timestamps"], path: "Sources/AndAway/LibraryKit"),
        // The one reader of ISO 8601 instants typed by people and clients (CLI options, HTTP fields).
        .target(name: "Timestamps", path: "Sources/Core/Timestamps"),
        .target(name: "LociLocalization", path: "Sources/Core/LociLocalization"),
        .target(name: "LocalStoreRecovery", path: "Sources/Core/LocalStoreRecovery"),
        .target(
            name: "LibraryStore",
            dependencies: ["LibraryKit", "GeoKit", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Sources/AndAway/LibraryStore"
        ),
        // The library's use cases (bookmark a place, filter, edit, lists) over the store.
        .target(name: "LibraryService", dependencies: ["LibraryKit", "LibraryStore", "PlaceKit", "GeoKit"], path: "Sources/AndAway/LibraryService"),
        .target(name: "LibraryExchange", dependencies: ["LibraryKit", "GeoKit", "XMLPull"], path: "Sources/AndAway/LibraryExchange"),
        // How a library travels between replicas: the transport protocol, the in-memory hub, one sync round.
        .target(name: "LibrarySync", dependencies: ["LibraryKit", "LibraryStore", "LockedState"], path: "Sources/AndAway/LibrarySync"),
        // And Away on the phone: the screens' models (search, details, directions, library, sync);
        // Foundation, Observation and the kits only, so Linux tests drive them.
        .target(
            name: "AndAwayFeature",
            dependencies: [
                "PlaceKit", "LibraryKit", "LibraryStore", "LibraryService", "LibraryExchange", "LibrarySync",
                "RoutingKit", "GeoKit", "LockedState", "LociLocalization",
            ],
            path: "Sources/AndAway/AndAwayFeature",
            resources: [.copy("Localizable.xcstrings")]
        ),
        // Areas a device downloads for offline use (identify pack, place store): the manifest and its
        // checksums (Crypto for SHA-256); the build behind `loci area build` (the import and the pack
        // builder, reused); the device's download service (resume, verify, install) behind a transport.
        .target(
            name: "AreaKit", dependencies: ["GeoKit", .product(name: "Crypto", package: "swift-crypto")], path: "Sources/Areas/AreaKit"),
        .target(
            name: "AreaBuilder",
            dependencies: ["AreaKit", "IdentifyPack", "IdentifyPackBuilder", "PlaceImport", "PlaceStore", "GeoKit"],
            path: "Sources/Areas/AreaBuilder"
        ),
        .target(
            name: "AreaDownloads",
            dependencies: [
                "AreaKit", "IdentifyPack", "PlaceStore", "LockedState", "LociAPI",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ],
            path: "Sources/Areas/AreaDownloads"
        ),
        // Offline place search over the place store of a downloaded area (read on each call), and the
        // area screens' @Observable model (list, download with progress, update, delete, disk use).
        .target(
            name: "AreaPlaces", dependencies: ["AreaDownloads", "AreaKit", "PlaceStore", "PlaceKit", "GeoKit", "LockedState"],
            path: "Sources/Areas/AreaPlaces"
        ),
        .target(
            name: "AreasFeature", dependencies: ["AreaDownloads", "AreaKit", "LociLocalization"],
            path: "Sources/Areas/AreasFeature", resources: [.copy("Localizable.xcstrings")]),

        // Tidepool interests: tags, offline embeddings (tools/embed), user vectors; integration mappers.
        // Crypto only for SHA-256.
        .target(
            name: "InterestKit",
            dependencies: ["PlaceKit", "InterestCodebook", .product(name: "Crypto", package: "swift-crypto")],
            path: "Sources/Tidepool/InterestKit",
            resources: [.copy("Resources")]
        ),
        .target(
            name: "InterestIntegrations",
            dependencies: ["InterestKit", "PlaceKit", "GeoKit", "Timestamps"],
            path: "Sources/Tidepool/InterestIntegrations"
        ),
        // The JSON the CLI's --json writes and POST /v1/identify answers (places, search results,
        // comparisons, identifications); the generated JSON routes use LociAPI's types.
        .target(name: "LociWire", dependencies: ["PlaceKit", "IdentifyKit"], path: "Sources/Server/LociWire"),
        // Personal order of place results: interest vectors of tags and places, heat and interest
        // blended with the plain score.
        .target(name: "Personalisation", dependencies: ["GeoKit", "PlaceKit", "HeatAggregation", "InterestKit"], path: "Sources/Tidepool/Personalisation"),
        // The Spotify sign-in (OAuth 2.0 code + PKCE) and the top-items fetch mapped to tags;
        // Crypto for the PKCE challenge.
        .target(
            name: "Spotify",
            dependencies: ["InterestIntegrations", "InterestKit", .product(name: "Crypto", package: "swift-crypto")],
            path: "Sources/Tidepool/Spotify"
        ),
        // A strict decoder for the CBOR an App Attest attestation object is written in (no trusted
        // CBOR library was available): definite lengths only, depth and size limits.
        .target(name: "CBORDecoding", path: "Sources/Core/CBORDecoding"),
        // Apple App Attest attestations verified the way Apple's server-side steps describe.
        .target(
            name: "AppAttest",
            dependencies: [
                "CBORDecoding",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            path: "Sources/Server/AppAttest"
        ),
        // A device's registration, profile and favourites on the server (the routes' use cases, no HTTP).
        .target(
            name: "AccountService",
            dependencies: [
                "ServerRepositories", "Personalisation", "PlaceKit", "InterestKit", "InterestIntegrations", "AppAttest",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Sources/Server/AccountService"
        ),
        // Reads over released presence for one viewer: viewport heat and the personal order of places.
        .target(
            name: "TidepoolReads",
            dependencies: [
                "AccountService", "TidepoolEpochs", "TidepoolStorage", "HeatAggregation", "Personalisation",
                "PlaceKit", "GeoKit",
            ],
            path: "Sources/Server/TidepoolReads"
        ),
        // The server's repository protocols and records (devices, sessions, profiles, favourites,
        // challenges) and their error, without a database driver: what the services depend on.
        .target(name: "ServerRepositories", dependencies: ["TidepoolStorage"], path: "Sources/Server/ServerRepositories"),
        // `loci serve`: the Tidepool and places backend (docs/server.md); its storage per concern:
        // the SQLite and PostgreSQL implementations of ServerRepositories.
        .target(
            name: "LociServerStore",
            dependencies: [
                "ServerRepositories", "TidepoolStorage",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Sources/Server/LociServerStore"
        ),
        .target(
            name: "LociServer",
            dependencies: [
                "GeoKit", "PlaceKit", "PlaceStore", "TidepoolTokens", "HeatAggregation", "InterestCodebook", "PNGEncoding", "BaseMap",
                "LociServerStore", "ServerRepositories", "AccountService", "TidepoolReads", "TidepoolEpochs", "Personalisation",
                "LociWire",
                "InterestKit", "IdentifyKit", "IdentifyService", "AircraftFeeds", "PhotoMetadata", "Timestamps", "AppAttest",
                "LociAPI",
                "AreaKit",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            path: "Sources/Server/LociServer"
        ),

        // Measurement harness and workloads behind `loci bench` (one `BenchWorkload` per subcommand).
        .target(
            name: "LociBenchmarks",
            dependencies: [
                "GeoKit", "PlaceKit", "PlaceStore", "PlaceImport", "PhotoMetadata", "ProximityKit", "HeatAggregation", "InterestCodebook",
                "TidepoolTokens", "InterestKit", "IdentifyKit", "LibraryKit", "LibraryStore", "LibraryExchange",
                "SeededRandom", "WrappedKit", "WrappedCardLayout", "WrappedCards", "RoutingKit", "Gazetteer",
            ],
            path: "Sources/Tooling/LociBenchmarks"
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
                "AreaKit", "AreaBuilder",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/CLI/LociCLI"
        ),
        .executableTarget(name: "loci", dependencies: ["LociCLI"], path: "Sources/CLI/loci"),

        // The app layer's checks that run on Linux (swiftc -parse, import rules, Apps/project.yml
        // and the apps' property lists) and the command that runs them alone.
        .target(
            name: "AppLayerChecks",
            dependencies: [
                .product(name: "Yams", package: "Yams"), .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"), "LociLocalization",
            ],
            path: "Sources/Tooling/AppLayerChecks"),
        .executableTarget(name: "LociCheckApps", dependencies: ["AppLayerChecks"], path: "Sources/Tooling/LociCheckApps"),
        // The layer table (docs/layers.txt) and the check of this manifest against it: no upward
        // edge, no product using another, every target in its folder.
        .target(name: "PackageLayers", dependencies: ["AppLayerChecks"], path: "Sources/Tooling/PackageLayers"),

        // Shared by the test targets: the seeded generator and the shared-data locator.
        .target(name: "LociTestSupport", dependencies: ["GeoKit", "SeededRandom"], path: "Tests/Support/LociTestSupport"),
        .testTarget(name: "SeededRandomTests", dependencies: ["SeededRandom"], path: "Tests/Core/SeededRandomTests"),
        .testTarget(name: "LockedStateTests", dependencies: ["LockedState"], path: "Tests/Core/LockedStateTests"),
        .testTarget(
            name: "GeoKitTests",
            dependencies: ["GeoKit", "LociTestSupport"],
            path: "Tests/Core/GeoKitTests",
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "LociTestSupportTests", dependencies: ["LociTestSupport"], path: "Tests/Support/LociTestSupportTests"),
        .testTarget(name: "XMLPullTests", dependencies: ["XMLPull"], path: "Tests/Core/XMLPullTests"),
        .testTarget(
            name: "OSMKitTests",
            dependencies: ["OSMKit", "CZlib", "XMLPull", "LociTestSupport"],
            path: "Tests/Core/OSMKitTests",
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "GPXKitTests", dependencies: ["GPXKit", "GeoKit"], path: "Tests/Core/GPXKitTests"),
        .testTarget(
            name: "PhotoMetadataTests",
            dependencies: ["PhotoMetadata", "LociTestSupport"],
            path: "Tests/Core/PhotoMetadataTests",
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "GazetteerTests", dependencies: ["Gazetteer", "GeoKit", "LociTestSupport"], path: "Tests/Core/GazetteerTests"),
        .testTarget(
            name: "PlaceKitTests",
            dependencies: ["PlaceKit", "GeoKit", "LociTestSupport", "LociLocalization"],
            path: "Tests/Places/PlaceKitTests",
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "PlaceStoreTests", dependencies: ["PlaceStore", "PlaceKit", "GeoKit", "LociTestSupport"], path: "Tests/Places/PlaceStoreTests"),
        .testTarget(
            name: "BaseMapTests",
            dependencies: [
                "BaseMap", "PlaceImport", "PlaceStore", "PlaceKit", "GeoKit", "OSMKit", "LociTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Tests/Places/BaseMapTests"
        ),
        .testTarget(
            name: "PlaceImportTests",
            dependencies: ["PlaceImport", "PlaceStore", "OSMKit", "PlaceKit", "GeoKit", "LociTestSupport"],
            path: "Tests/Places/PlaceImportTests"
        ),
        .testTarget(
            name: "GooglePlacesTests",
            dependencies: ["GooglePlaces", "PlaceKit", "GeoKit", "LociTestSupport"],
            path: "Tests/Places/GooglePlacesTests",
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "PlaceProvidersTests",
            dependencies: [
                "PlaceProviders", "PlaceStore", "PlaceKit", "Gazetteer", "GeoKit", "LockedState", "LociTestSupport",
            ],
            path: "Tests/Places/PlaceProvidersTests"
        ),
        .testTarget(
            name: "SearchAcceptanceTests",
            dependencies: ["PlaceImport", "PlaceStore", "PlaceKit", "GeoKit", "LociTestSupport"],
            path: "Tests/Places/SearchAcceptanceTests",
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "WrappedKitTests", dependencies: ["WrappedKit", "WrappedKitContracts", "GeoKit", "LociTestSupport"], path: "Tests/Wrapped/WrappedKitTests"),
        .testTarget(name: "PhotoLibraryTests", dependencies: ["PhotoLibrary", "WrappedKit", "LociTestSupport"], path: "Tests/Wrapped/PhotoLibraryTests"),
        .testTarget(name: "WrappedStoreTests", dependencies: ["WrappedStore", "WrappedKit", "GeoKit", "LociTestSupport"], path: "Tests/Wrapped/WrappedStoreTests"),
        .testTarget(
            name: "WrappedAcceptanceTests",
            dependencies: ["PhotoLibrary", "WrappedKit", "Gazetteer", "GeoKit", "LociTestSupport"],
            path: "Tests/Wrapped/WrappedAcceptanceTests"
        ),
        .testTarget(
            name: "WrappedServiceTests",
            dependencies: [
                "WrappedService", "WrappedExport", "WrappedKit", "WrappedStore", "PhotoLibrary", "Gazetteer", "GeoKit",
                "LociTestSupport",
            ],
            path: "Tests/Wrapped/WrappedServiceTests"
        ),
        .testTarget(
            name: "WrappedFeatureTests",
            dependencies: [
                "WrappedFeature", "WrappedKit", "WrappedService", "WrappedStore", "WrappedCardLayout", "PhotoLibrary",
                "Gazetteer", "GeoKit", "LockedState", "LociTestSupport", "LociLocalization", "WrappedCardFixtures",
            ],
            path: "Tests/Wrapped/WrappedFeatureTests"
        ),
        // Sample cards and the layout invariant, shared by the layout and the renderer tests.
        .target(
            name: "WrappedCardFixtures", dependencies: ["WrappedCardLayout", "WrappedKit"], path: "Tests/Wrapped/WrappedCardFixtures"),
        .testTarget(name: "WrappedCardLayoutTests", dependencies: ["WrappedCardLayout", "WrappedKit", "WrappedCardFixtures"], path: "Tests/Wrapped/WrappedCardLayoutTests"),
        .testTarget(
            name: "WrappedCardsTests",
            dependencies: ["WrappedCards", "WrappedCardLayout", "WrappedKit", "WrappedCardFixtures", "CCairo", "LociTestSupport"],
            path: "Tests/Wrapped/WrappedCardsTests"
        ),
        .testTarget(
            name: "ProximityKitTests",
            dependencies: ["ProximityKit", "ProximityKitContracts", "GPXKit", "PlaceKit", "GeoKit", "LociTestSupport"],
            path: "Tests/Proximity/ProximityKitTests",
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "ProximityStoreTests",
            dependencies: [
                "ProximityStore", "ProximityKit", "PlaceFiles", "PlaceStore", "PlaceKit", "GeoKit",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Tests/Proximity/ProximityStoreTests"
        ),
        .testTarget(
            name: "PlaceFilesTests",
            dependencies: ["PlaceFiles", "ProximityKit", "GPXKit", "GeoKit", "PlaceKit"],
            path: "Tests/Proximity/PlaceFilesTests",
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "ProximityFeatureTests",
            dependencies: [
                "ProximityFeature", "ProximityKit", "ProximityStore", "PlaceFiles", "PlaceKit", "GeoKit", "GPXKit", "LockedState",
                "LociTestSupport", "LociLocalization",
                // Search over a downloaded area, from `loci serve --areas` on loopback.
                "AreasFeature", "AreaPlaces", "AreaDownloads", "AreaKit", "TidepoolTestServer",
            ],
            path: "Tests/Proximity/ProximityFeatureTests"
        ),
        .testTarget(name: "LociCLITests", dependencies: ["LociCLI", "LociServerStore", "LociTestSupport"], path: "Tests/CLI/LociCLITests"),
        .testTarget(
            name: "LociAPITests",
            dependencies: ["LociAPI", "LociTestSupport", .product(name: "Crypto", package: "swift-crypto")],
            path: "Tests/Wire/LociAPITests"
        ),
        .testTarget(name: "LociWireTests", dependencies: ["LociWire", "PlaceKit", "IdentifyKit", "GeoKit"], path: "Tests/Server/LociWireTests"),
        .testTarget(name: "TidepoolKitTests", dependencies: ["TidepoolKit", "InterestCodebook", "GeoKit", "GPXKit", "LociTestSupport"], path: "Tests/Tidepool/TidepoolKitTests"),
        .testTarget(name: "TidepoolTokensTests", dependencies: ["TidepoolTokens", "GeoKit", "LociTestSupport"], path: "Tests/Tidepool/TidepoolTokensTests"),
        .testTarget(name: "InterestCodebookTests", dependencies: ["InterestCodebook"], path: "Tests/Tidepool/InterestCodebookTests"),
        .testTarget(
            name: "HeatAggregationTests", dependencies: ["HeatAggregation", "InterestCodebook", "GeoKit", "LociTestSupport"], path: "Tests/Tidepool/HeatAggregationTests"),
        .testTarget(
            name: "TidepoolEpochsTests",
            dependencies: ["TidepoolEpochs", "TidepoolStorage", "TidepoolTokens", "HeatAggregation", "GeoKit"],
            path: "Tests/Tidepool/TidepoolEpochsTests"
        ),
        .testTarget(
            name: "PersonalisationTests", dependencies: ["Personalisation", "HeatAggregation", "PlaceKit", "GeoKit", "InterestKit"],
            path: "Tests/Tidepool/PersonalisationTests"
        ),
        .testTarget(
            name: "LociServerStoreTests",
            dependencies: [
                "ServerRepositories", "LociServerStore", "TidepoolStorage", "LociTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Tests/Server/LociServerStoreTests"
        ),
        .testTarget(
            name: "TidepoolReadsTests",
            dependencies: [
                "ServerRepositories", "TidepoolReads", "AccountService", "LociServerStore", "TidepoolEpochs", "TidepoolStorage", "LociTestSupport",
                "HeatAggregation", "InterestCodebook", "Personalisation", "PlaceStore", "PlaceKit", "GeoKit", "TidepoolTokens",
            ],
            path: "Tests/Server/TidepoolReadsTests"
        ),
        .testTarget(name: "CBORDecodingTests", dependencies: ["CBORDecoding", "SeededRandom"], path: "Tests/Core/CBORDecodingTests"),
        .testTarget(name: "AppAttestTests", dependencies: ["AppAttest", "CBORDecoding"], path: "Tests/Server/AppAttestTests", resources: [.copy("Samples")]),
        .testTarget(
            name: "AccountServiceTests",
            dependencies: [
                "ServerRepositories", "AccountService", "LociServerStore", "Personalisation", "PlaceStore", "PlaceKit", "GeoKit", "InterestKit",
                "LociTestSupport", "AppAttest",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Tests/Server/AccountServiceTests"
        ),
        .testTarget(
            name: "LociServerTests",
            dependencies: [
                "ServerRepositories", "LociServer", "LociServerStore", "TidepoolTokens", "InterestCodebook", "HeatAggregation", "GeoKit", "PNGEncoding", "LociTestSupport",
                "TidepoolTestServer",
                "IdentifyKit", "AircraftFeeds", "PlaceImport", "PlaceStore", "PlaceKit", "TidepoolSimulation", "OSMKit",
                "TidepoolEpochs", "TidepoolStorage", "Personalisation", "CZlib", "AccountService", "LociAPI",
                "AreaKit",
                // To turn a place store into one written before streets were kept (base-map tests).
                .product(name: "GRDB", package: "GRDB.swift"),
                // A recording metrics backend: the server's metrics reach any factory it is given.
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                // Reads the served OpenAPI document.
                .product(name: "Yams", package: "Yams"),
            ],
            path: "Tests/Server/LociServerTests",
            // WireCaptureTests' record of every route's answers (read from the source tree).
            exclude: ["Captures"]
        ),
        // `loci serve`'s application for tests: on a loopback port (`LoopbackServer`: the device
        // client's and the Tidepool app models' tests, and the server's connection tests) or
        // answered through its router in process (`InProcessServer`: the server's route tests).
        .target(
            name: "TidepoolTestServer",
            dependencies: [
                "ServerRepositories", "AccountService", "LociServer", "LociServerStore", "LociTestSupport", "TidepoolEpochs",
                "HeatAggregation", "Personalisation", "PlaceStore", "PlaceKit", "GeoKit", .product(name: "Logging", package: "swift-log"),
                // Requests handed to the router in process (`InProcessServer`).
                .product(name: "Hummingbird", package: "hummingbird"),
                // An area built from an extract and served (`AreaTestServer`: the apps' area tests).
                "AreaBuilder", "AreaKit",
            ],
            path: "Tests/Support/TidepoolTestServer"
        ),
        // The app models against the in-memory fake: no server, no database driver.
        .testTarget(
            name: "TidepoolFeatureTests",
            dependencies: [
                "TidepoolFeature", "TidepoolClient", "TidepoolClientFake", "TidepoolClientContracts", "DeviceContracts",
                "TidepoolKit", "TidepoolTokens", "LociTestSupport", "GeoKit", "InterestCodebook", "InterestKit",
                "LociLocalization",
            ],
            path: "Tests/Tidepool/TidepoolFeatureTests"
        ),
        // The app models end to end against a real `loci serve` on loopback.
        .testTarget(
            name: "TidepoolEndToEndTests",
            dependencies: [
                "TidepoolFeature", "TidepoolTestServer", "TidepoolClient", "TidepoolKit", "TidepoolTokens", "TidepoolEpochs",
                "LociTestSupport",
                "GeoKit", "InterestCodebook", "AccountService", "InterestKit", "InterestIntegrations", "Spotify",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ],
            path: "Tests/Tidepool/TidepoolEndToEndTests"
        ),
        .testTarget(
            name: "TidepoolClientTests",
            dependencies: [
                "TidepoolTestServer", "LociTestSupport", "TidepoolClient", "TidepoolClientContracts", "DeviceContracts", "LociAPI",
                "AccountService", "LociServer", "LociServerStore", "TidepoolEpochs", "TidepoolTokens",
                "HeatAggregation", "Personalisation", "PlaceStore", "PlaceKit", "GeoKit",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/Tidepool/TidepoolClientTests"
        ),
        .testTarget(
            name: "TidepoolSimulationTests",
            dependencies: ["TidepoolSimulation", "PlaceStore", "PlaceKit", "GeoKit", "LociTestSupport"],
            path: "Tests/Tidepool/TidepoolSimulationTests"
        ),
        .testTarget(
            name: "IdentifyKitTests",
            dependencies: ["IdentifyKit", "PlaceImport", "PlaceStore", "PlaceKit", "PhotoMetadata", "GeoKit", "LociTestSupport"],
            path: "Tests/ShootVeil/IdentifyKitTests"
        ),
        .testTarget(name: "AeroAPITests", dependencies: ["AeroAPI", "IdentifyKit", "LociTestSupport"], path: "Tests/ShootVeil/AeroAPITests"),
        .testTarget(name: "AircraftFeedsTests", dependencies: ["AircraftFeeds", "IdentifyKit", "GeoKit", "LockedState", "LociTestSupport"], path: "Tests/ShootVeil/AircraftFeedsTests"),
        .testTarget(
            name: "IdentifyServiceTests",
            dependencies: ["IdentifyService", "IdentifyKit", "PlaceImport", "PlaceStore", "PlaceKit", "GeoKit", "PhotoMetadata", "LociTestSupport"],
            path: "Tests/ShootVeil/IdentifyServiceTests"
        ),
        .testTarget(
            name: "IdentifyPackTests",
            dependencies: [
                "IdentifyPack", "IdentifyPackBuilder", "IdentifyService", "IdentifyKit", "PlaceImport", "PlaceStore",
                "PlaceKit", "GeoKit", "LociTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Tests/ShootVeil/IdentifyPackTests"
        ),
        .testTarget(
            name: "AreaBuilderTests",
            dependencies: ["AreaBuilder", "AreaKit", "IdentifyPack", "PlaceStore", "LociTestSupport"],
            path: "Tests/Areas/AreaBuilderTests"
        ),
        .testTarget(
            name: "AreaDownloadsTests",
            dependencies: [
                "AreaDownloads", "AreaBuilder", "AreaKit", "IdentifyPack", "PlaceStore", "LociServer", "TidepoolTestServer",
                "LockedState", "LociTestSupport",
            ],
            path: "Tests/Areas/AreaDownloadsTests"
        ),
        .testTarget(
            name: "AreasFeatureTests",
            dependencies: [
                "AreasFeature", "AreaPlaces", "AreaDownloads", "AreaBuilder", "AreaKit", "PlaceKit", "GeoKit", "LociServer",
                "TidepoolTestServer", "LockedState", "LociTestSupport", "LociLocalization",
            ],
            path: "Tests/Areas/AreasFeatureTests"
        ),
        .testTarget(
            name: "ShootVeilFeatureTests",
            dependencies: [
                "ShootVeilFeature", "IdentifyKit", "IdentifyKitContracts", "IdentifyService", "IdentifyPack",
                "IdentifyPackBuilder", "PlaceImport",
                "PlaceStore",
                "GeoKit", "LockedState", "LociTestSupport",
                // A downloaded area's pack, from `loci serve --areas` on loopback.
                "AreasFeature", "AreaDownloads", "AreaKit", "TidepoolTestServer",
                "LociLocalization",
            ],
            path: "Tests/ShootVeil/ShootVeilFeatureTests",
            resources: [.copy("Fixtures")]
        ),
        // ShootVeil's models against a real `loci serve` on loopback (aircraft through the server,
        // the still path, zoom, history), beside the offline pack.
        .testTarget(
            name: "ShootVeilServerTests",
            dependencies: [
                "ShootVeilFeature", "IdentifyClient", "IdentifyKit", "IdentifyService", "IdentifyPack", "AircraftFeeds",
                "IdentifyPackBuilder", "IdentifyHistory", "PhotoMetadata", "LociServer", "TidepoolTestServer", "GeoKit",
                "LockedState",
                "LociTestSupport", "LociLocalization",
            ],
            path: "Tests/ShootVeil/ShootVeilServerTests"
        ),
        .testTarget(name: "RoutingKitTests", dependencies: ["RoutingKit", "OSMKit", "GeoKit", "LociTestSupport"], path: "Tests/AndAway/RoutingKitTests"),
        .testTarget(name: "GoogleRoutesTests", dependencies: ["GoogleRoutes", "RoutingKit", "GeoKit", "LociTestSupport"], path: "Tests/AndAway/GoogleRoutesTests"),
        .testTarget(
            name: "WayfindingTests",
            dependencies: ["Wayfinding", "RoutingKit", "PlaceStore", "PlaceKit", "GeoKit", "LociTestSupport"],
            path: "Tests/AndAway/WayfindingTests"
        ),
        .testTarget(name: "LibraryKitTests", dependencies: ["LibraryKit", "GeoKit", "LociTestSupport"], path: "Tests/AndAway/LibraryKitTests"),
        .testTarget(name: "TimestampsTests", dependencies: ["Timestamps"], path: "Tests/Core/TimestampsTests"),
        .testTarget(
            name: "LocalStoreRecoveryTests",
            dependencies: ["LocalStoreRecovery", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Tests/Core/LocalStoreRecoveryTests"
        ),
        .testTarget(
            name: "LociLocalizationTests", dependencies: ["LociLocalization"],
            path: "Tests/Core/LociLocalizationTests", resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "LibraryStoreTests", dependencies: ["LibraryStore", "LibraryKit", "GeoKit", "LockedState", "LociTestSupport"], path: "Tests/AndAway/LibraryStoreTests"),
        .testTarget(
            name: "LibraryServiceTests",
            dependencies: ["LibraryService", "LibraryStore", "LibraryKit", "PlaceStore", "PlaceKit", "GeoKit"],
            path: "Tests/AndAway/LibraryServiceTests"
        ),
        .testTarget(
            name: "LibraryExchangeTests",
            dependencies: ["LibraryExchange", "LibraryStore", "LibraryKit", "GeoKit", "LociTestSupport"],
            path: "Tests/AndAway/LibraryExchangeTests"
        ),
        .testTarget(
            name: "LibrarySyncTests",
            dependencies: ["LibrarySync", "LibraryStore", "LibraryKit", "GeoKit", "LockedState", "SeededRandom"],
            path: "Tests/AndAway/LibrarySyncTests"
        ),
        .testTarget(
            name: "AndAwayFeatureTests",
            dependencies: [
                "AndAwayFeature", "LibrarySync", "LibraryStore", "LibraryKit", "LibraryExchange", "PlaceProviders",
                "GooglePlaces", "PlaceImport", "PlaceStore", "PlaceKit", "RoutingKit", "GeoKit", "LockedState",
                "AppleMapsPlaces", "LociLocalization",
                "LociTestSupport",
                // The offline provider over a downloaded area, from `loci serve --areas` on loopback.
                "AreasFeature", "AreaPlaces", "AreaDownloads", "AreaKit", "TidepoolTestServer",
            ],
            path: "Tests/AndAway/AndAwayFeatureTests"
        ),
        .testTarget(
            name: "InterestKitTests",
            dependencies: ["InterestKit", "PlaceKit", "LociTestSupport"],
            path: "Tests/Tidepool/InterestKitTests",
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "InterestIntegrationsTests",
            dependencies: ["InterestIntegrations", "InterestKit", "GeoKit", "LociTestSupport"],
            path: "Tests/Tidepool/InterestIntegrationsTests",
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "AppLayerChecksTests", dependencies: ["AppLayerChecks"], path: "Tests/Tooling/AppLayerChecksTests", resources: [.copy("Fixtures")]),
        .testTarget(name: "PackageLayersTests", dependencies: ["PackageLayers", "AppLayerChecks"], path: "Tests/Tooling/PackageLayersTests"),
        .testTarget(
            name: "SpotifyTests",
            dependencies: [
                "Spotify", "InterestIntegrations", "InterestKit", "LociTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Tests/Tidepool/SpotifyTests",
            // Read by path, with InterestIntegrationsTests' recorded top items beside them.
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
