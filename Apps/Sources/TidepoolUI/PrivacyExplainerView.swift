import SwiftUI
import TidepoolFeature

/// What Tidepool shares and never shares, with the server's live numbers (the explainer's text).
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public struct PrivacyExplainerView: View {
    let explainer: PrivacyExplainer

    /// The explainer's view.
    public init(explainer: PrivacyExplainer) { self.explainer = explainer }

    public var body: some View {
        VStack(alignment: .leading, spacing: 16) {
            Text("What Tidepool shares").font(.title2.bold()).accessibilityAddTraits(.isHeader)
            ForEach(explainer.shares, id: \.self) { Label($0, systemImage: "arrow.up.circle") }
            Text("What it never shares").font(.title2.bold()).accessibilityAddTraits(.isHeader)
            ForEach(explainer.neverShares, id: \.self) { Label($0, systemImage: "lock.circle") }
            Text("The guarantee").font(.headline).accessibilityAddTraits(.isHeader)
            Text(explainer.guarantee).font(.callout).foregroundStyle(.secondary)
        }
    }
}
