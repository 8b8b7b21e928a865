/// What the reporting chip on the map says.
public enum ReportingState: Sendable, Equatable {
    /// Away from Home, reporting: at most one anonymous report each epoch.
    case on
    /// Within the home guard: nothing is sent until the device has been well away for a minute.
    case pausedAtHome
    /// The day's reporting epochs are used (the server answered `day_spent`); reporting resumes
    /// on its own at the next UTC day.
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

    /// The status before anything is known: off for want of permission.
    public static let initial = ReportingStatus(
        state: .off(.noPermission), lastReportAt: nil, reportsSent: 0, lastProblem: nil)

    /// The chip's words.
    public var summary: String {
        switch state {
        case .on: "Sharing presence anonymously"
        case .pausedAtHome: "Paused near Home"
        case .doneForToday: "Done for today: resumes tomorrow"
        case .off(.switchedOff): "Off: switched off"
        case .off(.noPermission): "Off: location not allowed"
        case .off(.noHome): "Off: set Home first"
        }
    }
}
