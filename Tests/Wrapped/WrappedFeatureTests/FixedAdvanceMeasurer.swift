import WrappedCardLayout

/// Every character is `fontSize / 2` wide: a measurer with no font, for layouts in tests.
struct FixedAdvanceMeasurer: TextMeasuring {
    func width(of text: String, fontSize: Double, weight: FontWeight) -> Double {
        Double(text.count) * fontSize / 2
    }
}
