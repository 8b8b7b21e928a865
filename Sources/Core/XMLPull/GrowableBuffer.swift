/// A growable run of trivial values in manually managed memory: an `Array` without the
/// uniqueness and exclusivity checks, for the scanner's per-token scratch space.
///
/// Not copyable in spirit: copies share memory. The owner calls ``deallocate()`` once.
struct GrowableBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    /// An empty buffer with room for `capacity` elements.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    /// Element `index` (< ``count``).
    @inline(__always)
    subscript(index: Int) -> Element { base[index] }

    /// Forgets the elements, keeping the memory.
    @inline(__always)
    mutating func removeAll() { count = 0 }

    /// Appends one element.
    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow(to: count + 1) }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Appends `elements`.
    @inline(__always)
    mutating func append(_ elements: UnsafePointer<Element>, count added: Int) {
        if count + added > capacity { grow(to: count + added) }
        (base + count).initialize(from: elements, count: added)
        count += added
    }

    /// Elements `start..<start + length` (valid until the next change).
    func buffer(from start: Int, count length: Int) -> UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: base + start, count: length)
    }

    /// Frees the memory.
    func deallocate() { base.deallocate() }

    private mutating func grow(to needed: Int) {
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: max(needed, capacity * 2))
        grown.initialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = max(needed, capacity * 2)
    }
}
