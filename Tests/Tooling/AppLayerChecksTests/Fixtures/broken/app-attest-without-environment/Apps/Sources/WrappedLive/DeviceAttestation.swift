import DeviceCheck

public struct DeviceAttestation: Sendable {
    public func supported() -> Bool { DCAppAttestService.shared.isSupported }
}
