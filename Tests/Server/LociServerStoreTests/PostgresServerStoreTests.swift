import Foundation
import LociServerStore
import LociTestSupport
import ServerRepositories
import Testing

@Suite("PostgreSQL server store")
struct PostgresServerStoreTests {
    @Test("a URL that is not postgres:// or lacks parts is an invalid argument naming the open")
    func badURLs() async {
        for url in [
            "mysql://u:p@127.0.0.1/db", "postgres://127.0.0.1/db", "postgres://u:p@127.0.0.1",
            "postgres://u:p@127.0.0.1/db?sslmode=require",
        ] {
            do {
                _ = try await PostgresServerStore(url: url)
                Issue.record("\(url) was accepted")
            } catch {
                guard case .invalidArgument(let detail) = error.kind else {
                    Issue.record("\(url): \(error)")
                    continue
                }
                #expect(error.operation == "open")
                #expect(!detail.contains(":p@"), "the password is not in the message")
            }
        }
    }

    @Test("no server on the port is a database error, not a hang")
    func unreachable() async {
        do {
            _ = try await PostgresServerStore(
                url: "postgres://u:secret@127.0.0.1:1/db", connectTimeout: .seconds(2))
            Issue.record("opened a store on port 1")
        } catch {
            guard case .database(let detail) = error.kind else {
                Issue.record("\(error)")
                return
            }
            #expect(!detail.contains("secret"))
        }
    }

    @Test(
        "a wrong password is a database error with the server's reason, without the password",
        .enabled(if: PostgresTestDatabase.shouldRun, Comment(rawValue: PostgresTestDatabase.missingMessage)))
    func wrongPassword() async throws {
        let url = try #require(
            PostgresTestDatabase.url, Comment(rawValue: PostgresTestDatabase.missingMessage))
        var components = try #require(URLComponents(string: url))
        components.password = "not-the-password-42"
        let wrong = try #require(components.string)
        do {
            _ = try await PostgresServerStore(url: wrong, connectTimeout: PostgresTestDatabase.connectTimeout)
            Issue.record("opened a store with a wrong password")
        } catch {
            guard case .database(let detail) = error.kind else {
                Issue.record("\(error)")
                return
            }
            #expect(detail.contains("password authentication failed"))
            #expect(!error.description.contains("not-the-password-42"))
        }
    }

    @Test(
        "text PostgreSQL cannot store (a NUL character) is an invalid argument, not a database failure",
        .enabled(if: PostgresTestDatabase.shouldRun, Comment(rawValue: PostgresTestDatabase.missingMessage)))
    func nulInText() async throws {
        let url = try #require(
            PostgresTestDatabase.url, Comment(rawValue: PostgresTestDatabase.missingMessage))
        let store = try await PostgresServerStore(
            url: url, schema: PostgresTestDatabase.freshSchema(), connectTimeout: PostgresTestDatabase.connectTimeout)
        try await store.createDevice(DeviceRecord(id: "d", createdAt: 1))
        do {
            try await store.createFavourite(
                FavouriteRecord(
                    id: "f", deviceID: "d", placeID: "osm:node/1", rating: nil, note: "a\u{0}b", createdAt: 2)
            )
            Issue.record("a note with NUL was stored")
        } catch {
            #expect(error.operation == "favourites.create")
            if case .invalidArgument = error.kind {} else { Issue.record("\(error)") }
        }
        #expect(try await store.favourites(deviceID: "d").isEmpty)
        try await store.dropSchema()
        store.shutdown()
    }
}
