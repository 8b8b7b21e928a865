import AccountService
import Foundation
import LociServerStore
import ServerRepositories
import Synchronization
import Testing

/// Counting names, one count per prefix, so every id, token and secret a test sees is predictable.
final class Names: Sendable {
    private let counts = Mutex([String: Int]())
    func make(_ prefix: String) -> String {
        counts.withLock { counts in
            counts[prefix, default: 0] += 1
            return "\(prefix)\(counts[prefix]!)"
        }
    }
}

@Suite("Sessions: registration with a secret, rotating refresh tokens, login from the secret")
struct SessionServiceTests {
    static let lifetimes = SessionService.Lifetimes(access: 3_600, refresh: 86_400)

    static func service(_ files: ServerFiles, _ names: Names = Names()) -> SessionService {
        SessionService(
            store: files.store, lifetimes: lifetimes, makeID: { names.make("id") },
            makeSecret: { names.make("secret") })
    }

    @Test("registration stores the device, the secret's hash and a pair valid for the stated lifetimes")
    func register() async throws {
        let files = try await ServerFiles()
        let registration = try await Self.service(files).register(at: 1_000)
        let session = registration.session
        #expect(session.deviceID == "id1")
        #expect(registration.deviceSecret == "secret1")
        #expect(session.accessToken == "secret2" && session.refreshToken == "secret3")
        #expect(session.accessExpiresAt == 4_600 && session.refreshExpiresAt == 87_400)
        #expect(try await files.store.deviceSecretHash(deviceID: "id1") == DeviceService.tokenHash("secret1"))
        let hash = DeviceService.tokenHash("secret2")
        #expect(try await files.store.device(forTokenHash: hash, at: 4_599)?.id == "id1")
        #expect(try await files.store.device(forTokenHash: hash, at: 4_600) == nil)
    }

    @Test("a refresh spends its token and gives a working pair; the spent one then revokes the family")
    func refreshAndReuse() async throws {
        let files = try await ServerFiles()
        let service = Self.service(files)
        let first = try await service.register(at: 0).session
        let second = try await service.refresh(first.refreshToken, at: 5_000)
        #expect(second.deviceID == first.deviceID)
        #expect(second.accessExpiresAt == 8_600 && second.refreshExpiresAt == 91_400)
        #expect(try await files.store.device(forTokenHash: DeviceService.tokenHash(second.accessToken), at: 5_001) != nil)
        await #expect(throws: SessionError.refreshTokenReused) {
            _ = try await service.refresh(first.refreshToken, at: 5_002)
        }
        // The thief's replay took the owner's current tokens down with it.
        #expect(try await files.store.device(forTokenHash: DeviceService.tokenHash(second.accessToken), at: 5_003) == nil)
        await #expect(throws: SessionError.refreshTokenReused) {
            _ = try await service.refresh(second.refreshToken, at: 5_004)
        }
    }

    @Test("an expired or never-issued refresh token is unknown and changes nothing")
    func unknownRefresh() async throws {
        let files = try await ServerFiles()
        let service = Self.service(files)
        let session = try await service.register(at: 0).session
        await #expect(throws: SessionError.unknownRefreshToken) {
            _ = try await service.refresh(session.refreshToken, at: 86_400)
        }
        await #expect(throws: SessionError.unknownRefreshToken) { _ = try await service.refresh("nope", at: 1) }
        // Still live before its expiry: the expired attempt did not spend it.
        #expect(try await service.refresh(session.refreshToken, at: 86_399).deviceID == session.deviceID)
    }

    @Test("login from the secret opens a new family for the same device; a wrong secret or device is refused")
    func login() async throws {
        let files = try await ServerFiles()
        let service = Self.service(files)
        let registration = try await service.register(at: 0)
        let deviceID = registration.session.deviceID
        let again = try await service.login(deviceID: deviceID, secret: registration.deviceSecret, at: 200_000)
        #expect(again.deviceID == deviceID)
        #expect(try await files.store.device(forTokenHash: DeviceService.tokenHash(again.accessToken), at: 200_001)?.id
            == deviceID)
        await #expect(throws: SessionError.invalidCredentials) {
            _ = try await service.login(deviceID: deviceID, secret: "secret-wrong", at: 1)
        }
        await #expect(throws: SessionError.invalidCredentials) {
            _ = try await service.login(deviceID: "nobody", secret: registration.deviceSecret, at: 1)
        }
        // "d1" registered without a secret (before secrets existed): it cannot log in.
        await #expect(throws: SessionError.invalidCredentials) {
            _ = try await service.login(deviceID: "d1", secret: "", at: 1)
        }
        // A second family: replaying in one does not revoke the other.
        _ = try await service.refresh(registration.session.refreshToken, at: 10)
        await #expect(throws: SessionError.refreshTokenReused) {
            _ = try await service.refresh(registration.session.refreshToken, at: 11)
        }
        #expect(try await service.refresh(again.refreshToken, at: 200_002).deviceID == deviceID)
    }

    @Test("constant-time equality agrees with ==")
    func constantTime() {
        let a = Data([1, 2, 3]), b = Data([1, 2, 4])
        #expect(SessionService.constantTimeEqual(a, a))
        #expect(!SessionService.constantTimeEqual(a, b))
        #expect(!SessionService.constantTimeEqual(a, Data([1, 2])))
    }
}
