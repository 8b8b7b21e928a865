import Foundation

/// Numbers a Proximity view shows, formatted in the person's locale before they reach a
/// localised string (a view literal interpolates only Strings).
enum ProximityFormat {
    /// Whole metres: "500 m".
    static func metres(_ value: Double) -> String {
        Measurement(value: value.rounded(), unit: UnitLength.meters)
            .formatted(.measurement(width: .abbreviated, usage: .asProvided, numberFormatStyle: .number.precision(.fractionLength(0))))
    }

    /// A count: "1,234" / "1 234".
    static func count(_ value: Int) -> String { value.formatted() }
}
