import LociLocalization

/// What the reporting chip on the map says.
public enum ReportingState: Sendable, Equatable {
    /// Away from Home, reporting: at most one anonymous report in each planned epoch.
    case on
    /// Within the home guard: nothing is sent until the device has been well away for a minute.
    case pausedAtHome
    /// The server refused this day's tokens (409 `day_spent`: the device's App Attest key holds
    /// its cap for a day's worth of epochs around them) and none is held; reporting resumes on its
    /// own with the next planned day's batch. ``ReportingStatus/lastProblem`` holds the answer.
    case doneForToday
    /// Not reporting, and why.
    case off(ReportingOffReason)
}

/// Why reporting is off.
public enum ReportingOffReason: String, Sendable, Equatable {
    /// The user switched reporting off.
    case switchedOff
    /// Location permission is not granted (or not asked yet).
    case noPermission
    /// No Home is set, so the home guard cannot protect it.
    case noHome
}

/// Everything the reporting chip and its detail show.
public struct ReportingStatus: Sendable, Equatable {
    /// The state.
    public var state: ReportingState
    /// When the last report the server accepted was made, Unix seconds (nil: none yet).
    public var lastReportAt: Double?
    /// Reports the server accepted since the app started.
    public var reportsSent: Int
    /// The last failure to report, in words (a transport error, a refusal), or nil.
    public var lastProblem: String?
    /// Tokens held for coming reports (fetched in the day's batch).
    public var tokensHeld = 0
    /// When the next held token's report is planned, Unix seconds (sent only with a fix away
    /// from Home in its epoch), or nil.
    public var nextReportAt: Double?

    /// The status before anything is known: off for want of permission.
    public static let initial = ReportingStatus(
        state: .off(.noPermission), lastReportAt: nil, reportsSent: 0, lastProblem: nil)

    /// The chip's words, in the person's language.
    public var summary: String { TidepoolCopy.summary(state) }
}
