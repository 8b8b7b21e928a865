/// `GET /v1/tidepool/epoch`: the epoch being collected and its public key.
public struct WireEpoch: Sendable, Equatable, Codable {
    /// The epoch index.
    public var epoch: Int64
    /// Its start, Unix seconds.
    public var startsAt: Int64
    /// Its end, Unix seconds.
    public var endsAt: Int64
    /// The epoch's RSA public key, DER, base64.
    public var publicKey: String
    /// The key's size.
    public var keySizeBits: Int
    /// The RFC 9474 variant.
    public var variant: String

    /// Creates an epoch answer.
    public init(epoch: Int64, startsAt: Int64, endsAt: Int64, publicKey: String, keySizeBits: Int, variant: String) {
        self.epoch = epoch
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.publicKey = publicKey
        self.keySizeBits = keySizeBits
        self.variant = variant
    }

    enum CodingKeys: String, CodingKey {
        case epoch, startsAt = "starts_at", endsAt = "ends_at", publicKey = "public_key"
        case keySizeBits = "key_size_bits", variant
    }
}

/// `POST /v1/tidepool/tokens`: the blind signature for the caller's blinded message.
public struct WireBlindSignature: Sendable, Equatable, Codable {
    /// The epoch it is valid for.
    public var epoch: Int64
    /// The blind signature, base64.
    public var blindSignature: String

    /// Creates the answer.
    public init(epoch: Int64, blindSignature: String) {
        self.epoch = epoch
        self.blindSignature = blindSignature
    }

    enum CodingKeys: String, CodingKey { case epoch, blindSignature = "blind_signature" }
}

/// `POST /v1/tidepool/presence` accepted (202).
public struct WireAccepted: Sendable, Equatable, Codable {
    /// Always `accepted`.
    public var status: String

    /// The one accepted answer.
    public static let accepted = WireAccepted(status: "accepted")

    /// Creates the answer.
    public init(status: String) { self.status = status }
}

/// `GET /health`.
public struct WireHealth: Sendable, Equatable, Codable {
    /// What the place store holds.
    public struct Places: Sendable, Equatable, Codable {
        /// Places in the store.
        public var count: Int
        /// The store's file name.
        public var source: String
        /// South, west, north, east; `null` when the store is empty.
        @Nullable public var bounds: [Double]?

        /// Creates the summary.
        public init(count: Int, source: String, bounds: [Double]?) {
            self.count = count
            self.source = source
            self.bounds = bounds
        }
    }

    /// Always `ok`.
    public var status: String
    /// The epoch being collected.
    public var currentEpoch: Int64
    /// Epoch length, seconds.
    public var epochSeconds: Int64
    /// `sqlite` or `postgresql`.
    public var storage: String
    /// The place store.
    public var places: Places
    /// What registration accepts: `App Attest (app ids: …; environments: …)`, or
    /// `development (any non-empty string is accepted)`.
    public var attestation: String

    /// Creates the answer.
    public init(
        status: String = "ok", currentEpoch: Int64, epochSeconds: Int64, storage: String, places: Places,
        attestation: String
    ) {
        self.status = status
        self.currentEpoch = currentEpoch
        self.epochSeconds = epochSeconds
        self.storage = storage
        self.places = places
        self.attestation = attestation
    }

    enum CodingKeys: String, CodingKey {
        case status, currentEpoch = "current_epoch", epochSeconds = "epoch_seconds", storage, places, attestation
    }
}

/// `GET /v1/places/search` and `/v1/places/suggestions`: ranked places, personalised when the
/// server has data for it.
public struct WirePlaceResults: Sendable, Equatable, Codable {
    /// Ranked, best first.
    public var results: [WireSearchResult]
    /// Whether interest or heat changed the order.
    public var personalised: Bool
    /// Why not, when not; `null` otherwise.
    @Nullable public var fallbackReason: String?
    /// The interest model the vectors came from.
    public var modelVersion: String

    /// Creates the answer.
    public init(results: [WireSearchResult], personalised: Bool, fallbackReason: String?, modelVersion: String) {
        self.results = results
        self.personalised = personalised
        self.fallbackReason = fallbackReason
        self.modelVersion = modelVersion
    }

    enum CodingKeys: String, CodingKey {
        case results, personalised, fallbackReason = "fallback_reason", modelVersion = "model_version"
    }
}
