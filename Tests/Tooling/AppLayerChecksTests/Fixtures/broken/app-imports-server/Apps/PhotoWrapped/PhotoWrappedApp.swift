import LociServer
import SwiftUI
import WrappedFeature
import WrappedUI

@main
struct PhotoWrappedApp: App {
    var body: some Scene {
        WindowGroup { HomeView(model: HomeModel()) }
    }
}
