import SwiftUI
import TidepoolFeature

/// What the colours mean: the colour ramp with its ends (standard) or each band (high contrast)
/// named in words, and the model's legend lines. The ramp itself is decorative to VoiceOver:
/// the words say everything it shows.
struct HeatLegendView: View {
    let legend: HeatLegend

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 8) {
                Text("What the colours mean").font(.headline).accessibilityAddTraits(.isHeader)
                if legend.palette.usesServerTiles {
                    LinearGradient(
                        colors: [Color(red: 0.16, green: 0.71, blue: 0.67), .orange, Color(red: 1, green: 0.24, blue: 0.08)],
                        startPoint: .leading, endPoint: .trailing
                    )
                    .frame(height: 8)
                    .clipShape(Capsule())
                    .accessibilityHidden(true)
                    HStack {
                        Text(verbatim: TidepoolCopy.heatLevel(0))
                        Spacer()
                        Text(verbatim: TidepoolCopy.heatLevel(1))
                    }
                    .font(.caption)
                    .accessibilityHidden(true)
                } else {
                    // Each band with its words beside it: lightness, fill and edge, never hue alone.
                    ForEach(Array(HeatPalette.bands.enumerated()), id: \.offset) { index, band in
                        HStack {
                            Rectangle()
                                .fill(Color(red: band.red, green: band.green, blue: band.blue).opacity(band.opacity))
                                .overlay(Rectangle().stroke(.black, lineWidth: band.lineWidth))
                                .frame(width: 32, height: 16)
                                .accessibilityHidden(true)
                            Text(verbatim: TidepoolCopy.heatLevel((Double(index) + 0.5) / Double(HeatPalette.bands.count)))
                                .font(.caption)
                        }
                    }
                    .accessibilityHidden(true)
                }
                ForEach(legend.entries) { entry in
                    Text(entry.text).font(.footnote)
                }
            }
            .padding()
        }
    }
}
