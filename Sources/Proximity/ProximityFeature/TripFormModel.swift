import Foundation
import Observation
import ProximityKit
import ProximityStore

/// The fields of the trip form.
public struct TripDraft: Sendable, Equatable {
    /// Name.
    public var name = ""
    /// First day `YYYY-MM-DD`, or `nil` for open.
    public var startDate: String?
    /// Last day `YYYY-MM-DD`, or `nil` for open.
    public var endDate: String?
    /// Alert radius, metres (``ProximityKit/TripValidation/radiusRange``).
    public var alertRadius = 500.0
    /// Quiet hours, or `nil`.
    public var quietHours: QuietHours?
    /// Switched on.
    public var isActive = true
    /// The trip's IANA zone (the device zone for a new trip).
    public var timeZone = "UTC"

    /// An empty draft in `timeZone`.
    public init(timeZone: String = "UTC") { self.timeZone = timeZone }

    /// A draft of an existing trip.
    public init(_ trip: Trip) {
        name = trip.name
        startDate = trip.startDate
        endDate = trip.endDate
        alertRadius = trip.alertRadius
        quietHours = trip.quietHours
        isActive = trip.isActive
        timeZone = trip.timeZone
    }

    /// The trip these fields describe, with `id`.
    public func trip(id: String) -> Trip {
        Trip(
            id: id, name: name.trimmingCharacters(in: .whitespaces), startDate: startDate, endDate: endDate, isActive: isActive,
            alertRadius: alertRadius, quietHours: quietHours, timeZone: timeZone)
    }

    /// Sets the first day from a date picker's value (the day in the trip's zone); `nil` clears it.
    public mutating func setStart(_ date: Date?) { startDate = date.map { TripPhase.day($0, zone: timeZone) } }

    /// Sets the last day from a date picker's value; `nil` clears it.
    public mutating func setEnd(_ date: Date?) { endDate = date.map { TripPhase.day($0, zone: timeZone) } }
}

/// Create or edit a trip: the draft, validation by ``ProximityKit/TripValidation`` (the error
/// names its field), and save (create, or ``ProximityStore/TripService/update(_:)``).
@MainActor @Observable
public final class TripFormModel {
    /// Whether it creates or edits.
    public enum Mode: Sendable, Equatable {
        /// A new trip.
        case create
        /// The trip with this id.
        case edit(tripID: String)
    }

    /// The fields.
    public var draft: TripDraft
    /// Create or edit.
    public let mode: Mode
    /// The field at fault and why, after a failed ``validate()`` or ``save()``.
    public private(set) var error: ProximityFieldError?

    @ObservationIgnored private let environment: ProximityEnvironment
    @ObservationIgnored private let changed: @MainActor () async -> Void

    /// A form for a new trip in `timeZone`.
    public init(creatingIn timeZone: String, environment: ProximityEnvironment, changed: @escaping @MainActor () async -> Void = {}) {
        draft = TripDraft(timeZone: timeZone)
        mode = .create
        self.environment = environment
        self.changed = changed
    }

    /// A form editing `trip`.
    public init(editing trip: Trip, environment: ProximityEnvironment, changed: @escaping @MainActor () async -> Void = {}) {
        draft = TripDraft(trip)
        mode = .edit(tripID: trip.id)
        self.environment = environment
        self.changed = changed
    }

    /// The honest latency of background alerts for the draft's radius, shown under it: how far
    /// before a place the user is told at best (the radius less the refresh region iOS watches
    /// when walking), and that it is often a minute or two late.
    public var latencyNotice: String { environment.latencyNotice(radius: draft.alertRadius) }

    /// ``error`` as a sentence in the person's language (``ProximityCopy/fieldError(_:in:)``).
    public var errorMessage: String? { error.map { ProximityCopy.fieldError($0) } }

    /// The error's field, if any (`name`, `alert_radius_m`, `end_date`, …), to highlight it.
    public var invalidField: String? { error?.field }

    /// Checks the draft; returns whether it can be saved.
    @discardableResult
    public func validate() -> Bool {
        do {
            try TripValidation.check(draft.trip(id: "draft"))
            error = nil
            return true
        } catch {
            self.error = error
            return false
        }
    }

    /// Saves the trip; returns it, or `nil` with ``error`` set.
    public func save() async -> Trip? {
        guard validate() else { return nil }
        do {
            let saved: Trip
            switch mode {
            case .create:
                saved = try environment.trips.create(
                    name: draft.name, startDate: draft.startDate, endDate: draft.endDate, isActive: draft.isActive,
                    alertRadius: draft.alertRadius, quietHours: draft.quietHours, timeZone: draft.timeZone)
            case .edit(let id):
                saved = try environment.trips.update(draft.trip(id: id))
            }
            await changed()
            return saved
        } catch {
            if case .store(let field) = error { self.error = field } else { self.error = ProximityFieldError(field: nil, error.description) }
            return nil
        }
    }
}
