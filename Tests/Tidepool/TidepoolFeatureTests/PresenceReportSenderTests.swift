import GeoKit
import Testing
import TidepoolClient
import TidepoolClientFake
import TidepoolTokens

/// The one reporting protocol (`PresenceReportSender`): its steps in order, each failure named by
/// its step, and tokens from any `PresenceTokenSource`.
@Suite("Presence report sender: epoch, token, report")
struct PresenceReportSenderTests {
    static let tile = GridTiler.standard.tile(for: Coordinate(uncheckedLatitude: 60.17, longitude: 24.94))

    /// Hands out tokens fetched earlier (as a day's batch would), once each.
    actor PrefetchedTokens: PresenceTokenSource {
        var tokens: [Int64: PresenceToken]

        init(_ tokens: [Int64: PresenceToken]) { self.tokens = tokens }

        func token(for epoch: TidepoolEpoch) async throws(TidepoolClientError) -> PresenceToken {
            guard let token = tokens.removeValue(forKey: Int64(epoch.epoch)) else {
                throw .token(message: "no token fetched for epoch \(epoch.epoch)")
            }
            return token
        }
    }

    static func registered() async throws -> (InMemoryTidepoolServer, FakeTidepoolClient) {
        let server = try InMemoryTidepoolServer()
        let client = FakeTidepoolClient(server: server)
        try await client.register(attestation: "sender", platform: .ios, keyID: nil, challenge: nil)
        return (server, client)
    }

    @Test("one report an epoch: the second send fails at the token step with already_issued")
    func oncePerEpoch() async throws {
        let (server, client) = try await Self.registered()
        let sender = PresenceReportSender(client: client)
        let epoch = try await sender.send(tile: Self.tile, facet: nil)
        #expect(Int64(epoch.epoch) == server.currentEpoch)
        #expect(server.acceptedReports == 1)
        do {
            try await sender.send(tile: Self.tile, facet: nil)
            Issue.record("a second send in the epoch went through")
        } catch {
            #expect(error.step == .token)
            #expect(error.error.code == "already_issued")
        }
        #expect(server.acceptedReports == 1)
    }

    @Test(
        "tokens come from the source: a prefetched token is spent; one kept past its epoch fails at the report step"
    )
    func tokenSource() async throws {
        let (server, client) = try await Self.registered()
        let epoch = try await client.epoch()
        let token = try await client.presenceToken(for: epoch)
        let source = PrefetchedTokens([Int64(epoch.epoch): token])
        let sender = PresenceReportSender(client: client, tokens: source)
        try await sender.send(tile: Self.tile, facet: nil, in: epoch)
        #expect(server.acceptedReports == 1)

        let next = try await client.epoch()
        let kept = try await FakeTidepoolClient(server: server).registeredToken(for: next)
        try server.closeEpoch()
        let late = PresenceReportSender(client: client, tokens: PrefetchedTokens([Int64(next.epoch): kept]))
        do {
            try await late.send(tile: Self.tile, facet: nil, in: next)
            Issue.record("a token of a closed epoch was accepted")
        } catch {
            #expect(error.step == .report)
            #expect(error.error.code == "wrong_epoch")
        }
        #expect(server.acceptedReports == 1)
    }
}

extension FakeTidepoolClient {
    /// Registers this device and takes its token for `epoch`.
    func registeredToken(for epoch: TidepoolEpoch) async throws -> PresenceToken {
        try await register(attestation: "other", platform: .ios, keyID: nil, challenge: nil)
        return try await presenceToken(for: epoch)
    }
}
