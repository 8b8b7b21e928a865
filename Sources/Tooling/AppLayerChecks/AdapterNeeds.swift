/// What an app's configuration must carry, derived from what its code imports and calls.
///
/// One row per framework the adapters use: Photos needs the photo library usage string;
/// CoreLocation the when-in-use string, and the always string when it asks for Always or monitors
/// regions or significant changes (wake-ups that need Always); background
/// location the `location` background mode; AVFoundation capture the camera string; CoreMotion
/// the motion string; `BGTaskScheduler` permitted identifiers; CloudKit the iCloud container,
/// the push entitlement (`aps-environment`) and the `remote-notification` mode; App Attest
/// (`DCAppAttestService`) the `com.apple.developer.devicecheck.appattest-environment`
/// entitlement (without it every attestation fails on a device). Required-reason
/// APIs (UserDefaults, file timestamps, boot time, disk space) must be declared in the privacy
/// manifest; they are looked for in every module the app links, root-package modules included
/// (the gazetteer's cache reads file times).
public struct AdapterNeeds: Sendable, Equatable {
    /// A requirement and the code that caused it.
    public struct Need<Value: Sendable & Hashable>: Sendable, Hashable {
        /// What must be present.
        public var value: Value
        /// Why: the file (and what in it) that needs it.
        public var reason: String
    }

    /// Info.plist keys that must hold a non-empty string.
    public var usageStrings: [Need<String>] = []
    /// Values `UIBackgroundModes` must contain.
    public var backgroundModes: [Need<String>] = []
    /// Whether `BGTaskSchedulerPermittedIdentifiers` must list at least one identifier.
    public var taskIdentifiers: [Need<Bool>] = []
    /// Whether the entitlements must name an iCloud container with the CloudKit service.
    public var cloudKit: [Need<Bool>] = []
    /// Whether the entitlements must set App Attest's environment (`development` or `production`).
    public var appAttest: [Need<Bool>] = []
    /// `NSPrivacyAccessedAPIType` values the privacy manifest must declare.
    public var requiredReasonAPIs: [Need<String>] = []

    /// Creates an empty set of needs.
    public init() {}

    /// The needs of the Swift sources given as (relative path, text) pairs.
    public init(sources: [(path: String, text: String)]) {
        for (path, text) in sources {
            add(path: path, text: text)
        }
    }

    private mutating func add(path: String, text: String) {
        let modules = Set(SwiftImport.imports(in: text).map(\.module))
        func need(_ key: String, _ why: String) {
            usageStrings.append(Need(value: key, reason: "\(path) \(why)"))
        }
        if modules.contains("Photos") { need("NSPhotoLibraryUsageDescription", "imports Photos") }
        if modules.contains("CoreLocation") {
            need("NSLocationWhenInUseUsageDescription", "imports CoreLocation")
            if text.contains("requestAlwaysAuthorization") || text.contains("authorization: .always") {
                need("NSLocationAlwaysAndWhenInUseUsageDescription", "asks for Always location")
            } else if Self.wakeUpMarkers.contains(where: text.contains) {
                need(
                    "NSLocationAlwaysAndWhenInUseUsageDescription",
                    "monitors regions or significant changes, which wake the app only with Always")
            }
            if text.contains("allowsBackgroundLocationUpdates")
                || text.contains("CLBackgroundActivitySession")
            {
                backgroundModes.append(
                    Need(value: "location", reason: "\(path) updates location in the background"))
            }
        }
        if modules.contains("AVFoundation"),
            text.contains("AVCaptureDevice") || text.contains("AVCaptureSession")
        {
            need("NSCameraUsageDescription", "captures from the camera")
        }
        if modules.contains("CoreMotion") { need("NSMotionUsageDescription", "imports CoreMotion") }
        if modules.contains("BackgroundTasks"), text.contains("BGTaskScheduler") {
            taskIdentifiers.append(Need(value: true, reason: "\(path) uses BGTaskScheduler"))
        }
        if modules.contains("CloudKit") {
            cloudKit.append(Need(value: true, reason: "\(path) imports CloudKit"))
            backgroundModes.append(
                Need(value: "remote-notification", reason: "\(path) imports CloudKit (sync pushes)"))
        }
        if modules.contains("DeviceCheck"), text.contains("DCAppAttestService") {
            appAttest.append(Need(value: true, reason: "\(path) attests keys with DCAppAttestService"))
        }
        for (marker, category) in Self.requiredReasonMarkers where text.contains(marker) {
            requiredReasonAPIs.append(Need(value: category, reason: "\(path) uses \(marker)"))
        }
    }

    /// Source text that means the app wants background wake-ups from CoreLocation (region
    /// monitoring, significant changes): without the Always usage string the user can never grant
    /// Always (neither the prompt nor Settings offers it), so the wake-ups never come.
    static let wakeUpMarkers = [
        "CLMonitor", "startMonitoringSignificantLocationChanges", "startMonitoring(for:", "CLCircularRegion",
    ]

    /// Source text that means a required-reason API is used, and its privacy-manifest category.
    static let requiredReasonMarkers: [(String, String)] = [
        ("UserDefaults", "NSPrivacyAccessedAPICategoryUserDefaults"),
        ("attributesOfItem", "NSPrivacyAccessedAPICategoryFileTimestamp"),
        ("contentModificationDateKey", "NSPrivacyAccessedAPICategoryFileTimestamp"),
        ("creationDateKey", "NSPrivacyAccessedAPICategoryFileTimestamp"),
        ("st_mtim", "NSPrivacyAccessedAPICategoryFileTimestamp"),
        ("systemUptime", "NSPrivacyAccessedAPICategorySystemBootTime"),
        ("volumeAvailableCapacity", "NSPrivacyAccessedAPICategoryDiskSpace"),
    ]
}
