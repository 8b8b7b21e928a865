import Foundation
import LociServerStore
import LociTestSupport
import ServerRepositories
import Testing

/// ``SessionRepository`` on every store implementation (SQLite always, PostgreSQL with
/// `DATABASE_URL`), through ``ServerStoreConformanceTests/withStore(_:_:)``.
@Suite("Session store conformance")
struct SessionStoreConformanceTests {
    static func hash(_ text: String) -> Data { Data(text.utf8) }

    /// A pair whose hashes are `a<n>` and `r<n>`.
    static func pair(_ n: Int, access: Int64 = 1_000, refresh: Int64 = 10_000) -> SessionTokens {
        SessionTokens(
            accessHash: hash("a\(n)"), accessExpiresAt: access, refreshHash: hash("r\(n)"), refreshExpiresAt: refresh)
    }

    static func device(_ store: any ServerStore, _ id: String, family: String, pair n: Int) async throws {
        try await store.createDevice(
            DeviceRecord(id: id, createdAt: 1), secretHash: hash("secret-\(id)"),
            session: NewSession(familyID: family, deviceID: id, createdAt: 1, tokens: pair(n)))
    }

    @Test(
        "registration stores the secret hash and a first pair; a taken id is a conflict and stores nothing",
        arguments: ServerStoreConformanceTests.implementations)
    func register(_ name: String) async throws {
        try await ServerStoreConformanceTests.withStore(name) { store in
            try await Self.device(store, "d", family: "f1", pair: 1)
            #expect(try await store.deviceSecretHash(deviceID: "d") == Self.hash("secret-d"))
            #expect(try await store.deviceSecretHash(deviceID: "nobody") == nil)
            #expect(try await store.device(forTokenHash: Self.hash("a1"), at: 2)?.id == "d")
            await #expect(throws: ServerStoreError.self) { try await Self.device(store, "d", family: "f2", pair: 2) }
            #expect(try await store.device(forTokenHash: Self.hash("a2"), at: 2) == nil)
            try await store.createDevice(DeviceRecord(id: "old", createdAt: 1))
            #expect(try await store.deviceSecretHash(deviceID: "old") == nil)
        }
    }

    @Test(
        "rotation spends the token and adds the next pair; a spent token revokes its family only",
        arguments: ServerStoreConformanceTests.implementations)
    func rotate(_ name: String) async throws {
        try await ServerStoreConformanceTests.withStore(name) { store in
            try await Self.device(store, "d", family: "f1", pair: 1)
            try await store.openSession(
                NewSession(familyID: "f2", deviceID: "d", createdAt: 5, tokens: Self.pair(9)))
            let device = DeviceRecord(id: "d", createdAt: 1)
            #expect(try await store.rotateRefreshToken(hash: Self.hash("r1"), next: Self.pair(2), at: 10) == .rotated(device))
            #expect(try await store.device(forTokenHash: Self.hash("a2"), at: 11) == device)
            #expect(try await store.rotateRefreshToken(hash: Self.hash("r2"), next: Self.pair(3), at: 20) == .rotated(device))
            // r1 again: family f1 is revoked, its live access tokens (a1, a2, a3) refused, its
            // current refresh token too; family f2 untouched.
            #expect(
                try await store.rotateRefreshToken(hash: Self.hash("r1"), next: Self.pair(4), at: 30)
                    == .reused(deviceID: "d"))
            for access in ["a1", "a2", "a3", "a4"] {
                #expect(try await store.device(forTokenHash: Self.hash(access), at: 31) == nil, "\(access)")
            }
            #expect(
                try await store.rotateRefreshToken(hash: Self.hash("r3"), next: Self.pair(5), at: 32)
                    == .reused(deviceID: "d"))
            #expect(try await store.device(forTokenHash: Self.hash("a5"), at: 33) == nil)
            #expect(try await store.device(forTokenHash: Self.hash("a9"), at: 33) == device)
            #expect(try await store.rotateRefreshToken(hash: Self.hash("r9"), next: Self.pair(6), at: 34) == .rotated(device))
        }
    }

    @Test(
        "an expired or unknown refresh token is unknown and spends nothing",
        arguments: ServerStoreConformanceTests.implementations)
    func expired(_ name: String) async throws {
        try await ServerStoreConformanceTests.withStore(name) { store in
            try await Self.device(store, "d", family: "f1", pair: 1)
            #expect(try await store.rotateRefreshToken(hash: Self.hash("r1"), next: Self.pair(2), at: 10_000) == .unknown)
            #expect(try await store.rotateRefreshToken(hash: Self.hash("rX"), next: Self.pair(3), at: 1) == .unknown)
            #expect(try await store.device(forTokenHash: Self.hash("a2"), at: 2) == nil)
            #expect(
                try await store.rotateRefreshToken(hash: Self.hash("r1"), next: Self.pair(4), at: 9_999)
                    == .rotated(DeviceRecord(id: "d", createdAt: 1)))
        }
    }

    @Test(
        "deleting the device removes its secret, families and tokens; a login for it is not found",
        arguments: ServerStoreConformanceTests.implementations)
    func delete(_ name: String) async throws {
        try await ServerStoreConformanceTests.withStore(name) { store in
            try await Self.device(store, "d", family: "f1", pair: 1)
            try await Self.device(store, "e", family: "g1", pair: 7)
            try await store.deleteDevice(id: "d")
            #expect(try await store.deviceSecretHash(deviceID: "d") == nil)
            #expect(try await store.device(forTokenHash: Self.hash("a1"), at: 2) == nil)
            #expect(try await store.rotateRefreshToken(hash: Self.hash("r1"), next: Self.pair(2), at: 3) == .unknown)
            do {
                try await store.openSession(
                    NewSession(familyID: "f2", deviceID: "d", createdAt: 4, tokens: Self.pair(3)))
                Issue.record("a session opened for a deleted device")
            } catch let error as ServerStoreError {
                guard case .notFound = error.kind else { throw error }
            }
            #expect(try await store.device(forTokenHash: Self.hash("a7"), at: 2)?.id == "e")
        }
    }

    @Test(
        "discarding expired tokens forgets expired refresh tokens and their emptied families",
        arguments: ServerStoreConformanceTests.implementations)
    func discard(_ name: String) async throws {
        try await ServerStoreConformanceTests.withStore(name) { store in
            try await Self.device(store, "d", family: "f1", pair: 1)
            try await store.discardExpiredTokens(at: 10_000)
            #expect(try await store.rotateRefreshToken(hash: Self.hash("r1"), next: Self.pair(2), at: 5) == .unknown)
            // The family went too, so a new one may reuse nothing of it; the device stays.
            try await store.openSession(NewSession(familyID: "f1", deviceID: "d", createdAt: 6, tokens: Self.pair(3)))
            #expect(try await store.deviceSecretHash(deviceID: "d") == Self.hash("secret-d"))
        }
    }
}
