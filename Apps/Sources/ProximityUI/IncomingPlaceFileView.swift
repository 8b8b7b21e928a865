import ProximityFeature
import SwiftUI

/// "Open in Proximity": what the handed-over place file holds, which trip it goes into (a trip
/// or a new one), and Import. Every decision is ``IncomingPlaceFileModel``'s.
struct IncomingPlaceFileView: View {
    let model: IncomingPlaceFileModel
    let done: () -> Void

    var body: some View {
        Form {
            Section(model.state.fileName) {
                if let format = model.state.format {
                    LabeledContent("Format", value: format)
                    LabeledContent("Places", value: "\(model.state.placeCount)")
                    ForEach(model.state.sampleNames, id: \.self) { Text($0).foregroundStyle(.secondary) }
                }
                if let error = model.state.error {
                    Label(error, systemImage: "exclamationmark.triangle").foregroundStyle(.red)
                }
            }
            if model.state.choosesDestination {
                Section("Into") {
                    Picker("Trip", selection: Binding(get: { model.state.chosenTripID }, set: { model.choose(tripID: $0) })) {
                        Text("A new trip").tag(String?.none)
                        ForEach(model.state.trips) { row in Text(row.trip.name).tag(Optional(row.trip.id)) }
                    }
                    if model.state.chosenTripID == nil {
                        TextField("New trip's name", text: Binding(get: { model.state.newTripName }, set: { model.setNewTripName($0) }))
                    }
                }
            }
            if let imported = model.state.imported {
                Section {
                    Label("\(imported.added) places added, \(imported.replaced) replaced", systemImage: "checkmark.circle")
                }
            }
        }
        .navigationTitle("Place file")
        .toolbar {
            ToolbarItem(placement: .cancellationAction) { Button(model.state.imported == nil ? "Cancel" : "Done", action: done) }
            ToolbarItem(placement: .confirmationAction) {
                Button("Import") { Task { await model.importPlaces() } }.disabled(!model.state.canImport)
            }
        }
    }
}
