import SwiftUI

/// A notice with a symbol, its text (model copy, shown as it is), an optional detail line, and an
/// optional action whose title is a key of the app's catalog. Read as one element with the
/// action as a button.
struct WrappedNotice: View {
    let text: String
    let detail: String?
    let systemImage: String
    let action: LocalizedStringKey?
    let perform: (@MainActor () -> Void)?

    init(
        _ text: String, detail: String? = nil, systemImage: String, action: LocalizedStringKey? = nil,
        perform: (@MainActor () -> Void)? = nil
    ) {
        self.text = text
        self.detail = detail
        self.systemImage = systemImage
        self.action = action
        self.perform = perform
    }

    var body: some View {
        ViewThatFits(in: .horizontal) {
            HStack(alignment: .firstTextBaseline, spacing: 12) { parts }
            VStack(alignment: .leading, spacing: 8) { parts }
        }
    }

    @ViewBuilder
    private var parts: some View {
        Image(systemName: systemImage)
            .foregroundStyle(.secondary)
            .accessibilityHidden(true)
        VStack(alignment: .leading, spacing: 4) {
            Text(verbatim: text)
                .font(.subheadline)
            if let detail {
                Text(verbatim: detail)
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            }
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .accessibilityElement(children: .combine)
        if let action, let perform {
            Button(action) { perform() }
                .font(.subheadline.weight(.semibold))
                .buttonStyle(.borderless)
        }
    }
}
