import LockedState

/// A ``MapItemOpener`` that records what it was asked to open.
public final class InMemoryMapItemOpener: MapItemOpener {
    private let opened = Locked<[MapItemRequest]>([])

    /// An opener with nothing opened.
    public init() {}

    /// Records the request; always succeeds.
    public func open(_ request: MapItemRequest) async -> Bool {
        opened.withLock { $0.append(request) }
        return true
    }

    /// Every request, in order.
    public var requests: [MapItemRequest] { opened.withLock { $0 } }
}
