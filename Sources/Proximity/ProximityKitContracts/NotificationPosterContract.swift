import DeviceContracts
import ProximityKit

/// The contract of ``ProximityKit/NotificationPoster``.
public enum NotificationPosterContract {
    /// Checks `poster` (authorized, with nothing of the contract's delivered): an unregistered
    /// category is refused; after registering ``ProximityKit/NotificationCategory/place``, posting
    /// the same identifier twice leaves one delivered (the latest); removing it removes it.
    public static func violations(of poster: some NotificationPoster) async -> [ContractViolation] {
        var found: [ContractViolation] = []
        func note(_ title: String, category: String = NotificationCategory.placeID) -> PostedNotification {
            PostedNotification(
                identifier: "contract:trip/place", plannerID: "0:contract", title: title, body: "Contract — 100 m north",
                threadID: "trip:contract", categoryID: category, tripID: "contract", placeIDs: ["contract"])
        }
        do {
            try await poster.post(note("unknown", category: "contract.unknown"))
            found.append(.init(rule: "an unregistered category is refused", observed: "it was posted"))
        } catch {
            if case .unknownCategory = error {} else {
                found.append(.init(rule: "an unregistered category is refused as unknownCategory", observed: "\(error)"))
            }
        }
        await poster.register([.place])
        do {
            try await poster.post(note("first"))
            try await poster.post(note("second"))
        } catch {
            found.append(.init(rule: "a registered category posts", observed: "\(error)"))
        }
        let delivered = await poster.delivered().filter { $0.identifier == "contract:trip/place" }
        if delivered.map(\.title) != ["second"] {
            found.append(.init(rule: "the same identifier replaces the earlier one", observed: "\(delivered.map(\.title))"))
        }
        await poster.remove(identifiers: ["contract:trip/place"])
        if await poster.delivered().contains(where: { $0.identifier == "contract:trip/place" }) {
            found.append(.init(rule: "remove(identifiers:) removes", observed: "still delivered"))
        }
        return found
    }
}
