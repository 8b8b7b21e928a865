import Testing
import WrappedCardLayout
import WrappedLive

/// The CoreText measurer behaves as the card layout's `TextMeasuring` expects: widths grow with
/// the text and the size, bold is not narrower, and fitted lines stay within the width.
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a Mac.
@Suite("CoreText text measurer")
struct CoreTextMeasurerTests {
    let measurer = CoreTextMeasurer()

    @Test("widths grow with the text and the font size; nothing is zero wide but the empty text")
    func widths() {
        #expect(measurer.width(of: "", fontSize: 40, weight: .regular) == 0)
        let short = measurer.width(of: "Helsinki", fontSize: 40, weight: .regular)
        let long = measurer.width(of: "Helsinki, Kallio", fontSize: 40, weight: .regular)
        let large = measurer.width(of: "Helsinki", fontSize: 80, weight: .regular)
        #expect(short > 0)
        #expect(long > short)
        #expect(abs(large - 2 * short) < 0.05 * large)
        #expect(measurer.width(of: "Helsinki", fontSize: 40, weight: .bold) >= short)
    }

    @Test("the text fitter's lines fit the width with this measurer")
    func fittedLinesFit() {
        let fitted = TextFitter.fit(
            "The neighbourhood you photographed most this year", width: 600, maxLines: 3,
            preferredSize: 76, minimumSize: 44, weight: .bold, measurer: measurer)
        #expect(!fitted.lines.isEmpty)
        for line in fitted.lines {
            #expect(measurer.width(of: line, fontSize: fitted.fontSize, weight: .bold) <= 600)
        }
    }
}
