import Foundation
import Observation
import WrappedKit

/// The home screen and the deck's Settings: which range, whether screenshots count, whether it
/// can be generated, and how it reads (seed §6.2). Every choice is stored in the environment's
/// settings store as it is made, and read back when the model is made.
///
/// "Today" comes from the injected clock and zone when the model is made (``refreshToday()``
/// when the app comes back to the foreground).
@MainActor @Observable
public final class HomeModel {
    /// The chosen range.
    public var choice: RangeChoice = .thisYear {
        didSet { store() }
    }
    /// The first day of a custom range.
    public var customFrom: LocalDate {
        didSet { store() }
    }
    /// The last day of a custom range.
    public var customTo: LocalDate {
        didSet { store() }
    }
    /// Whether screenshots are left out of the Wrapped (seed §17.2).
    public var excludesScreenshots = false {
        didSet { store() }
    }
    /// Today in the device zone.
    public private(set) var today: LocalDate
    /// Why the settings could not be read or stored, or `nil`.
    public private(set) var settingsProblem: String?

    @ObservationIgnored private let environment: WrappedEnvironment
    @ObservationIgnored private var loading = true

    /// A home screen on `environment`'s clock with its stored settings; without any, this year,
    /// screenshots counted, and a custom range of the last 30 days.
    public init(environment: WrappedEnvironment) {
        self.environment = environment
        let today = environment.today
        self.today = today
        customFrom = today.adding(days: -29)
        customTo = today
        do {
            if let saved = try environment.settings.load() {
                choice = saved.range
                customFrom = saved.customFrom ?? customFrom
                customTo = saved.customTo ?? customTo
                excludesScreenshots = saved.excludesScreenshots
            }
        } catch {
            settingsProblem = WrappedCopy.settingsUnreadable(Self.reason(error), in: environment.language)
        }
        loading = false
    }

    /// The settings as chosen now.
    public var settings: WrappedSettings {
        WrappedSettings(
            range: choice, customFrom: customFrom, customTo: customTo, excludesScreenshots: excludesScreenshots)
    }

    private func store() {
        guard !loading else { return }
        do {
            try environment.settings.save(settings)
            settingsProblem = nil
        } catch {
            settingsProblem = WrappedCopy.settingsFailed(Self.reason(error), in: environment.language)
        }
    }

    /// An error's own words (a settings error: its file and cause).
    static func reason(_ error: any Error) -> String {
        guard let error = error as? WrappedSettingsError else { return "\(error)" }
        return "\(error.path): \(error.reason)"
    }

    /// Reads today again from the clock.
    public func refreshToday() {
        today = environment.today
    }

    /// The range as the engine takes it.
    public var range: WrappedRange {
        switch choice {
        case .thisYear: .thisYear
        case .lastYear: .lastYear
        case .last30Days: .last30Days
        case .custom: .custom(from: customFrom, to: customTo)
        }
    }

    /// The local days to generate, or `nil` when the custom dates are not a range.
    public var days: ClosedRange<LocalDate>? {
        if choice == .custom, problem != nil { return nil }
        return range.days(today: today)
    }

    /// Why the custom dates cannot be generated, or `nil`.
    public var problem: String? {
        guard choice == .custom else { return nil }
        if customFrom > customTo { return WrappedCopy.firstDayAfterLast(in: environment.language) }
        if customFrom > today { return WrappedCopy.rangeStartsAfterToday(in: environment.language) }
        return nil
    }

    /// Whether the custom dates are in use (their pickers enabled).
    public var showsCustomDates: Bool { choice == .custom }

    /// Whether Generate is enabled.
    public var canGenerate: Bool { days != nil }

    /// "1 January 2026 – 25 November 2026".
    public var summary: String {
        guard let days else { return problem ?? "" }
        return WrappedCopy.range(days, in: environment.language)
    }

    /// The custom first day as an instant for a date picker (noon in the device zone), and back.
    public var customFromDate: Date {
        get { Self.noon(customFrom, in: environment.deviceZone) }
        set { customFrom = Self.localDate(newValue, in: environment.deviceZone) }
    }

    /// The custom last day as an instant for a date picker (noon in the device zone), and back.
    public var customToDate: Date {
        get { Self.noon(customTo, in: environment.deviceZone) }
        set { customTo = Self.localDate(newValue, in: environment.deviceZone) }
    }

    /// Noon of `date` in `zone` (noon: a day's instant no zone change can push to another day).
    static func noon(_ date: LocalDate, in zone: TimeZone) -> Date {
        let asUTC = Double(date.dayNumber * 86_400 + 12 * 3_600)
        return Date(
            timeIntervalSince1970: asUTC
                - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: asUTC))))
    }

    /// The local date of `instant` in `zone`.
    static func localDate(_ instant: Date, in zone: TimeZone) -> LocalDate {
        LocalDateTime(
            secondsSinceEpoch: instant.timeIntervalSince1970, offset: zone.secondsFromGMT(for: instant)
        ).date
    }
}
