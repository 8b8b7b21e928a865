import Foundation
import TidepoolClient

extension InMemoryTidepoolServer {
    /// Three places in central Helsinki (the ids and names `ClientTestServer` serves too).
    public static let samplePlaces: [TidepoolPlace] = [
        place("osm:node/1", "Cafe Regatta", "cafe", 60.1836, 24.9110),
        place("osm:node/2", "Ateneum", "museum", 60.1700, 24.9441),
        place("osm:node/4", "Cafe Ekberg", "cafe", 60.1634, 24.9384),
    ]

    /// Three interest tags over 3-dimensional one-hot vectors.
    public static let sampleInterests: [String: [Double]] = [
        "coffee": [1, 0, 0], "art": [0, 1, 0], "hiking": [0, 0, 1],
    ]

    /// A place as the server describes one.
    public static func place(_ id: String, _ name: String, _ category: String, _ lat: Double, _ lon: Double)
        -> TidepoolPlace
    {
        TidepoolPlace(
            id: id, name: name, category: category, lat: lat, lon: lon, categoryName: category.capitalized,
            symbol: "mappin", color: "#3366cc", alternativeNames: [], importance: 0.5,
            tags: .init(additionalProperties: ["amenity": category]))
    }

    static let modelVersion = "fake-interests-1"

    func search(
        _ query: String?, latitude: Double?, longitude: Double?, radius: Double?, limit: Int?,
        viewer: TidepoolCredentials?
    ) throws(TidepoolClientError) -> TidepoolSearchResults {
        if let limit, !(1...100).contains(limit) {
            throw .invalidParameter(message: "limit \(limit) is outside 1...100")
        }
        let profile = viewer.flatMap { viewer in state.withLock { $0.devices[viewer.deviceID]?.profile } }
        let needle = query?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        var results: [TidepoolSearchResult] = []
        for place in configuration.places {
            let name = place.name?.lowercased() ?? ""
            let match: String
            if needle.isEmpty {
                match = "nearby"
            } else if name.contains(needle) {
                match = "name"
            } else if place.category.lowercased().contains(needle) {
                match = "category"
            } else {
                continue
            }
            let distance = latitude.flatMap { lat in
                longitude.map { lon in Self.meters(lat, lon, place.lat, place.lon) }
            }
            if let distance, let radius, distance > radius { continue }
            let liked = profile?.tags.first { Self.tag($0, fits: place.category) }
            let interest = liked == nil ? 0.0 : 1.0
            // As the server does: a reason only where the profile explains the rank.
            let reason = liked.map { "matches your interest in \($0)" }
            results.append(
                TidepoolSearchResult(
                    id: place.id, name: place.name, category: place.category, lat: place.lat, lon: place.lon,
                    distanceM: distance, score: interest + 1 / (1 + (distance ?? 0) / 1_000), match: match,
                    heat: 0, interest: interest, reason: reason))
        }
        results.sort { $0.score != $1.score ? $0.score > $1.score : $0.id < $1.id }
        return TidepoolSearchResults(
            results: Array(results.prefix(limit ?? 20)), personalised: profile != nil,
            fallbackReason: profile == nil ? "no profile: ranked by distance and match" : nil,
            modelVersion: Self.modelVersion)
    }

    /// Whether interest `tag` fits a place of `category` (coffee → cafe, art → museum).
    static func tag(_ tag: String, fits category: String) -> Bool {
        switch tag {
        case "coffee": category == "cafe"
        case "art": category == "museum" || category == "gallery"
        default: tag == category
        }
    }

    static func meters(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let north = (lat2 - lat1) * 111_195
        let east = (lon2 - lon1) * 111_195 * cos(lat1 * .pi / 180)
        return (north * north + east * east).squareRoot()
    }

    func profile(_ credentials: TidepoolCredentials) throws(TidepoolClientError) -> TidepoolProfile {
        try withDevice(credentials) { device, _ throws(TidepoolClientError) in
            guard let profile = device.profile else {
                throw .notFound(message: "no profile set for this device")
            }
            return profile
        }
    }

