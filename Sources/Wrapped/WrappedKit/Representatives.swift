/// Representative selection of seed §10.5.
public enum Representatives {
    /// Up to `count` photos evenly spaced in time: sorted by instant, indices
    /// floor(i·(n−1)/(K−1)). Photos with a local file are preferred: when at least `count` of
    /// them exist, only those are considered (a cloud-only asset is never forced to download).
    public static func evenlySpaced(_ photos: [ResolvedPhoto], count: Int) -> [ResolvedPhoto] {
        guard count > 0, !photos.isEmpty else { return [] }
        let local = photos.filter { $0.asset.localPath != nil }
        let pool = (local.count >= count ? local : photos).sorted { ($0.instant, $0.asset.id) < ($1.instant, $1.asset.id) }
        guard pool.count > count else { return pool }
        guard count > 1 else { return [pool[0]] }
        return (0..<count).map { pool[$0 * (pool.count - 1) / (count - 1)] }
    }
}
