import Foundation
import IdentifyKit
import IdentifyService
import LociLocalization
import Observation

/// The free quota and the paywall: free identifications left this month, the products on sale,
/// purchase and restore, and entitlement changes from the store.
@MainActor @Observable
public final class PaywallModel {
    /// What a purchase or restore is doing.
    public enum Activity: Sendable, Hashable {
        /// Nothing.
        case idle
        /// Buying this product.
        case purchasing(String)
        /// Restoring purchases.
        case restoring
        /// A purchase waits for approval.
        case pending
        /// Loading the products, reading the free count, a purchase or a restore failed: the
        /// sentence to show, in the person's language.
        case failed(String)
    }

    /// The entitlement in force.
    public internal(set) var entitlement = Entitlement.free
    /// Free identifications left this month (`nil`: no limit, or unknown).
    public internal(set) var freeRemaining: Int?
    /// The products on sale.
    public internal(set) var products: [StoreProduct] = []
    /// What a purchase or restore is doing.
    public internal(set) var activity = Activity.idle
    /// Whether the paywall sheet is up.
    public var isPresented = false

    @ObservationIgnored let environment: ShootVeilEnvironment

    /// A model over `environment`; nothing is read until ``load()``.
    public init(environment: ShootVeilEnvironment) { self.environment = environment }

    /// Whether a tap may identify: unlimited, or free ones left (or no limit known).
    public var allowsIdentification: Bool { entitlement.isUnlimited || (freeRemaining ?? 1) > 0 }

    /// Reads the entitlement, the month's free count and the products.
    public func load() async {
        entitlement = await environment.store.currentEntitlement()
        refreshRemaining()
        do { products = try await environment.store.products() } catch {
            activity = .failed(t("The products could not be loaded: %@", error.description))
        }
    }

    /// Whether the paywall should offer Try again (the products did not load).
    public var offersReload: Bool { products.isEmpty && activity != .idle && !isBusy }

    /// Whether a purchase or restore is under way.
    var isBusy: Bool {
        switch activity {
        case .purchasing, .restoring: true
        case .idle, .pending, .failed: false
        }
    }

    private var t: Localizer { Localizer(.shootVeil, environment.language) }

    /// Reads the month's free count again (after an identification or at a month's turn).
    public func refreshRemaining() {
        do { freeRemaining = try environment.identification.freeRemaining(at: environment.now()) } catch {
            activity = .failed(t("The free count could not be read: %@", error.description))
        }
    }

    /// Buys a product; a verified purchase lifts the limit and closes the paywall.
    public func purchase(_ productID: String) async {
        activity = .purchasing(productID)
        do {
            switch try await environment.store.purchase(productID) {
            case .purchased(let granted): apply(granted)
            case .pending: activity = .pending
            case .cancelled: activity = .idle
            }
        } catch { activity = .failed(t("The purchase failed: %@", error.description)) }
    }

    /// Restores past purchases; an unlimited one closes the paywall.
    public func restore() async {
        activity = .restoring
        do { apply(try await environment.store.restore()) } catch {
            activity = .failed(t("Purchases could not be restored: %@", error.description))
        }
    }

    /// An entitlement from the store (a purchase, a restore, the updates listener).
    public func apply(_ granted: Entitlement) {
        entitlement = granted
        activity = .idle
        if granted.isUnlimited { isPresented = false }
        refreshRemaining()
    }

    /// Consumes the store's entitlement updates until cancelled; the app runs this from launch.
    public func listen() async {
        for await update in environment.store.updates { apply(update) }
    }
}
