/// The fixed English copy of Photo Wrapped's screens (seed §6), in one place so views only lay
/// it out and tests can check which one a screen shows.
public enum WrappedCopy {
    /// The access screen's title.
    public static let accessTitle = "Make your Photo Wrapped"
    /// The access screen's promise.
    public static let accessMessage =
        "We analyze photo metadata to create your recap. Your photos stay on-device."
    /// Why nothing can be generated after the user said no.
    public static let deniedMessage =
        "Photo Wrapped needs access to your photos to make your recap. You can allow it in Settings, or look at a sample deck."
    /// Why nothing can be generated under a device policy.
    public static let restrictedMessage =
        "Photo access is restricted on this device, so Photo Wrapped cannot read your photos. You can look at a sample deck."
    /// The notice shown with everything made from a limited selection (seed §6.1, §8.1).
    public static let limitedNotice =
        "Based on the photos you selected only. Manage Photo Access to include more."
    /// The sample deck's label.
    public static let sampleNotice = "A sample Wrapped: not your photos."
}
