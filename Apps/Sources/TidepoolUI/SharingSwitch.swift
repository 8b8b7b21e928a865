import SwiftUI
import TidepoolFeature

/// The sharing switch (on the map and in the profile): forwards the choice to the reporting
/// model, which asks for location when it must, then has the session read the saved settings
/// again. When iOS will not prompt again (location refused), it offers the Settings app.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
struct SharingSwitch: View {
    let reporting: ReportingModel
    let session: TidepoolSession
    @Environment(\.openURL) private var openURL

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Toggle(
                "Share my presence",
                isOn: Binding(
                    get: { reporting.isSharingOn },
                    set: { on in
                        Task {
                            await reporting.setReporting(on)
                            await session.reloadSettings()
                        }
                    })
            )
            .font(.caption.weight(.semibold))
            .accessibilityHint("Sends the map square you are in, anonymously, never from near Home.")
            if reporting.permissionNeedsSettings,
                let settings = URL(string: UIApplication.openSettingsURLString)
            {
                Button("Allow location in Settings") { openURL(settings) }.font(.caption)
            }
        }
    }
}
