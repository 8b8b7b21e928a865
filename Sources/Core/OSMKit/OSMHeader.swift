/// The contents of a PBF file's `OSMHeader` blob (`HeaderBlock`).
///
/// Follows https://wiki.openstreetmap.org/wiki/PBF_Format#Definition_of_the_OSMHeader_fileblock.
/// Invariant (for headers this module returns): every required feature is one of
/// ``supportedRequiredFeatures``.
public struct OSMHeader: Sendable, Hashable {
    /// The required features this reader understands: `OsmSchema-V0.6`, `DenseNodes`,
    /// `HistoricalInformation`, and `LocationsOnWays` (whose way coordinates are ignored).
    public static let supportedRequiredFeatures: Set<String> = [
        "OsmSchema-V0.6", "DenseNodes", "HistoricalInformation", "LocationsOnWays",
    ]

    /// The bounding box declared by the writer (not necessarily that of the data), if any.
    public var boundingBox: OSMBoundingBox?
    /// Features a reader must understand to read the file.
    public var requiredFeatures: [String]
    /// Features a reader may use, e.g. `Sort.Type_then_ID`.
    public var optionalFeatures: [String]
    /// The program that wrote the file, e.g. `osmium/1.3.0`.
    public var writingProgram: String?
    /// The data source, if declared.
    public var source: String?
    /// Replication timestamp, seconds since 1970-01-01 UTC.
    public var replicationTimestamp: Int64?
    /// Replication sequence number.
    public var replicationSequenceNumber: Int64?
    /// Replication base URL.
    public var replicationBaseURL: String?

    /// A header from its parts.
    public init(
        boundingBox: OSMBoundingBox? = nil, requiredFeatures: [String] = [], optionalFeatures: [String] = [],
        writingProgram: String? = nil, source: String? = nil, replicationTimestamp: Int64? = nil,
        replicationSequenceNumber: Int64? = nil, replicationBaseURL: String? = nil
    ) {
        self.boundingBox = boundingBox
        self.requiredFeatures = requiredFeatures
        self.optionalFeatures = optionalFeatures
        self.writingProgram = writingProgram
        self.source = source
        self.replicationTimestamp = replicationTimestamp
        self.replicationSequenceNumber = replicationSequenceNumber
        self.replicationBaseURL = replicationBaseURL
    }
}
