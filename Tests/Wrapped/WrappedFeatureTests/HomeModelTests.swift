import Foundation
import Testing
import WrappedFeature
import WrappedKit

@MainActor
@Suite("Home: ranges from the injected clock and zone, custom dates, Generate")
struct HomeModelTests {
    /// 10 March 2025 23:30 UTC: already 11 March in Auckland (+13:00), still 10 March in New York.
    let now = Date(
        timeIntervalSince1970: Double(LocalDate(iso: "2025-03-10")!.dayNumber * 86_400 + 23 * 3_600 + 1_800))

    func home(zone: String) -> HomeModel {
        HomeModel(
            environment: environment(
                sources: InMemoryPhotoLibraryFactory(assets: []),
                authorizer: InMemoryPhotoAuthorizer(status: .full),
                thumbnails: InMemoryPhotoThumbnails(images: [:]), cache: nil, now: now, zone: zone))
    }

    @Test("today is the device zone's day, and the named ranges end on it")
    func namedRanges() {
        let auckland = home(zone: "Pacific/Auckland")
        #expect(auckland.today == LocalDate(iso: "2025-03-11"))
        #expect(auckland.choice == .thisYear)
        #expect(auckland.days == LocalDate(iso: "2025-01-01")!...LocalDate(iso: "2025-03-11")!)
        auckland.choice = .lastYear
        #expect(auckland.days == LocalDate(iso: "2024-01-01")!...LocalDate(iso: "2024-12-31")!)
        #expect(auckland.summary == "1 January 2024 – 31 December 2024")
        let newYork = home(zone: "America/New_York")
        #expect(newYork.today == LocalDate(iso: "2025-03-10"))
        newYork.choice = .last30Days
        #expect(newYork.days == LocalDate(iso: "2025-02-09")!...LocalDate(iso: "2025-03-10")!)
        #expect(newYork.canGenerate)
    }

    @Test("custom dates after each other or after today cannot be generated, and say why")
    func customProblems() {
        let home = home(zone: "Europe/Helsinki")
        home.choice = .custom
        #expect(home.canGenerate)
        home.customFrom = LocalDate(iso: "2025-03-05")!
        home.customTo = LocalDate(iso: "2025-03-01")!
        #expect(home.problem == "The first day is after the last.")
        #expect(home.days == nil)
        #expect(!home.canGenerate)
        home.customFrom = LocalDate(iso: "2025-04-01")!
        home.customTo = LocalDate(iso: "2025-04-02")!
        #expect(home.problem == "The range starts after today.")
        home.choice = .thisYear
        #expect(home.problem == nil)
        #expect(home.canGenerate)
    }

    @Test(
        "a date picker's instant maps to the device zone's day and back",
        arguments: ["Pacific/Auckland", "America/Los_Angeles", "UTC"])
    func pickerDates(zone: String) {
        let home = home(zone: zone)
        home.choice = .custom
        let day = LocalDate(iso: "2024-10-27")!
        home.customFrom = day
        let instant = home.customFromDate
        home.customFrom = LocalDate(iso: "2000-01-01")!
        home.customFromDate = instant
        #expect(home.customFrom == day)
        home.customToDate = Date(timeIntervalSince1970: Double(day.dayNumber * 86_400) + 11 * 3_600)
        // 27 October 11:00 UTC is already the 28th in Auckland (+13:00).
        let expected = zone == "Pacific/Auckland" ? "2024-10-28" : "2024-10-27"
        #expect(home.customTo.description == expected)
    }
}
