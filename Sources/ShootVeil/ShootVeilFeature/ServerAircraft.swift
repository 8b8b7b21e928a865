import Foundation
import IdentifyClient
import IdentifyKit
import IdentifyService
import LociLocalization

/// Where a tap's aircraft came from, as the viewfinder shows it: the server's `aircraft.source`
/// (`feed` shown as "live"), or why the server was not asked or not reached.
public enum AircraftStatus: Sendable, Hashable {
    /// No server is configured (or no tap yet): aircraft come only from a local snapshot, if any.
    case notAsked
    /// The server's live feed answered; this many aircraft were searched.
    case live(count: Int?)
    /// The server has no aircraft feed (its `aircraft.source` `none`).
    case noFeed(note: String?)
    /// The server's feed failed, or its snapshot is not of the capture's moment (the server's note).
    case failed(note: String?)
    /// The server could not be reached or answered in error: buildings answered offline.
    case unreachable(String)

    /// The server's report as a status (`feed` and `request` are both live aircraft).
    public init(_ report: AircraftSourceReport) {
        switch report.source {
        case .feed, .request: self = .live(count: report.count)
        case .none: self = .noFeed(note: report.note)
        case .failed: self = .failed(note: report.note)
        }
    }

    /// The one word the history keeps (data, not copy: ``label(word:in:)`` says it): "live",
    /// "none", "failed", "offline", or "" when not asked.
    public var word: String {
        switch self {
        case .notAsked: ""
        case .live: "live"
        case .noFeed: "none"
        case .failed: "failed"
        case .unreachable: "offline"
        }
    }

    /// A line for the candidates sheet ("Aircraft: live, 147 searched"), `nil` when not asked.
    public var line: String? { line(in: .current) }

    /// The candidates sheet's line in `language`, `nil` when not asked.
    public func line(in language: AppLanguage) -> String? {
        let t = Localizer(.shootVeil, language)
        switch self {
        case .notAsked: return nil
        case .live(let count): return count.map { t("Aircraft: live, %@ searched", t.number($0)) } ?? t("Aircraft: live")
        case .noFeed: return t("Aircraft: none (the server has no aircraft feed)")
        case .failed(let note): return note.map { t("Aircraft: failed (%@)", $0) } ?? t("Aircraft: failed")
        case .unreachable: return t("Aircraft: offline (the server cannot be reached; buildings are from this phone)")
        }
    }

    /// The viewfinder's chip ("Aircraft: live"), `nil` when not asked.
    public func chip(in language: AppLanguage = .current) -> String? {
        Self.label(word: word, in: language).map { Localizer(.shootVeil, language)("Aircraft: %@", $0) }
    }

    /// A stored ``word`` ("live", "none", "failed", "offline") in `language`, `nil` for "" (not
    /// asked); a word this version does not know is shown as stored.
    public static func label(word: String, in language: AppLanguage = .current) -> String? {
        let t = Localizer(.shootVeil, language)
        switch word {
        case "": return nil
        case "live": return t("live")
        case "none": return t("none")
        case "failed": return t("failed")
        case "offline": return t("offline")
        default: return word
        }
    }
}

/// What a server said about the aircraft at a tap: its status and its aircraft candidates.
public struct ServerAircraftAnswer: Sendable, Hashable {
    /// Where the aircraft came from, or why there are none.
    public var status: AircraftStatus
    /// The server's aircraft candidates (buildings are answered on the phone, from its pack).
    public var candidates: [IdentificationCandidate]

    /// An answer from its parts.
    public init(status: AircraftStatus, candidates: [IdentificationCandidate] = []) {
        self.status = status
        self.candidates = candidates
    }
}

/// Aircraft at a tap, asked of a server while the phone answers buildings itself.
/// ``ServerAircraftSource`` asks a Loci server's `POST /v1/identify`.
public protocol ServerAircraftLookup: Sendable {
    /// The server's aircraft at `request`'s tap. Never throws: an unreachable server is a status.
    func aircraft(for request: IdentifyRequest) async -> ServerAircraftAnswer
}

/// A Loci server's `POST /v1/identify` as the viewfinder's aircraft: the server's aircraft
/// candidates and its `aircraft.source`; its buildings are dropped (the phone's pack answers them).
public struct ServerAircraftSource: ServerAircraftLookup {
    /// The client.
    public var client: IdentifyClient

    /// A source over the server at `baseURL`, giving up after `timeout` seconds.
    public init(baseURL: URL, timeout: Double = 8) { client = IdentifyClient(baseURL: baseURL, timeout: timeout) }

    /// Asks the server; an error becomes ``AircraftStatus/unreachable(_:)`` with its description.
    public func aircraft(for request: IdentifyRequest) async -> ServerAircraftAnswer {
        do {
            let answer = try await client.identify(request.capture, tapX: request.tapX, tapY: request.tapY)
            return ServerAircraftAnswer(
                status: AircraftStatus(answer.aircraft), candidates: answer.candidates.filter { $0.kind == .aircraft })
        } catch {
            return ServerAircraftAnswer(status: .unreachable(error.description))
        }
    }
}

/// How the phone's own answer and the server's aircraft become one ranked list.
public enum CandidateMerge {
    /// The phone's candidates with the server's aircraft added (an aircraft the phone found
    /// itself keeps the phone's entry), best first by confidence then distance, at most `limit`.
    ///
    /// The server's aircraft confidences are its own (its sky share, from its place store's
    /// buildings); the phone does not rescale them.
    public static func merged(
        local: [IdentificationCandidate], server: [IdentificationCandidate], limit: Int = IdentifyOptions().maximumCandidates
    ) -> [IdentificationCandidate] {
        let known = Set(local.map(\.id))
        var all = local + server.filter { $0.kind == .aircraft && !known.contains($0.id) }
        all.sort { $0.confidence != $1.confidence ? $0.confidence > $1.confidence : $0.distance < $1.distance }
        return Array(all.prefix(limit))
    }
}
