import SwiftUI
import WrappedFeature

public struct HomeView: View {
    public var model: HomeModel
    public var body: some View { Text(model.title
}
