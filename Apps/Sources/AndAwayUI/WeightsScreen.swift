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
                        LabeledContent(factor.title, value: value.formatted(.percent.precision(.fractionLength(0))))
                        Slider(value: Binding(get: { value }, set: { model.set(factor, to: $0, for: kind) }), in: 0...1)
                            .accessibilityLabel(factor.title)
                    }
                }
            } footer: {
                Text("The six always add up to 100 %: raising one lowers the others in proportion.")
            }
            Button("Restore the defaults") { model.resetDefaults() }
            if let error = model.state.error { Text(error).foregroundStyle(.red) }
        }
        .navigationTitle("Order of results")
        .task { model.load() }
    }
}
