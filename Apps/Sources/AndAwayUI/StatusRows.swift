import AndAwayFeature
import SwiftUI
import UIKit

/// A model's error line: a warning symbol and the words (never red alone), read by VoiceOver as
/// "Error: …".
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
struct ErrorRow: View {
    /// The model's one-line error (already in the person's language).
    let message: String

    var body: some View {
        Label {
            Text(verbatim: message)
        } icon: {
            Image(systemName: "exclamationmark.triangle.fill").accessibilityHidden(true)
        }
        .foregroundStyle(.red)
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(Text("Error: \(message)"))
    }
}

/// Why searches are not around the person (location off, restricted or failing), with a button
/// to the app's page in Settings where it can be allowed.
struct LocationProblemBanner: View {
    /// The model's sentence (``AndAwayFeature/SearchState/locationProblem``).
    let message: String
    @Environment(\.openURL) private var openURL

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Label {
                Text(verbatim: message).font(.subheadline)
            } icon: {
                Image(systemName: "location.slash").accessibilityHidden(true)
            }
            Button("Open Settings") {
                if let url = URL(string: UIApplication.openSettingsURLString) { openURL(url) }
            }
            .font(.subheadline.weight(.semibold))
            .accessibilityHint("Opens And Away's page in Settings, where location can be allowed")
        }
        .padding(12)
        .frame(maxWidth: .infinity, alignment: .leading)
        .background(.thinMaterial, in: RoundedRectangle(cornerRadius: 12, style: .continuous))
    }
}
