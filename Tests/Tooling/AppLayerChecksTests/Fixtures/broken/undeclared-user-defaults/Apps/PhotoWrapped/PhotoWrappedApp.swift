import SwiftUI
import WrappedFeature
import WrappedLive
import WrappedUI

@main
struct PhotoWrappedApp: App {
    private let lastRange = UserDefaults.standard.string(forKey: "lastRange")

    var body: some Scene {
        WindowGroup { HomeView(model: HomeModel()) }
    }
}
