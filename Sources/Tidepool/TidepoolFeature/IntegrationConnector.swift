import Foundation
import InterestKit

/// One service the user may connect so Tidepool learns their interests from it (Spotify).
///
/// Connecting reads the service once and returns interest tags for the profile; what the
/// service returned stays on the phone, only the chosen tags go to the server.
public protocol IntegrationConnector: Sendable {
    /// The integration's name as the profile's `integrations` map names it ("spotify").
    var name: String { get }
    /// The name a person reads ("Spotify").
    var displayName: String { get }
    /// Signs in and reads the interests.
    /// - Throws: ``IntegrationError`` (cancelled, refused, or the service failed).
    func connect() async throws(IntegrationError) -> [InterestTag]
}

/// Why an integration did not connect, naming it.
public struct IntegrationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The integration ("spotify").
    public var integration: String
    /// Whether the user cancelled (not shown as a failure).
    public var cancelled: Bool
    /// What happened.
    public var reason: String

    /// An error for `integration`.
    public init(integration: String, cancelled: Bool = false, reason: String) {
        self.integration = integration
        self.cancelled = cancelled
        self.reason = reason
    }

    /// "spotify: reason".
    public var description: String { "\(integration): \(reason)" }
}
