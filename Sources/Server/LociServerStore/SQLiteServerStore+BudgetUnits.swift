import Foundation
import GRDB
import ServerRepositories

extension SQLiteServerStore: BudgetUnitRepository {
    /// Records the device's budget unit (replacing any).
    public func setBudgetUnit(_ unit: String, deviceID: String) async throws(ServerStoreError) {
        try write("budgetUnit.set") { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO budget_unit (device_id, unit) VALUES (?, ?)", arguments: [deviceID, unit])
        }
    }

    /// The device's budget unit, if recorded.
    public func budgetUnit(deviceID: String) async throws(ServerStoreError) -> String? {
        try read("budgetUnit.read") { db in
            try String.fetchOne(db, sql: "SELECT unit FROM budget_unit WHERE device_id = ?", arguments: [deviceID])
        }
    }
}
