import SwiftUI
import WrappedFeature
import WrappedKit

/// The pager (seed §6.4): the cards swiped with a page-style `TabView`, advancing by themselves;
/// a tap on a card's left or right half goes back or on, a long press pauses or resumes. The
/// notice, and the controls: the place of a place card, Places (hide and show again), and on
/// pause or at the end Share, Regenerate and Settings. While a hidden place regenerates the
/// deck, its progress covers the pager.
///
/// Accessibility: each card is one VoiceOver element (its words, "Card 3 of 10", swipe up or
/// down to change cards, a Pause/Resume action); at accessibility text sizes the card is shown
/// as text that scales instead of the poster; with Reduce Motion the deck does not advance by
/// itself (the model says so on screen) and cards cross-fade instead of sliding.
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
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @Environment(\.dynamicTypeSize) private var dynamicTypeSize

    var body: some View {
        VStack(spacing: 12) {
            if let notice = model.notice {
                if model.offersManageAccess {
                    WrappedNotice(notice, systemImage: "info.circle", action: "Manage", perform: manageLimitedAccess)
                        .padding(.horizontal, 16)
                } else {
                    WrappedNotice(notice, systemImage: "info.circle")
                        .padding(.horizontal, 16)
                }
            }
            pager
                .overlay { regenerationOverlay }
                .task(id: model.currentIndex) { await model.loadVisiblePhotos() }
                .task(id: "\(model.currentIndex) \(model.isPaused) \(model.reducesMotion)") {  // not-copy: task identity
                    guard model.advancesByItself else { return }
                    // try?: a cancelled sleep (the card changed, the deck closed) only ends this
                    // wait; there is nothing to tell the person.
                    guard (try? await Task.sleep(for: DeckModel.autoAdvanceInterval)) != nil else { return }
                    withAnimation(motion) { _ = model.autoAdvance() }
                }
            if let note = model.pacingNote {
                Text(verbatim: note)
                    .font(.footnote)
                    .foregroundStyle(.secondary)
                    .padding(.horizontal, 24)
            }
            if let unread = model.readNote {
                Label {
                    Text(verbatim: unread)
                } icon: {
                    Image(systemName: "info.circle")
                        .accessibilityHidden(true)
                }
                .font(.footnote)
                .foregroundStyle(.secondary)
            }
            if let empty = model.emptyReason {
                Text(verbatim: empty)
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            }
            if let problem = model.problem {
                ProblemLine(text: problem)
                    .font(.footnote)
                    .padding(.horizontal, 24)
            }
            controls
        }
        .onChange(of: reduceMotion, initial: true) { _, on in model.reducesMotion = on }
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

    /// Springs and slides, unless Reduce Motion is on: then changes happen without movement.
    private var motion: Animation? { reduceMotion ? nil : .default }

    /// The page-style pager; with Reduce Motion, the card on screen alone, cross-fading to the
    /// next (a swipe still goes on or back).
    @ViewBuilder
    private var pager: some View {
        let pages = model.pages
        if reduceMotion {
            ZStack {
                ForEach(pages.filter { $0.index == model.currentIndex }) { page in
                    pageView(page)
                        .transition(.opacity)
                }
            }
            .animation(.easeInOut(duration: 0.3), value: model.currentIndex)
            .frame(maxHeight: .infinity)
            .gesture(
                DragGesture(minimumDistance: 30).onEnded { drag in
                    if drag.translation.width < 0 { model.showNext() } else { model.showPrevious() }
                })
        } else {
            TabView(selection: $model.currentIndex) {
                ForEach(pages) { page in
                    pageView(page)
                        .tag(page.index)
                }
            }
            .tabViewStyle(.page(indexDisplayMode: .always))
        }
    }

    private func pageView(_ page: CardPage) -> some View {
        Group {
            if dynamicTypeSize.isAccessibilitySize {
                CardTextView(card: page.card)
            } else {
                CardLayoutView(layout: page.layout, palette: page.palette, photos: page.photos, cardFont: cardFont)
                    .overlay { tapHalves }
            }
        }
        .padding(.horizontal, 16)
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(Text(verbatim: page.spokenText))
        .accessibilityValue(Text(verbatim: model.position(of: page.index)))
        .accessibilityHint("Swipe up or down to change cards.")
        .accessibilityAdjustableAction { direction in
            switch direction {
            case .increment: model.showNext()
            case .decrement: model.showPrevious()
            @unknown default: break
            }
        }
        .accessibilityAction(named: model.isPaused ? Text("Resume") : Text("Pause")) {
            model.setPaused(!model.isPaused)
        }
    }

    /// The card's halves: a tap on the left goes back, on the right goes on; a long press
    /// anywhere pauses or resumes auto-advance. (VoiceOver uses the card's adjustable action.)
    private var tapHalves: some View {
        HStack(spacing: 0) {
            Color.clear.contentShape(Rectangle()).onTapGesture { withAnimation(motion) { model.showPrevious() } }
            Color.clear.contentShape(Rectangle()).onTapGesture { withAnimation(motion) { model.showNext() } }
        }
        .onLongPressGesture(minimumDuration: 0.5) { model.setPaused(!model.isPaused) }
        .accessibilityHidden(true)
    }

    private var controls: some View {
        let accessibilitySize = dynamicTypeSize.isAccessibilitySize
        let row = accessibilitySize ? AnyLayout(VStackLayout(spacing: 10)) : AnyLayout(HStackLayout(spacing: 16))
        return VStack(spacing: 10) {
            row {
                Button("About this place") { place = model.currentPlaceID.flatMap(model.placeDetail(for:)) }
                    .disabled(model.currentPlaceID == nil)
                    .accessibilityHint("Shows this place's photos and lets you hide it.")
                if !accessibilitySize { Spacer() }
                if model.isPaused {
                    Label("Paused", systemImage: "pause.circle")
                        .font(.footnote)
                        .foregroundStyle(.secondary)
                }
                Button("Places") { showsPlaces = true }
                    .disabled(model.isSample)
                    .accessibilityHint("Lists the places in your Wrapped, to hide one or show it again.")
            }
            if model.showsActions {
                row {
                    Button {
                        sharing = model.share(cardAt: model.currentIndex)
                    } label: {
                        Label("Share", systemImage: "square.and.arrow.up")
                    }
                    .buttonStyle(.borderedProminent)
                    .disabled(!model.canShareCurrent)
                    .accessibilityHint("Makes an image of this card to share.")
                    if !accessibilitySize { Spacer() }
                    Button("Regenerate") { Task { await regenerate() } }
                        .disabled(model.isSample || !home.canGenerate)
                    Button {
                        showsSettings = true
                    } label: {
                        Label("Settings", systemImage: "slider.horizontal.3")
                    }
                    .disabled(model.isSample)
                }
            }
        }
        .padding(.horizontal, 24)
        .padding(.bottom, 12)
    }

    @ViewBuilder
    private var regenerationOverlay: some View {
        if let regeneration = model.regeneration {
            ZStack {
                Rectangle().fill(.regularMaterial)
                ProgressView(value: regeneration.progress.scanFraction) {
                    Text("Making your Wrapped again")
                }
                .padding(40)
            }
        }
    }
}

/// A card as text that follows Dynamic Type (shown instead of the poster at accessibility text
/// sizes): eyebrow, headline, lines and panels, scrolling when long.
private struct CardTextView: View {
    let card: Card

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 12) {
                Text(verbatim: card.eyebrow)
                    .font(.headline)
                    .foregroundStyle(.secondary)
                Text(verbatim: card.headline)
                    .font(.largeTitle.bold())
                ForEach(card.lines, id: \.self) { line in
                    Text(verbatim: line)
                        .font(.title3)
                }
                ForEach(card.panels, id: \.rank) { panel in
                    VStack(alignment: .leading, spacing: 4) {
                        Text(verbatim: "\(panel.rank.formatted()). \(panel.label)")  // not-copy: a rank and a place name
                            .font(.title3.bold())
                        Text(verbatim: panel.detail)
                    }
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .padding(20)
        }
        .background(.thinMaterial, in: RoundedRectangle(cornerRadius: 16))
    }
}
