import SwiftUI
import TidepoolFeature

/// What the colours mean: the colour ramp and the model's legend lines.
struct HeatLegendView: View {
    let legend: HeatLegend

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            LinearGradient(
                colors: [Color(red: 0.16, green: 0.71, blue: 0.67), .orange, Color(red: 1, green: 0.24, blue: 0.08)],
                startPoint: .leading, endPoint: .trailing
            )
            .frame(height: 8)
            .clipShape(Capsule())
            ForEach(legend.entries) { entry in
                Text(entry.text).font(.footnote)
            }
        }
        .padding()
    }
}
