import DeviceContracts
import IdentifyKit

/// The contract of ``IdentifyKit/EntitlementStore``.
public enum EntitlementStoreContract {
    /// A product id no store sells.
    public static let unknownProductID = "app.loci.contract.no-such-product"

    /// Checks that product ids are unique, that buying an unknown product throws
    /// ``EntitlementStoreError/unknownProduct(_:)``, and that after a restore the current
    /// entitlement is what the restore answered. Buys nothing.
    public static func violations(of store: some EntitlementStore) async -> [ContractViolation] {
        var found: [ContractViolation] = []
        do {
            let ids = try await store.products().map(\.id)
            if Set(ids).count != ids.count {
                found.append(.init(rule: "product ids are unique", observed: "\(ids)"))
            }
        } catch {
            found.append(.init(rule: "products load", observed: error.description))
        }
        do {
            let outcome = try await store.purchase(unknownProductID)
            found.append(.init(rule: "buying an unknown product throws", observed: "\(outcome)"))
        } catch {
            if error != .unknownProduct(unknownProductID) {
                found.append(.init(rule: "buying an unknown product throws unknownProduct", observed: error.description))
            }
        }
        do {
            let restored = try await store.restore()
            let current = await store.currentEntitlement()
            if current != restored {
                found.append(
                    .init(rule: "after a restore the entitlement is what it answered", observed: "\(restored) vs \(current)"))
            }
        } catch {
            found.append(.init(rule: "restore answers", observed: error.description))
        }
        return found
    }
}
