import SwiftUI

/// A one-line notice with an icon, shown above a screen's content ("This deck covers only the
/// photos you chose").
///
/// It draws the text a model decided to show; it decides nothing.
public struct NoticeBanner: View {
    /// The notice.
    public var text: String
    /// An SF Symbol name.
    public var systemImage: String
    /// Called when the banner's action is tapped; no button when `nil`.
    public var action: (title: String, perform: () -> Void)?

    /// A banner with `text`, an icon and an optional action. `text` and the action's title are
    /// shown as given, so pass them in the person's language (a `*Copy` result,
    /// `String(localized: "…")`): a bare literal is a `String`, shown untranslated.
    public init(
        _ text: String, systemImage: String = "info.circle",
        action: (title: String, perform: () -> Void)? = nil
    ) {
        self.text = text
        self.systemImage = systemImage
        self.action = action
    }

    @Environment(\.dynamicTypeSize) private var typeSize

    public var body: some View {
        // At the accessibility text sizes the parts stack, so the text is not squeezed to a sliver.
        let layout =
            typeSize.isAccessibilitySize
            ? AnyLayout(VStackLayout(alignment: .leading, spacing: 8))
            : AnyLayout(HStackLayout(alignment: .firstTextBaseline, spacing: 12))
        layout {
            Image(systemName: systemImage)
                .foregroundStyle(.secondary)
                .accessibilityHidden(true)
            Text(text)
                .font(.subheadline)
                .frame(maxWidth: .infinity, alignment: .leading)
            if let action {
                Button(action.title, action: action.perform)
                    .font(.subheadline.weight(.semibold))
            }
        }
        .padding(12)
        .background(.thinMaterial, in: RoundedRectangle(cornerRadius: 12, style: .continuous))
        .accessibilityElement(children: .combine)
    }
}
