import AreasFeature
import AreasUI
import SwiftUI

/// ShootVeil's area pieces over the viewfinder: "no area on this phone" (why, the nearest area,
/// Download) while no identify pack is installed, and a button opening the area list (download,
/// progress, update, delete, disk use). Layout only; the model decides.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public struct AreaOverlay: View {
    let areas: AreasModel
    @State private var showsAreas = false

    /// The overlay over `areas`.
    public init(areas: AreasModel) { self.areas = areas }

    public var body: some View {
        VStack(alignment: .trailing, spacing: 12) {
            Button { showsAreas = true } label: { Label("Areas", systemImage: "map") }
                .buttonStyle(.bordered)
            if !areas.state.hasArea {
                NoAreaCard(model: areas, use: "Identifying buildings and landmarks")
            }
        }
        .padding()
        .sheet(isPresented: $showsAreas) {
            NavigationStack { AreaListView(model: areas) }
        }
    }
}
