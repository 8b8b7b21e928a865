import CoreLocation

public actor RegionWatcher {
    private var monitor: CLMonitor?

    public func watch(latitude: Double, longitude: Double) async {
        let monitor = await CLMonitor("fixture")
        let center = CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
        await monitor.add(CLMonitor.CircularGeographicCondition(center: center, radius: 200), identifier: "place")
        self.monitor = monitor
    }
}
