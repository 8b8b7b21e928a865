import SwiftUI

struct ResetView: View {
    var name: String
    var body: some View {
        VStack {
            Button("Delete everything") {}
            Text("Shown: \(name)")
            Text("Hidden: \(name)")
            let caption = "Taken in Arezzo"
            Text(caption)
            Text("Arezzo, Tuscany") // not-copy: a place name from the sample data
            NoticeBanner("Next")
            NoticeBanner(String(localized: "Next"))
        }
    }
}
