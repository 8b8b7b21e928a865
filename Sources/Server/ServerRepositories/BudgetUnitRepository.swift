/// The unit a device's token budget is counted against: the App Attest key the device registered
/// with when it presented one (it survives "Delete everything", which only deletes the server's
/// account and the app's session, while the key stays in the Keychain), else the device itself.
/// A device that deletes its account and registers again with the same key gets the same unit,
/// so no fresh budget.
public protocol BudgetUnitRepository: Sendable {
    /// Records `unit` as the budget unit of `deviceID` (replacing any earlier one).
    func setBudgetUnit(_ unit: String, deviceID: String) async throws(ServerStoreError)
    /// The budget unit of `deviceID`, nil when it registered without an attestation key.
    func budgetUnit(deviceID: String) async throws(ServerStoreError) -> String?
}

extension BudgetUnitRepository {
    /// The unit to count `deviceID`'s tokens against: its recorded unit, else `device:<id>`.
    public func issuanceUnit(deviceID: String) async throws(ServerStoreError) -> String {
        try await budgetUnit(deviceID: deviceID) ?? "device:\(deviceID)"
    }
}
