import SwiftUI

struct BigNumber: View {
    var value: String
    var body: some View {
        VStack {
            Text(value).font(.system(size: 56, weight: .bold))
            Text(value).font(Font.custom("Avenir", size: 14))
            Text(value).font(.system(size: 9)) // fixed-size: a stamp on a rendered card of fixed pixel size
        }
    }
}
