import LociUI
import SwiftUI
import WrappedFeature

/// The pager (seed §6.4): the cards swiped with a page-style `TabView`, advancing by themselves;
/// a tap on a card's left or right half goes back or on, a long press pauses or resumes. The
/// notice, and the controls: the place of a place card, Places (hide and show again), and on
/// pause or at the end Share, Regenerate and Settings. While a hidden place regenerates the
/// deck, its progress covers the pager.
struct DeckView: View {
    @Bindable var model: DeckModel
    let home: HomeModel
    let regenerate: @MainActor () async -> Void
    let close: @MainActor () -> Void
    let manageLimitedAccess: @MainActor () -> Void
    let cardFont: CardFont
    @State private var sharing: ShareModel?
    @State private var place: PlaceDetailModel?
    @State private var showsPlaces = false
    @State private var showsSettings = false

    var body: some View {
        VStack(spacing: 12) {
            NoticeBanner(
                model.notice ?? "",
                action: model.offersManageAccess ? ("Manage", { manageLimitedAccess() }) : nil
            )
            .opacity(model.notice == nil ? 0 : 1)
            TabView(selection: $model.currentIndex) {
                ForEach(model.pages) { page in
                    CardLayoutView(
                        layout: page.layout, palette: page.palette, photos: page.photos, cardFont: cardFont
                    )
                    .overlay { tapHalves }
                    .tag(page.index)
                    .padding(.horizontal, 16)
                }
            }
            .tabViewStyle(.page(indexDisplayMode: .always))
            .overlay { regenerationOverlay }
            .task(id: model.currentIndex) { await model.loadVisiblePhotos() }
            .task(id: "\(model.currentIndex) \(model.isPaused)") {
                guard (try? await Task.sleep(for: DeckModel.autoAdvanceInterval)) != nil else { return }
                withAnimation { _ = model.autoAdvance() }
            }
            Text(model.emptyReason ?? model.problem ?? "")
                .font(.footnote)
                .foregroundStyle(.secondary)
            controls
        }
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItem(placement: .cancellationAction) {
                Button("Close") { close() }
            }
        }
        .sheet(item: $sharing) { share in
            ShareView(model: share, cardFont: cardFont)
        }
        .sheet(item: $place) { detail in
            NavigationStack { PlaceDetailView(model: detail) }
        }
        .sheet(isPresented: $showsPlaces) {
            NavigationStack { PlacesView(model: model) }
        }
        .sheet(isPresented: $showsSettings) {
            NavigationStack { SettingsView(home: home, regenerate: regenerate) }
        }
    }

    /// The card's halves: a tap on the left goes back, on the right goes on; a long press
    /// anywhere pauses or resumes auto-advance.
    private var tapHalves: some View {
        HStack(spacing: 0) {
            Color.clear.contentShape(Rectangle()).onTapGesture { withAnimation { model.showPrevious() } }
            Color.clear.contentShape(Rectangle()).onTapGesture { withAnimation { model.showNext() } }
        }
        .onLongPressGesture(minimumDuration: 0.5) { model.setPaused(!model.isPaused) }
    }

    private var controls: some View {
        VStack(spacing: 10) {
            HStack(spacing: 16) {
                Button("About this place") { place = model.currentPlaceID.flatMap(model.placeDetail(for:)) }
                    .disabled(model.currentPlaceID == nil)
                Spacer()
                Text(model.isPaused ? "Paused" : "")
                    .font(.footnote)
                    .foregroundStyle(.secondary)
                Button("Places") { showsPlaces = true }
                    .disabled(model.isSample)
            }
            HStack(spacing: 16) {
                Button {
                    sharing = model.share(cardAt: model.currentIndex)
                } label: {
                    Label("Share", systemImage: "square.and.arrow.up")
                }
                .buttonStyle(.borderedProminent)
                .disabled(!model.canShareCurrent)
                Spacer()
                Button("Regenerate") { Task { await regenerate() } }
                    .disabled(model.isSample || !home.canGenerate)
                Button {
                    showsSettings = true
                } label: {
                    Label("Settings", systemImage: "slider.horizontal.3")
                }
                .disabled(model.isSample)
            }
            .opacity(model.showsActions ? 1 : 0)
            .allowsHitTesting(model.showsActions)
        }
        .padding(.horizontal, 24)
        .padding(.bottom, 12)
    }

    private var regenerationOverlay: some View {
        ZStack {
            Rectangle().fill(.regularMaterial)
            ProgressView(value: model.regeneration?.progress.scanFraction ?? 0) {
                Text("Making your Wrapped again")
            }
            .padding(40)
        }
        .opacity(model.regeneration == nil ? 0 : 1)
        .allowsHitTesting(model.regeneration != nil)
    }
}
