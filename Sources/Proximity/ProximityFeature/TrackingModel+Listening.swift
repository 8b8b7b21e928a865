import ProximityKit

extension TrackingModel {
    /// Launches, then consumes every device stream (monitor, significant change, motion,
    /// Low Power Mode, permission, notification answers) one input at a time until cancelled, asking for
    /// follow-up fixes while the planner wants them. The app runs this for its lifetime.
    public func listen() async {
        await launch()
        let (inputs, continuation) = AsyncStream.makeStream(of: DeviceInput.self)
        let environment = self.environment
        let feeders = [
            Task { for await event in environment.monitor.events { continuation.yield(.monitor(event)) } },
            Task { for await fix in environment.significantChanges.fixes { continuation.yield(.significantChange(fix)) } },
            Task { for await update in environment.motion.updates { continuation.yield(.activity(update.activity, time: update.time)) } },
            Task { for await level in environment.authorizer.changes { continuation.yield(.authorization(level)) } },
            Task { for await on in environment.power.changes { continuation.yield(.lowPowerMode(on)) } },
            Task { for await response in environment.poster.responses { continuation.yield(.notificationResponse(response)) } },
        ]
        await withTaskCancellationHandler {
            for await input in inputs {
                await handle(input)
                while status.wantsLocation, !Task.isCancelled { await requestFollowUp() }
            }
        } onCancel: {
            for feeder in feeders { feeder.cancel() }
            continuation.finish()
        }
    }
}
