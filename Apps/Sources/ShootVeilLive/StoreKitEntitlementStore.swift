import Foundation
import IdentifyKit
import StoreKit

/// Purchases and entitlements through StoreKit 2: an `EntitlementStore`.
///
/// The `Transaction.updates` listener starts in `init`, so the app makes this at launch: a
/// renewal, a refund, an Ask to Buy approval or a purchase on another device that arrives while
/// the app is closed is delivered then. Every transaction is verified (an unverified one is not
/// honoured) and finished. The entitlement is read from `Transaction.currentEntitlements`:
/// unlimited while a verified, unrevoked transaction of one of ``productIDs`` is in force.
/// Test it with `ShootVeil.storekit` (the scheme's StoreKit configuration).
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public final class StoreKitEntitlementStore: EntitlementStore, @unchecked Sendable {
    // @unchecked: every stored property is a constant; StoreKit's types are Sendable.

    /// The products ShootVeil sells, in the order to show them.
    public let productIDs: [String]
    /// Entitlement changes from the updates listener.
    public let updates: AsyncStream<Entitlement>
    private let listener: Task<Void, Never>

    /// A store for `productIDs`; starts listening to `Transaction.updates` at once.
    public init(productIDs: [String]) {
        self.productIDs = productIDs
        let (updates, continuation) = AsyncStream.makeStream(of: Entitlement.self, bufferingPolicy: .bufferingNewest(1))
        self.updates = updates
        let ids = Set(productIDs)
        listener = Task.detached(priority: .background) {
            for await result in Transaction.updates {
                guard case .verified(let transaction) = result else { continue }
                await transaction.finish()
                guard ids.contains(transaction.productID) else { continue }
                continuation.yield(await StoreKitEntitlementStore.entitlement(for: ids))
            }
        }
    }

    deinit { listener.cancel() }

    /// The products, in ``productIDs`` order.
    public func products() async throws(EntitlementStoreError) -> [StoreProduct] {
        do {
            let found = try await Product.products(for: productIDs)
            return productIDs.compactMap { id in found.first { $0.id == id } }.map(Self.product)
        } catch { throw .storeFailed(error.localizedDescription) }
    }

    /// Buys a product; a verified transaction is finished and its entitlement returned.
    public func purchase(_ productID: String) async throws(EntitlementStoreError) -> PurchaseOutcome {
        let product: Product
        do {
            guard let found = try await Product.products(for: [productID]).first else { throw EntitlementStoreError.unknownProduct(productID) }
            product = found
        } catch let error as EntitlementStoreError { throw error } catch { throw .storeFailed(error.localizedDescription) }
        let result: Product.PurchaseResult
        do { result = try await product.purchase() } catch { throw .storeFailed(error.localizedDescription) }
        switch result {
        case .success(.verified(let transaction)):
            await transaction.finish()
            return .purchased(await currentEntitlement())
        case .success(.unverified(let transaction, _)):
            throw .unverified(productID: transaction.productID)
        case .pending: return .pending
        case .userCancelled: return .cancelled
        @unknown default: return .cancelled
        }
    }

    /// Syncs with the App Store (it may ask the user to sign in), then reads the entitlement.
    public func restore() async throws(EntitlementStoreError) -> Entitlement {
        do { try await AppStore.sync() } catch { throw .storeFailed(error.localizedDescription) }
        return await currentEntitlement()
    }

    /// The entitlement from verified current entitlements.
    public func currentEntitlement() async -> Entitlement { await Self.entitlement(for: Set(productIDs)) }

    static func entitlement(for ids: Set<String>) async -> Entitlement {
        for await result in Transaction.currentEntitlements {
            guard case .verified(let transaction) = result, ids.contains(transaction.productID),
                transaction.revocationDate == nil
            else { continue }
            return .unlimited(productID: transaction.productID)
        }
        return .free
    }

    static func product(_ product: Product) -> StoreProduct {
        StoreProduct(
            id: product.id, displayName: product.displayName, displayPrice: product.displayPrice,
            isSubscription: product.type == .autoRenewable)
    }
}
