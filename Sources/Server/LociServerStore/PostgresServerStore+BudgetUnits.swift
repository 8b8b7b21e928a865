import Foundation
import PostgresNIO
import ServerRepositories

extension PostgresServerStore: BudgetUnitRepository {
    /// Records the device's budget unit (replacing any).
    public func setBudgetUnit(_ unit: String, deviceID: String) async throws(ServerStoreError) {
        try await run("budgetUnit.set") { client in
            try await Self.execute(
                client,
                """
                INSERT INTO budget_unit (device_id, unit) VALUES (\(deviceID), \(unit))
                ON CONFLICT (device_id) DO UPDATE SET unit = EXCLUDED.unit
                """, logger: logger)
        }
    }

    /// The device's budget unit, if recorded.
    public func budgetUnit(deviceID: String) async throws(ServerStoreError) -> String? {
        try await run("budgetUnit.read") { client in
            var unit: String?
            for try await value in try await client.query(
                "SELECT unit FROM budget_unit WHERE device_id = \(deviceID)", logger: logger
            ).decode(String.self) {
                unit = value
            }
            return unit
        }
    }
}
