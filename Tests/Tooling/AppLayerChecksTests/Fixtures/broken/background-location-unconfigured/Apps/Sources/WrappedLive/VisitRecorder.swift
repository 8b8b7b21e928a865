import CoreLocation

@MainActor
public final class VisitRecorder {
    private let manager = CLLocationManager()
    private var session: CLBackgroundActivitySession?

    public func start() {
        manager.requestAlwaysAuthorization()
        session = CLBackgroundActivitySession()
    }
}
