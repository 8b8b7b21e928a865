import AndAwayFeature
import AreaDownloads
import AreasFeature
import AreasUI
import SwiftUI

/// Settings: the provider switch, the order of results, the offline areas, iCloud sync, and clearing
/// the search history.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
struct SettingsScreen: View {
    let search: SearchModel
    let library: LibraryModel
    let sync: SyncModel
    let weights: WeightsModel
    let areas: AreasModel?

    var body: some View {
        NavigationStack {
            Form {
                Section("Places from") {
                    Picker("Provider", selection: Binding(get: { search.state.provider }, set: { choice in Task { await search.switchProvider(to: choice) } })) {
                        ForEach(search.state.providers, id: \.self) { Text($0.displayName).tag($0) }
                    }
                    .pickerStyle(.inline)
                }
                Section("Results") {
                    NavigationLink("Order of results") { WeightsScreen(model: weights) }
                }
                if let areas {
                    Section("Offline search") {
                        NavigationLink("Offline areas") {
                            AreaListView(
                                model: areas,
                                near: search.state.map.userLocation.map { AreaPoint(latitude: $0.latitude, longitude: $0.longitude) })
                        }
                        Text(AreasCopy.diskUse(areas.state.diskBytes)).foregroundStyle(.secondary)
                    }
                }
                Section("iCloud") {
                    Text(status)
                    if let last = sync.state.lastSynced { Text("Last synced \(last.formatted(date: .omitted, time: .shortened))") }
                    Button("Sync now") { Task { await sync.syncNow() } }
                }
                Section("History") {
                    Button("Clear search history", role: .destructive) {
                        library.clearHistory()
                        Task { await search.load() }
                    }
                }
            }
            .navigationTitle("Settings")
        }
    }

    private var status: String {
        switch sync.state.status {
        case .unavailable: "Sync is off (no iCloud account)."
        case .idle: "Up to date."
        case .syncing: "Syncing…"
        case .offline: "Offline: changes will sync later."
        case .failed(let message): message
        }
    }
}
