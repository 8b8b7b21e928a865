import Foundation

/// A registered (anonymous) device: the only user identity the server knows.
public struct DeviceRecord: Sendable, Equatable, Codable {
    /// Random id chosen by the server.
    public var id: String
    /// Registration time, Unix seconds.
    public var createdAt: Int64

    /// Creates a record.
    public init(id: String, createdAt: Int64) {
        self.id = id
        self.createdAt = createdAt
    }
}

/// A user's interest profile: tags and/or a vector, with the model that made the vector.
public struct ProfileRecord: Sendable, Equatable, Codable {
    /// The device (user) it belongs to.
    public var deviceID: String
    /// Interest tags as given ("coffee", "jazz").
    public var tags: [String]
    /// The interest vector (empty when none).
    public var vector: [Float]
    /// Which model produced `vector` (`"client"` when the client sent the vector itself).
    public var modelVersion: String
    /// Connected integrations by name, with an opaque client-side state ("spotify": "linked").
    public var integrations: [String: String]
    /// Last update, Unix seconds.
    public var updatedAt: Int64
    /// The signals the vector was learned from (declared tags, rated favourites, integrations),
    /// empty for a vector the client sent or a profile stored before signals were kept.
    public var signals: [ProfileSignalRecord]

    /// Creates a profile.
    public init(
        deviceID: String, tags: [String], vector: [Float], modelVersion: String,
        integrations: [String: String], updatedAt: Int64, signals: [ProfileSignalRecord] = []
    ) {
        self.deviceID = deviceID
        self.tags = tags
        self.vector = vector
        self.modelVersion = modelVersion
        self.integrations = integrations
        self.updatedAt = updatedAt
        self.signals = signals
    }

    enum CodingKeys: String, CodingKey {
        case deviceID, tags, vector, modelVersion, integrations, updatedAt, signals
    }

    /// Reads a stored profile; one stored without `signals` reads with none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        deviceID = try container.decode(String.self, forKey: .deviceID)
        tags = try container.decode([String].self, forKey: .tags)
        vector = try container.decode([Float].self, forKey: .vector)
        modelVersion = try container.decode(String.self, forKey: .modelVersion)
        integrations = try container.decode([String: String].self, forKey: .integrations)
        updatedAt = try container.decode(Int64.self, forKey: .updatedAt)
        signals = try container.decodeIfPresent([ProfileSignalRecord].self, forKey: .signals) ?? []
    }
}

/// One observation a profile was learned from, as stored: the store keeps it opaque (the
/// interest runtime gives `tag` and `source` their meaning).
public struct ProfileSignalRecord: Sendable, Equatable, Codable {
    /// The canonical tag (`music:jazz`).
    public var tag: String
    /// Where it came from (`declared`, `favourites`, `spotify`, …).
    public var source: String
    /// How many times it was observed (≥ 1).
    public var count: Int
    /// When it was last observed, Unix seconds.
    public var lastSeen: Int64
    /// The source's intensity, −1…1 (a 1 ★ favourite is −1).
    public var strength: Double

    /// Creates a signal.
    public init(tag: String, source: String, count: Int, lastSeen: Int64, strength: Double) {
        self.tag = tag
        self.source = source
        self.count = count
        self.lastSeen = lastSeen
        self.strength = strength
    }
}

/// A place a user saved, with an optional rating.
public struct FavouriteRecord: Sendable, Equatable, Codable {
    /// Random id chosen by the server.
    public var id: String
    /// The owner.
    public var deviceID: String
    /// The place (`osm:node/123`).
    public var placeID: String
    /// 1...5, or nil when unrated.
    public var rating: Int?
    /// A short free note.
    public var note: String?
    /// Creation time, Unix seconds.
    public var createdAt: Int64

    /// Creates a favourite.
    public init(id: String, deviceID: String, placeID: String, rating: Int?, note: String?, createdAt: Int64)
    {
        self.id = id
        self.deviceID = deviceID
        self.placeID = placeID
        self.rating = rating
        self.note = note
        self.createdAt = createdAt
    }
}
