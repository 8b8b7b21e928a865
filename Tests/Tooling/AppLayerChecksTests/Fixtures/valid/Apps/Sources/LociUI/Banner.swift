import SwiftUI

public struct Banner: View {
    public var text: String
    public var body: some View { Text(text).padding() }
}
