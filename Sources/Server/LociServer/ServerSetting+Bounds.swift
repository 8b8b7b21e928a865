extension ServerSetting {
    /// The range a number setting must be in, each end open, closed or absent.
    struct Bounds<T: Comparable & Sendable & LosslessStringConvertible>: Sendable {
        /// The lower end and whether it is allowed itself.
        var lower: (value: T, inclusive: Bool)?
        /// The upper end and whether it is allowed itself.
        var upper: (value: T, inclusive: Bool)?

        /// `lower...upper`.
        init(atLeast lower: T, atMost upper: T) { (self.lower, self.upper) = ((lower, true), (upper, true)) }
        /// `lower...`.
        init(atLeast lower: T) { self.lower = (lower, true) }
        /// Above `lower` (not equal).
        init(above lower: T) { self.lower = (lower, false) }
        /// Above `lower` and at most `upper`.
        init(above lower: T, atMost upper: T) { (self.lower, self.upper) = ((lower, false), (upper, true)) }
        /// Above `lower` and below `upper`.
        init(above lower: T, below upper: T) { (self.lower, self.upper) = ((lower, false), (upper, false)) }

        /// Whether `value` is within (a NaN never is: every comparison with it is false).
        func contains(_ value: T) -> Bool {
            if let lower, !(lower.inclusive ? lower.value <= value : lower.value < value) { return false }
            if let upper, !(upper.inclusive ? value <= upper.value : value < upper.value) { return false }
            return true
        }

        /// The rule in words: `must be between 60 and 86400`, `must be greater than 0 and at most 100`.
        var description: String {
            switch (lower, upper) {
            case (let lower?, let upper?) where lower.inclusive && upper.inclusive:
                return "must be between \(Self.text(lower.value)) and \(Self.text(upper.value))"
            case (let lower?, let upper?):
                return "must be \(Self.phrase(lower, below: false)) and \(Self.phrase(upper, below: true))"
            case (let lower?, nil): return "must be \(Self.phrase(lower, below: false))"
            case (nil, let upper?): return "must be \(Self.phrase(upper, below: true))"
            case (nil, nil): return "any number"
            }
        }

        private static func phrase(_ end: (value: T, inclusive: Bool), below: Bool) -> String {
            switch (below, end.inclusive) {
            case (false, true): "at least \(text(end.value))"
            case (false, false): "greater than \(text(end.value))"
            case (true, true): "at most \(text(end.value))"
            case (true, false): "less than \(text(end.value))"
            }
        }

        /// A bound as people write it: `100`, not `100.0`.
        static func text(_ value: T) -> String {
            if let double = value as? Double, double.isFinite, double == double.rounded(), abs(double) < 1e15 {
                return String(Int(double))
            }
            return value.description
        }
    }
}
