import IdentifyKit

extension ViewfinderModel {
    /// Makes ShootVeil's folder, starts the camera session (both shown in ``failures`` when they
    /// fail), loads the paywall, starts the sensors and consumes their streams one reading at a
    /// time until cancelled, then stops them and the camera. The app runs this while the
    /// viewfinder is on screen.
    public func listen() async {
        prepareFolder()
        await startCamera()
        await paywall.load()
        let environment = self.environment
        await environment.attitude.start()
        await environment.heading.start()
        await environment.location.start()
        let (inputs, continuation) = AsyncStream.makeStream(of: SensorInput.self)
        let feeders = [
            Task { for await sample in environment.attitude.samples { continuation.yield(.attitude(sample)) } },
            Task { for await sample in environment.heading.samples { continuation.yield(.heading(sample)) } },
            Task { for await event in environment.location.events { continuation.yield(.location(event)) } },
        ]
        await withTaskCancellationHandler {
            for await input in inputs { apply(input) }
        } onCancel: {
            for feeder in feeders { feeder.cancel() }
            continuation.finish()
        }
        await environment.attitude.stop()
        await environment.heading.stop()
        await environment.location.stop()
        await environment.cameraSession?.stop()
    }
}
