import GeoKit

/// What a replay produced and how good it was.
///
/// * **duplicates**: announcements of a place while an earlier announcement of it is within the
///   cooldown (the design says zero).
/// * **missed**: places the recorded path passed within their radius — at least
///   ``PlannerConfiguration/dwellFixes`` consecutive fixes confidently inside (the accuracy circle
///   within the radius, as the planner requires; one is enough after a gap of
///   ``PlannerConfiguration/sparseGap``, as for the planner), or a straight stretch between
///   fixes more than ``PlannerConfiguration/sparseGap`` apart crossing the circle — while their
///   trip was active and nothing in their context (closed, quiet hours, meal times) held them
///   back, and that were never announced. A single fix inside counts as GPS noise, as it does for
///   the planner's dwell.
/// * **lead distance**: how far along the path before the closest approach the user was told
///   (negative: told after passing it).
public struct ReplayReport: Sendable {
    /// A notification and the index of the fix it was decided at.
    public struct Entry: Sendable, Equatable {
        /// The notification.
        public var notification: ProximityNotification
        /// Index in the replayed fixes.
        public var fixIndex: Int
    }

    /// A place passed but never announced.
    public struct Miss: Sendable, Equatable {
        /// The place.
        public var placeID: String
        /// Its name.
        public var name: String
        /// Closest approach, metres.
        public var closestDistance: Double
        /// When (seconds since 1970).
        public var time: Double
    }

    /// Notifications in time order.
    public let timeline: [Entry]
    /// Fix indices at which the app ran.
    public let wakeIndices: [Int]
    /// How the app was woken.
    public let mode: WakeupMode
    /// Announcements repeated within the cooldown.
    public let duplicates: Int
    /// Places passed and never announced.
    public let missed: [Miss]
    /// Lead distance per announced place (metres along the path), first announcement each.
    public let leadDistances: [String: Double]
    /// Track duration, seconds.
    public let duration: Double
    /// Path length, metres (sum of the distances between consecutive fixes).
    public let length: Double

    /// Steps that planned the monitored regions again (the OS's regions replaced).
    public internal(set) var replans = 0
    /// Re-plans per hour of track.
    public var replansPerHour: Double { duration > 0 ? Double(replans) / (duration / 3_600) : 0 }

    /// Wake-ups per hour of track.
    public var wakeupsPerHour: Double { duration > 0 ? Double(wakeIndices.count) / (duration / 3_600) : 0 }

    init(fixes: [LocationFix], planner: ProximityPlanner, notifications: [Entry], wakeIndices: [Int], mode: WakeupMode) {
        timeline = notifications
        self.wakeIndices = wakeIndices
        self.mode = mode
        duration = (fixes.last?.time ?? 0) - (fixes.first?.time ?? 0)
        var along = [0.0]
        along.reserveCapacity(fixes.count)
        for (a, b) in zip(fixes, fixes.dropFirst()) { along.append(along.last! + Haversine.distance(a.coordinate, b.coordinate)) }
        length = along.last ?? 0

        var lastAnnounced: [String: Double] = [:]
        var duplicateCount = 0
        var firstAnnouncement: [String: Int] = [:]
        for entry in notifications {
            for id in entry.notification.placeIDs {
                if let last = lastAnnounced[id], entry.notification.time - last < planner.configuration.cooldown { duplicateCount += 1 }
                lastAnnounced[id] = entry.notification.time
                if firstAnnouncement[id] == nil { firstAnnouncement[id] = entry.fixIndex }
            }
        }
        duplicates = duplicateCount

        let passes = Self.passes(fixes, planner)
        var leads: [String: Double] = [:]
        for (id, index) in firstAnnouncement {
            guard let place = planner.catalog.place(id) else { continue }
            // The closest fix within the visit: from the announcement until the user is beyond twice
            // the radius (or an hour).
            var best = index
            var scan = index
            let leave = (planner.catalog.trips[place.tripID].map(place.radius(in:)) ?? planner.catalog.maximumRadius) * 2 + 100
            var bestDistance = Haversine.distance(fixes[index].coordinate, place.coordinate)
            while scan < fixes.count, fixes[scan].time - fixes[index].time <= 3_600 {
                let distance = Haversine.distance(fixes[scan].coordinate, place.coordinate)
                if distance < bestDistance {
                    best = scan
                    bestDistance = distance
                } else if distance > leave {
                    break  // the visit is over: the user is well beyond the radius
                }
                scan += 1
            }
            let back = passes[id].map { $0.closestIndex } ?? best
            let closest = back < index && Haversine.distance(fixes[back].coordinate, place.coordinate)
                < Haversine.distance(fixes[best].coordinate, place.coordinate) ? back : best
            leads[id] = along[closest] - along[index]
        }
        leadDistances = leads
        missed = passes.filter { firstAnnouncement[$0.key] == nil }.map { id, pass in
            Miss(placeID: id, name: planner.catalog.place(id)?.name ?? id, closestDistance: pass.closest, time: fixes[pass.closestIndex].time)
        }.sorted { ($0.time, $0.placeID) < ($1.time, $1.placeID) }
    }

    /// Places the path passed within their radius while they could be announced (see the type's
    /// documentation), with the closest approach.
    static func passes(_ fixes: [LocationFix], _ planner: ProximityPlanner) -> [String: (closest: Double, closestIndex: Int)] {
        let catalog = planner.catalog
        let configuration = planner.configuration
        var result: [String: (closest: Double, closestIndex: Int)] = [:]
        var run: [String: Int] = [:]
        var previous: LocationFix?
        for (index, fix) in fixes.enumerated() {
            defer { previous = fix }
            guard fix.accuracy >= 0, fix.accuracy <= configuration.maximumAccuracy else { continue }
            let reach = catalog.maximumRadius
            let sparse = previous.map { fix.time - $0.time > configuration.sparseGap } ?? false
            let previousGap = previous.map { fix.time - $0.time } ?? .infinity
            let searchRadius = sparse ? reach + Haversine.distance(previous!.coordinate, fix.coordinate) : reach
            var inside = Set<String>()
            for neighbour in (try? catalog.index.within(radius: searchRadius, of: fix.coordinate)) ?? [] {
                let place = catalog.places[neighbour.index]
                guard let trip = catalog.activeTrip(of: place, at: fix.time) else { continue }
                let distance = neighbour.distance
                let radius = place.radius(in: trip)
                let isInside = distance + fix.accuracy <= radius
                guard isInside || sparse, planner.blocker(place, trip, PlaceState(), fix.time, snoozed: [:]) == nil else { continue }
                var counts = false
                if isInside {
                    inside.insert(place.id)
                    run[place.id, default: 0] += 1
                    counts = run[place.id]! >= configuration.dwellFixes || (run[place.id] == 1 && previousGap >= configuration.sparseGap)
                } else if sparse, let previous,
                    Spherical.distance(from: place.coordinate, toSegment: previous.coordinate, fix.coordinate)
                        + max(previous.accuracy, fix.accuracy) <= radius
                {
                    counts = true
                }
                if counts, distance < result[place.id]?.closest ?? .infinity {
                    result[place.id] = (distance, index)
                }
            }
            for id in run.keys where !inside.contains(id) { run[id] = nil }
        }
        return result
    }
}
