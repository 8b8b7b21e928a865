import AndAwayFeature
import Foundation
import LociTestSupport
import PlaceKit
import Testing

@MainActor
@Suite("And Away's provider switch and fallback", .enabled(if: Helsinki.isAvailable, Helsinki.skipReason))
struct ProviderFallbackTests {
    @Test("switched to Google, a search is answered from Google's recorded response")
    func googleAnswers() async throws {
        let server = try StubHTTPServer { request in
            request.path == "/v1/places:searchText"
                ? ((try? GoogleStub.fixture("searchText-pizza-nyc.json")) ?? StubResponse(status: 500))
                : StubResponse(status: 404)
        }
        defer { server.stop() }
        let harness = try Harness(remote: [try GoogleStub.source(server)])
        let model = SearchModel(environment: harness.environment)
        #expect(model.state.providers == [.local, .google])
        await model.switchProvider(to: .google)
        model.type("pizza")
        await model.submit()
        #expect(model.state.answeredBy == .google)
        #expect(model.state.note == nil)
        #expect(model.state.rows.contains { $0.place.name == "Joe's Pizza" })
        #expect(harness.provider.count("search") == 0)
    }

    @Test("Google's quota error falls back to the offline store, with a note naming it")
    func quotaFallsBack() async throws {
        let server = try StubHTTPServer { _ in
            GoogleStub.error(429, "RESOURCE_EXHAUSTED", "Quota exceeded for quota metric 'Text Search requests'")
        }
        defer { server.stop() }
        let harness = try Harness(remote: [try GoogleStub.source(server)])
        let model = SearchModel(environment: harness.environment)
        await model.switchProvider(to: .google)
        model.type("Ateneum")
        await model.submit()
        #expect(model.state.provider == .google)
        #expect(model.state.answeredBy == .local)
        let note = try #require(model.state.note)
        #expect(note.contains("Google"))
        #expect(note.contains("quota"))
        #expect(model.state.rows.contains { $0.place.name == "Ateneum" })
        #expect(harness.provider.count("search") == 1)
        #expect(model.state.error == nil)
    }

    @Test("a Google request that times out falls back too, and switching back to offline clears the note")
    func timeoutFallsBack() async throws {
        let server = try StubHTTPServer { _ in
            Thread.sleep(forTimeInterval: 1.5)
            return StubResponse(status: 500)
        }
        defer { server.stop() }
        let harness = try Harness(remote: [try GoogleStub.source(server, timeout: 0.3)])
        let model = SearchModel(environment: harness.environment)
        await model.switchProvider(to: .google)
        model.type("Ateneum")
        await model.submit()
        #expect(model.state.answeredBy == .local)
        #expect(model.state.note?.contains("Google") == true)
        #expect(model.state.rows.contains { $0.place.name == "Ateneum" })
        await model.switchProvider(to: .local)
        #expect(model.state.note == nil)
        #expect(model.state.answeredBy == .local)
    }

    @Test("suggestions fall back as well when Google refuses the key")
    func suggestionsFallBack() async throws {
        let server = try StubHTTPServer { _ in GoogleStub.error(403, "PERMISSION_DENIED", "API key not valid") }
        defer { server.stop() }
        let harness = try Harness(remote: [try GoogleStub.source(server)])
        let model = SearchModel(environment: harness.environment)
        await model.switchProvider(to: .google)
        model.type("Atene")
        await harness.scheduler.waitUntilBegun(1)
        harness.scheduler.advance()
        await model.settle()
        #expect(model.state.answeredBy == .local)
        #expect(model.state.note?.contains("Google") == true)
        #expect(model.state.suggestions.contains { $0.primaryText == "Ateneum" })
    }
}
