import GeoKit

extension Gazetteer {
    /// How far from a place's point it still covers the ground: 10 m × √population, clamped to
    /// ``minimumReach``…``maximumReach``.
    ///
    /// 10 m × √p is the radius of a disc holding p people at 1/(π × 100 m²) ≈ 3,200 people per
    /// km², a typical urban density: Helsinki (659k) reaches 8.1 km, Kallio (27k) 1.6 km.
    public static func reach(population: Int) -> Double {
        min(maximumReach, max(minimumReach, 10 * Double(max(population, 0)).squareRoot()))
    }

    /// The smallest reach: every place covers 1 km around its point.
    public static let minimumReach = 1_000.0
    /// The largest reach: no city swallows points more than 15 km from its point.
    public static let maximumReach = 15_000.0
    /// A place absorbs the nearest place as a neighbourhood only when it has at least this many
    /// times its population (Kallio 27k inside Helsinki 659k: yes; Cambridge 118k next to
    /// Boston 654k: no, Cambridge stays a town of its own).
    public static let dominanceRatio = 8
    /// The nearest place is named as a neighbourhood only within this distance of the point.
    public static let neighbourhoodReach = 3_000.0
    /// ``timeZone(at:)`` answers only within this distance of a place (see there).
    public static let timeZoneReach = 200_000.0

    /// The place a point belongs to and its label, or nil when no place is within `maxDistance`
    /// metres (or `maxDistance` is negative or not finite).
    ///
    /// The rule, in order:
    /// 1. **nearest**: the place nearest to the point (great-circle; ties by file order); nil
    ///    when it is farther than `maxDistance`.
    /// 2. **locality**: among places that *cover* the point — the point is within their
    ///    ``reach(population:)``, or within ``maximumReach`` when the place's name is the
    ///    nearest place's `admin2` (GeoNames files Linnanmaa under admin2 "Oulu": it belongs to
    ///    Oulu even 4.8 km from Oulu's point) — in the same country and first-level division as the nearest
    ///    place (an empty `admin1` on either side matches), with a population > 0 and at least
    ///    ``dominanceRatio`` × the nearest place's, the most populous (ties: the nearer, then
    ///    file order). When there is none, the nearest place is its own locality.
    /// 3. **neighbourhood**: the nearest place, when it is not the locality and is within
    ///    ``neighbourhoodReach`` of the point; else nil.
    /// 4. **label**: "neighbourhood, locality", else "locality, admin1" (or the country code
    ///    when admin1 is empty).
    ///
    /// - Complexity: one nearest query and one ``maximumReach`` radius query on the index;
    ///   creates strings only for the two or three places returned.
    public func reverse(_ coordinate: Coordinate, within maxDistance: Double = 25_000) -> ReverseGeocode? {
        guard maxDistance.isFinite, maxDistance >= 0,
            let nearest = index.nearest(to: coordinate, k: 1).first, nearest.distance <= maxDistance
        else { return nil }
        let locality = localityIndex(around: coordinate, nearest: nearest.index)
        let neighbourhood =
            locality != nearest.index && nearest.distance <= Self.neighbourhoodReach ? nearest.index : nil
        return ReverseGeocode(
            nearest: place(at: nearest.index), distance: nearest.distance, locality: place(at: locality),
            neighbourhood: neighbourhood.map(place(at:)))
    }

    /// The IANA time zone of the nearest place, or nil when no place is within
    /// ``timeZoneReach`` (200 km).
    ///
    /// Why 200 km: settlements of ≥ 500 people are rarely farther apart than that on inhabited
    /// land (deserts, tundra, the outback), so land points get an answer; out at sea, ships keep
    /// nautical time (whole-hour `Etc/GMT±n` by longitude) and a coastal town's zone, with its
    /// daylight saving, would be a guess — the caller should fall back (e.g. to the device zone)
    /// and say so. Within a few km of a zone border the answer is the nearer town's zone, which
    /// may be the neighbour's.
    public func timeZone(at coordinate: Coordinate) -> String? {
        guard let nearest = index.nearest(to: coordinate, k: 1).first, nearest.distance <= Self.timeZoneReach
        else { return nil }
        return rows[nearest.index].timeZone.string(in: text)
    }

    /// Step 2 of ``reverse(_:within:)``: the row of the locality for a point whose nearest place
    /// is row `nearest`.
    func localityIndex(around coordinate: Coordinate, nearest: Int) -> Int {
        let home = rows[nearest]
        guard let candidates = try? index.within(radius: Self.maximumReach, of: coordinate) else {
            return nearest
        }
        let threshold = max(
            1, home.population.multipliedReportingOverflow(by: Self.dominanceRatio).partialValue)
        var best = nearest
        var bestPopulation = -1
        // Candidates come nearest first, so `>` keeps the nearer (then earlier) of equals.
        for candidate in candidates where candidate.index != nearest {
            let row = rows[candidate.index]
            guard row.population >= threshold, row.population > bestPopulation,
                candidate.distance <= Self.reach(population: row.population)
                    || bytesEqual(row.name, home.admin2),
                sameRegion(row, home)
            else { continue }
            best = candidate.index
            bestPopulation = row.population
        }
        return best
    }

    /// Same country, and the same first-level division unless either has none.
    private func sameRegion(_ a: GazetteerRow, _ b: GazetteerRow) -> Bool {
        guard bytesEqual(a.countryCode, b.countryCode) else { return false }
        return a.admin1.count == 0 || b.admin1.count == 0 || bytesEqual(a.admin1, b.admin1)
    }

    private func bytesEqual(_ a: TextSpan, _ b: TextSpan) -> Bool {
        guard a.count == b.count else { return false }
        let (x, y) = (Int(a.start), Int(b.start))
        for k in 0..<Int(a.count) where text[x + k] != text[y + k] { return false }
        return true
    }
}
