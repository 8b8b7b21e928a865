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

    /// Creates a profile.
    public init(
        deviceID: String, tags: [String], vector: [Float], modelVersion: String,
        integrations: [String: String], updatedAt: Int64
    ) {
        self.deviceID = deviceID
        self.tags = tags
        self.vector = vector
        self.modelVersion = modelVersion
        self.integrations = integrations
        self.updatedAt = updatedAt
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
