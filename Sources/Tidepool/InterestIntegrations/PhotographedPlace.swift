import GeoKit

/// A place the user photographed, as the photo-cluster mapper reads it: where, how wide, on how
/// many days, the last of them, and whether the user hid it.
///
/// The app fills it from Photo Wrapped's place clusters (`WrappedKit.PlaceCluster`), so Tidepool's
/// interests need not link Photo Wrapped's kit.
public struct PhotographedPlace: Sendable, Equatable {
    /// A calendar day in the photos' local time.
    public struct Day: Sendable, Equatable {
        /// The year.
        public var year: Int
        /// The month, 1…12.
        public var month: Int
        /// The day of the month, 1…31.
        public var day: Int

        /// Creates a day.
        public init(year: Int, month: Int, day: Int) {
            self.year = year
            self.month = month
            self.day = day
        }
    }

    /// The centre of the photos.
    public var centroid: Coordinate
    /// How far the photos spread from the centre, in metres.
    public var radius: Double
    /// On how many distinct local days photos were taken there.
    public var distinctDays: Int
    /// The last of those days.
    public var lastDay: Day
    /// Whether the user hid the place (a hidden place teaches nothing).
    public var isHidden: Bool

    /// Creates a photographed place.
    public init(centroid: Coordinate, radius: Double, distinctDays: Int, lastDay: Day, isHidden: Bool = false) {
        self.centroid = centroid
        self.radius = radius
        self.distinctDays = distinctDays
        self.lastDay = lastDay
        self.isHidden = isHidden
    }
}
