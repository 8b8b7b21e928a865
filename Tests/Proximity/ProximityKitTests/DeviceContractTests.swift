import GeoKit
import ProximityKit
import ProximityKitContracts
import Testing

/// A monitor without the limit, to show the contract catches it.
actor UnboundedMonitor: RegionMonitor {
    private var held: [String: MonitorCondition] = [:]
    func add(_ condition: MonitorCondition) async throws(RegionMonitorError) { held[condition.id] = condition }
    func remove(_ conditionID: String) async { held[conditionID] = nil }
    func conditions() async -> [MonitorCondition] { held.values.sorted { $0.id < $1.id } }
    nonisolated var events: AsyncStream<MonitorEvent> { AsyncStream { $0.finish() } }
}

@Suite("The device fakes keep the contracts the live adapters are held to")
struct DeviceContractTests {
    static let helsinki = try! Coordinate(latitude: 60.1699, longitude: 24.9384)

    @Test("the in-memory region monitor keeps the region monitor contract")
    func monitor() async {
        #expect(await RegionMonitorContract.violations(of: InMemoryRegionMonitor(), around: Self.helsinki).isEmpty)
    }

    @Test("a monitor that accepts a 21st condition breaks it")
    func unbounded() async {
        let found = await RegionMonitorContract.violations(of: UnboundedMonitor(), around: Self.helsinki)
        #expect(found.map(\.rule).contains("the 21st condition is refused"))
    }

    @Test("the in-memory authorizer keeps the contract from every status", arguments: LocationAuthorization.allCases)
    func authorizer(status: LocationAuthorization) async {
        for answer in LocationAuthorization.allCases {
            #expect(await LocationAuthorizerContract.violations(of: InMemoryLocationAuthorizer(status: status, answer: answer)).isEmpty)
        }
    }

    @Test("the in-memory significant-change source, locator, motion source and poster keep their contracts")
    func others() async throws {
        #expect(await SignificantChangeContract.violations(of: InMemorySignificantChangeSource()).isEmpty)
        let locator = InMemoryOneShotLocator()
        locator.set(LocationFix(coordinate: Self.helsinki, accuracy: 10, time: 100))
        #expect(await OneShotLocatorContract.violations(of: locator).isEmpty)
        #expect(await OneShotLocatorContract.violations(of: InMemoryOneShotLocator()).isEmpty)
        #expect(MotionActivityContract.violations(of: InMemoryMotionActivitySource()).isEmpty)
        #expect(await NotificationPosterContract.violations(of: InMemoryNotificationPoster()).isEmpty)
    }

    @Test("a stopped significant-change source delivers nothing")
    func stoppedSource() async {
        let source = InMemorySignificantChangeSource()
        #expect(!source.deliver(LocationFix(coordinate: Self.helsinki, accuracy: 10, time: 1)))
        await source.start()
        #expect(source.deliver(LocationFix(coordinate: Self.helsinki, accuracy: 10, time: 2)))
    }

    @Test("an Always request from When In Use prompts once; a dismissed prompt leaves When In Use")
    func upgradePrompt() async {
        let authorizer = InMemoryLocationAuthorizer(status: .whenInUse, answer: .denied)
        #expect(await authorizer.request(.always) == .whenInUse)
        #expect(authorizer.prompts == 1)
        let granted = InMemoryLocationAuthorizer(status: .notDetermined, answer: .always)
        #expect(await granted.request(.whenInUse) == .whenInUse)
        #expect(await granted.request(.always) == .always)
    }
}
