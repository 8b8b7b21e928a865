import Foundation
import RoutingKit

/// And Away's user-facing text in one place.
public enum AndAwayCopy {
    /// The note shown when a provider failed and the offline store answered instead.
    public static func fellBack(from provider: ProviderChoice, because error: any Error) -> String {
        "\(provider.displayName) did not answer (\(reason(error))); showing offline results."
    }

    /// A short reason for a provider failure, from its error's description.
    static func reason(_ error: any Error) -> String {
        let text = String(describing: error)
        return text.count > 160 ? String(text.prefix(157)) + "…" : text
    }

    /// Why no route or travel time can be given.
    public static let noPosition = "Your position is not known, so no route can start from it."

    /// "350 m" or "2.4 km".
    public static func distance(_ metres: Double) -> String {
        metres < 1_000 ? "\(Int((metres / 10).rounded()) * 10) m" : String(format: "%.1f km", metres / 1_000)
    }

    /// "12 min" or "1 h 5 min".
    public static func duration(_ seconds: Double) -> String {
        let minutes = max(1, Int((seconds / 60).rounded()))
        return minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h \(minutes % 60) min"
    }

    /// The name of a travel mode.
    public static func mode(_ mode: TravelMode) -> String {
        switch mode {
        case .foot: "Walk"
        case .bicycle: "Cycle"
        case .car: "Drive"
        }
    }
}
