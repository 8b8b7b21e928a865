import Foundation
import GeoKit
import LociServerStore
import LociTestSupport
import ServerRepositories
import Testing
import TidepoolTokens

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Scale mode: two real `loci serve` processes on one PostgreSQL database (its own schema).
@Suite("loci serve scale mode")
struct ScaleModeTests {
    /// Registers a device on `base`, gets a token for its current epoch, reports the café tile;
    /// the ingest status and the epoch. When the epoch rolls over between reading it and asking
    /// for the token, the issuer refuses: that refusal's status comes back, nothing is reported.
    static func report(_ base: URL, device: String, facet: Int? = nil) async throws -> (status: Int, epoch: Int64) {
        let (_, registration) = try await ServeProcessTests.send(
            base, "POST", "/v1/auth/anonymous", json: ["attestation": device])
        let access = try #require(registration["access_token"] as? String)
        let (_, epochAnswer) = try await ServeProcessTests.send(base, "GET", "/v1/tidepool/epoch")
        let epoch = try #require(epochAnswer["epoch"] as? Int)
        let keyText = try #require(epochAnswer["public_key"] as? String)
        let key = try #require(Data(base64Encoded: keyText))
        let client = TokenClient()
        let pending = try client.request(epoch: Int64(epoch), publicKeyDER: key)
        let (issued, signed) = try await ServeProcessTests.send(
            base, "POST", "/v1/tidepool/tokens",
            json: ["epoch": epoch, "blinded_message": pending.blindedMessage.base64EncodedString()],
            token: access)
        guard let signatureText = signed["blind_signature"] as? String else {
            return (issued, Int64(epoch))
        }
        let signature = try #require(Data(base64Encoded: signatureText))
        let token = try client.finish(pending, blindSignature: signature)
        var request = URLRequest(url: URL(string: base.absoluteString + "/v1/tidepool/presence")!)
        request.httpMethod = "POST"
        request.httpBody = token.redemption(for: TidepoolAPITests.cafeTile, facet: facet).json()
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (_, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, Int64(epoch))
    }

    /// Asks `base` for a blind token for its current epoch with `access`: the status, the
    /// error code (nil on success) and the epoch asked for.
    static func requestToken(_ base: URL, access: String) async throws -> (status: Int, code: String?, epoch: Int) {
        let (_, epochAnswer) = try await ServeProcessTests.send(base, "GET", "/v1/tidepool/epoch")
        let epoch = try #require(epochAnswer["epoch"] as? Int)
        let keyText = try #require(epochAnswer["public_key"] as? String)
        let key = try #require(Data(base64Encoded: keyText))
        let pending = try TokenClient().request(epoch: Int64(epoch), publicKeyDER: key)
        let (status, answer) = try await ServeProcessTests.send(
            base, "POST", "/v1/tidepool/tokens",
            json: ["epoch": epoch, "blinded_message": pending.blindedMessage.base64EncodedString()],
            token: access)
        return (status, answer["code"] as? String, epoch)
    }

    /// The similarity per tile id of the test viewport for a viewer `vector`.
    static func similarity(_ base: URL, vector: [Double]) async throws -> [String: Double] {
        var body = HeatAPITests.viewport
        body["vector"] = vector
        let (status, answer) = try await ServeProcessTests.send(base, "POST", "/v1/tiles/heat", json: body)
        guard status == 200, let tiles = answer["tiles"] as? [[String: Any]] else { return [:] }
        var result: [String: Double] = [:]
        for tile in tiles {
            if let id = tile["tile_id"] as? String, let similarity = tile["similarity"] as? Double {
                result[id] = similarity
            }
        }
        return result
    }

    /// The heat tiles of the test viewport as (tile id, noisy count), sorted.
    static func heat(_ base: URL) async throws -> [String: Int] {
        let (status, answer) = try await ServeProcessTests.send(
            base, "POST", "/v1/tiles/heat", json: HeatAPITests.viewport)
        guard status == 200, let tiles = answer["tiles"] as? [[String: Any]] else { return [:] }
        var result: [String: Int] = [:]
        for tile in tiles {
            if let id = tile["tile_id"] as? String, let count = tile["noisy_count"] as? Int {
                result[id] = count
            }
        }
        return result
    }

