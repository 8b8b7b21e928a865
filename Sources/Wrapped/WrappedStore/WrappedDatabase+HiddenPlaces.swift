import GRDB
import WrappedKit

extension WrappedDatabase: HiddenPlaceStore {
    /// The hidden place ids (table `hidden_place`), kept across runs and ranges.
    public func hiddenPlaceIDs() throws(WrappedError) -> Set<String> {
        do {
            return try queue.read { db in Set(try String.fetchAll(db, sql: "SELECT id FROM hidden_place")) }
        } catch {
            throw .storeFailed("reading hidden places from \(path): \(error)")
        }
    }

    /// Hides or shows again the place `id`.
    public func setPlace(_ id: String, hidden: Bool) throws(WrappedError) {
        do {
            try queue.write { db in
                if hidden {
                    try db.execute(sql: "INSERT OR IGNORE INTO hidden_place (id) VALUES (?)", arguments: [id])
                } else {
                    try db.execute(sql: "DELETE FROM hidden_place WHERE id = ?", arguments: [id])
                }
            }
        } catch {
            throw .storeFailed("writing hidden place \(id) to \(path): \(error)")
        }
    }
}
