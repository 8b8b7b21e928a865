import AndAwayFeature
import LibraryKit
import SwiftUI

/// The order of results: one slider per factor of the score, for searches by name and by
/// category; moving one rescales the others (``AndAwayFeature/WeightsModel``).
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
struct WeightsScreen: View {
    let model: WeightsModel
    @State private var kind: QueryKind = .name

    var body: some View {
        Form {
            Picker("Searches", selection: $kind) {
                Text("By name").tag(QueryKind.name)
                Text("By category").tag(QueryKind.category)
            }
            .pickerStyle(.segmented)
            Section {
                ForEach(WeightFactor.allCases, id: \.self) { factor in
                    let value = factor.value(in: model.state.weights(for: kind))
                    VStack(alignment: .leading) {
                        let percent = value.formatted(.percent.precision(.fractionLength(0)))
                        LabeledContent(factor.title, value: percent)
                            .accessibilityHidden(true)
                        Slider(value: Binding(get: { value }, set: { model.set(factor, to: $0, for: kind) }), in: 0...1)
                            .accessibilityLabel(Text(verbatim: factor.title))
                            .accessibilityValue(Text(verbatim: percent))
                            .accessibilityHint("Raising it lowers the other weights in proportion")
                    }
                }
            } footer: {
                Text("The six always add up to the whole: raising one lowers the others in proportion.")
            }
            Button("Restore the defaults") { model.resetDefaults() }
            if let error = model.state.error { ErrorRow(message: error) }
        }
        .navigationTitle("Order of results")
        .task { model.load() }
    }
}
