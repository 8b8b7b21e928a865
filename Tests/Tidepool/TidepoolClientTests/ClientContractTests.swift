import Foundation
import Testing
import TidepoolClient
import TidepoolClientContracts
import TidepoolTestServer

/// The client contract the app's models rely on, kept by the generated client against a real
/// `loci serve` on loopback (the in-memory fake keeps it in `TidepoolFeatureTests`).
@Suite("Tidepool client contract: the generated client and a real server")
struct ClientContractTests {
    @Test("the generated client keeps the whole contract against loci serve")
    func generatedClientPasses() async throws {
        let server = try await ClientTestServer.start {
            $0.epsilon = 30
            $0.delta = 0.01
            $0.kMin = 1
            $0.dailyEpochs = 2
        }
        defer { server.stop() }
        let contract = TidepoolClientContract(
            device: { TidepoolClient(serverURL: server.baseURL, retry: RetryPolicy(maxAttempts: 1)) },
            closeEpoch: { try await server.closeEpoch() },
            place: (
                ClientTestServer.cafe.id, "Regatta", ClientTestServer.cafe.lat, ClientTestServer.cafe.lon
            ),
            interestTag: "coffee")
        let violations = await contract.violations()
        #expect(violations.isEmpty, "\(violations)")
    }
}
