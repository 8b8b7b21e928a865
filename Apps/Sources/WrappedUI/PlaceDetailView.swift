import SwiftUI
import WrappedFeature

/// Place detail (seed §6.5): the label, photo and day counts, first and last visit, the
/// representative photos, and Hide. The counts stack at accessibility text sizes.
struct PlaceDetailView: View {
    let model: PlaceDetailModel
    @Environment(\.dismiss) private var dismiss
    @Environment(\.dynamicTypeSize) private var dynamicTypeSize
    private let columns = Array(repeating: GridItem(.flexible(), spacing: 4), count: 3)

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 16) {
                Text(verbatim: model.place.label)
                    .font(.title.bold())
                    .accessibilityAddTraits(.isHeader)
                counts
                    .font(.headline)
                VStack(alignment: .leading, spacing: 4) {
                    Text(verbatim: model.place.firstVisitLine())
                    Text(verbatim: model.place.lastVisitLine())
                }
                .foregroundStyle(.secondary)
                .accessibilityElement(children: .combine)
                LazyVGrid(columns: columns, spacing: 4) {
                    ForEach(Array(model.photoIDs.enumerated()), id: \.element) { offset, id in
                        Color(uiColor: .secondarySystemBackground)
                            .aspectRatio(1, contentMode: .fit)
                            .overlay { ThumbnailImage(thumbnail: model.thumbnails[id]) }
                            .clipped()
                            .accessibilityElement(children: .ignore)
                            .accessibilityLabel(photoLabel(offset))
                            .accessibilityAddTraits(.isImage)
                    }
                }
                Button("Hide this place", role: .destructive) {
                    Task {
                        dismiss()
                        await model.hide()
                    }
                }
                .disabled(!model.canHide)
                .accessibilityHint("Takes this place out of your Wrapped and makes the cards again.")
            }
            .padding(20)
        }
        .task { await model.loadThumbnails(maxPixelSize: 300) }
        .toolbar {
            ToolbarItem(placement: .confirmationAction) {
                Button("Done") { dismiss() }
            }
        }
    }

    private var counts: some View {
        let layout =
            dynamicTypeSize.isAccessibilitySize
            ? AnyLayout(VStackLayout(alignment: .leading, spacing: 8)) : AnyLayout(HStackLayout(spacing: 24))
        return layout {
            Label(model.place.photosLine(), systemImage: "photo.on.rectangle")
            Label(model.place.daysLine(), systemImage: "calendar")
        }
    }

    /// "Photo 3 of 9 at Kallio, Helsinki"; "not available" when it gave no thumbnail.
    private func photoLabel(_ offset: Int) -> Text {
        let number = (offset + 1).formatted()
        let total = model.photoIDs.count.formatted()
        let label = model.place.label
        return model.unavailable.contains(model.photoIDs[offset])
            ? Text("Photo \(number) of \(total) at \(label), not available on this iPhone")
            : Text("Photo \(number) of \(total) at \(label)")
    }
}
