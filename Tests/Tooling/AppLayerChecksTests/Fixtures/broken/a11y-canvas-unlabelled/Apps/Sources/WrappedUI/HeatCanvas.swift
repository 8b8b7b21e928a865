import SwiftUI

struct HeatCanvas: View {
    var body: some View {
        Canvas { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.red))
        }
    }
}
