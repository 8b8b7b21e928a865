import Foundation
import GeoKit
import HeatAggregation
import PlaceKit

/// A venue people can spend time at, with its synthetic interest direction and popularity.
struct Venue: Sendable {
    var coordinate: Coordinate
    var category: String
    var popularity: Double
}

/// One simulated person: Home, maybe a workplace, an interest vector and a day plan.
struct SimulatedPerson: Sendable {
    var home: Coordinate
    var work: Coordinate?
    /// Work hours, local time.
    var workHours: Range<Double>
    /// The evening outing: venue index and local hours, if any.
    var outing: (venue: Int, hours: Range<Double>)?
    /// The daytime outing of someone not at work (shops, a gym, a park), if any.
    var errand: (venue: Int, hours: Range<Double>)?
    /// Unit interest vector.
    var interest: [Float]
    /// Chance the app is in the foreground during an epoch.
    var foregroundShare: Double

    /// Whether the person is at Home for the whole of the local hours `hours` (within one day).
    func isHome(throughout hours: Range<Double>) -> Bool {
        let from = hours.lowerBound.truncatingRemainder(dividingBy: 24)
        let local = from..<(from + hours.upperBound - hours.lowerBound)
        if let outing, outing.hours.overlaps(local) { return false }
        if let errand, errand.hours.overlaps(local) { return false }
        if work != nil, workHours.overlaps(local) { return false }
        return local.upperBound <= 24
    }

    /// Where the person is at local hour `hour`.
    func place(at hour: Double, venues: [Venue]) -> Coordinate {
        let hour = hour.truncatingRemainder(dividingBy: 24)
        if let outing, outing.hours.contains(hour) { return venues[outing.venue].coordinate }
        if let errand, errand.hours.contains(hour) { return venues[errand.venue].coordinate }
        if let work, workHours.contains(hour) { return work }
        return home
    }
}

/// Builds the synthetic population from real places: interests are mixtures of random unit
/// "topic" vectors (issue 7's embeddings are not built yet), each venue category leans to one
/// topic, and evening venues are chosen by popularity × interest match.
struct SyntheticPopulation {
    /// Categories of evening venues.
    static let eveningCategories: Set<String> = [
        "cafe", "restaurant", "bar", "pub", "biergarten", "nightclub", "brewery", "winery", "cinema",
        "theatre",
        "concert_hall", "museum", "gallery", "arts_centre", "fitness", "swimming", "sauna", "stadium",
        "food_court",
        "ice_cream", "library", "park",
    ]
    /// Categories whose surroundings are suppressed.
    static let sensitiveCategories: [PlaceCategory.ID] = [
        "school", "kindergarten", "hospital", "clinic", "place_of_worship",
    ]

    var topics: [[Float]]
    var categoryTopic: [String: Int]
    var venues: [Venue]
    var people: [SimulatedPerson]

    /// A random unit vector in `dimension` dimensions.
    static func unitVector(_ dimension: Int, using random: inout some RandomNumberGenerator) -> [Float] {
        var vector = (0..<dimension).map { _ in Float(gaussian(using: &random)) }
        normalise(&vector)
        return vector
    }

    /// Scales a vector to unit length (leaves a zero vector alone).
    static func normalise(_ vector: inout [Float]) {
        let norm = vector.reduce(Float(0)) { $0 + $1 * $1 }.squareRoot()
        if norm > 0 { for index in vector.indices { vector[index] /= norm } }
    }

