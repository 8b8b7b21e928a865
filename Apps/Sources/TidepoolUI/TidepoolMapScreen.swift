import MapKit
import SwiftUI
import TidepoolFeature

/// The map tab's root: heat overlay and outlines, the user's ring, search with suggestions, the
/// reporting chip, the legend, the empty state and the details sheet. It draws the model's
/// state and forwards what the user does.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public struct TidepoolMapScreen: View {
    let model: TidepoolMapModel
    let session: TidepoolSession
    @State private var showsLegend = false
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @Environment(\.dynamicTypeSize) private var typeSize

    /// The screen over `model` (the composition root calls ``TidepoolMapModel/load()``, or this
    /// view does on appearing); the sharing switch has `session` read the saved settings again.
    public init(model: TidepoolMapModel, session: TidepoolSession) {
        self.model = model
        self.session = session
    }

    /// Helsinki when the user has no Home set (the map opens somewhere rather than at 0, 0).
    private static let fallbackCenter = CLLocationCoordinate2D(latitude: 60.1699, longitude: 24.9384)

    public var body: some View {
        ZStack(alignment: .top) {
            HeatMapView(
                tileURLTemplate: model.heatTileURLTemplate,
                center: model.initialCenter.map { CLLocationCoordinate2D(latitude: $0.latitude, longitude: $0.longitude) }
                    ?? Self.fallbackCenter,
                tiles: model.tiles, ring: model.ring, palette: model.palette, markers: model.markers,
                regionChanged: { viewport in Task { await model.show(viewport) } },
                tapped: { coordinate, reach in Task { await model.openPlace(near: coordinate, within: reach) } },
                openMarker: { id in Task { await model.open(placeID: id) } }
            )
            .ignoresSafeArea()
            // VoiceOver reads the heat in words (the overlay is a drawing): how many places and
            // the busiest one's level, count and likeness.
            .accessibilityLabel("Heat map")
            .accessibilityValue(TidepoolCopy.heatSummary(model.tiles))
            .accessibilityHint("Search for places to open their details.")
            VStack(spacing: 8) {
                MapSearchPanel(search: model.search, heat: { model.heatDescription(at: $0) }) { id in
                    Task { await model.open(placeID: id) }
                }
                // At accessibility text sizes the chip and the legend button stack.
                let layout =
                    typeSize.isAccessibilitySize
                    ? AnyLayout(VStackLayout(alignment: .leading, spacing: 8)) : AnyLayout(HStackLayout())
                layout {
                    if let reporting = model.reporting {
                        VStack(alignment: .leading, spacing: 4) {
                            ReportingChip(status: reporting.status, problem: reporting.locationProblemText)
                            SharingSwitch(reporting: reporting, session: session)
                                .padding(.horizontal, 10)
                                .padding(.vertical, 4)
                                .background(.thinMaterial, in: RoundedRectangle(cornerRadius: 10))
                                .fixedSize(horizontal: !typeSize.isAccessibilitySize, vertical: false)
                        }
                    }
                    Spacer()
                    Button {
                        showsLegend = true
                    } label: {
                        Image(systemName: "info.circle").padding(8).background(.thinMaterial, in: Circle())
                    }
                    .accessibilityLabel("What the colours mean")
                    .accessibilityHint("Explains the heat's colours, outlines and privacy in words.")
                    .disabled(model.legend == nil)
                }
                if let problem = model.problem {
                    Label(problem, systemImage: "exclamationmark.circle")
                        .font(.caption).padding(6).background(.thinMaterial, in: Capsule())
                }
                Spacer()
                if let empty = model.emptyState {
                    MapEmptyStateCard(state: empty, heat: { model.heatDescription(at: $0) }) { id in
                        Task { await model.open(placeID: id) }
                    }
                        // Reduce Motion: a cross-fade instead of sliding up.
                        .transition(reduceMotion ? .opacity : .move(edge: .bottom).combined(with: .opacity))
                }
            }
            .padding()
        }
        .animation(reduceMotion ? .easeInOut : .spring, value: model.emptyState)
        .sheet(isPresented: $showsLegend) {
            if let legend = model.legend {
                HeatLegendView(legend: legend).presentationDetents([.medium])
            }
        }
        .sheet(
            item: Binding(get: { model.detail }, set: { if $0 == nil { model.closeDetail() } })
        ) { detail in
            PlaceDetailSheet(model: detail, heat: detail.place.flatMap { model.heatDescription(at: $0.coordinate) })
        }
        .task { await model.load() }
    }
}
