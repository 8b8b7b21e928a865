import Foundation
import Security
import TidepoolClient

/// The device's Tidepool session in the Keychain: a `CredentialStore`.
///
/// One generic-password item (service `app.loci.tidepool`, account `session`) holding the
/// credentials as JSON. Accessible after the first unlock (background reporting runs with the
/// phone locked) and on this device only (never in a backup or on another phone: a restored
/// phone registers anew rather than sharing a device secret).
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public struct KeychainCredentialStore: CredentialStore {
    /// The item's service name.
    public let service: String
    /// The item's account name.
    public let account: String

    /// A store for the item `service`/`account`.
    public init(service: String = "app.loci.tidepool", account: String = "session") {
        self.service = service
        self.account = account
    }

    /// Why the Keychain refused, with its status code.
    public struct KeychainError: Error, CustomStringConvertible {
        /// What was being done.
        public var operation: String
        /// The `OSStatus`.
        public var status: OSStatus
        /// "keychain <operation>: status <n>".
        public var description: String { "keychain \(operation): status \(status)" }
    }

    private var query: [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
            kSecAttrAccount as String: account,
        ]
    }

    /// The saved credentials, or nil when there is no item.
    public func load() async throws -> TidepoolCredentials? {
        var request = query
        request[kSecReturnData as String] = true
        request[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(request as CFDictionary, &result)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess, let data = result as? Data else {
            throw KeychainError(operation: "read", status: status)
        }
        return try JSONDecoder().decode(TidepoolCredentials.self, from: data)
    }

    /// Replaces the item (updated in place when it exists, so its access class is kept).
    public func save(_ credentials: TidepoolCredentials) async throws {
        let data = try JSONEncoder().encode(credentials)
        let update: [String: Any] = [
            kSecValueData as String: data,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
        ]
        let status = SecItemUpdate(query as CFDictionary, update as CFDictionary)
        if status == errSecSuccess { return }
        guard status == errSecItemNotFound else { throw KeychainError(operation: "update", status: status) }
        var item = query
        item.merge(update) { _, new in new }
        let added = SecItemAdd(item as CFDictionary, nil)
        guard added == errSecSuccess else { throw KeychainError(operation: "add", status: added) }
    }

    /// Deletes the item (no item is not an error).
    public func clear() async throws {
        let status = SecItemDelete(query as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else {
            throw KeychainError(operation: "delete", status: status)
        }
    }
}
