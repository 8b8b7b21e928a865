import AreaBuilder
import AreaDownloads
import AreaKit
import Foundation
import IdentifyPack
import LociServer
import LociTestSupport
import LockedState
import PlaceStore
import Testing
import TidepoolTestServer

/// ``AreaDownloads`` against a real `loci serve --areas` on loopback, serving an area built from
/// the West Village extract.
@Suite(.serialized) struct AreaDownloadsTests {
    static let extract = "osm/nyc-west-village.osm.pbf"
    static let enabled = SharedData.has(extract)

    /// A built area served on loopback, and an empty device folder.
    final class Fixture: Sendable {
        let root: URL
        let serverAreas: URL
        let device: URL
        let server: ClientTestServer

        init() async throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("area-downloads-\(UUID().uuidString)")
            serverAreas = root.appendingPathComponent("server")
            device = root.appendingPathComponent("device")
            _ = try Self.build(into: serverAreas, at: 1_800_000_000)
            let path = serverAreas.path
            server = try await ClientTestServer.start { $0.areasPath = path }
        }

        @discardableResult
        static func build(into folder: URL, at seconds: Double) throws -> AreaManifest {
            try AreaBuilder(name: "wv").build(
                extract: SharedData.url(AreaDownloadsTests.extract), into: folder, now: Date(timeIntervalSince1970: seconds))
        }

        func downloads(through transport: (any AreaTransport)? = nil, retries: Int = 3) -> AreaDownloads {
            AreaDownloads(directory: device, transport: transport ?? HTTPAreaTransport(baseURL: server.baseURL), retries: retries)
        }

        var serverPack: URL { serverAreas.appendingPathComponent("wv/area.pack") }

