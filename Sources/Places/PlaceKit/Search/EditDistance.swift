/// Bounded optimal-string-alignment distance (Levenshtein plus adjacent transpositions) over
/// Unicode scalar values, reusing its row buffers so scanning many names does not allocate.
///
/// One instance serves one thread; make one per query.
public struct EditDistance: Sendable {
    @usableFromInline var previous2: [Int] = []
    @usableFromInline var previous: [Int] = []
    @usableFromInline var current: [Int] = []

    /// Creates a calculator with empty buffers (they grow to the longest word seen).
    public init() {}

    /// Edits allowed for a word of this many characters, as Elasticsearch's `AUTO` fuzziness:
    /// none up to 2, one for 3–5, two beyond. The store's typo scan and the ranker both use it.
    public static func allowance(forLength length: Int) -> Int {
        length <= 2 ? 0 : (length <= 5 ? 1 : 2)
    }

    /// The distance between `a` and `b`, or nil when it exceeds `limit`.
    ///
    /// - Complexity: O(|a| · |b|) time, stopping once a whole row exceeds `limit`; no allocation
    ///   once the buffers are as long as `b`. Inlinable so callers in other modules (the store's
    ///   typo scan) get it specialised for their collection types.
    @inlinable
    public mutating func distance<A: RandomAccessCollection<UInt32>, B: RandomAccessCollection<UInt32>>(
        _ a: A, _ b: B, limit: Int
    ) -> Int? where A.Index == Int, B.Index == Int {
        let m = a.count
        let n = b.count
        if abs(m - n) > limit { return nil }
        if m == 0 || n == 0 { return max(m, n) <= limit ? max(m, n) : nil }
        if previous.count < n + 1 {
            previous2 = [Int](repeating: 0, count: n + 1)
            previous = previous2
            current = previous2
        }
        let a0 = a.startIndex
        let b0 = b.startIndex
        for j in 0...n { previous[j] = j }
        for i in 1...m {
            current[0] = i
            var rowMinimum = i
            let ai = a[a0 + i - 1]
            for j in 1...n {
                let bj = b[b0 + j - 1]
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ai == bj ? 0 : 1))
                if i > 1, j > 1, ai == b[b0 + j - 2], a[a0 + i - 2] == bj {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return nil }
            swap(&previous2, &previous)
            swap(&previous, &current)
        }
        return previous[n] <= limit ? previous[n] : nil
    }
}
