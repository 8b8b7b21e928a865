/// Something the user can buy to identify without the monthly limit.
public struct StoreProduct: Sendable, Hashable, Codable {
    /// The store's product id (`app.loci.shootveil.unlimited.yearly`).
    public var id: String
    /// The name the store shows.
    public var displayName: String
    /// The price as the store formats it for the user's storefront.
    public var displayPrice: String
    /// Whether it renews (a subscription) or is bought once.
    public var isSubscription: Bool

    /// A product from its parts.
    public init(id: String, displayName: String, displayPrice: String, isSubscription: Bool) {
        self.id = id
        self.displayName = displayName
        self.displayPrice = displayPrice
        self.isSubscription = isSubscription
    }
}

/// What the user may do: the free monthly allowance, or unlimited through a purchase.
public enum Entitlement: Sendable, Hashable {
    /// No purchase in force: the monthly free identifications apply.
    case free
    /// A verified purchase of this product is in force.
    case unlimited(productID: String)

    /// Whether identifications are unlimited.
    public var isUnlimited: Bool { if case .unlimited = self { true } else { false } }
}

/// How a purchase ended.
public enum PurchaseOutcome: Sendable, Hashable {
    /// Bought and verified; the entitlement now in force.
    case purchased(Entitlement)
    /// Waiting for approval (Ask to Buy, a payment method); it may arrive later through the updates.
    case pending
    /// The user cancelled.
    case cancelled
}

/// Why the store could not answer.
public enum EntitlementStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The store does not know this product id.
    case unknownProduct(String)
    /// A transaction did not verify (it is not honoured).
    case unverified(productID: String)
    /// The store failed (network, account); the text says how.
    case storeFailed(String)

    /// One line.
    public var description: String {
        switch self {
        case .unknownProduct(let id): "store: no product \(id)"
        case .unverified(let id): "store: the purchase of \(id) did not verify"
        case .storeFailed(let reason): "store: \(reason)"
        }
    }
}

/// Purchases and entitlements (StoreKit 2 on the phone). ``InMemoryEntitlementStore`` in tests.
///
/// Contract (`IdentifyKitContracts.EntitlementStoreContract`): product ids are unique; buying an
/// unknown product throws ``EntitlementStoreError/unknownProduct(_:)``; after ``restore()`` the
/// ``currentEntitlement()`` is what it returned.
public protocol EntitlementStore: Sendable {
    /// The products on sale, in the order to show them.
    func products() async throws(EntitlementStoreError) -> [StoreProduct]
    /// Buys a product.
    func purchase(_ productID: String) async throws(EntitlementStoreError) -> PurchaseOutcome
    /// Syncs past purchases with the store (`AppStore.sync()`), then answers the entitlement.
    func restore() async throws(EntitlementStoreError) -> Entitlement
    /// The entitlement in force now, from verified current entitlements.
    func currentEntitlement() async -> Entitlement
    /// Entitlement changes made outside a ``purchase(_:)`` call (renewals, refunds, Ask to Buy
    /// approvals, purchases on another device). One consumer, listened to from launch.
    var updates: AsyncStream<Entitlement> { get }
}