    func setProfile(
        _ credentials: TidepoolCredentials, tags: [String]?, vector: [Double]?,
        integrations: [String: String]?
    ) throws(TidepoolClientError) -> TidepoolProfile {
        let interests = configuration.interests
        let dimension = interests?.values.first?.count ?? 3
        return try withDevice(credentials) { device, state throws(TidepoolClientError) in
            var profile =
                device.profile
                ?? TidepoolProfile(
                    tags: [], dimension: dimension, vector: [], modelVersion: Self.modelVersion,
                    integrations: .init(), updatedAt: Int(state.now))
            if let tags {
                var sum = [Double](repeating: 0, count: dimension)
                for tag in tags {
                    guard let vector = interests.map({ $0[tag] }) ?? Self.derivedVector(tag, dimension) else {
                        throw .unknownInterest(message: "unknown interest tag \(tag)")
                    }
                    for index in sum.indices where index < vector.count { sum[index] += vector[index] }
                }
                profile.tags = tags
                profile.vector = tags.isEmpty ? [] : sum.map { $0 / Double(tags.count) }
            }
            if let vector {
                guard vector.count == dimension else {
                    throw .invalidField(
                        message: "vector has \(vector.count) dimensions, expected \(dimension)")
                }
                profile.vector = vector
            }
            if let integrations { profile.integrations = .init(additionalProperties: integrations) }
            profile.updatedAt = Int(state.now)
            device.profile = profile
            return profile
        }
    }

    /// A unit vector derived from `tag`'s bytes (the same tag, the same vector).
    static func derivedVector(_ tag: String, _ dimension: Int) -> [Double] {
        var vector = [Double](repeating: 0, count: max(1, dimension))
        for (index, byte) in tag.utf8.enumerated() { vector[index % vector.count] += Double(byte) }
        let norm = vector.reduce(0) { $0 + $1 * $1 }.squareRoot()
        return vector.map { $0 / max(norm, 1) }
    }

    func export(_ credentials: TidepoolCredentials) throws(TidepoolClientError) -> TidepoolExport {
        try withDevice(credentials) { device, _ in
            TidepoolExport(
                device: .init(deviceId: credentials.deviceID, createdAt: Int(device.createdAt)),
                profile: device.profile.map { .init(value1: $0) }, favourites: device.favourites,
                presence: "none: presence reports are anonymous and never stored with your identity")
        }
    }

    func favourites(_ credentials: TidepoolCredentials) throws(TidepoolClientError) -> [TidepoolFavourite] {
        try withDevice(credentials) { device, _ in device.favourites }
    }

    func addFavourite(_ credentials: TidepoolCredentials, placeID: String, rating: Int?, note: String?)
        throws(TidepoolClientError) -> TidepoolFavourite
    {
        guard configuration.places.contains(where: { $0.id == placeID }) else {
            throw .notFound(message: "no place \(placeID)")
        }
        if let rating, !(1...5).contains(rating) {
            throw .invalidField(message: "rating \(rating) is outside 1...5")
        }
        return try withDevice(credentials) { device, state throws(TidepoolClientError) in
            guard !device.favourites.contains(where: { $0.placeId == placeID }) else {
                throw .conflict(message: "\(placeID) is a favourite already")
            }
            let favourite = TidepoolFavourite(
                id: "fav-\(state.nextID)", placeId: placeID, rating: rating, note: note,
                createdAt: Int(state.now))
            state.nextID += 1
            device.favourites.append(favourite)
            return favourite
        }
    }

    func removeFavourite(_ credentials: TidepoolCredentials, id: String) throws(TidepoolClientError) {
        try withDevice(credentials) { device, _ throws(TidepoolClientError) in
            guard let index = device.favourites.firstIndex(where: { $0.id == id }) else {
                throw .notFound(message: "no favourite \(id)")
            }
            device.favourites.remove(at: index)
        }
    }

    func rateFavourite(_ credentials: TidepoolCredentials, placeID: String, rating: Int)
        throws(TidepoolClientError) -> TidepoolFavourite
    {
        guard (1...5).contains(rating) else {
            throw .invalidField(message: "rating \(rating) is outside 1...5")
        }
        return try withDevice(credentials) { device, _ throws(TidepoolClientError) in
            guard let index = device.favourites.firstIndex(where: { $0.placeId == placeID }) else {
                throw .notFound(message: "no favourite for \(placeID) to rate")
            }
            device.favourites[index].rating = rating
            return device.favourites[index]
        }
    }
}
