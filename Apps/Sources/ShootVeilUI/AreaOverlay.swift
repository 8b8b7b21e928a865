import AreaDownloads
import AreasFeature
import AreasUI
import ShootVeilFeature
import SwiftUI

/// ShootVeil's area pieces over the viewfinder: "no area on this phone" (why, the nearest area,
/// Download) while no identify pack is installed, and a button opening the area list (download,
/// progress, update, delete, disk use). Layout only; the model decides.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public struct AreaOverlay: View {
    let areas: AreasModel
    let near: AreaPoint?
    @State private var showsAreas = false

    /// The overlay over `areas`, offering the areas nearest to `near` (the viewfinder's last position).
    public init(areas: AreasModel, near: AreaPoint?) {
        self.areas = areas
        self.near = near
    }

    public var body: some View {
        VStack(alignment: .trailing, spacing: 12) {
            Button { showsAreas = true } label: { Label("Areas", systemImage: "map") }
                .buttonStyle(.bordered)
                .accessibilityHint("Download, update or delete the areas ShootVeil identifies from.")
            if !areas.state.hasArea {
                NoAreaCard(model: areas, use: ShootVeilCopy.areaUse(), near: near)
            }
        }
        .padding()
        .sheet(isPresented: $showsAreas) {
            NavigationStack { AreaListView(model: areas, near: near) }
        }
    }
}
