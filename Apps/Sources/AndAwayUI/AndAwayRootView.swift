import AndAwayFeature
import SwiftUI

/// The app's tabs: Search, Saved, Settings.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public struct AndAwayRootView: View {
    let screens: AndAwayScreens

    /// The root view over the screens' models.
    public init(screens: AndAwayScreens) { self.screens = screens }

    public var body: some View {
        TabView {
            SearchScreen(model: screens.search, detail: screens.detail)
                .tabItem { Label("Search", systemImage: "magnifyingglass") }
            LibraryScreen(model: screens.library, sync: screens.sync, detail: screens.detail)
                .tabItem { Label("Saved", systemImage: "bookmark") }
            SettingsScreen(
                search: screens.search, library: screens.library, sync: screens.sync, weights: screens.weights,
                areas: screens.areas)
                .tabItem { Label("Settings", systemImage: "gearshape") }
        }
        .task {
            screens.library.load()
            // Waits for the answer to the location prompt on the first launch.
            await screens.search.load()
        }
        .task {
            if await screens.sync.syncNow() { screens.library.load() }
        }
    }
}
