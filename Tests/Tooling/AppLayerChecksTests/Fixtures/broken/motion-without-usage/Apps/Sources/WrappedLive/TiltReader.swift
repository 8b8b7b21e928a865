import CoreMotion

public final class TiltReader {
    private let manager = CMMotionManager()

    public func start() {
        manager.startDeviceMotionUpdates(using: .xTrueNorthZVertical)
    }
}
