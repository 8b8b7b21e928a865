import MapKit
import SwiftUI

struct RadiusMap: View {
    var centre: CLLocationCoordinate2D
    var body: some View {
        Map {
            MapCircle(center: centre, radius: 500)
        }
    }
}
