import SwiftUI

struct TapCard: View {
    var open: () -> Void
    var body: some View {
        Text("Open")
            .padding()
            .onTapGesture { open() }
    }
}
