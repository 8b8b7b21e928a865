/// The phone's attitude (`CMMotionManager` device-motion updates in the `xTrueNorthZVertical`
/// frame). ``InMemoryAttitudeSource`` in tests.
///
/// Contract (`IdentifyKitContracts.AttitudeSourceContract`): ``isAvailable`` does not change;
/// ``isRunning`` follows ``start()`` / ``stop()``; starting twice is the same as once; every
/// sample's quaternion has unit length within 1e-3 and times never go backwards.
public protocol AttitudeSource: Sendable {
    /// Whether the true-north frame is available (`availableAttitudeReferenceFrames()` holds it:
    /// a magnetometer and location are needed).
    var isAvailable: Bool { get }
    /// Starts updates.
    func start() async
    /// Stops updates.
    func stop() async
    /// Whether updates are on.
    var isRunning: Bool { get async }
    /// The samples. One consumer.
    var samples: AsyncStream<AttitudeSample> { get }
}

/// The compass (`CLLocationManager` heading updates with `headingOrientation` set to portrait).
/// ``InMemoryHeadingSource`` in tests.
///
/// Contract (`IdentifyKitContracts.HeadingSourceContract`): ``isRunning`` follows ``start()`` /
/// ``stop()``; an invalid heading is delivered with a negative accuracy, never dropped or faked.
public protocol HeadingSource: Sendable {
    /// Starts updates.
    func start() async
    /// Stops updates.
    func stop() async
    /// Whether updates are on.
    var isRunning: Bool { get async }
    /// The samples. One consumer.
    var samples: AsyncStream<HeadingSample> { get }
}

/// Where the phone is (`CLLocationManager`, when in use). ``InMemoryCaptureLocationSource`` in tests.
///
/// Contract (`IdentifyKitContracts.CaptureLocationContract`): ``isRunning`` follows ``start()``
/// / ``stop()``; a refused permission is reported as ``LocationEvent/denied``.
public protocol CaptureLocationSource: Sendable {
    /// Asks for when-in-use permission if needed, then starts updates.
    func start() async
    /// Stops updates.
    func stop() async
    /// Whether updates are on.
    var isRunning: Bool { get async }
    /// The events. One consumer.
    var events: AsyncStream<LocationEvent> { get }
}

/// The camera as identification needs it: the active format and zoom, and a tap on the
/// preview converted to the upright image's pixel. ``InMemoryCameraIntrinsicsSource`` in tests.
///
/// Contract (`IdentifyKitContracts.CameraIntrinsicsContract`): while running, the preview's
/// centre maps to the image's centre within a pixel and its corners to points inside the image
/// or on its edge; a point outside the preview maps to `nil`.
public protocol CameraIntrinsicsSource: Sendable {
    /// The format and zoom the preview shows now, `nil` while the camera is not running.
    func currentFormat() async -> CameraFormat?
    /// The preview's size in points, `nil` before it is laid out.
    func previewSize() async -> PlanePoint?
    /// The upright image's pixel under a preview point (the live adapter asks the preview
    /// layer's `captureDevicePointConverted(fromLayerPoint:)`), `nil` outside the preview or
    /// while the camera is not running.
    func imagePixel(preview point: PlanePoint) async -> PlanePoint?
    /// Sets the zoom factor (`videoZoomFactor`), clamped to 1 and to what the format allows;
    /// ``currentFormat()`` reports the zoom in force afterwards.
    func setZoom(_ factor: Double) async
}
