import SwiftUI
import TidepoolFeature

/// What the colours mean: the colour ramp and the model's legend lines.
struct HeatLegendView: View {
    let legend: HeatLegend

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            if legend.palette.usesServerTiles {
                LinearGradient(
                    colors: [Color(red: 0.16, green: 0.71, blue: 0.67), .orange, Color(red: 1, green: 0.24, blue: 0.08)],
                    startPoint: .leading, endPoint: .trailing
                )
                .frame(height: 8)
                .clipShape(Capsule())
            } else {
                HStack(spacing: 2) {
                    ForEach(Array(HeatPalette.bands.enumerated()), id: \.offset) { _, band in
                        Rectangle()
                            .fill(Color(red: band.red, green: band.green, blue: band.blue).opacity(band.opacity))
                            .overlay(Rectangle().stroke(.black, lineWidth: band.lineWidth))
                    }
                }
                .frame(height: 16)
            }
            ForEach(legend.entries) { entry in
                Text(entry.text).font(.footnote)
            }
        }
        .padding()
    }
}
