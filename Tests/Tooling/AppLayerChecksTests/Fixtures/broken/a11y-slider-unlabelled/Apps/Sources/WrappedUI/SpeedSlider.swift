import SwiftUI

struct SpeedSlider: View {
    @Binding var speed: Double
    var body: some View {
        Slider(value: $speed, in: 0...2)
    }
}
