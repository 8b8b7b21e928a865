/// Allocation-free binary-heap helpers shared by the point indexes' result buffers.
///
/// The k-nearest searches keep their running best-k set as a max-heap (worst candidate at the
/// root) in the caller's buffer, then sort it in place; radius searches sort their buffer in
/// place. Swift's `sort` may allocate a merge buffer, which the `into:` query variants avoid.
/// Algorithm: textbook binary heap and heapsort (Williams 1964; Floyd 1964).
@usableFromInline
enum NeighborSorting {
    /// Restores the max-heap property below `start` in `heap[0..<count]`, where
    /// `precedes(a, b)` means `a` ranks before (is better than) `b`.
    ///
    /// - Complexity: O(log count).
    @inlinable
    static func siftDown<Element>(
        _ heap: UnsafeMutableBufferPointer<Element>, from start: Int, count: Int,
        by precedes: (Element, Element) -> Bool
    ) {
        var parent = start
        let item = heap[parent]
        while true {
            var child = 2 * parent + 1
            if child >= count { break }
            if child + 1 < count, precedes(heap[child], heap[child + 1]) { child += 1 }
            guard precedes(item, heap[child]) else { break }
            heap[parent] = heap[child]
            parent = child
        }
        heap[parent] = item
    }

    /// Restores the max-heap property above `index` after the element there became worse.
    ///
    /// - Complexity: O(log count).
    @inlinable
    static func siftUp<Element>(
        _ heap: UnsafeMutableBufferPointer<Element>, from index: Int,
        by precedes: (Element, Element) -> Bool
    ) {
        var child = index
        let item = heap[child]
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(heap[parent], item) else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = item
    }

    /// Sorts the buffer in place so that `precedes` holds from front to back (heapsort).
    ///
    /// - Complexity: O(n log n) time, O(1) extra space, no allocation.
    @inlinable
    static func sort<Element>(
        _ buffer: UnsafeMutableBufferPointer<Element>, by precedes: (Element, Element) -> Bool
    ) {
        let count = buffer.count
        guard count > 1 else { return }
        if count <= 16 {
            insertionSort(buffer, by: precedes)
            return
        }
        var start = count / 2
        while start > 0 {
            start -= 1
            siftDown(buffer, from: start, count: count, by: precedes)
        }
        var end = count
        while end > 1 {
            end -= 1
            buffer.swapAt(0, end)
            siftDown(buffer, from: 0, count: end, by: precedes)
        }
    }

    /// Insertion sort for the short buffers typical of k-nearest queries.
    ///
    /// - Complexity: O(n²) worst case; used for n ≤ 16 only.
    @inlinable
    static func insertionSort<Element>(
        _ buffer: UnsafeMutableBufferPointer<Element>, by precedes: (Element, Element) -> Bool
    ) {
        guard buffer.count > 1 else { return }
        for i in 1..<buffer.count {
            let item = buffer[i]
            var j = i
            while j > 0, precedes(item, buffer[j - 1]) {
                buffer[j] = buffer[j - 1]
                j -= 1
            }
            buffer[j] = item
        }
    }
}
