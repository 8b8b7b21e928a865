import SwiftUI
import TidepoolFeature

/// The details sheet: what the place is, the heart and the 1–5 star rating.
///
/// The rating is one adjustable element to VoiceOver (swipe up or down); open or closed is a
/// word and a symbol; adding a favourite gives the success haptic; Reduce Motion stills the
/// heart's bounce.
struct PlaceDetailSheet: View {
    let model: PlaceDetailModel
    /// The heat where the place is, in words (nil: none shows there now).
    let heat: String?
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    var body: some View {
        NavigationStack {
            List {
                if let place = model.place {
                    Section {
                        LabeledContent("Category", value: place.categoryName)
                        if let address = place.address { LabeledContent("Address", value: address) }
                        if let hours = place.openingHours { LabeledContent("Hours", value: hours) }
                        if let open = place.openNow {
                            LabeledContent("Now") {
                                if open {
                                    Label("Open", systemImage: "door.left.hand.open")
                                } else {
                                    Label("Closed", systemImage: "door.left.hand.closed")
                                }
                            }
                        }
                        if let heat { LabeledContent("Heat now", value: heat) }
                        if let phone = place.phone { LabeledContent("Phone", value: phone) }
                        if let website = place.website, let url = URL(string: website) {
                            Link(website, destination: url)
                        }
                    }
                }
                Section("Your rating") {
                    HStack {
                        ForEach(1...5, id: \.self) { stars in
                            Button {
                                Task { await model.rate(stars) }
                            } label: {
                                Image(systemName: stars <= (model.favourite.rating ?? 0) ? "star.fill" : "star")
                                    .imageScale(.large)
                            }
                            .buttonStyle(.borderless)
                            .accessibilityLabel(Text(verbatim: TidepoolCopy.stars(stars)))
                        }
                    }
                    .accessibilityElement(children: .ignore)
                    .accessibilityLabel("Your rating")
                    .accessibilityValue(ratingWords)
                    .accessibilityAdjustableAction { direction in
                        let current = model.favourite.rating ?? 0
                        switch direction {
                        case .increment: Task { await model.rate(min(5, current + 1)) }
                        case .decrement: if current > 1 { Task { await model.rate(current - 1) } }
                        @unknown default: break
                        }
                    }
                    if case .waiting = model.favourite {
                        Text("Saved on this phone; it reaches your profile when you are online.")
                            .font(.caption)
                            .foregroundStyle(.secondary)
                    }
                }
                if let problem = model.problem {
                    Label(problem, systemImage: "exclamationmark.triangle").font(.caption).foregroundStyle(.red)
                }
            }
            .navigationTitle(model.place.map { Text(verbatim: $0.title) } ?? Text("Place"))
            .toolbar {
                Button {
                    Task { await model.toggleFavourite() }
                } label: {
                    Image(systemName: model.favourite.isFavourite ? "heart.fill" : "heart")
                        .symbolEffect(.bounce, value: model.favourite.isFavourite)
                        .symbolEffectsRemoved(reduceMotion)
                }
                .accessibilityLabel(model.favourite.isFavourite ? "Remove from favourites" : "Add to favourites")
                // The spec's haptic: a favourite saved (or waiting to be sent) is a success.
                .sensoryFeedback(.success, trigger: model.favourite.isFavourite) { _, now in now }
            }
        }
        .presentationDetents([.medium, .large])
    }

    /// The rating in words for VoiceOver: "3 stars", or none yet.
    private var ratingWords: String {
        model.favourite.rating.map { TidepoolCopy.stars($0) } ?? TidepoolCopy.noRating()
    }
}
