import AreaDownloads
import AreasUI
import ProximityFeature
import ProximityKit
import SwiftUI
import Foundation

/// Proximity's root: the trips list in a navigation stack, the trip form as a sheet, a trip's
/// places pushed, and the tracking settings, offline areas and debug panel from the toolbar. A tapped
/// notification (``TrackingModel/tripToOpen``) pushes its trip.
public struct ProximityRootView: View {
    let screens: ProximityScreens
    @State private var path: [String] = []
    @State private var form: FormSheet?
    @State private var showsSettings = false
    @State private var showsDebug = false
    @State private var showsAreas = false
    @State private var incoming: IncomingSheet?

    /// The root over `screens`.
    public init(screens: ProximityScreens) {
        self.screens = screens
    }

    public var body: some View {
        NavigationStack(path: $path) {
            TripsListView(
                list: screens.trips, tracking: screens.tracking,
                create: { form = FormSheet(model: screens.form(nil)) }, edit: { form = FormSheet(model: screens.form($0)) }
            )
            .navigationDestination(for: String.self) { tripID in
                TripPlacesView(model: screens.places(tripID), tracking: screens.tracking)
            }
            .toolbar {
                ToolbarItem(placement: .topBarLeading) {
                    Menu {
                        Button("Tracking and alerts", systemImage: "location.circle") { showsSettings = true }
                        Button("Debug panel", systemImage: "ladybug") { showsDebug = true }
                        if screens.areas != nil {
                            Button("Offline areas", systemImage: "map") { showsAreas = true }
                        }
                    } label: {
                        Label("Settings", systemImage: "gearshape")
                    }
                }
            }
        }
        .sheet(item: $form) { form in
            NavigationStack { TripFormView(form: form.model, done: { self.form = nil }) }
        }
        .sheet(isPresented: $showsSettings) {
            NavigationStack {
                NotificationSettingsView(tracking: screens.tracking)
            }
        }
        .sheet(isPresented: $showsAreas) {
            if let areas = screens.areas {
                NavigationStack {
                    AreaListView(
                        model: areas,
                        near: screens.tracking.status.lastFix.map { AreaPoint(latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude) })
                }
            }
        }
        .sheet(isPresented: $showsDebug) {
            NavigationStack { DebugPanelView(debug: screens.tracking.debug, tracking: screens.tracking) }
        }
        .sheet(item: $incoming) { sheet in
            NavigationStack {
                IncomingPlaceFileView(model: sheet.model, done: {
                    incoming = nil
                    screens.trips.load()
                })
            }
        }
        .onOpenURL { url in
            // An "Open in" copy in the app's Inbox is readable as is; a document opened in place is
            // readable only inside its security scope, so the model reads it here, at once.
            let scoped = url.startAccessingSecurityScopedResource()
            defer { if scoped { url.stopAccessingSecurityScopedResource() } }
            incoming = IncomingSheet(model: screens.incoming(url))
        }
        .onChange(of: screens.tracking.tripToOpen) { _, tripID in
            guard let tripID else { return }
            path = [tripID]
            screens.tracking.tripToOpen = nil
        }
        .task { screens.trips.load() }
    }
}

/// A handed-over place file shown as a sheet.
private struct IncomingSheet: Identifiable {
    let id = UUID()
    let model: IncomingPlaceFileModel
}

/// The trip form shown as a sheet (a sheet needs an identity).
private struct FormSheet: Identifiable {
    let id = UUID()
    let model: TripFormModel
}
