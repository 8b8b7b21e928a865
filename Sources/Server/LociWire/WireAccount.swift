/// A registered device as the export shows it.
public struct WireDevice: Sendable, Equatable, Codable {
    /// The device's id.
    public var deviceID: String
    /// Registration time, Unix seconds.
    public var createdAt: Int64

    /// Creates a device.
    public init(deviceID: String, createdAt: Int64) {
        self.deviceID = deviceID
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey { case deviceID = "device_id", createdAt = "created_at" }
}

/// `GET /v1/me/export`: everything the server stores about the caller.
public struct WireExport: Sendable, Equatable, Codable {
    /// The device.
    public var device: WireDevice
    /// The interest profile, `null` before one is saved.
    @Nullable public var profile: WireProfile?
    /// Saved places.
    public var favourites: [WireFavourite]
    /// What the server keeps of presence (nothing linked to the device).
    public var presence: String

    /// Creates an export.
    public init(device: WireDevice, profile: WireProfile?, favourites: [WireFavourite], presence: String) {
        self.device = device
        self.profile = profile
        self.favourites = favourites
        self.presence = presence
    }
}

/// `GET /v1/profile`, `PUT /v1/profile`: the caller's interest profile.
public struct WireProfile: Sendable, Equatable, Codable {
    /// Interest tags as given.
    public var tags: [String]
    /// The vector's length (0 when there is none).
    public var dimension: Int
    /// The interest vector.
    public var vector: [Float]
    /// The model that made the vector (`client` when the client sent it).
    public var modelVersion: String
    /// Connected integrations by name.
    public var integrations: [String: String]
    /// Last update, Unix seconds.
    public var updatedAt: Int64
    /// The signals the vector was learned from; written by the export only (nil elsewhere).
    public var signals: [WireInterestSignal]?

    /// Creates a profile.
    public init(
        tags: [String], vector: [Float], modelVersion: String, integrations: [String: String],
        updatedAt: Int64, signals: [WireInterestSignal]? = nil
    ) {
        self.tags = tags
        dimension = vector.count
        self.vector = vector
        self.modelVersion = modelVersion
        self.integrations = integrations
        self.updatedAt = updatedAt
        self.signals = signals
    }

    enum CodingKeys: String, CodingKey {
        case tags, dimension, vector, modelVersion = "model_version", integrations
        case updatedAt = "updated_at", signals
    }
}

/// One observation an interest profile was learned from, as the export shows it.
public struct WireInterestSignal: Sendable, Equatable, Codable {
    /// The canonical tag (`music:jazz`).
    public var tag: String
    /// Where it came from: `declared`, `favourites`, or an integration (`spotify`, …).
    public var source: String
    /// How many times it was observed.
    public var count: Int
    /// When it was last observed, Unix seconds.
    public var lastSeen: Int64
    /// Its intensity, −1…1 (a 1 ★ favourite is −1).
    public var strength: Double

    /// Creates a signal.
    public init(tag: String, source: String, count: Int, lastSeen: Int64, strength: Double) {
        self.tag = tag
        self.source = source
        self.count = count
        self.lastSeen = lastSeen
        self.strength = strength
    }

    enum CodingKeys: String, CodingKey { case tag, source, count, lastSeen = "last_seen", strength }
}

/// A saved place with its rating (`/v1/favourites`).
public struct WireFavourite: Sendable, Equatable, Codable {
    /// The favourite's id.
    public var id: String
    /// The place (`osm:node/123`).
    public var placeID: String
    /// 1...5, `null` when unrated.
    @Nullable public var rating: Int?
    /// A short note, `null` when none.
    @Nullable public var note: String?
    /// Creation time, Unix seconds.
    public var createdAt: Int64

    /// Creates a favourite.
    public init(id: String, placeID: String, rating: Int?, note: String?, createdAt: Int64) {
        self.id = id
        self.placeID = placeID
        self.rating = rating
        self.note = note
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, placeID = "place_id", rating, note, createdAt = "created_at"
    }
}

/// `GET /v1/favourites`.
public struct WireFavourites: Sendable, Equatable, Codable {
    /// Oldest first.
    public var favourites: [WireFavourite]

    /// Creates the list.
    public init(favourites: [WireFavourite]) { self.favourites = favourites }
}
