import GeoKit
import MapKit
import SwiftUI
import TidepoolFeature

/// Picking Home: tap the map to place it; the guard circle shows where nothing is ever reported.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
struct OnboardingHomeStep: View {
    let model: OnboardingModel

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            Text("Your Home").font(.title.bold())
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
                        let home = try? Coordinate(latitude: tapped.latitude, longitude: tapped.longitude)
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
