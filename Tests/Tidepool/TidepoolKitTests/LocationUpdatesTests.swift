import GeoKit
import Testing
import TidepoolKit

@Suite("Location updates: the adapter's conversion and the replaying fake")
struct LocationUpdatesTests {
    @Test(
        "a fix is used only with a valid, tight accuracy, a coordinate in range and a finite time",
        arguments: [
            (60.17, 24.94, 12.0, 1_000.0, true), (60.17, 24.94, -1.0, 1_000.0, false),
            (60.17, 24.94, 100.0, 1_000.0, true), (60.17, 24.94, 100.5, 1_000.0, false),
            (91.0, 24.94, 5.0, 1_000.0, false), (60.17, 24.94, 5.0, Double.nan, false),
        ])
    func validated(latitude: Double, longitude: Double, accuracy: Double, time: Double, used: Bool) {
        let fix = LocationFix.validated(
            latitude: latitude, longitude: longitude, horizontalAccuracy: accuracy, time: time, appState: .background)
        #expect((fix != nil) == used)
        if let fix {
            #expect(fix.coordinate == Coordinate(uncheckedLatitude: latitude, longitude: longitude))
            #expect(fix.appState == .background)
        }
    }

    @Test("the replayed source yields its updates in order, then ends")
    func replay() async {
        let fix = LocationFix(coordinate: Coordinate(uncheckedLatitude: 60, longitude: 25), time: 5)
        let source = ReplayedLocationUpdates([.permission(.always), .fix(fix), .permission(.denied)])
        var seen: [LocationUpdate] = []
        for await update in source.updates() { seen.append(update) }
        #expect(seen == [.permission(.always), .fix(fix), .permission(.denied)])
        #expect(LocationAuthorization.whenInUse.allowsReporting && !LocationAuthorization.denied.allowsReporting)
        #expect(!LocationAuthorization.restricted.allowsReporting && LocationAuthorization.always.allowsLocation)
    }
}
