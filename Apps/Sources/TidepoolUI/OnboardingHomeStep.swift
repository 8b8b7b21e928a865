import GeoKit
import MapKit
import SwiftUI
import TidepoolFeature

/// Picking Home: tap the map to place it; the guard circle shows where nothing is ever reported.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
struct OnboardingHomeStep: View {
    let model: OnboardingModel
    /// The map's centre (layout state: where VoiceOver's "place Home" action puts it).
    @State private var mapCentre: CLLocationCoordinate2D?

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            Text("Your Home").font(.title.bold()).accessibilityAddTraits(.isHeader)
            Text(
                "Tap where you live. Tidepool never reports from inside the circle, and Home never leaves this phone."
            )
            MapReader { proxy in
                Map {
                    if let home = model.homeCandidate {
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
                    model.placeHome(home)
                }
                .onMapCameraChange { context in mapCentre = context.region.center }
                // VoiceOver cannot tap a point: it places Home at the map's centre instead.
                .accessibilityLabel("Map for placing Home")
                .accessibilityValue(model.homeCandidate == nil ? "No Home placed" : "Home placed; nothing is reported inside its circle")
                .accessibilityAction(named: "Place Home at the centre of the map") {
                    guard let centre = mapCentre,
                        let home = try? Coordinate(latitude: centre.latitude, longitude: centre.longitude)  // try?: as a tap
                    else { return }
                    model.placeHome(home)
                }
            }
            .frame(height: 320)
            .clipShape(RoundedRectangle(cornerRadius: 12))
            Button(model.homeConfirmed ? "Home saved" : "Save Home") { Task { await model.confirmHome() } }
                .buttonStyle(.bordered)
                .disabled(model.homeCandidate == nil || model.homeConfirmed)
        }
    }
}
