import AreaBuilder
import AreaKit
import Foundation
import LociTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `loci serve --areas` on loopback serving one area built (by `loci area build`'s builder) from
/// a shared extract, and an empty folder for a phone's areas: what the apps' area tests start from.
public final class AreaTestServer: Sendable {
    /// The area's name.
    public let name: String
    /// The extract the area is built from.
    public let extract: URL
    /// The server's areas folder.
    public let serverAreas: URL
    /// An empty folder for the phone's downloaded areas.
    public let device: URL
    /// The server.
    public let server: ClientTestServer
    private let root: URL

    /// Builds area `name` from the shared `extract` (built at `builtAt` seconds since 1970) and serves it.
    public static func start(extract: String, name: String, builtAt: Double = 1_800_000_000) async throws -> AreaTestServer {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("area-test-\(UUID().uuidString)")
        let serverAreas = root.appendingPathComponent("server")
        let url = SharedData.url(extract)
        _ = try AreaBuilder(name: name).build(extract: url, into: serverAreas, now: Date(timeIntervalSince1970: builtAt))
        let path = serverAreas.path
        let server = try await ClientTestServer.start { $0.areasPath = path }
        return AreaTestServer(name: name, extract: url, root: root, server: server)
    }

    private init(name: String, extract: URL, root: URL, server: ClientTestServer) {
        self.name = name
        self.extract = extract
        self.root = root
        serverAreas = root.appendingPathComponent("server")
        device = root.appendingPathComponent("device")
        self.server = server
    }

    /// The server's URL.
    public var baseURL: URL { server.baseURL }

    /// Builds the area again, as built at `seconds` (a newer build when later).
    @discardableResult
    public func rebuild(at seconds: Double) throws -> AreaManifest {
        try AreaBuilder(name: name).build(extract: extract, into: serverAreas, now: Date(timeIntervalSince1970: seconds))
    }

    /// Stops the server and returns once a connection to it is refused (so "offline" is real).
    public func stopServer() async {
        server.stop()
        for _ in 0..<400 {
            guard await Self.answers(server.baseURL) else { return }
            try? await Task.sleep(nanoseconds: 25_000_000)
        }
    }

    /// Stops the server and deletes the folders.
    public func remove() {
        server.stop()
        try? FileManager.default.removeItem(at: root)
    }

    private static func answers(_ url: URL) async -> Bool {
        var request = URLRequest(url: url.appendingPathComponent("v1/areas"), timeoutInterval: 2)
        request.httpMethod = "GET"
        return (try? await URLSession.shared.data(for: request)) != nil
    }
}
