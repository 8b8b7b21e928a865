import Foundation

/// One module's words in every language it has: an Apple String Catalog (`Localizable.xcstrings`,
/// the JSON Xcode edits), read the same way on the phone and on Linux.
///
/// The key is the English text (`"%1$@ of %2$@ visited"`); English may be left out of the file
/// where it equals the key. A language's value is a plain string or plural forms (`one`, `other`,
/// ...), chosen by a count.
public struct StringCatalog: Sendable {
    /// The language the keys are written in (`en`).
    public let sourceLanguage: String
    /// Where the catalog came from, for messages: a file path or a resource name.
    public let name: String
    /// Why the bundled catalog could not be read, when it could not (then every key answers its
    /// English text). `nil` for a catalog that loaded.
    public let loadFailure: String?
    let entries: [String: Entry]

    /// Every key, sorted.
    public var keys: [String] { entries.keys.sorted() }

    /// The catalog in `data` (the `.xcstrings` JSON).
    ///
    /// - Throws: ``StringCatalogError`` naming `name` and what is wrong (not JSON, a missing
    ///   `sourceLanguage` or `strings`, a value of the wrong shape and its key).
    public init(data: Data, name: String) throws(StringCatalogError) {
        let file: CatalogFile
        do {
            file = try JSONDecoder().decode(CatalogFile.self, from: data)
        } catch let error as DecodingError {
            throw StringCatalogError(path: name, reason: Self.describe(error))
        } catch {
            throw StringCatalogError(path: name, reason: String(describing: error))
        }
        self.sourceLanguage = file.sourceLanguage
        self.name = name
        self.loadFailure = nil
        self.entries = file.strings.mapValues(Entry.init)
    }

    /// The catalog in the file at `url`.
    ///
    /// - Throws: ``StringCatalogError`` when the file cannot be read or is not a catalog.
    public init(contentsOf url: URL) throws(StringCatalogError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw StringCatalogError(path: url.path, reason: "cannot read: \(error.localizedDescription)")
        }
        try self.init(data: data, name: url.path)
    }

    /// An empty catalog: every key answers itself (English).
    public init(empty name: String, failure: String? = nil) {
        self.sourceLanguage = "en"
        self.name = name
        self.loadFailure = failure
        self.entries = [:]
    }

    /// The catalog `name.xcstrings` in `bundle` (a module's resources), read once by the caller.
    ///
    /// Never throws: a phone must still show words when its catalog is missing or damaged, so it
    /// falls back to English and says why in ``loadFailure`` (each module's tests check that it
    /// is `nil`).
    public static func bundled(in bundle: Bundle, name: String = "Localizable") -> StringCatalog {
        guard let url = bundle.url(forResource: name, withExtension: "xcstrings") else {
            return StringCatalog(empty: name, failure: "no \(name).xcstrings in \(bundle.bundlePath)")
        }
        do {
            return try StringCatalog(contentsOf: url)
        } catch {
            return StringCatalog(empty: url.path, failure: error.description)
        }
    }

    /// The text for `key` in `language` (a language code: `fi`), plural form chosen by `count`;
    /// `nil` when the catalog has no such key or no value in that language.
    public func format(_ key: String, language: String, count: Int? = nil) -> String? {
        guard let entry = entries[key], let form = entry.forms[language] else { return nil }
        switch form {
        case .plain(let value, _):
            return value
        case .plural(let forms):
            let category = count.map { PluralCategory.of($0, language: language) } ?? .other
            return forms[category.rawValue] ?? forms[PluralCategory.other.rawValue]
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context):
            return "not a string catalog (\(context.debugDescription)) at \(path(context.codingPath))"
        case .keyNotFound(let key, let context):
            return "missing \"\(key.stringValue)\" at \(path(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(context.debugDescription) at \(path(context.codingPath))"
        @unknown default:
            return String(describing: error)
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "the top level" : codingPath.map(\.stringValue).joined(separator: " › ")
    }
}

/// A catalog that cannot be read, and where.
public struct StringCatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file (or resource name).
    public let path: String
    /// What is wrong with it.
    public let reason: String

    /// `path`: `reason`.
    public var description: String { "\(path): \(reason)" }
}

/// The plural categories a catalog may hold (CLDR's names).
enum PluralCategory: String, CaseIterable {
    case zero, one, two, few, many, other

    /// The category of `count` in `language`: English and Finnish both say "one" for 1 only.
    static func of(_ count: Int, language: String) -> PluralCategory {
        count == 1 ? .one : .other
    }
}

/// One key: its forms per language.
struct Entry: Sendable {
    enum Form: Sendable, Equatable {
        /// A string and its state (`translated`, `needs_review`, `new`, ...; nil when absent).
        case plain(String, state: String?)
        /// Plural forms by category name, each with its value.
        case plural([String: String])
    }

    var forms: [String: Form]
    var shouldTranslate: Bool
    /// Plural forms whose state is not "translated", per language (for the audit).
    var unfinishedPlurals: [String: [String]]

    init(_ raw: CatalogFile.RawEntry) {
        var forms: [String: Form] = [:]
        var unfinished: [String: [String]] = [:]
        for (language, localization) in raw.localizations ?? [:] {
            if let plural = localization.variations?.plural {
                var values: [String: String] = [:]
                for (category, variant) in plural {
                    guard let unit = variant.stringUnit else { continue }
                    values[category] = unit.value
                    if unit.state != nil && unit.state != "translated" {
                        unfinished[language, default: []].append(category)
                    }
                }
                forms[language] = .plural(values)
            } else if let unit = localization.stringUnit {
                forms[language] = .plain(unit.value, state: unit.state)
            }
        }
        self.forms = forms
        self.shouldTranslate = raw.shouldTranslate ?? true
        self.unfinishedPlurals = unfinished
    }
}

/// The `.xcstrings` JSON, as much of it as Loci reads.
struct CatalogFile: Decodable {
    struct StringUnit: Decodable {
        var state: String?
        var value: String
    }

    struct Variations: Decodable {
        var plural: [String: Localization]?
    }

    struct Localization: Decodable {
        var stringUnit: StringUnit?
        var variations: Variations?
    }

    struct RawEntry: Decodable {
        var localizations: [String: Localization]?
        var shouldTranslate: Bool?
    }

    var sourceLanguage: String
    var strings: [String: RawEntry]
}