    /// A standard normal draw (Box–Muller).
    static func gaussian(using random: inout some RandomNumberGenerator) -> Double {
        let u1 = Double.random(in: Double.leastNonzeroMagnitude...1, using: &random)
        let u2 = Double.random(in: 0..<1, using: &random)
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// Cosine of two unit vectors.
    static func dot(_ a: [Float], _ b: [Float]) -> Double {
        var sum: Float = 0
        for index in 0..<min(a.count, b.count) { sum += a[index] * b[index] }
        return Double(sum)
    }

    init(places: [Place], options: SimulationOptions, using random: inout some RandomNumberGenerator)
        throws(SimulationError)
    {
        let dimension = max(1, options.dimension)
        topics = (0..<options.topics).map { _ in Self.unitVector(dimension, using: &random) }
        var categoryTopic: [String: Int] = [:]
        for category in Set(places.map { $0.category }).sorted() {
            categoryTopic[category] = Int.random(in: 0..<options.topics, using: &random)
        }
        self.categoryTopic = categoryTopic
        // Popularity: Pareto(α = 1.2) scaled by the OSM importance prior.
        venues = places.filter { Self.eveningCategories.contains($0.category) }.map { place in
            let pareto = pow(Double.random(in: 0.0001...1, using: &random), -1 / 1.2)
            return Venue(
                coordinate: place.coordinate, category: place.category,
                popularity: pareto * (0.5 + place.importance))
        }
        let workplaces = places.filter { !Self.eveningCategories.contains($0.category) }
        guard venues.count >= 50 else {
            throw .tooFewPlaces(kind: "evening-venue", found: venues.count, needed: 50)
        }
        guard workplaces.count >= 50 else {
            throw .tooFewPlaces(kind: "workplace", found: workplaces.count, needed: 50)
        }
        let anchors = places
        var people: [SimulatedPerson] = []
        people.reserveCapacity(options.users)
        // Venue draws weighted by popularity (binary search in the cumulative weights).
        let totalPopularity = venues.reduce(0) { $0 + $1.popularity }
        let venuesSnapshot = venues
        let categoryTopicSnapshot = categoryTopic
        let topicsSnapshot = topics
        let cumulative = venuesSnapshot.reduce(into: [Double]()) { $0.append(($0.last ?? 0) + $1.popularity) }
        func weightedVenue() -> Int {
            let target = Double.random(in: 0..<totalPopularity, using: &random)
            var low = 0
            var high = cumulative.count - 1
            while low < high {
                let middle = (low + high) / 2
                if cumulative[middle] > target { high = middle } else { low = middle + 1 }
            }
            return low
        }
        for _ in 0..<options.users {
            // Home: 50–400 m from a random place (people live among the places).
            let anchor = anchors[Int.random(in: 0..<anchors.count, using: &random)].coordinate
            let home =
                (try? Spherical.destination(
                    from: anchor, bearing: Double.random(in: 0..<360, using: &random),
                    distance: Double.random(in: 50...400, using: &random))) ?? anchor
            let employed = Double.random(in: 0..<1, using: &random) < 0.75
            let work =
                employed ? workplaces[Int.random(in: 0..<workplaces.count, using: &random)].coordinate : nil
            let workStart = Double.random(in: 7.5...9.5, using: &random)
            let workEnd = workStart + Double.random(in: 7.5...9, using: &random)
            // Interests: 2–3 topics with random weights plus a little individual noise.
            var interest = [Float](repeating: 0, count: dimension)
            for _ in 0..<Int.random(in: 2...3, using: &random) {
                let topic = topics[Int.random(in: 0..<topics.count, using: &random)]
                let weight = Float.random(in: 0.3...1, using: &random)
                for index in 0..<dimension { interest[index] += weight * topic[index] }
            }
            let noise = Self.unitVector(dimension, using: &random)
            for index in 0..<dimension { interest[index] += 0.3 * noise[index] }
            Self.normalise(&interest)
            // A venue: the best interest match among 12 popular candidates.
            func matchedVenue() -> Int {
                var best = weightedVenue()
                var bestScore = -Double.infinity
                for _ in 0..<12 {
                    let candidate = weightedVenue()
                    let topic = categoryTopicSnapshot[venuesSnapshot[candidate].category] ?? 0
                    let score = 4 * Self.dot(interest, topicsSnapshot[topic]) + Self.gaussian(using: &random) * 0.5
                    if score > bestScore {
                        bestScore = score
                        best = candidate
                    }
                }
                return best
            }
            // Evening: 60 % go out for 1.5–4 h (with the daytime errand, people are away from
            // Home about 9 hours on average: a workday and an evening, or errands and an evening).
            var outing: (Int, Range<Double>)?
            if Double.random(in: 0..<1, using: &random) < 0.6 {
                let venue = matchedVenue()
                let start = max(workEnd, Double.random(in: 17.25...20.5, using: &random))
                outing = (venue, start..<(start + Double.random(in: 1.5...4, using: &random)))
            }
            // Daytime: someone without a workplace spends 2–5 h at a venue from 10–14 h.
            var errand: (Int, Range<Double>)?
            if !employed {
                let venue = matchedVenue()
                let start = Double.random(in: 10...14, using: &random)
                errand = (venue, start..<(start + Double.random(in: 2...5, using: &random)))
            }
            people.append(
                SimulatedPerson(
                    home: home, work: work, workHours: workStart..<workEnd, outing: outing, errand: errand,
                    interest: interest,
                    foregroundShare: Double.random(in: 0.1...0.6, using: &random)))
        }
        self.people = people
    }
}
