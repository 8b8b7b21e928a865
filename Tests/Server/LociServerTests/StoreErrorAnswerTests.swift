import Foundation
import GRDB
import LociServer
import LociTestSupport
import Testing

/// No answer carries SQL, file paths or a database library's message (finding 5 of issue 32):
/// every store failure a client can provoke, and one it cannot (a broken database), answered
/// through real HTTP and searched for internals.
@Suite("Store failures answer without internals")
struct StoreErrorAnswerTests {
    @Test("a duplicate favourite is 409 naming the place; a broken database is 503 storage")
    func answersAreClean() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let token = try await server.register()
        var bodies: [String] = []
        let created = try await server.send(
            "POST", "/v1/favourites", json: ["place_id": TestServer.museum.id], token: token)
        #expect(created.status == 201)
        let duplicate = try await server.send(
            "POST", "/v1/favourites", json: ["place_id": TestServer.museum.id], token: token)
        #expect(duplicate.status == 409)
        #expect(duplicate.json["code"] as? String == "conflict")
        #expect((duplicate.json["message"] as? String)?.contains(TestServer.museum.id) == true)
        bodies.append(duplicate.text)
        let unknown = try await server.send("DELETE", "/v1/favourites/no-such-id", token: token)
        #expect(unknown.status == 404)
        bodies.append(unknown.text)

        try await DatabaseQueue(path: server.services.configuration.serverDatabasePath).write { db in
            try db.execute(sql: "DROP TABLE favourite")
        }
        let write = try await server.send(
            "POST", "/v1/favourites", json: ["place_id": TestServer.cafe.id], token: token)
        #expect(write.status == 503)
        #expect(write.json["code"] as? String == "storage")
        let read = try await server.send("GET", "/v1/favourites", token: token)
        #expect(read.status == 503)
        bodies += [write.text, read.text]
        for body in bodies {
            #expect(InternalsLeak.findings(in: body) == [], "\(body)")
        }
    }
}
