import Foundation
import ProximityKit
import Testing

/// The conversions the live adapters call on a reading's fields (CoreLocation, CoreMotion,
/// UserNotifications), tested here so the adapters only read fields.
@Suite("Device readings into the kit's values")
struct DeviceReadingTests {
    @Test("a location becomes a fix only with a valid accuracy and coordinate")
    func fixes() {
        let fix = LocationFix(latitude: 60.17, longitude: 24.94, horizontalAccuracy: 35, timestamp: 1_700_000_000)
        #expect(fix?.accuracy == 35)
        #expect(fix?.time == 1_700_000_000)
        #expect(fix?.coordinate.latitude == 60.17)
        #expect(fix?.coordinate.longitude == 24.94)
        #expect(LocationFix(latitude: 60.17, longitude: 24.94, horizontalAccuracy: -1, timestamp: 0) == nil, "CoreLocation's 'invalid'")
        #expect(LocationFix(latitude: 91, longitude: 24.94, horizontalAccuracy: 10, timestamp: 0) == nil)
        #expect(LocationFix(latitude: 60.17, longitude: 24.94, horizontalAccuracy: .nan, timestamp: 0) == nil)
    }

    @Test("motion flags: the fastest activity set wins")
    func motionFlags() {
        #expect(MotionActivity(stationary: true, walking: false, running: false, cycling: false, automotive: true) == .automotive)
        #expect(MotionActivity(stationary: false, walking: true, running: true, cycling: true, automotive: false) == .cycling)
        #expect(MotionActivity(stationary: false, walking: true, running: true, cycling: false, automotive: false) == .running)
        #expect(MotionActivity(stationary: true, walking: true, running: false, cycling: false, automotive: false) == .walking)
        #expect(MotionActivity(stationary: true, walking: false, running: false, cycling: false, automotive: false) == .stationary)
        #expect(MotionActivity(stationary: false, walking: false, running: false, cycling: false, automotive: false) == .unknown)
    }

    @Test("a notification's payload round-trips through userInfo; a foreign or mistyped one is not ours")
    func payload() {
        let posted = PostedNotification(
            identifier: "trip:t1/place:p1", plannerID: "1000:p1", title: "Ateneum", body: "Ateneum — 300 m north",
            threadID: "trip:t1", categoryID: NotificationCategory.placeID, tripID: "t1", placeIDs: ["p1", "p2"])
        let payload = NotificationPayload(posted)
        let read = NotificationPayload(userInfo: payload.userInfo)
        #expect(read == payload)
        #expect(
            read?.notification(
                identifier: posted.identifier, title: posted.title, body: posted.body, threadID: posted.threadID,
                categoryID: posted.categoryID) == posted)
        #expect(NotificationPayload(userInfo: ["aps": "other"]) == nil)
        #expect(NotificationPayload(userInfo: ["proximity.trip": "t1", "proximity.places": "p1"]) == nil, "places must be a list")
    }
}
