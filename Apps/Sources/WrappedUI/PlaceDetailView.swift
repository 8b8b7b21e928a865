import SwiftUI
import WrappedFeature

/// Place detail (seed §6.5): the label, photo and day counts, first and last visit, the
/// representative photos, and Hide.
struct PlaceDetailView: View {
    let model: PlaceDetailModel
    @Environment(\.dismiss) private var dismiss
    private let columns = Array(repeating: GridItem(.flexible(), spacing: 4), count: 3)

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 16) {
                Text(model.place.label)
                    .font(.title.bold())
                HStack(spacing: 24) {
                    Label(model.place.photosLine, systemImage: "photo.on.rectangle")
                    Label(model.place.daysLine, systemImage: "calendar")
                }
                .font(.headline)
                VStack(alignment: .leading, spacing: 4) {
                    Text(model.place.firstVisitLine)
                    Text(model.place.lastVisitLine)
                }
                .foregroundStyle(.secondary)
                LazyVGrid(columns: columns, spacing: 4) {
                    ForEach(model.photoIDs, id: \.self) { id in
                        Color(uiColor: .secondarySystemBackground)
                            .aspectRatio(1, contentMode: .fit)
                            .overlay { ThumbnailImage(thumbnail: model.thumbnails[id]) }
                            .clipped()
                    }
                }
                Button("Hide this place", role: .destructive) {
                    Task {
                        dismiss()
                        await model.hide()
                    }
                }
                .disabled(!model.canHide)
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
}
