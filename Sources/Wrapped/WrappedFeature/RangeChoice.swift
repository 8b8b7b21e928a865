import LociLocalization
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

    /// The label of the choice in `language`.
    public func title(in language: AppLanguage = .current) -> String {
        WrappedCopy.rangeTitle(self, in: language)
    }
}
