import Foundation
import Testing
import WrappedKit
import WrappedKitContracts

@Suite("Sources per range: factories, the fetch window and cancellable scans")
struct SourceFactoryTests {
    /// Photos on 31 Dec 2024 23:30 in Helsinki (+02:00, 21:30 UTC), 1 Jan 2025 09:00 UTC,
    /// 1 Jan 2025 23:30 in Honolulu (−10:00, 2 Jan 09:30 UTC) and 1 Feb 2025 (outside January).
    let assets = [
        Library.photo("helsinki-eve", "2024-12-31 23:30:00", 60.17, 24.94, offset: 7_200),
        PhotoAsset(id: "utc-morning", captureTime: .instant(1_735_722_000), coordinate: nil),
        Library.photo("honolulu-night", "2025-01-01 23:30:00", 21.3, -157.8, offset: -36_000),
        Library.photo("february", "2025-02-01 12:00:00", nil, nil, offset: 0),
        PhotoAsset(id: "undated", captureTime: nil, coordinate: nil),
    ]
    let newYearsDay = LocalDate(year: 2025, month: 1, day: 1)!...LocalDate(year: 2025, month: 1, day: 1)!

    @Test("the fetch window of a day runs from its midnight at UTC+14 to its end at UTC−12")
    func fetchWindow() {
        let window = PhotoFetchWindow.interval(covering: newYearsDay)
        let midnightUTC = Double(LocalDate(year: 2025, month: 1, day: 1)!.dayNumber * 86_400)
        #expect(window.start.timeIntervalSince1970 == midnightUTC - 14 * 3_600)
        #expect(window.end.timeIntervalSince1970 == midnightUTC + 86_400 + 12 * 3_600)
    }

    @Test("the in-memory factory filters by creation instant and keeps the contract")
    func inMemoryFactory() throws {
        let factory = InMemoryPhotoLibraryFactory(assets: assets)
        let window = PhotoFetchWindow.interval(covering: newYearsDay)
        let violations = PhotoLibrarySourceFactoryContract.violations(
            of: factory, window: window, capturedInWindow: ["utc-morning", "honolulu-night"])
        #expect(violations.isEmpty, "\(violations)")
        let listed = try factory.source(for: window).list()
        // 31 Dec 21:30 UTC is inside the widened window; February and the undated photo are not.
        #expect(listed.photoCount == 3)
    }

    @Test("the whole-library factory ignores the window and keeps the contract")
    func wholeLibrary() throws {
        let factory = WholeLibrarySourceFactory(InMemoryPhotoLibrary(assets: assets))
        let window = PhotoFetchWindow.interval(covering: newYearsDay)
        #expect(
            PhotoLibrarySourceFactoryContract.violations(
                of: factory, window: window, capturedInWindow: ["february"]
            ).isEmpty)
        #expect(try factory.source(for: window).list().photoCount == assets.count)
    }

    /// Claims to filter but gives the whole library.
    struct LyingFactory: PhotoLibrarySourceFactory {
        let assets: [PhotoAsset]
        var filtersByWindow: Bool { true }
        func source(for window: DateInterval) -> AnyPhotoLibrarySource {
            AnyPhotoLibrarySource(InMemoryPhotoLibrary(assets: assets))
        }
    }

    @Test("a factory that says it filters but does not breaks the contract; one that drops photos too")
    func brokenFactories() {
        let window = PhotoFetchWindow.interval(covering: newYearsDay)
        let lying = PhotoLibrarySourceFactoryContract.violations(
            of: LyingFactory(assets: assets), window: window, capturedInWindow: [])
        #expect(lying.contains { $0.rule == "a filtering factory lists only photos created in the window" })
        let dropping = PhotoLibrarySourceFactoryContract.violations(
            of: LyingFactory(assets: []), window: window, capturedInWindow: ["utc-morning"])
        #expect(dropping.contains { $0.rule == "every photo captured in the window is listed" })
    }

    @Test("a cancelled scan returns nothing, through the type-erased source too")
    func cancelledScan() throws {
        let source = AnyPhotoLibrarySource(InMemoryPhotoLibrary(assets: assets))
        let listing = try source.list()
        #expect(source.scan(listing, progress: { _, _ in }, isCancelled: { true }) == nil)
        #expect(
            source.scan(listing, progress: { _, _ in }, isCancelled: { false })?.assets.count == assets.count)
    }
}
