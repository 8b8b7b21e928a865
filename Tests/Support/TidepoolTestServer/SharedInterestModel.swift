import Personalisation

/// The bundled interest model, loaded once per test process and shared by every test server:
/// loading it is most of what starting one costs (about 0.4 s of a debug build's 0.6 s), and a
/// suite starts dozens. Sharing it is safe: the model is immutable data, and its cache of place
/// vectors is derived from it and locked.
public enum SharedInterestModel {
    private static let loaded = Result<TagInterestModel, any Error> { try TagInterestModel.bundled() }

    /// The model, or the error loading it met.
    public static func model() throws -> TagInterestModel { try loaded.get() }
}
