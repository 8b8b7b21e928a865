import LociLocalization
import SwiftUI

struct Retry: View {
    var body: some View {
        let t = Localizer(.lociUI, .current)
        VStack {
            Text("Try again")
            Text(t("Start over"))
        }
    }
}
