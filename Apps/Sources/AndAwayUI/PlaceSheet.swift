import AndAwayFeature
import SwiftUI

/// A place's sheet: what the provider knows, open now, save with a note, directions.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
struct PlaceSheet: View {
    @Bindable var model: PlaceDetailModel
    @State private var note = ""
    @State private var showsDirections = false

    var body: some View {
        NavigationStack {
            Form {
                if let place = model.state.place {
                    Section {
                        Text(place.name ?? place.id.rawValue).font(.title2)
                        if let address = place.address?.formatted { Text(address) }
                        if let isOpen = model.state.isOpen { Text(isOpen ? "Open now" : "Closed now") }
                        if let phone = place.phone { Text(phone) }
                        if let website = place.website, let url = URL(string: website) { Link(website, destination: url) }
                    }
                }
                Section("Saved") {
                    if model.state.isSaved {
                        TextField("Note", text: $note, axis: .vertical)
                            .onSubmit { model.setNote(note) }
                        Button("Remove from saved", role: .destructive) { model.unsave() }
                    } else {
                        Button("Save", systemImage: "bookmark") { Task { await model.save(note: note) } }
                    }
                }
                Section {
                    Button("Directions", systemImage: "arrow.triangle.turn.up.right.diamond") {
                        showsDirections = true
                        Task { await model.routeHere() }
                    }
                }
                if let error = model.state.error { Text(error).foregroundStyle(.red) }
            }
            .task {
                await model.load()
                note = model.state.bookmark?.note ?? ""
            }
            .sheet(isPresented: $showsDirections) { DirectionsView(model: model.directions) }
        }
    }
}
