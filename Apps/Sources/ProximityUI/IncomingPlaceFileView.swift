import ProximityFeature
import SwiftUI

/// "Open in Proximity": what the handed-over place file holds, which trip it goes into (a trip
/// or a new one), and Import. Every decision is ``IncomingPlaceFileModel``'s.
struct IncomingPlaceFileView: View {
    let model: IncomingPlaceFileModel
    let done: () -> Void

    var body: some View {
        Form {
            Section {
                if let format = model.state.format {
                    LabeledContent("Format") { Text(verbatim: format) }
                    LabeledContent("Places") { Text(verbatim: ProximityFormat.count(model.state.placeCount)) }
                    ForEach(model.state.sampleNames, id: \.self) { Text(verbatim: $0).foregroundStyle(.secondary) }
                }
                if let error = model.state.error {
                    Label(error, systemImage: "exclamationmark.triangle").foregroundStyle(.red)
                }
            } header: {
                Text(verbatim: model.state.fileName)
            }
            if model.state.choosesDestination {
                Section("Into") {
                    Picker("Trip", selection: Binding(get: { model.state.chosenTripID }, set: { model.choose(tripID: $0) })) {
                        Text("A new trip").tag(String?.none)
                        ForEach(model.state.trips) { row in Text(verbatim: row.trip.name).tag(Optional(row.trip.id)) }
                    }
                    if model.state.chosenTripID == nil {
                        TextField("New trip's name", text: Binding(get: { model.state.newTripName }, set: { model.setNewTripName($0) }))
                    }
                }
            }
            if let imported = model.state.imported {
                Section {
                    let added = ProximityFormat.count(imported.added)
                    let replaced = ProximityFormat.count(imported.replaced)
                    Label("\(added) places added, \(replaced) replaced", systemImage: "checkmark.circle")
                }
            }
        }
        .navigationTitle("Place file")
        .toolbar {
            ToolbarItem(placement: .cancellationAction) {
                Button(action: done) { model.state.imported == nil ? Text("Cancel") : Text("Done") }
            }
            ToolbarItem(placement: .confirmationAction) {
                Button("Import") { Task { await model.importPlaces() } }.disabled(!model.state.canImport)
            }
        }
    }
}
