import SwiftUI

/// What the accessibility, font and copy rules must let through.
struct LabelledView: View {
    var name: String
    var photo: UIImage
    @AppStorage("deck.speed") var speed = 1.0
    @State private var on = false

    var body: some View {
        VStack {
            Button("Save") {}
            Label("Favourites", systemImage: "star")
            Image(decorative: "paper-texture")
            Button {
            } label: {
                Image(systemName: "square.and.arrow.up")
                Text("Share")
            }
            Button(action: {}) { Image(systemName: "trash") }
                .accessibilityLabel("Delete")
            Image(uiImage: photo).accessibilityLabel("Photo of \(name)")
            Image(systemName: "checkmark").accessibilityHidden(true)
            HStack {
                Image(systemName: "clock")
                Text("Hidden: \(name)")
            }
            .accessibilityElement(children: .combine)
            Toggle(isOn: $on) { Text("Speed") }
            NavigationLink(value: name) { PlaceRow(name: name) }
            ShareLink(item: name)
            Text(verbatim: "Arezzo")
            Text("v1.0 build 7") // not-copy: a version shown to support, the same in every language
            Text(name).font(.title)
            Text(name).font(.custom("Avenir", size: 17, relativeTo: .body))
            Canvas { _, _ in }.accessibilityLabel("Hidden: \(name)")
            Color.clear.onTapGesture {}.accessibilityAction { }
                .accessibilityLabel("Next")
            Text("%.1f×")
        }
        .navigationTitle("Favourites")
        .accessibilityIdentifier("labelled-view")
    }
}

#Preview {
    LabelledView(name: "A preview name", photo: UIImage())
}

/// A symbol chosen by state: the property's name says its literals are not copy.
struct StepIcon: View {
    var done: Bool
    private var symbolName: String {
        if done { return "checkmark.circle.fill" }
        return "circle"
    }
    var body: some View { Image(systemName: symbolName).accessibilityHidden(true) }
}

/// A gesture layer VoiceOver skips (the card offers the same actions by name), and an image kept
/// as a value and labelled where it is shown.
struct TapHalves: View {
    var back: () -> Void
    @State private var rendered: Image?
    var body: some View {
        HStack {
            Color.clear.contentShape(Rectangle()).onTapGesture { back() }
        }
        .accessibilityHidden(true)
    }
    func render(_ photo: UIImage?) {
        rendered = photo.map { Image(uiImage: $0) }
    }
}
