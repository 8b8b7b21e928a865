import Foundation
import IdentifyKit

/// The files an identification service is configured with, read the same way by `loci identify`
/// (`--landmarks`, `--airports`) and `loci serve` (`--landmarks`, `--airports`).
public enum IdentificationFiles {
    /// The Wikidata landmarks CSV at `path` (`wikidata,kind,name,lat,lon,height_m,…`).
    /// - Throws: ``IdentificationFileError`` naming the file and, for bad content, the line.
    public static func landmarks(at path: String) throws(IdentificationFileError) -> [Landmark] {
        let text = try read(path)
        do { return try LandmarkCatalog.readWikidataCSV(text) } catch {
            throw IdentificationFileError(path: path, .content(error.description))
        }
    }

    /// The airports CSV at `path` (`icao,iata,name,city,…`, as `scripts/fetch-data` writes it).
    /// - Throws: ``IdentificationFileError`` naming the file and, for bad content, the line.
    public static func airports(at path: String) throws(IdentificationFileError) -> [Airport] {
        let text = try read(path)
        do { return try Airport.readCSV(text) } catch {
            throw IdentificationFileError(path: path, .content(error.description))
        }
    }

    static func read(_ path: String) throws(IdentificationFileError) -> String {
        do { return try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw IdentificationFileError(path: path, .unreadable)
        }
    }
}

/// A configured identification file that cannot be used: which file, and why.
public struct IdentificationFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why.
    public enum Kind: Sendable, Equatable {
        /// The file cannot be read as UTF-8 text.
        case unreadable
        /// A line is not what the format needs: the CSV reader's line and field.
        case content(String)
    }

    /// The file.
    public var path: String
    /// Why.
    public var kind: Kind

    /// An error about the file at `path`.
    public init(path: String, _ kind: Kind) {
        self.path = path
        self.kind = kind
    }

    /// What is wrong, without the path: `cannot read it as UTF-8 text`, or the reader's reason.
    public var reason: String {
        switch kind {
        case .unreadable: "cannot read it as UTF-8 text"
        case .content(let reason): reason
        }
    }

    /// `"<path>: <reason>"`.
    public var description: String { "\(path): \(reason)" }
}
