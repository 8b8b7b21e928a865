import ProximityFeature
import ProximityKit
import SwiftUI

/// Edit one saved place: its name, its own alert radius (or the trip's), its note, with the
/// honest-latency notice for the radius chosen. The model validates and saves; the sheet closes
/// when it saved, else shows the model's error.
struct PlaceEditView: View {
    let model: TripPlacesModel
    @State var place: SavedPlace
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        Form {
            Section {
                TextField("Name", text: $place.name)
            }
            Section {
                Toggle(
                    "Own alert radius",
                    isOn: Binding(
                        get: { place.alertRadius != nil },
                        set: { place.alertRadius = $0 ? tripRadius : nil }))
                if let radius = place.alertRadius {
                    Stepper(value: Binding(get: { radius }, set: { place.alertRadius = $0 }), in: 50...5_000, step: 50) {
                        LabeledContent("Alert radius") { Text(verbatim: ProximityFormat.metres(radius)) }
                    }
                } else {
                    let radius = ProximityFormat.metres(tripRadius)
                    LabeledContent("Alert radius") { Text("\(radius) (the trip's)") }
                }
            } header: {
                Text("Alerts")
            } footer: {
                Text(verbatim: model.latency(radius: place.alertRadius ?? tripRadius))
            }
            Section("Note") {
                TextField(
                    "Ask for the window table", text: Binding(get: { place.note ?? "" }, set: { place.note = $0 }),
                    axis: .vertical)
                    .lineLimit(3...8)
            }
            FormErrorSection(message: model.state.error)
        }
        .navigationTitle("Edit place")
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItem(placement: .cancellationAction) { Button("Cancel") { dismiss() } }
            ToolbarItem(placement: .confirmationAction) {
                Button("Save") {
                    Task { if await model.edit(place) { dismiss() } }
                }
            }
        }
    }

    private var tripRadius: Double { model.state.trip?.alertRadius ?? 500 }
}
