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
                        ForEach(search.state.providers, id: \.self) { Text(verbatim: $0.displayName).tag($0) }
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
                        Text(verbatim: AreasCopy.diskUse(areas.state.diskBytes)).foregroundStyle(.secondary)
                    }
                }
                Section("iCloud") {
                    Label { status } icon: { Image(systemName: statusSymbol).accessibilityHidden(true) }
                    if sync.state.status != .unavailable {
                        Text(verbatim: AndAwayCopy.lastSynced(sync.state.lastSynced)).foregroundStyle(.secondary)
                        Button("Sync now", systemImage: "arrow.clockwise") { Task { await sync.syncNow() } }
                            .disabled(sync.state.status == .syncing)
                    }
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

    private var status: Text {
        switch sync.state.status {
        case .unavailable: Text("Sync is off (no iCloud account).")
        case .idle: Text("Up to date.")
        case .syncing: Text("Syncing…")
        case .offline: Text("Offline: changes will sync later.")
        case .failed(let message): Text(verbatim: message)
        }
    }

    private var statusSymbol: String {
        switch sync.state.status {
        case .unavailable: "icloud.slash"  // not-copy: SF Symbol name
        case .idle: "checkmark.icloud"  // not-copy: SF Symbol name
        case .syncing: "arrow.triangle.2.circlepath.icloud"  // not-copy: SF Symbol name
        case .offline: "icloud.slash"  // not-copy: SF Symbol name
        case .failed: "exclamationmark.icloud"  // not-copy: SF Symbol name
        }
    }
}
