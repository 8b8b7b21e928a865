import LociLocalization
import SwiftUI

/// A shared control: its copy comes from LociUI's own catalog through a Localizer.
public struct RetryButton: View {
    public var retry: () -> Void
    public var body: some View {
        let t = Localizer(.lociUI, .current)
        Button(t("Try again"), action: retry)
    }
}
