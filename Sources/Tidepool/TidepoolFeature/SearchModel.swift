import Foundation
import GeoKit
import Observation
import TidepoolClient

/// Search as you type on the map: suggestions near the map's centre while the box is empty,
/// the server's personalised search once there is text, each result with the server's reason.
///
/// Typing is debounced: a search goes out only after ``delay`` seconds without a keystroke
/// (on the injected clock), and an answer for text the user has since changed is dropped.
@MainActor @Observable
public final class SearchModel {
    /// What the box holds.
    public private(set) var text = ""
    /// The rows shown.
    public private(set) var rows: [SearchRow] = []
    /// The text the rows answer ("" for suggestions), nil before the first answer.
    public private(set) var answered: String?
    /// Whether the order is personalised by the user's profile.
    public private(set) var personalised = false
    /// Why the order is not personalised, in the server's words, when it says.
    public private(set) var fallbackReason: String?
    /// The line under the box when the order is not personalised: "Not personalised: " and the
    /// server's reason; nil while it is personalised or before an answer.
    public var personalisationNote: String? {
        guard answered != nil, !personalised else { return nil }
        return TidepoolCopy.notPersonalised(fallbackReason)
    }

    /// Whether a request is out.
    public private(set) var isSearching = false
    /// The last failure, in words.
    public private(set) var problem: String?
    /// Where to search around (the map's centre).
    public var center: Coordinate?
    /// Seconds without typing before a search is sent.
    public let delay: Double

    @ObservationIgnored let client: any TidepoolPlacesAPI
    @ObservationIgnored let clock: any TidepoolClock
    /// The search waiting out the delay or in flight.
    @ObservationIgnored var pending: Task<Void, Never>?

    /// A search through `client`, debounced by `delay` seconds on `clock`.
    public init(
        client: any TidepoolPlacesAPI, clock: any TidepoolClock = SystemTidepoolClock(), delay: Double = 0.3
    ) {
        self.client = client
        self.clock = clock
        self.delay = delay
    }

    /// The user changed the text: the previous pending search is cancelled and a new one waits
    /// out the delay.
    public func type(_ text: String) {
        self.text = text
        pending?.cancel()
        let clock = self.clock
        let delay = self.delay
        pending = Task { [weak self] in
            do { try await clock.sleep(seconds: delay) } catch { return }
            await self?.run(text)
        }
    }

    /// Searches for the current text now (the keyboard's search key).
    public func submit() async {
        pending?.cancel()
        await run(text)
    }

    /// Empties the box and shows suggestions.
    public func clear() {
        type("")
    }

    /// Waits for the pending search, if any (tests; the UI never waits).
    func settle() async {
        await pending?.value
    }

    private func run(_ query: String) async {
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        isSearching = true
        defer { if text == query { isSearching = false } }
        let answer: TidepoolSearchResults
        do throws(TidepoolClientError) {
            if trimmed.isEmpty {
                guard let center else {
                    rows = []
                    answered = ""
                    return
                }
                answer = try await client.suggestions(
                    latitude: center.latitude, longitude: center.longitude, radius: 2_000, limit: 10)
            } else {
                answer = try await client.search(
                    trimmed, latitude: center?.latitude, longitude: center?.longitude, radius: nil, limit: 20)
            }
        } catch {
            if text == query { problem = error.description }
            return
        }
        // The user typed on while this was out: a newer search will answer.
        guard text == query, !Task.isCancelled else { return }
        rows = answer.results.map { SearchRow($0) }
        answered = trimmed
        personalised = answer.personalised
        fallbackReason = answer.fallbackReason
        problem = nil
    }
}
