import SwiftUI

struct Stars: View {
    var body: some View {
        HStack {
            Image(systemName: "star.fill")
            Text("Next")
        }
    }
}
