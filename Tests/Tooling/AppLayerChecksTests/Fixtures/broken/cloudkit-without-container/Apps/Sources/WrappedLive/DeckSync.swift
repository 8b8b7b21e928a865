import CloudKit

public struct DeckSync: Sendable {
    public let container = CKContainer.default()
}
