import AndAwayFeature
import MapKit
import RoutingKit
import SwiftUI

/// The directions sheet: the mode, the route on a map, the summary and the steps.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
struct DirectionsView: View {
    @Bindable var model: DirectionsModel

    var body: some View {
        NavigationStack {
            List {
                Picker("Mode", selection: Binding(get: { model.state.mode }, set: { mode in Task { await model.setMode(mode) } })) {
                    ForEach(TravelMode.allCases, id: \.self) { Text(verbatim: AndAwayCopy.mode($0)).tag($0) }
                }
                .pickerStyle(.segmented)
                if model.state.line.count > 1 {
                    Map {
                        MapPolyline(coordinates: model.state.line.map {
                            CLLocationCoordinate2D(latitude: $0.latitude, longitude: $0.longitude)
                        })
                        .stroke(.tint, lineWidth: 5)
                        UserAnnotation()
                    }
                    .frame(height: 240)
                    .listRowInsets(EdgeInsets())
                    .accessibilityLabel("Map of the route")
                    .accessibilityValue(Text(verbatim: model.state.summary ?? ""))
                }
                if let summary = model.state.summary { Text(verbatim: summary).font(.headline) }
                if let error = model.state.error { ErrorRow(message: error) }
                ForEach(Array(model.state.steps.enumerated()), id: \.offset) { _, step in
                    VStack(alignment: .leading) {
                        Text(verbatim: step.instruction)
                        if step.distance > 0 {
                            Text(verbatim: AndAwayCopy.distance(step.distance)).font(.caption).foregroundStyle(.secondary)
                        }
                    }
                    .accessibilityElement(children: .combine)
                }
            }
            .overlay { if model.state.isRouting { ProgressView().accessibilityLabel("Finding a route") } }
            .navigationTitle("Directions")
        }
    }
}
