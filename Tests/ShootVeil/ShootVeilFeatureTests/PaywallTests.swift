import Foundation
import IdentifyKit
import ShootVeilFeature
import Testing

/// The free quota and the paywall: counted identifications, the paywall past the limit,
/// purchase, restore and the store's updates.
@Suite("The free quota and the paywall")
@MainActor
struct PaywallTests {
    /// A ready phone over no buildings (the tap finds sky), with `freeLimit` free identifications.
    func phone(freeLimit: Int, restorable: Entitlement = .free) async throws -> Phone {
        let phone = try Phone(freeLimit: freeLimit, restorable: restorable)
        await phone.model.paywall.load()
        phone.makeReady()
        return phone
    }

    @Test("each identification counts one free one; past the limit the paywall shows and nothing is counted")
    func limit() async throws {
        let phone = try await phone(freeLimit: 2)
        #expect(phone.model.paywall.freeRemaining == 2)
        #expect(phone.model.paywall.products.map(\.id) == Phone.products.map(\.id))
        await phone.model.tap(at: Phone.centre)
        guard case .results(let first) = phone.model.phase else {
            Issue.record("\(phone.model.phase)")
            return
        }
        #expect(first.freeRemaining == 1 && phone.model.paywall.freeRemaining == 1)
        await phone.model.tap(at: Phone.centre)
        #expect(phone.model.paywall.freeRemaining == 0)
        await phone.model.tap(at: Phone.centre)
        #expect(phone.model.phase == .paywall)
        #expect(phone.model.paywall.isPresented)
        #expect(try phone.quota.remaining(at: phone.clock.date) == 0)
    }

    @Test("a purchase lifts the limit and closes the paywall; later taps count nothing")
    func purchase() async throws {
        let phone = try await phone(freeLimit: 0)
        await phone.model.tap(at: Phone.centre)
        #expect(phone.model.phase == .paywall)
        await phone.model.paywall.purchase(Phone.products[0].id)
        #expect(phone.model.paywall.entitlement == .unlimited(productID: Phone.products[0].id))
        #expect(!phone.model.paywall.isPresented)
        await phone.model.tap(at: Phone.centre)
        guard case .results(let result) = phone.model.phase else {
            Issue.record("\(phone.model.phase)")
            return
        }
        #expect(result.freeRemaining == nil)
        #expect(phone.store.purchases == [Phone.products[0].id])
    }

    @Test("a cancelled purchase changes nothing; a pending one says so; a failing store says why")
    func purchaseOutcomes() async throws {
        let phone = try await phone(freeLimit: 0)
        phone.store.setNextPurchase(.cancel)
        await phone.model.paywall.purchase(Phone.products[1].id)
        #expect(phone.model.paywall.entitlement == .free && phone.model.paywall.activity == .idle)
        phone.store.setNextPurchase(.pend)
        await phone.model.paywall.purchase(Phone.products[1].id)
        #expect(phone.model.paywall.activity == .pending)
        phone.store.setNextPurchase(.fail("network down"))
        await phone.model.paywall.purchase(Phone.products[1].id)
        #expect(phone.model.paywall.activity == .failed("The purchase failed: store: network down"))
        await phone.model.paywall.purchase("no.such.product")
        #expect(phone.model.paywall.activity == .failed("The purchase failed: store: no product no.such.product"))
        #expect(!phone.model.paywall.allowsIdentification)
    }

    @Test("restore brings back a purchase made elsewhere; a pending one approved later arrives through the updates")
    func restoreAndUpdates() async throws {
        let restoring = try await phone(freeLimit: 0, restorable: .unlimited(productID: Phone.products[1].id))
        await restoring.model.paywall.restore()
        #expect(restoring.model.paywall.entitlement.isUnlimited)

        let phone = try await phone(freeLimit: 0)
        await phone.model.paywall.restore()
        #expect(phone.model.paywall.entitlement == .free)
        let listener = Task { await phone.model.paywall.listen() }
        defer { listener.cancel() }
        phone.store.update(.unlimited(productID: Phone.products[0].id))
        for _ in 0..<500 where !phone.model.paywall.entitlement.isUnlimited { try await Task.sleep(for: .milliseconds(10)) }
        #expect(phone.model.paywall.entitlement.isUnlimited)
        #expect(phone.model.paywall.allowsIdentification)
    }
}
