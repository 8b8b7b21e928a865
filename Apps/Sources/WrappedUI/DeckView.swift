import LociUI
import SwiftUI
import WrappedFeature

/// The pager (seed §6.4): the cards swiped with a page-style `TabView`, the notice, and the
/// controls: Share for a shareable card, the place of a place card, Close. While a hidden place
/// regenerates the deck, its progress covers the pager.
struct DeckView: View {
    @Bindable var model: DeckModel
    let close: @MainActor () -> Void
    let manageLimitedAccess: @MainActor () -> Void
    let cardFont: CardFont
    @State private var sharing: ShareModel?
    @State private var place: PlaceDetailModel?

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
                        layout: page.layout, palette: page.palette, photos: [:], cardFont: cardFont
                    )
                    .tag(page.index)
                    .padding(.horizontal, 16)
                }
            }
            .tabViewStyle(.page(indexDisplayMode: .always))
            .overlay { regenerationOverlay }
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
    }

    private var controls: some View {
        HStack(spacing: 16) {
            Button("About this place") { place = model.currentPlaceID.flatMap(model.placeDetail(for:)) }
                .disabled(model.currentPlaceID == nil)
            Spacer()
            Button {
                sharing = model.share(cardAt: model.currentIndex)
            } label: {
                Label("Share", systemImage: "square.and.arrow.up")
            }
            .buttonStyle(.borderedProminent)
            .disabled(!model.canShareCurrent)
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
