import SwiftUI

/// What an app shows instead of its screens when something it needs at launch could not be
/// opened (its database, even an empty one): what failed, the error, what a person can do, and
/// Try again. Never a crash.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public struct LaunchFailureView: View {
    /// What failed, in a sentence ("Your saved places could not be opened.").
    public var what: String
    /// The error, for support.
    public var detail: String
    /// Starts the app again.
    public var retry: () -> Void

    /// A failure screen.
    public init(what: String, detail: String, retry: @escaping () -> Void) {
        self.what = what
        self.detail = detail
        self.retry = retry
    }

    public var body: some View {
        VStack(spacing: 16) {
            Image(systemName: "exclamationmark.triangle")
                .font(.largeTitle)
                .foregroundStyle(.secondary)
                .accessibilityHidden(true)
            Text(what)
                .font(.title3.weight(.semibold))
                .multilineTextAlignment(.center)
            Text(
                "The phone may be out of space: free some in Settings › General › iPhone Storage, then try again."
            )
            .multilineTextAlignment(.center)
            Text(detail)
                .font(.footnote)
                .foregroundStyle(.secondary)
                .multilineTextAlignment(.center)
                .textSelection(.enabled)
            Button("Try again", action: retry)
                .buttonStyle(.borderedProminent)
        }
        .padding(24)
    }
}
