/// The contribution cap an issuance counts against: at most `cap` tokens per unit for the epochs
/// of any `epochs` consecutive epochs (a day's worth: any 24 hours, not only UTC days). Counted
/// over the epochs tokens are *for*, so tokens taken ahead in a batch count where they will be
/// spent.
public struct IssuanceWindow: Sendable, Equatable {
    /// The window's length in epochs (one day's worth).
    public var epochs: Int64
    /// The most tokens a unit may hold for the epochs of one window.
    public var cap: Int

    /// Creates a window.
    public init(epochs: Int64, cap: Int) {
        self.epochs = max(1, epochs)
        self.cap = cap
    }

    /// The epochs whose issuances a new one for `epoch` must be weighed against: every window
    /// containing `epoch` lies within them.
    public func neighbourhood(of epoch: Int64) -> ClosedRange<Int64> {
        (epoch - epochs + 1)...(epoch + epochs - 1)
    }

    /// Whether one more token for `epoch`, with the unit already holding tokens for `held`
    /// (other epochs), keeps every window of `epochs` consecutive epochs at or under the cap.
    public func admits(_ epoch: Int64, holding held: some Sequence<Int64>) -> Bool {
        let near = neighbourhood(of: epoch)
        let all = (held.filter { near.contains($0) && $0 != epoch } + [epoch]).sorted()
        guard all.count > cap else { return true }
        // Every window [start, start + epochs − 1] that contains `epoch`.
        for start in near.lowerBound...epoch {
            let end = start + epochs - 1
            if all.lazy.filter({ $0 >= start && $0 <= end }).count > cap { return false }
        }
        return true
    }

    /// The oldest epoch an issuance row is still needed for while `current` is being collected:
    /// tokens are for the current epoch or later, and a window reaching back from one of those
    /// starts no earlier than this.
    public func oldestNeeded(current: Int64) -> Int64 { current - epochs + 1 }
}
