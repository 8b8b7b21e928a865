import SwiftUI

/// A form's last error, as its own section: the model's sentence with a warning symbol (so the
/// red is not the only sign). Nothing when there is no error.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
struct FormErrorSection: View {
    /// The model's error sentence, already in the person's language.
    let message: String?

    var body: some View {
        if let message {
            Section {
                Label {
                    Text(verbatim: message)
                } icon: {
                    Image(systemName: "exclamationmark.triangle").accessibilityHidden(true)
                }
                .foregroundStyle(.red)
            }
        }
    }
}
