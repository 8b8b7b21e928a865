import LociLocalization
import SwiftUI

/// What an app shows instead of its screens when something it needs at launch could not be
/// opened (its database): what failed, what a person can do, the error, and the fixes: Try again
/// always; Reset local data (after a confirmation) when the file is unreadable, since trying
/// again cannot help then. Never a crash, and nothing is deleted without the person's yes.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public struct LaunchFailureView: View {
    /// What failed, in a sentence from the app's catalog ("Your trips could not be opened.").
    public var what: LocalizedStringKey
    /// The error, for support.
    public var detail: String
    /// Starts the app again.
    public var retry: () -> Void
    /// Sets the unreadable file aside and starts empty; `nil` when a reset cannot help (no file
    /// could be made: the phone needs space).
    public var reset: (() -> Void)?

    @State private var confirmingReset = false

    /// A failure screen.
    public init(what: LocalizedStringKey, detail: String, retry: @escaping () -> Void, reset: (() -> Void)? = nil) {
        self.what = what
        self.detail = detail
        self.retry = retry
        self.reset = reset
    }

    public var body: some View {
        ScrollView {
            VStack(spacing: 16) {
                Image(systemName: "exclamationmark.triangle")
                    .font(.largeTitle)
                    .foregroundStyle(.secondary)
                    .accessibilityHidden(true)
                Text(what)
                    .font(.title3.weight(.semibold))
                    .multilineTextAlignment(.center)
                    .accessibilityAddTraits(.isHeader)
                Text(reset == nil ? t(Self.spaceAdvice) : t(Self.unreadableAdvice))
                    .multilineTextAlignment(.center)
                Text(verbatim: detail)
                    .font(.footnote)
                    .foregroundStyle(.secondary)
                    .multilineTextAlignment(.center)
                    .textSelection(.enabled)
                Button(action: retry) { Text(t(Self.tryAgain)) }
                    .buttonStyle(.borderedProminent)
                if let reset {
                    Button(role: .destructive) {
                        confirmingReset = true
                    } label: {
                        Text(t(Self.resetTitle))
                    }
                    .confirmationDialog(Text(t(Self.resetQuestion)), isPresented: $confirmingReset, titleVisibility: .visible) {
                        Button(role: .destructive, action: reset) { Text(t(Self.resetConfirm)) }
                        Button(role: .cancel) {} label: { Text(t(Self.cancel)) }
                    } message: {
                        Text(t(Self.resetExplanation))
                    }
                }
            }
            .padding(24)
        }
    }

    /// LociUI's words in the person's language (its own catalog: apps' catalogs do not hold them).
    private var t: Localizer { Localizer(.lociUI, .current) }

    // Keys of LociUI's Localizable.xcstrings (English), read through `t`.
    static let spaceAdvice = "The phone may be out of space: free some in Settings › General › iPhone Storage, then try again."
    static let unreadableAdvice = "The file on this phone could not be read. Try again; if it still fails, reset the local data to start empty."
    static let tryAgain = "Try again"
    static let resetTitle = "Reset local data…"
    static let resetQuestion = "Reset local data?"
    static let resetExplanation = "The unreadable file is set aside on this phone (kept for support, not deleted) and the app starts empty."
    static let resetConfirm = "Reset"
    static let cancel = "Cancel"
}
