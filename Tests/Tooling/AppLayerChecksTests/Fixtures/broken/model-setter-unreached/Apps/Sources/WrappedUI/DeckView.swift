import SwiftUI
import WrappedFeature

public struct DeckView: View {
    @Bindable public var deck: DeckModel
    public var settings: SettingsModel
    public var body: some View {
        VStack {
            Button("Next") { deck.showNext() }
            Button("Hide") { deck.hide("Arezzo") } // not-copy: a place id
            Button("Open") { deck.open("Arezzo") { print("opened") } } // not-copy: a place id
            Button("Clear", action: settings.clear)
            Text("\(deck.speed)")
            Text("\(deck.hidden.count)").onTapGesture { deck.hidden = [] }.accessibilityAddTraits(.isButton)
        }
    }
}
