import Foundation
import IdentifyKit

/// One past identification as the phone keeps it: when and where, the tap's direction, the
/// ranked candidates, where the aircraft came from, and the still photo's file when there was one.
public struct HistoryEntry: Sendable, Hashable, Codable, Identifiable {
    /// Stable id.
    public var id: UUID
    /// When it was made.
    public var time: Date
    /// Where the phone was: latitude, degrees.
    public var latitude: Double
    /// Longitude, degrees.
    public var longitude: Double
    /// The tap's direction.
    public var direction: ViewingDirection
    /// The ranked candidates, best first.
    public var candidates: [IdentificationCandidate]
    /// Where the aircraft came from ("live", "none", "failed", "offline"; "" when not asked).
    public var aircraft: String
    /// The still photo's file name in the photos folder, when the identification was of a still.
    public var photo: String?
    /// The camera's pitch when the still was taken, degrees (its Exif has none), `nil` when unknown.
    public var pitch: Double?
    /// The camera's roll when the still was taken, degrees, `nil` when unknown.
    public var roll: Double?

    /// An entry from its parts.
    public init(
        id: UUID = UUID(), time: Date, latitude: Double, longitude: Double, direction: ViewingDirection,
        candidates: [IdentificationCandidate], aircraft: String = "", photo: String? = nil, pitch: Double? = nil,
        roll: Double? = nil
    ) {
        self.id = id
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.direction = direction
        self.candidates = candidates
        self.aircraft = aircraft
        self.photo = photo
        self.pitch = pitch
        self.roll = roll
    }
}

/// The history of identifications in one JSON file (`{"version": 1, "entries": [...]}`, newest
/// first), replaced atomically on every change so a crash leaves the old file or the new one.
public struct IdentificationHistoryFile: Sendable {
    /// The file.
    public let path: String
    /// The most entries kept; older ones are dropped when a new one is added.
    public let limit: Int

    /// The format version this code writes and reads.
    static let version = 1

    /// A history kept at `path`, at most `limit` entries.
    public init(path: String, limit: Int = 500) {
        self.path = path
        self.limit = max(1, limit)
    }

    /// The entries, newest first; none when the file does not exist yet.
    /// - Throws: ``HistoryFileError`` naming the file when it cannot be read or is not a history.
    public func load() throws(HistoryFileError) -> [HistoryEntry] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw HistoryFileError(path: path, reason: "cannot be read (\(error.localizedDescription))")
        }
        let document: Document
        do { document = try Self.decoder.decode(Document.self, from: data) } catch {
            throw HistoryFileError(path: path, reason: "is not a history file (\(Self.short(error)))")
        }
        guard document.version == Self.version else {
            throw HistoryFileError(path: path, reason: "has version \(document.version); this app reads \(Self.version)")
        }
        return document.entries
    }

    /// Replaces the file with `entries` (at most ``limit``, newest first), atomically.
    /// - Throws: ``HistoryFileError`` naming the file when it cannot be written.
    public func save(_ entries: [HistoryEntry]) throws(HistoryFileError) {
        let document = Document(version: Self.version, entries: Array(entries.prefix(limit)))
        do {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Self.encoder.encode(document).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw HistoryFileError(path: path, reason: "cannot be written (\(error.localizedDescription))")
        }
    }

    /// Moves a damaged file aside (to `<path>.damaged`, replacing an older one) so the next save
    /// starts afresh without destroying it; returns where it went, `nil` when there was no file.
    /// - Throws: ``HistoryFileError`` when it cannot be moved.
    @discardableResult
    public func setAside() throws(HistoryFileError) -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let aside = path + ".damaged"
        do {
            if FileManager.default.fileExists(atPath: aside) { try FileManager.default.removeItem(atPath: aside) }
            try FileManager.default.moveItem(atPath: path, toPath: aside)
        } catch {
            throw HistoryFileError(path: path, reason: "cannot be moved aside (\(error.localizedDescription))")
        }
        return aside
    }

    struct Document: Codable {
        var version: Int
        var entries: [HistoryEntry]
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }()

    /// A decoding error in a few words.
    static func short(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): context.debugDescription
        case DecodingError.keyNotFound(let key, _): "no \(key.stringValue)"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        default: "\(error)"
        }
    }
}

/// A history file that cannot be used: which file and why.
public struct HistoryFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// Why, after the path ("is not a history file (…)").
    public var reason: String

    /// An error about `path`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `"<path> <reason>"`.
    public var description: String { "\(path) \(reason)" }
}
