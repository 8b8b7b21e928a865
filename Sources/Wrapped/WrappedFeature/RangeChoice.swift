import WrappedKit

/// The ranges the home screen offers (seed §6.2).
public enum RangeChoice: String, Sendable, CaseIterable, Identifiable {
    /// 1 January → today (the default).
    case thisYear
    /// The whole previous year.
    case lastYear
    /// The 30 days ending today.
    case last30Days
    /// Two dates the user picks.
    case custom

    /// The choice itself.
    public var id: Self { self }

    /// The label of the choice.
    public var title: String {
        switch self {
        case .thisYear: "This year"
        case .lastYear: "Last year"
        case .last30Days: "Last 30 days"
        case .custom: "Custom"
        }
    }
}
