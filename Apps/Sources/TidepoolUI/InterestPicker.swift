import InterestKit
import SwiftUI
import TidepoolFeature

/// Search as you type over the interest vocabulary, the chosen interests as removable chips.
/// Used by onboarding and the profile; it draws what its model holds and forwards taps.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
struct InterestPicker: View {
    let query: String
    let suggestions: [InterestSuggestion]
    let selected: [InterestTag]
    let label: (InterestTag) -> String
    let search: @MainActor (String) -> Void
    let toggle: (InterestTag) -> Void

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            Text("What you like").font(.title.bold()).accessibilityAddTraits(.isHeader)
            TextField("Jazz, kayaking, ramen…", text: Binding(get: { query }, set: search))
                .textFieldStyle(.roundedBorder)
                .autocorrectionDisabled()
            ForEach(suggestions) { suggestion in
                Button {
                    toggle(suggestion.tag)
                } label: {
                    HStack {
                        Text(suggestion.label)
                        Text(verbatim: suggestion.categoryName()).font(.caption).foregroundStyle(.secondary)
                        Spacer()
                        if selected.contains(suggestion.tag) {
                            Image(systemName: "checkmark").accessibilityHidden(true)
                        }
                    }
                }
                // Chosen is said as "selected", not only drawn as a checkmark.
                .accessibilityElement(children: .combine)
                .accessibilityAddTraits(selected.contains(suggestion.tag) ? .isSelected : [])
            }
            if !selected.isEmpty {
                Text("Chosen").font(.headline)
                ForEach(selected, id: \.rawValue) { tag in
                    Button {
                        toggle(tag)
                    } label: {
                        Label(label(tag), systemImage: "xmark.circle")
                    }
                    .buttonStyle(.bordered)
                    .accessibilityHint("Removes this interest.")
                }
            }
        }
    }
}
