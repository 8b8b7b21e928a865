/// A value that is not Sendable, and an actor that takes one.
public final class Counter {
    public var value = 0
    public init() {}
}

public actor Sink {
    public init() {}
    public func take(_ counter: Counter) { counter.value += 1 }
}
