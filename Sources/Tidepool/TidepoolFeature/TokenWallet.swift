import Foundation
import TidepoolKit
import TidepoolTokens

/// The tokens the phone holds for its coming reports and the days they were planned for: what
/// ``ReportingModel`` keeps between launches, so a relaunch neither asks for the day's tokens
/// again nor loses them.
///
/// A token is useless to anyone but the holder's reports and says nothing about where the phone
/// is; the wallet lives beside the settings in the app's container.
public struct TokenWallet: Sendable, Codable, Equatable {
    /// One planned day (TidepoolKit's `DailyTokenPlan`): its epochs and when its batch is due.
    public struct PlannedDay: Sendable, Codable, Equatable {
        /// The day's first epoch.
        public var firstEpoch: Int64
        /// The epochs planned (at most the cap, within any day's worth of epochs with the other days').
        public var epochs: [Int64]
        /// When the batch is due, Unix seconds (fetched at the first wake at or after it).
        public var fetchAt: Double
        /// Why the server refused the day's batch (its answer), or nil.
        public var refusal: String?
        /// The epochs whose tokens were fetched (held, spent or discarded since): never asked again.
        public var fetched: [Int64] = []
    }

    /// A token held for a coming report.
    public struct HeldToken: Sendable, Codable, Equatable {
        /// The epoch it is for.
        public var epoch: Int64
        /// The token's nonce.
        public var nonce: Data
        /// The token's signature.
        public var signature: Data
        /// When its report is sent, Unix seconds (a uniformly random moment of the epoch).
        public var moment: Double

        /// The token to spend.
        public var token: PresenceToken { PresenceToken(epoch: epoch, nonce: nonce, signature: signature) }
    }

    /// The planned days, oldest first.
    public var days: [PlannedDay] = []
    /// The tokens held, by epoch ascending.
    public var tokens: [HeldToken] = []

    /// An empty wallet.
    public init() {}

    /// Every epoch planned in any day kept.
    var plannedEpochs: [Int64] { days.flatMap(\.epochs) }
}

/// Where the ``TokenWallet`` is kept: ``FileTokenWalletStore`` on the phone,
/// ``InMemoryTokenWalletStore`` in tests.
public protocol TokenWalletStore: Sendable {
    /// The saved wallet, or an empty one when nothing was saved.
    func load() async throws(TidepoolSettingsError) -> TokenWallet
    /// Replaces the saved wallet.
    func save(_ wallet: TokenWallet) async throws(TidepoolSettingsError)
}

/// A wallet kept in memory (shared by the models given the same store: a relaunch in a test).
public actor InMemoryTokenWalletStore: TokenWalletStore {
    private var wallet: TokenWallet

    /// A store holding `wallet`.
    public init(_ wallet: TokenWallet = TokenWallet()) { self.wallet = wallet }

    /// The wallet.
    public func load() -> TokenWallet { wallet }
    /// Replaces the wallet.
    public func save(_ wallet: TokenWallet) { self.wallet = wallet }
}

/// A wallet in a JSON file, replaced atomically on every save.
public actor FileTokenWalletStore: TokenWalletStore {
    /// The file.
    public let url: URL

    /// A store at `url` (created on the first save).
    public init(url: URL) { self.url = url }

    /// The saved wallet; an empty one when the file does not exist.
    /// - Throws: ``TidepoolSettingsError`` naming the file when it is not a wallet.
    public func load() throws(TidepoolSettingsError) -> TokenWallet {
        guard FileManager.default.fileExists(atPath: url.path) else { return TokenWallet() }
        do { return try JSONDecoder().decode(TokenWallet.self, from: Data(contentsOf: url)) } catch {
            throw TidepoolSettingsError(location: url.path, reason: "not a Tidepool token wallet: \(error)")
        }
    }

    /// Writes the wallet to a temporary file beside the target and renames it over.
    public func save(_ wallet: TokenWallet) throws(TidepoolSettingsError) {
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try JSONEncoder().encode(wallet).write(to: url, options: .atomic)
        } catch {
            throw TidepoolSettingsError(
                location: url.path, reason: "cannot write: \(error.localizedDescription)")
        }
    }
}
