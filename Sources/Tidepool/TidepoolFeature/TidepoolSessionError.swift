import Foundation
import TidepoolClient

/// Why a step of the Tidepool app failed: the server or the connection (the client's typed
/// error), the device's attestation, or the phone's settings file.
public enum TidepoolSessionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The client's failure (the server's answer, or no answer).
    case client(TidepoolClientError)
    /// The device could not attest a key.
    case attestation(AttestationFailure)
    /// The settings could not be read or written.
    case settings(TidepoolSettingsError)
    /// Anything else, with its text and the step that failed.
    case other(step: String, message: String)

    /// Sorts `error` into a case.
    public init(_ error: any Error, step: String = "session") {
        switch error {
        case let error as TidepoolSessionError: self = error
        case let error as TidepoolClientError: self = .client(error)
        case let error as AttestationFailure: self = .attestation(error)
        case let error as TidepoolSettingsError: self = .settings(error)
        default: self = .other(step: step, message: "\(error)")
        }
    }

    /// True when the server could not be reached (worth a "you are offline" banner).
    public var isOffline: Bool {
        if case .client(let error) = self { return error.isTransport }
        return false
    }

    /// One line for a banner.
    public var description: String {
        switch self {
        case .client(let error): "\(error)"
        case .attestation(let failure): "\(failure)"
        case .settings(let error): "\(error)"
        case .other(let step, let message): "\(step): \(message)"
        }
    }
}
