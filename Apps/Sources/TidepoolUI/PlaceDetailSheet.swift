import SwiftUI
import TidepoolFeature

/// The details sheet: what the place is, the heart and the 1–5 star rating.
struct PlaceDetailSheet: View {
    let model: PlaceDetailModel

    var body: some View {
        NavigationStack {
            List {
                if let place = model.place {
                    Section {
                        LabeledContent("Category", value: place.categoryName)
                        if let address = place.address { LabeledContent("Address", value: address) }
                        if let hours = place.openingHours { LabeledContent("Hours", value: hours) }
                        if let open = place.openNow { LabeledContent("Now", value: open ? "Open" : "Closed") }
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
                            }
                            .buttonStyle(.borderless)
                            .accessibilityLabel("\(stars) stars")
                        }
                    }
                    if case .waiting = model.favourite {
                        Text("Saved on this phone; it reaches your profile when you are online.")
                            .font(.caption)
                            .foregroundStyle(.secondary)
                    }
                }
                if let problem = model.problem {
                    Text(problem).font(.caption).foregroundStyle(.red)
                }
            }
            .navigationTitle(model.place?.title ?? "Place")
            .toolbar {
                Button {
                    Task { await model.toggleFavourite() }
                } label: {
                    Image(systemName: model.favourite.isFavourite ? "heart.fill" : "heart")
                        .symbolEffect(.bounce, value: model.favourite.isFavourite)
                }
                .accessibilityLabel(model.favourite.isFavourite ? "Remove from favourites" : "Add to favourites")
            }
        }
        .presentationDetents([.medium, .large])
    }
}
