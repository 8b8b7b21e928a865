import LockedState

/// An ``EntitlementStore`` in memory: products the test lists, purchases that succeed, stay
/// pending or are cancelled as the test says, and updates the test sends (a renewal, a refund).
public final class InMemoryEntitlementStore: EntitlementStore {
    /// What the next purchase does.
    public enum NextPurchase: Sendable {
        /// Succeeds.
        case succeed
        /// Waits for approval.
        case pend
        /// The user cancels.
        case cancel
        /// The store fails with this text.
        case fail(String)
    }

    private struct State {
        var entitlement: Entitlement
        /// What a restore finds (a purchase made on another device).
        var restorable: Entitlement
        var next: NextPurchase = .succeed
        var purchases: [String] = []
    }

    private let catalogue: [StoreProduct]
    private let state: Locked<State>
    private let stream: AsyncStream<Entitlement>
    private let continuation: AsyncStream<Entitlement>.Continuation

    /// A store selling `products`, with `entitlement` in force and `restorable` found by a restore.
    public init(products: [StoreProduct], entitlement: Entitlement = .free, restorable: Entitlement = .free) {
        catalogue = products
        state = Locked(State(entitlement: entitlement, restorable: restorable))
        (stream, continuation) = AsyncStream.makeStream(of: Entitlement.self)
    }

    /// Sets what the next purchase does.
    public func setNextPurchase(_ next: NextPurchase) { state.withLock { $0.next = next } }

    /// The product ids bought, in order.
    public var purchases: [String] { state.withLock { $0.purchases } }

    /// Changes the entitlement from outside a purchase (a renewal, a refund) and reports it.
    public func update(_ entitlement: Entitlement) {
        state.withLock { $0.entitlement = entitlement }
        continuation.yield(entitlement)
    }

    /// The products.
    public func products() async throws(EntitlementStoreError) -> [StoreProduct] { catalogue }

    /// Buys `productID` as ``setNextPurchase(_:)`` said.
    public func purchase(_ productID: String) async throws(EntitlementStoreError) -> PurchaseOutcome {
        guard catalogue.contains(where: { $0.id == productID }) else { throw .unknownProduct(productID) }
        let next = state.withLock { $0.next }
        switch next {
        case .succeed:
            let entitlement = Entitlement.unlimited(productID: productID)
            state.withLock {
                $0.entitlement = entitlement
                $0.purchases.append(productID)
            }
            return .purchased(entitlement)
        case .pend: return .pending
        case .cancel: return .cancelled
        case .fail(let reason): throw .storeFailed(reason)
        }
    }

    /// Finds the restorable entitlement and puts it in force.
    public func restore() async throws(EntitlementStoreError) -> Entitlement {
        state.withLock { state in
            if state.restorable.isUnlimited { state.entitlement = state.restorable }
            return state.entitlement
        }
    }

    /// The entitlement in force.
    public func currentEntitlement() async -> Entitlement { state.withLock { $0.entitlement } }

    /// The updates.
    public var updates: AsyncStream<Entitlement> { stream }
}
