import AndAwayFeature
import Foundation
import GeoKit
import LibraryKit
import PlaceKit
import Testing

@MainActor
@Suite("And Away search over the Helsinki store", .enabled(if: Helsinki.isAvailable, Helsinki.skipReason))
struct SearchModelTests {
    @Test("keystrokes inside the debounce make one suggestions call, for the last text")
    func debounce() async throws {
        let harness = try Harness()
        let model = SearchModel(environment: harness.environment)
        model.type("A")
        model.type("Ate")
        model.type("Atene")
        await harness.scheduler.waitUntilBegun(3)
        #expect(model.state.suggestions.isEmpty)
        #expect(harness.provider.count("suggestions") == 0)
        harness.scheduler.advance()
        await model.settle()
        #expect(harness.provider.count("suggestions") == 1)
        #expect(harness.provider.count("suggestions:Atene") == 1)
        #expect(model.state.suggestions.contains { $0.primaryText == "Ateneum" })
    }

    @Test("choosing a suggestion shows its place, selected, and records the search")
    func chooseSuggestion() async throws {
        let harness = try Harness()
        let model = SearchModel(environment: harness.environment)
        model.type("Ateneum")
        await harness.scheduler.waitUntilBegun(1)
        harness.scheduler.advance()
        await model.settle()
        let suggestion = try #require(model.state.suggestions.first { $0.primaryText == "Ateneum" })
        let place = try #require(await model.choose(suggestion))
        #expect(model.state.rows.map(\.id) == [place.id])
        #expect(model.state.map.selected == place.id)
        #expect(model.state.recentSearches.map(\.query) == ["Ateneum"])
    }

    @Test("a search is recorded in the history, newest first, and clearing forgets them all")
    func history() async throws {
        let harness = try Harness()
        let model = SearchModel(environment: harness.environment)
        model.type("cafe")
        await model.submit()
        model.type("Ateneum")
        await model.submit()
        #expect(model.state.recentSearches.map(\.query) == ["Ateneum", "cafe"])
        #expect(model.state.recentSearches.map(\.kind) == [.name, .category])
        let library = LibraryModel(environment: harness.environment)
        library.load()
        #expect(library.state.history.count == 2)
        library.clearHistory()
        #expect(library.state.history.isEmpty)
        await model.load()
        #expect(model.state.recentSearches.isEmpty)
    }

    @Test("results fall in sections: saved first, then open now, nearby, more; each once")
    func sections() async throws {
        let harness = try Harness()
        let model = SearchModel(environment: harness.environment)
        model.type("cafe")
        await model.submit()
        let first = model.state.rows
        #expect(first.count >= 10)
        let toSave = try #require(first.last)
        let detail = PlaceDetailModel(place: toSave.place, provider: .local, environment: harness.environment)
        await detail.save(note: "window table", tags: ["coffee"])
        #expect(detail.state.isSaved)
        await model.submit()
        let sections = model.state.sections
        #expect(sections.first?.kind == .saved)
        #expect(sections.first?.rows.map(\.id) == [toSave.id])
        #expect(sections.map(\.kind) == ResultSectionKind.allCases.filter { kind in sections.contains { $0.kind == kind } })
        let rows = model.state.rows
        #expect(Set(rows.map(\.id)).count == rows.count)
        #expect(Set(rows.map(\.id)) == Set(first.map(\.id)))
        for section in sections {
            for row in section.rows {
                switch section.kind {
                case .saved: #expect(row.isSaved)
                case .openNow: #expect(row.isOpen == true && !row.isSaved)
                case .nearby: #expect(row.isOpen != true && (row.distance ?? .infinity) <= 1_000)
                case .more: #expect(row.isOpen != true && !row.isSaved)
                }
            }
        }
        #expect(sections.contains { $0.kind == .openNow })
        #expect(model.state.map.pins.count == rows.count)
        #expect(model.state.map.pins.filter(\.isSaved).map(\.id) == [toSave.id])
    }

    @Test("a chip with an empty field searches its category around the user")
    func chips() async throws {
        let harness = try Harness()
        let model = SearchModel(environment: harness.environment)
        #expect(model.state.chips.map(\.id).contains("museum"))
        await model.toggleChip("museum")
        #expect(model.state.selectedCategory == "museum")
        #expect(!model.state.rows.isEmpty)
        #expect(model.state.rows.allSatisfy { $0.place.category == "museum" })
        await model.toggleChip("museum")
        #expect(model.state.selectedCategory == nil)
        #expect(model.state.rows.isEmpty)
    }

    @Test("the user's category weights decide the order: all on distance, or all on completeness")
    func weightsAreHonoured() async throws {
        let harness = try Harness()
        let model = SearchModel(environment: harness.environment)
        func order(_ weights: ScoringWeights) async throws -> [ResultSection] {
            try harness.environment.store.setPreferences(Preferences(categoryQuery: weights))
            model.type("cafe")
            await model.submit()
            return model.state.sections
        }
        let nearest = try await order(
            ScoringWeights(
                distance: 1, popularity: 0, queryRelevance: 0, categoryMatch: 0, businessStatus: 0, dataCompleteness: 0))
        for section in nearest {
            let distances = section.rows.map { $0.distance ?? .infinity }
            #expect(distances == distances.sorted(), "section \(section.kind) by distance")
        }
        let complete = try await order(
            ScoringWeights(
                distance: 0, popularity: 0, queryRelevance: 0, categoryMatch: 0, businessStatus: 0, dataCompleteness: 1))
        let scorer = PreferenceScorer(preferences: Preferences())
        let request = SearchRequest(text: "cafe", center: Helsinki.user, radius: 5_000)
        for section in complete {
            let shares = section.rows.map { row in
                scorer.factors(
                    of: RankedPlace(place: row.place, distance: row.distance, score: 0, match: row.match), for: request,
                    now: Helsinki.noon, timeZone: Helsinki.zone
                ).dataCompleteness
            }
            #expect(shares == shares.sorted(by: >), "section \(section.kind) by completeness")
        }
        #expect(nearest.flatMap(\.rows).map(\.id) != complete.flatMap(\.rows).map(\.id))
    }
}