    @Test(
        "two processes ingest, one closes the epoch, both serve the same heat counting every accepted report",
        .enabled(if: PostgresTestDatabase.shouldRun, Comment(rawValue: PostgresTestDatabase.missingMessage)))
    func twoProcesses() async throws {
        let baseURL = try #require(
            PostgresTestDatabase.url, Comment(rawValue: PostgresTestDatabase.missingMessage))
        let schema = PostgresTestDatabase.freshSchema()
        let url = baseURL + (baseURL.contains("?") ? "&" : "?") + "schema=\(schema)"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "loci-scale-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let places = folder.appendingPathComponent("places.sqlite").path
        try TestServer.writePlaces(to: places)
        // k_min 1, ε = 100 a day (the largest accepted) spent in one daily epoch: the noise on a
        // count or a facet cell is far below ½ (σ ≈ 0.12 and 0.14), so the released values are
        // the exact sums. Three one-hot facets: a's reporters name facet 0, b's facet 1.
        let codebook = folder.appendingPathComponent("facets.json")
        try Data(#"{"version": "scale-3", "centroids": [[1, 0, 0], [0, 1, 0], [0, 0, 1]]}"#.utf8).write(to: codebook)
        let flags = [
            "--epoch-seconds", "60", "--k-min", "1", "--epsilon", "100", "--delta", "0.009", "--daily-epochs", "1",
            "--key-ahead-epochs", "3", "--facet-codebook", codebook.path, "--development-attestation",
        ]
        let a = try ServeProcessTests.start(
            dataDirectory: folder.appendingPathComponent("a"), places: places,
            arguments: flags + ["--node", "a"],
            databaseURL: url)
        let b = try ServeProcessTests.start(
            dataDirectory: folder.appendingPathComponent("b"), places: places,
            arguments: flags + ["--node", "b"],
            databaseURL: url)
        defer {
            a.process.terminate()
            b.process.terminate()
        }
        // Both processes must issue and accept for the same epoch: start a round early in an
        // epoch; a loaded machine can still cross the boundary mid-round, and then the round is
        // repeated with new devices in the next epoch (the crossed one releases on its own).
        // Every report's outcome, and the accepted ones per epoch: a round that crossed a boundary
        // may leave accepted reports in the epoch a later round also uses.
        var outcomes: [String] = []
        var acceptedIn: [Int64: Int] = [:]
        var epoch: Int64 = -1
        for round in 0..<3 {
            let second = Int64(Date().timeIntervalSince1970) % 60
            if second > 30 { try await Task.sleep(for: .seconds(61 - second)) }
            var accepted = 0
            var epochs = Set<Int64>()
            for (base, name, devices, facet) in [(a.baseURL, "a", 3, 0), (b.baseURL, "b", 2, 1)] {
                for index in 0..<devices {
                    let (status, reported) = try await Self.report(
                        base, device: "r\(round)\(name)\(index)", facet: facet)
                    let now = Int64(Date().timeIntervalSince1970) / 60
                    outcomes.append("round \(round) \(name)\(index): \(status) for epoch \(reported) at \(now)")
                    if status == 202 {
                        accepted += 1
                        acceptedIn[reported, default: 0] += 1
                    } else if now == reported {
                        // Only a boundary between reading the epoch and ingesting excuses a refusal.
                        Issue.record("a report within one epoch was refused: \(outcomes.last ?? "")")
                    }
                    epochs.insert(reported)
                }
            }
            if epochs.count == 1, let only = epochs.first, accepted == 5 {
                epoch = only
                break
            }
        }
        #expect(epoch >= 0, "\(outcomes)")

        // One key per epoch for the cluster: both nodes publish the same keys (same digest) and
        // hand out the same current key.
        // Each node publishes the keys it holds, which reach the day's three within seconds of a
        // start (made in the background): ask until both lists are whole, or 60 times.
        var (keysA, keysB): ([String: Any], [String: Any]) = ([:], [:])
        for _ in 0..<60 {
            (_, keysA) = try await ServeProcessTests.send(a.baseURL, "GET", "/v1/tidepool/keys")
            (_, keysB) = try await ServeProcessTests.send(b.baseURL, "GET", "/v1/tidepool/keys")
            if (keysA["keys"] as? [Any])?.count == 3, (keysB["keys"] as? [Any])?.count == 3 { break }
            try await Task.sleep(for: .milliseconds(500))
        }
        let (_, epochA) = try await ServeProcessTests.send(a.baseURL, "GET", "/v1/tidepool/epoch")
        let (_, epochB) = try await ServeProcessTests.send(b.baseURL, "GET", "/v1/tidepool/epoch")
        #expect(keysA["digest"] as? String != nil)
        #expect(keysA["digest"] as? String == keysB["digest"] as? String)
        if epochA["epoch"] as? Int == epochB["epoch"] as? Int {
            #expect(epochA["public_key"] as? String == epochB["public_key"] as? String)
        }

        // Issuance is once per device per epoch across the cluster: a device that took its token
        // from a is refused by b in the same epoch (the shared issuance row refuses). A boundary
        // between the two asks repeats the check.
        var refusals: [String] = []
        for attempt in 0..<3 {
            let (_, registration) = try await ServeProcessTests.send(
                a.baseURL, "POST", "/v1/auth/anonymous", json: ["attestation": "twice-\(attempt)"])
            let access = try #require(registration["access_token"] as? String)
            let first = try await Self.requestToken(a.baseURL, access: access)
            let second = try await Self.requestToken(b.baseURL, access: access)
            refusals.append("a: \(first), b: \(second)")
            guard first.epoch == second.epoch else { continue }
            #expect(first.status == 200, "\(refusals)")
            #expect(second.status == 409 && second.code == "already_issued", "\(refusals)")
            break
        }
        let accepted = acceptedIn[epoch] ?? 0
        #expect(accepted >= 5, "\(outcomes)")
        let expected = [TidepoolAPITests.cafeTile.description: accepted]

        // Wait (bounded) for the boundary, the flushes and the leader's close of that epoch.
        var heatA: [String: Int] = [:]
        var heatB: [String: Int] = [:]
        for _ in 0..<150 where heatA != expected || heatB != expected {
            try await Task.sleep(for: .seconds(1))
            heatA = try await Self.heat(a.baseURL)
            heatB = try await Self.heat(b.baseURL)
        }
        #expect(heatA == heatB)
        #expect(heatA == expected, "\(outcomes)")

        // The facets rode along from both nodes into the one release: a viewer on facet 0's axis
        // and one on facet 2's get different similarity on the same tile, from either node.
        // Mix (3, 2, 0) when the first round was used: cos with (1, 0, 0) = 3/√13, with (0, 0, 1) = 0.
        let cafe = TidepoolAPITests.cafeTile.description
        let first = try await Self.similarity(a.baseURL, vector: [1, 0, 0])
        let third = try await Self.similarity(b.baseURL, vector: [0, 0, 1])
        let firstOnB = try await Self.similarity(b.baseURL, vector: [1, 0, 0])
        #expect(first == firstOnB)
        let near = try #require(first[cafe])
        let far = try #require(third[cafe])
        #expect(near > 0.5, "\(first)")
        #expect(abs(far) < 1e-9, "\(third)")
        if accepted == 5 { #expect(abs(near - 3 / 13.0.squareRoot()) < 1e-6) }

        // One release per epoch, newest first, the ingest epoch's among them (with the empty one
        // before the first round, which every node treats as a close candidate at start, and any
        // crossed round's); no partial counts are left behind.
        let store = try await PostgresServerStore(url: url, connectTimeout: PostgresTestDatabase.connectTimeout)
        let released = try await store.releases(notExpiredAt: 0).map(\.epoch)
        #expect(released.first == epoch)
        #expect(Set(released).count == released.count)
        #expect(released == released.sorted(by: >))
        #expect(try await store.partialCounts(epoch: epoch).isEmpty)
        try await store.dropSchema()
        store.shutdown()
    }
}
