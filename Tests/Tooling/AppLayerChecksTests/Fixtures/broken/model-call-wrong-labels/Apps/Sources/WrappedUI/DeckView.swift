import SwiftUI
import WrappedFeature

public struct DeckView: View {
    @Bindable public var deck: DeckModel
    public var settings: SettingsModel
    public var body: some View {
        VStack {
            Button("Next") { deck.showNext() }
            Button("Hide") { deck.hide(place: "Arezzo") }
            Button("Open") { deck.open("Arezzo") { print("opened") } }
            Button("Clear", action: settings.clear)
            Slider(value: $deck.speed)
            Text("\(deck.hidden.count)").onTapGesture { deck.hidden = [] }
        }
    }
}
