import MapKit

// Each function below has one mistake that scripts/typecheck-ios must report at its line.

@MainActor func misspelledMember(_ map: MKMapView) {
    map.showsUserLocaton = true
}

@MainActor func newerThanIOS17(_ item: MKMapItem) -> String {
    item.identifier?.rawValue ?? ""
}
