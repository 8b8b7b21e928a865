import SwiftUI

struct TrashButton: View {
    var delete: () -> Void
    var body: some View {
        Button(action: delete) {
            Image(systemName: "trash")
        }
    }
}
