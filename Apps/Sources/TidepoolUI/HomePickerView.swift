import GeoKit
import MapKit
import SwiftUI
import TidepoolFeature

/// Picking a new Home after a reset: tap the map to place it, the guard circle shows where
/// nothing is ever reported; Save hands it to the profile model.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
struct HomePickerView: View {
    let model: ProfileModel
    @Environment(\.dismiss) private var dismiss
    /// Where the user tapped (layout state until Save).
    @State private var candidate: Coordinate?
    /// The map's centre (layout state: where VoiceOver's "place Home" action puts it).
    @State private var mapCentre: CLLocationCoordinate2D?

    var body: some View {
        NavigationStack {
            VStack(alignment: .leading, spacing: 12) {
                Text(
                    "Tap where you live. Tidepool never reports from inside the circle, and Home never leaves this phone."
                )
                .padding(.horizontal)
                MapReader { proxy in
                    Map {
                        if let home = candidate {
                            let centre = CLLocationCoordinate2D(
                                latitude: home.latitude, longitude: home.longitude)
                            Marker("Home", systemImage: "house.fill", coordinate: centre)
                            MapCircle(center: centre, radius: model.guardRadiusMeters)
                                .foregroundStyle(.blue.opacity(0.2))
                                .stroke(.blue, lineWidth: 1)
                        }
                    }
                    .onTapGesture { point in
                        guard let tapped = proxy.convert(point, from: .local),
                            let home = try? Coordinate(latitude: tapped.latitude, longitude: tapped.longitude)  // try?: off the globe places nothing
                        else { return }
                        candidate = home
                    }
                    .onMapCameraChange { context in mapCentre = context.region.center }
                    // VoiceOver cannot tap a point: it places Home at the map's centre instead.
                    .accessibilityLabel("Map for placing Home")
                    .accessibilityValue(candidate == nil ? "No Home placed" : "Home placed; nothing is reported inside its circle")
                    .accessibilityAction(named: "Place Home at the centre of the map") {
                        guard let centre = mapCentre,
                            let home = try? Coordinate(latitude: centre.latitude, longitude: centre.longitude)  // try?: as a tap
                        else { return }
                        candidate = home
                    }
                }
            }
            .navigationTitle("New Home")
            .toolbar {
                ToolbarItem(placement: .cancellationAction) { Button("Cancel") { dismiss() } }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Save") {
                        guard let home = candidate else { return }
                        Task {
                            await model.setHome(home)
                            dismiss()
                        }
                    }
                    .disabled(candidate == nil)
                }
            }
        }
    }
}