        func remove() {
            server.stop()
            try? FileManager.default.removeItem(at: root)
        }
    }

    /// A transport that changes the partial file after each fetch (a proxy that damages bytes).
    struct TamperingTransport: AreaTransport {
        let inner: any AreaTransport
        let tamper: @Sendable (URL) throws -> Void

        func areas(near: AreaPoint?) async throws(AreaDownloadError) -> AreaListing { try await inner.areas(near: near) }

        func fetch(_ request: AreaFetchRequest, appendingTo partial: URL, progress: @escaping @Sendable (Int64) -> Void)
            async throws(AreaDownloadError) -> AreaFetchOutcome
        {
            let outcome = try await inner.fetch(request, appendingTo: partial, progress: progress)
            do { try tamper(partial) } catch { throw .file(path: partial.path, "\(error)") }
            return outcome
        }
    }

    /// The installed pack opens and names its area; the installed store answers a search.
    static func expectWorking(_ downloads: AreaDownloads, sha256: String? = nil) throws {
        let pack = try #require(downloads.installed(area: "wv", kind: .identifyPack))
        if let sha256 { #expect(pack.entry.sha256 == sha256) }
        #expect(try FileDigest.sha256(path: pack.url.path).hex == pack.entry.sha256)
        #expect(try OfflinePack(path: pack.url.path).manifest.name == "wv")
        let places = try #require(downloads.installed(area: "wv", kind: .places))
        _ = try SQLitePlaceStore(path: places.url.path)
    }

    /// No partial file is left in the device's area folder.
    static func partials(_ fixture: Fixture) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: fixture.device.appendingPathComponent("wv").path)) ?? [])
            .filter { $0.hasPrefix(".") }
    }

    @Test(
        "fresh install: nothing installed, the area listed near the point, both files downloaded with progress and opened",
        .enabled(if: enabled, Comment(rawValue: SharedData.missingMessage("the West Village extract"))))
    func freshInstall() async throws {
        let fixture = try await Fixture()
        defer { fixture.remove() }
        let downloads = fixture.downloads()
        #expect(downloads.installed().isEmpty)
        #expect(downloads.diskUsage().totalBytes == 0)

        let offers = try await downloads.available(near: AreaPoint(latitude: 40.7336, longitude: -74.0027))
        let offer = try #require(offers.first)
        #expect(offer.name == "wv" && offer.distanceM == 0)
        let seen = Locked<[AreaDownloadProgress]>([])
        for kind in AreaKind.allCases {
            let installed = try await downloads.download(offer, kind: kind) { progress in seen.withLock { $0.append(progress) } }
            #expect(installed.entry == offer.file(kind))
        }
        try Self.expectWorking(downloads)
        let progress = seen.withLock { $0 }
        let packProgress = progress.filter { $0.kind == .identifyPack }.map(\.bytes)
        #expect(packProgress == packProgress.sorted() && packProgress.last == offer.file(.identifyPack)?.bytes)
        #expect(progress.last?.fraction == 1)
        #expect(Self.partials(fixture).isEmpty)

        let installedBytes = (offer.file(.identifyPack)?.bytes ?? 0) + (offer.file(.places)?.bytes ?? 0)
        let usage = downloads.diskUsage()
        #expect(usage.partialBytes == 0)
        #expect(usage.installedBytes > installedBytes && usage.installedBytes < installedBytes + 4_096)
        #expect(usage.byArea == ["wv": usage.totalBytes])

        // The same build again fetches nothing.
        let before = fixture.server.services.configuration.areasPath
        #expect(before != nil)
        try await downloads.download(offer, kind: .identifyPack) { _ in Issue.record("nothing should be fetched") }
    }

    @Test(
        "a connection dropped mid-body resumes from the partial file's length with Range and If-Range",
        .enabled(if: enabled, Comment(rawValue: SharedData.missingMessage("the West Village extract"))))
    func resumes() async throws {
        let fixture = try await Fixture()
        defer { fixture.remove() }
        let proxy = try CuttingProxy(upstream: fixture.server.baseURL, cuts: [120_000, 250_000])
        let offer = try #require(try await fixture.downloads().available().first)
        let entry = try #require(offer.file(.identifyPack))
        #expect(entry.bytes > 300_000)

        // No retries: the first drop ends the call and keeps the partial file.
        let once = fixture.downloads(through: HTTPAreaTransport(baseURL: proxy.baseURL), retries: 0)
        await #expect {
            try await once.download(offer, kind: .identifyPack)
        } throws: { error in
            if case .transport = error as? AreaDownloadError { return true }
            return false
        }
        #expect(once.installed(area: "wv", kind: .identifyPack) == nil)
        let partial = fixture.device.appendingPathComponent("wv/.identify_pack.partial")
        let kept = try #require(try FileManager.default.attributesOfItem(atPath: partial.path)[.size] as? NSNumber).int64Value
        #expect(kept > 0 && kept < 120_000)
        #expect(once.diskUsage().partialBytes == kept)

        // The next call resumes from there; its connection drops again and is retried.
        let resumed = fixture.downloads(through: HTTPAreaTransport(baseURL: proxy.baseURL), retries: 3)
        try await resumed.download(offer, kind: .identifyPack)
        let heads = proxy.heads
        #expect(heads.count == 3)
        #expect(heads[1].lowercased().contains("range: bytes=\(kept)-"))
        #expect(heads[1].lowercased().contains("if-range: \"\(entry.sha256)\""))
        #expect(heads[2].lowercased().contains("range: bytes="))
        #expect(!heads[0].lowercased().contains("range:"))
        let pack = try #require(resumed.installed(area: "wv", kind: .identifyPack))
        #expect(try Data(contentsOf: pack.url) == (try Data(contentsOf: fixture.serverPack)))
        #expect(Self.partials(fixture).isEmpty)
    }

    @Test(
        "a flipped byte, a truncated file, a wrong SHA-256 and a file failing its own checks are refused; the installed area keeps working",
        .enabled(if: enabled, Comment(rawValue: SharedData.missingMessage("the West Village extract"))))
    func refusals() async throws {
        let fixture = try await Fixture()
        defer { fixture.remove() }
        let good = fixture.downloads()
        let first = try #require(try await good.available().first)
        for kind in AreaKind.allCases { try await good.download(first, kind: kind) }
        let installedSHA = try #require(first.file(.identifyPack)?.sha256)

        // A newer build on the server, so each bad download is of a file the device lacks.
        try Fixture.build(into: fixture.serverAreas, at: 1_900_000_000)
        let newer = try #require(try await good.available().first)
        let http = HTTPAreaTransport(baseURL: fixture.server.baseURL)
        let flip = TamperingTransport(inner: http) { url in
            let handle = try FileHandle(forUpdating: url)
            defer { try? handle.close() }
            try handle.seek(toOffset: 5_000)
            let byte = try #require(try handle.read(upToCount: 1)?.first)
            try handle.seek(toOffset: 5_000)
            try handle.write(contentsOf: Data([byte ^ 0x01]))
        }
        let truncate = TamperingTransport(inner: http) { url in
            let handle = try FileHandle(forWritingTo: url)
            defer { try? handle.close() }
            try handle.truncate(atOffset: 100_000)
        }
        var wrongSHA = newer
        wrongSHA.files = newer.files.map { file in
            var file = file
            file.sha256 = String(file.sha256.reversed())
            return file
        }
        let cases: [(String, AreaDownloads, AreaOffer, (AreaDownloadError) -> Bool)] = [
            ("flipped byte", fixture.downloads(through: flip), newer, { if case .checksumMismatch = $0 { true } else { false } }),
            ("truncated", fixture.downloads(through: truncate, retries: 0), newer, { if case .sizeMismatch = $0 { true } else { false } }),
            ("wrong SHA-256", good, wrongSHA, { if case .checksumMismatch = $0 { true } else { false } }),
        ]
        for (name, downloads, offer, expected) in cases {
            await #expect(Comment(rawValue: name)) {
                try await downloads.download(offer, kind: .identifyPack)
            } throws: { error in
                (error as? AreaDownloadError).map(expected) ?? false
            }
            try Self.expectWorking(good, sha256: installedSHA)
            #expect(Self.partials(fixture).isEmpty, "\(name)")
        }

        // The listed checksum of a file that is not a pack: refused by the pack's own checks.
        let garbage = Data(repeating: 0x5A, count: 50_000)
        try garbage.write(to: fixture.serverPack)
        var manifest = try AreaManifest.decode(Data(contentsOf: fixture.serverAreas.appendingPathComponent("wv/area.json")))
        manifest.files = manifest.files.map { file in
            guard file.kind == .identifyPack else { return file }
            var file = file
            file.bytes = Int64(garbage.count)
            file.sha256 = FileDigest.sha256(garbage)
            return file
        }
        try manifest.json().write(to: fixture.serverAreas.appendingPathComponent("wv/area.json"))
        let notAPack = try #require(try await good.available().first)
        await #expect {
            try await good.download(notAPack, kind: .identifyPack)
        } throws: { error in
            if case .unreadable(_, .identifyPack, _) = error as? AreaDownloadError { return true }
            return false
        }
        try Self.expectWorking(good, sha256: installedSHA)
        #expect(Self.partials(fixture).isEmpty)
    }

    @Test(
        "a newer build on the server is offered as an update and installed; delete and disk use follow",
        .enabled(if: enabled, Comment(rawValue: SharedData.missingMessage("the West Village extract"))))
    func updateAndDelete() async throws {
        let fixture = try await Fixture()
        defer { fixture.remove() }
        let downloads = fixture.downloads()
        let first = try #require(try await downloads.available().first)
        for kind in AreaKind.allCases { try await downloads.download(first, kind: kind) }
        #expect(downloads.updates(in: try await downloads.available()).isEmpty)

        try Fixture.build(into: fixture.serverAreas, at: 1_900_000_000)
        let offers = try await downloads.available()
        let updates = downloads.updates(in: offers)
        #expect(Set(updates.map(\.entry.kind)) == [.identifyPack, .places])
        let packUpdate = try #require(updates.first { $0.entry.kind == .identifyPack })
        #expect(packUpdate.installed.entry.sha256 != packUpdate.entry.sha256)
        try await downloads.download(packUpdate.offer, kind: .identifyPack)
        try Self.expectWorking(downloads, sha256: packUpdate.entry.sha256)
        #expect(downloads.updates(in: offers).map(\.entry.kind) == [.places])
        #expect(try Data(contentsOf: try #require(downloads.installed(area: "wv", kind: .identifyPack)).url) == (try Data(contentsOf: fixture.serverPack)))

        let before = downloads.diskUsage().installedBytes
        try downloads.delete(area: "wv", kind: .identifyPack)
        #expect(downloads.installed(area: "wv", kind: .identifyPack) == nil)
        #expect(downloads.installed(area: "wv", kind: .places) != nil)
        let packBytes = packUpdate.entry.bytes
        #expect(downloads.diskUsage().installedBytes <= before - packBytes)
        try downloads.delete(area: "wv")
        #expect(downloads.installed().isEmpty)
        #expect(downloads.diskUsage() == AreaDiskUsage())
    }

    /// A transport whose fetches say when they start and wait until released.
    struct GatedTransport: AreaTransport {
        let inner: any AreaTransport
        let started: AsyncStream<Void>.Continuation
        let release: AsyncStream<Void>

        func areas(near: AreaPoint?) async throws(AreaDownloadError) -> AreaListing { try await inner.areas(near: near) }

        func fetch(_ request: AreaFetchRequest, appendingTo partial: URL, progress: @escaping @Sendable (Int64) -> Void)
            async throws(AreaDownloadError) -> AreaFetchOutcome
        {
            started.yield()
            for await _ in release { break }
            return try await inner.fetch(request, appendingTo: partial, progress: progress)
        }
    }

    @Test(
        "while a file downloads, a second download or a delete of it is refused; other calls go on",
        .enabled(if: enabled, Comment(rawValue: SharedData.missingMessage("the West Village extract"))))
    func oneDownloadAtATime() async throws {
        let fixture = try await Fixture()
        defer { fixture.remove() }
        let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
        let (release, releaseContinuation) = AsyncStream.makeStream(of: Void.self)
        let gated = GatedTransport(
            inner: HTTPAreaTransport(baseURL: fixture.server.baseURL), started: startedContinuation, release: release)
        let downloads = fixture.downloads(through: gated)
        let offer = try #require(try await downloads.available().first)
        let first = Task { try await downloads.download(offer, kind: .identifyPack) }
        for await _ in started { break }

        await #expect(throws: AreaDownloadError.alreadyDownloading(area: "wv", kind: .identifyPack)) {
            try await downloads.download(offer, kind: .identifyPack)
        }
        #expect(throws: AreaDownloadError.alreadyDownloading(area: "wv", kind: .identifyPack)) {
            try downloads.delete(area: "wv")
        }
        #expect(downloads.installed().isEmpty)
        releaseContinuation.yield()
        let installed = try await first.value
        #expect(installed.entry == offer.file(.identifyPack))
        try downloads.delete(area: "wv", kind: .identifyPack)
        #expect(downloads.installed().isEmpty)
    }

    @Test("an offer naming an area this device would not store is refused before anything is fetched")
    func badNames() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("area-names-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let downloads = AreaDownloads(
            directory: root.appendingPathComponent("device"), transport: HTTPAreaTransport(baseURL: URL(string: "http://127.0.0.1:9")!))
        let file = AreaFile(kind: .places, file: "places.sqlite", bytes: 1, sha256: "00", formatVersion: 5, builtAt: Date())
        for name in ["..", "../up", "a/b", ".hidden"] {
            let offer = AreaOffer(name: name, bounds: AreaBounds(south: 0, west: 0, north: 1, east: 1), builtAt: Date(), files: [file])
            await #expect(throws: AreaDownloadError.notOffered(area: name, kind: .places)) {
                try await downloads.download(offer, kind: .places)
            }
        }
        #expect(!FileManager.default.fileExists(atPath: root.path))
    }
}
