import LockedState

/// An ``AttitudeSource`` in memory: the test sends samples with ``send(_:)``, dropped while stopped.
public final class InMemoryAttitudeSource: AttitudeSource {
    /// Whether the true-north frame is available.
    public let isAvailable: Bool
    private let running = Locked(false)
    private let stream: AsyncStream<AttitudeSample>
    private let continuation: AsyncStream<AttitudeSample>.Continuation

    /// A stopped source.
    public init(isAvailable: Bool = true) {
        self.isAvailable = isAvailable
        (stream, continuation) = AsyncStream.makeStream(of: AttitudeSample.self)
    }

    /// Starts.
    public func start() async { running.withLock { $0 = true } }
    /// Stops.
    public func stop() async { running.withLock { $0 = false } }
    /// Whether started.
    public var isRunning: Bool { running.withLock { $0 } }
    /// The samples.
    public var samples: AsyncStream<AttitudeSample> { stream }

    /// Delivers `sample` when running and available; returns whether it was delivered.
    @discardableResult
    public func send(_ sample: AttitudeSample) -> Bool {
        guard isAvailable, isRunning else { return false }
        continuation.yield(sample)
        return true
    }
}

/// A ``HeadingSource`` in memory: the test sends samples with ``send(_:)``, dropped while stopped.
public final class InMemoryHeadingSource: HeadingSource {
    private let running = Locked(false)
    private let stream: AsyncStream<HeadingSample>
    private let continuation: AsyncStream<HeadingSample>.Continuation

    /// A stopped source.
    public init() { (stream, continuation) = AsyncStream.makeStream(of: HeadingSample.self) }

    /// Starts.
    public func start() async { running.withLock { $0 = true } }
    /// Stops.
    public func stop() async { running.withLock { $0 = false } }
    /// Whether started.
    public var isRunning: Bool { running.withLock { $0 } }
    /// The samples.
    public var samples: AsyncStream<HeadingSample> { stream }

    /// Delivers `sample` when running; returns whether it was delivered.
    @discardableResult
    public func send(_ sample: HeadingSample) -> Bool {
        guard isRunning else { return false }
        continuation.yield(sample)
        return true
    }
}

/// A ``CaptureLocationSource`` in memory: denies from the start when `allowed` is false,
/// otherwise the test sends fixes with ``send(_:)``.
public final class InMemoryCaptureLocationSource: CaptureLocationSource {
    private let allowed: Bool
    private let running = Locked(false)
    private let stream: AsyncStream<LocationEvent>
    private let continuation: AsyncStream<LocationEvent>.Continuation

    /// A stopped source; `allowed: false` answers ``LocationEvent/denied`` on start.
    public init(allowed: Bool = true) {
        self.allowed = allowed
        (stream, continuation) = AsyncStream.makeStream(of: LocationEvent.self)
    }

    /// Starts (or reports the refusal).
    public func start() async {
        guard allowed else {
            continuation.yield(.denied)
            return
        }
        running.withLock { $0 = true }
    }

    /// Stops.
    public func stop() async { running.withLock { $0 = false } }
    /// Whether started.
    public var isRunning: Bool { running.withLock { $0 } }
    /// The events.
    public var events: AsyncStream<LocationEvent> { stream }

    /// Delivers a fix when running; returns whether it was delivered.
    @discardableResult
    public func send(_ sample: LocationSample) -> Bool {
        guard isRunning else { return false }
        continuation.yield(.sample(sample))
        return true
    }
}

/// A ``CameraIntrinsicsSource`` in memory: a format and an aspect-fill preview the test sets;
/// taps are converted with ``AspectFillPreview``.
public final class InMemoryCameraIntrinsicsSource: CameraIntrinsicsSource {
    private struct State {
        var format: CameraFormat?
        var preview: PlanePoint?
    }

    private let state: Locked<State>

    /// A camera showing `format` (`nil`: not running) in a preview of `preview` points.
    public init(format: CameraFormat?, preview: PlanePoint?) {
        state = Locked(State(format: format, preview: preview))
    }

    /// Changes the format or zoom (`nil`: the camera stopped).
    public func set(format: CameraFormat?) { state.withLock { $0.format = format } }

    /// The most zoom this camera allows (the live adapter's limit).
    public static let maximumZoom = 10.0

    /// Sets the format's zoom, clamped to 1…``maximumZoom`` (nothing while stopped).
    public func setZoom(_ factor: Double) async {
        let zoom = factor.isFinite ? max(1, min(factor, Self.maximumZoom)) : 1
        state.withLock { $0.format?.zoom = zoom }
    }

    /// The format.
    public func currentFormat() async -> CameraFormat? { state.withLock { $0.format } }
    /// The preview size.
    public func previewSize() async -> PlanePoint? { state.withLock { $0.preview } }

    /// The pixel of the upright image under `point`, by the aspect-fill rule.
    public func imagePixel(preview point: PlanePoint) async -> PlanePoint? {
        let (format, preview) = state.withLock { ($0.format, $0.preview) }
        guard let format, let preview else { return nil }
        return AspectFillPreview(
            previewWidth: preview.x, previewHeight: preview.y, imageWidth: Double(format.shortSide),
            imageHeight: Double(format.longSide)
        ).imagePixel(preview: point)
    }
}

/// A ``MapsOpener`` that records what it was asked to open.
public final class InMemoryMapsOpener: MapsOpener {
    private let opened = Locked<[MapsHandOff]>([])

    /// An opener that opened nothing yet.
    public init() {}

    /// Every place opened, in order.
    public var places: [MapsHandOff] { opened.withLock { $0 } }

    /// Records the place; returns true.
    public func open(_ place: MapsHandOff) async -> Bool {
        opened.withLock { $0.append(place) }
        return true
    }
}
