import SwiftUI
import WrappedFeature
import WrappedLive
import WrappedUI

@main
struct PhotoWrappedApp: App {
    var body: some Scene {
        WindowGroup { HomeView(model: HomeModel()) }
    }
}
