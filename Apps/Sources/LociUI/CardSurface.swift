import SwiftUI

/// A rounded card that holds other content: the one card shape every app uses.
public struct CardSurface<Content: View>: View {
    /// The card's content.
    public var content: Content
    /// The corner radius in points.
    public var cornerRadius: CGFloat

    /// A card around `content`.
    public init(cornerRadius: CGFloat = 20, @ViewBuilder content: () -> Content) {
        self.cornerRadius = cornerRadius
        self.content = content()
    }

    public var body: some View {
        content
            .padding(16)
            .frame(maxWidth: .infinity, alignment: .leading)
            .background(
                Color(uiColor: .secondarySystemBackground),
                in: RoundedRectangle(cornerRadius: cornerRadius, style: .continuous))
    }
}
