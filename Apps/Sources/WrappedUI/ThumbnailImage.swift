import SwiftUI
import WrappedKit

/// A thumbnail's bytes as an image filling its frame (centre-cropped); nothing when there are
/// none or they do not decode. Hidden from VoiceOver: the view around it (a place's photo cell,
/// a card) carries the label.
struct ThumbnailImage: View {
    let thumbnail: PhotoThumbnail?

    var body: some View {
        (thumbnail.flatMap { UIImage(data: $0.data) }).map { Image(uiImage: $0).resizable().scaledToFill().accessibilityHidden(true) }
    }
}
