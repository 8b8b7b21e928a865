import IdentifyKit

extension ViewfinderState {
    /// The state with ``calibration`` and ``readiness`` worked out afresh at `time` (seconds
    /// since 1970) under `settings`: the first blocker in ``ViewfinderBlocker``'s order wins.
    public func evaluated(at time: Double, settings: ViewfinderSettings) -> ViewfinderState {
        var next = self
        next.calibration = Self.calibration(heading, settings: settings)
        next.readiness = Self.blocker(self, at: time, settings: settings).map(Readiness.blocked) ?? .ready
        return next
    }

    /// The calibration prompt for a compass reading, `nil` when it is good enough (or absent).
    static func calibration(_ heading: HeadingSample?, settings: ViewfinderSettings) -> CalibrationPrompt? {
        guard let heading else { return nil }
        guard heading.isValid else { return CalibrationPrompt(accuracy: nil, threshold: settings.calibrationThreshold) }
        return heading.accuracy > settings.calibrationThreshold
            ? CalibrationPrompt(accuracy: heading.accuracy, threshold: settings.calibrationThreshold) : nil
    }

    static func blocker(_ state: ViewfinderState, at time: Double, settings: ViewfinderSettings) -> ViewfinderBlocker? {
        if !state.attitudeAvailable { return .attitudeUnavailable }
        if state.locationDenied { return .locationDenied }
        guard let location = state.location, time - location.time <= settings.maximumLocationAge else {
            return .waitingForLocation
        }
        guard location.horizontalAccuracy >= 0, location.horizontalAccuracy <= settings.maximumHorizontalAccuracy
        else { return .locationTooCoarse(accuracy: location.horizontalAccuracy) }
        guard let heading = state.heading, time - heading.time <= settings.maximumSensorAge else {
            return .waitingForHeading
        }
        if let prompt = calibration(heading, settings: settings) { return .compassNeedsCalibration(accuracy: prompt.accuracy) }
        guard let attitude = state.attitude, time - attitude.time <= settings.maximumSensorAge, state.camera != nil
        else { return .waitingForAttitude }
        return state.cameraRunning ? nil : .cameraNotRunning
    }
}
