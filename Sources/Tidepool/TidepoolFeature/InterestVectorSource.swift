import TidepoolClient

/// Where the models read the user's interest vector (the server's profile of this device):
/// the map weights heat by it, reporting picks the facet nearest to it.
///
/// The vector is the user's own: it is sent only on the user's authenticated calls (heat reads)
/// and never with a report (a report carries one facet index).
public protocol InterestVectorSource: Sendable {
    /// The vector, or nil when the user has none yet (heat is then count-only).
    func vector() async -> [Float]?
}

/// The vector of the device's profile on the server (`GET /v1/profile`); nil before a profile
/// was set, before registration, or while the server cannot be reached.
public struct ProfileInterestSource: InterestVectorSource {
    /// The client the profile is read through.
    public let client: any TidepoolAccountAPI

    /// A source reading the profile through `client`.
    public init(client: any TidepoolAccountAPI) { self.client = client }

    /// The profile's vector, or nil.
    public func vector() async -> [Float]? {
        guard let profile = try? await client.profile(), !profile.vector.isEmpty else { return nil }
        return profile.vector.map { Float($0) }
    }
}

/// A vector given up front (tests, previews).
public struct FixedInterestSource: InterestVectorSource {
    /// The vector handed out.
    public let fixed: [Float]?

    /// A source answering `fixed`.
    public init(_ fixed: [Float]?) { self.fixed = fixed }

    /// ``fixed``.
    public func vector() async -> [Float]? { fixed }
}
