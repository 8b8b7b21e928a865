import Gazetteer
import LociTestSupport

/// The shared real gazetteer, loaded once for every test that needs it.
enum RealGazetteer {
    static let path = "geo/gazetteer-cities500.tsv.gz"
    static let isPresent = SharedData.has(path)
    static let missing = SharedData.missingMessage("geo/gazetteer-cities500.tsv.gz")

    /// Loaded on first use; the load error, if any, is rethrown by every caller.
    static let loaded: Result<Gazetteer, GazetteerError> = Result { () throws(GazetteerError) in
        try Gazetteer(contentsOf: SharedData.url(path).path)
    }

    static func gazetteer() throws -> Gazetteer { try loaded.get() }
}
