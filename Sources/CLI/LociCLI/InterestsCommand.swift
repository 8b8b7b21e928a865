import ArgumentParser
import Foundation
import InterestKit

/// `loci interests`: Tidepool's interest tags, vectors and similarity (the model's offline artefacts).
struct InterestsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "interests",
        abstract: "Tidepool interests: canonical tags, user vectors and profile similarity.",
        subcommands: [
            InterestsCanonicalizeCommand.self, InterestsVectorCommand.self, InterestsSimilarityCommand.self,
        ]
    )

    /// The bundled model, with a clear line when its artefacts are missing or corrupt.
    static func model() throws -> InterestModel {
        do { return try InterestModel.bundled() } catch { throw InputError(error.description) }
    }

    /// The canonicaliser over the bundled model, free text mapped through the bundled typed words.
    static func canonicalizer(_ model: InterestModel) throws -> Canonicalizer {
        do {
            return Canonicalizer(vocabulary: model.vocabulary, typedWords: try TypedWords.bundled(for: model))
        } catch { throw InputError(error.description) }
    }

    /// Reads `TAG[:WEIGHT],…` (``InterestKit/WeightedTagList``), naming `option` in a refusal.
    static func weightedTags(_ text: String, option: String, model: InterestModel) throws -> [WeightedTag] {
        let canonicalizer = try canonicalizer(model)
        do {
            return try WeightedTagList.parse(text, canonicalizer: canonicalizer)
        } catch {
            switch error {
            case .unknown(let name):
                throw InputError(
                    "\(option): \(name) is not a known interest (try loci interests canonicalize \"\(name)\")")
            default: throw InputError("\(option): \(error.description)")
            }
        }
    }
}

/// `loci interests canonicalize STRING...`: raw strings → tags or "unknown".
struct InterestsCanonicalizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "canonicalize",
        abstract: "Map raw strings (Spotify genres, OSM tags, Apple POI categories, words) to canonical tags.",
        discussion: """
            Each line is the input, the tag (or "unknown") and how it was found: exact, slug, synonym, \
            placeCategory, stem, partial, or "nearest 0.62" for free text mapped to the tag nearest by \
            the model's vectors (cosine at or above the typed words' floor). --json rows carry \
            "similarity" for nearest matches.
            """
    )

    @Argument(help: "Strings to map, e.g. \"Indie Rock\" amenity=cafe MKPOICategoryBakery.")
    var strings: [String]

    @Flag(help: "Print JSON instead of text.")
    var json = false

    struct Row: Encodable {
        var input: String
        var tag: String?
        var match: String
        /// The cosine of a nearest tag (absent for every other match).
        var similarity: Double?
    }

    func run() throws {
        let model = try InterestsCommand.model()
        let canonicalizer = try InterestsCommand.canonicalizer(model)
        let rows = strings.map { input -> Row in
            let outcome = canonicalizer.canonicalize(input)
            return Row(
                input: input, tag: outcome.tag?.rawValue, match: outcome.match?.rawValue ?? "unknown",
                similarity: outcome.similarity)
        }
        if json {
            print(try CLIJSON.pretty(rows))
        } else {
            for row in rows {
                let how = row.similarity.map { "\(row.match) \(OutputFormat.number($0, decimals: 2))" } ?? row.match
                print("\(row.input)\t\(row.tag ?? "unknown")\(row.tag == nil ? "" : "\t(\(how))")")
            }
        }
    }
}

/// `loci interests vector --tags TAG[:WEIGHT],...`: the normalised user vector.
struct InterestsVectorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vector",
        abstract: "The user vector normalise(Σ w·embed(tag)) of weighted tags."
    )

    @Option(help: "Tags with optional weights: music:indie_rock:2,venue:cafe,\"trail running\":0.5")
    var tags: String

    @Flag(help: "Print JSON (model version, tags, the vector and its compact size) instead of text.")
    var json = false

    struct Output: Encodable {
        var model_version: String
        var dimensions: Int
        var tags: [WeightedTag]
        var encoded_bytes: Int
        var vector: [Float]
    }

    func run() throws {
        let model = try InterestsCommand.model()
        let weighted = try InterestsCommand.weightedTags(tags, option: "--tags", model: model)
        let vector: InterestVector
        do { vector = try model.vector(for: weighted) } catch { throw InputError(error.description) }
        let output = Output(
            model_version: model.modelVersion, dimensions: vector.components.count, tags: weighted,
            encoded_bytes: vector.encoded().count, vector: vector.components)
        if json {
            print(try CLIJSON.pretty(output))
            return
        }
        print(
            "model \(output.model_version), \(output.dimensions) dimensions, \(output.encoded_bytes) bytes encoded"
        )
        print(
            "tags: "
                + weighted.map { "\($0.tag.rawValue):\(OutputFormat.number($0.weight, decimals: 2))" }.joined(
                    separator: ","))
        print(vector.components.map { OutputFormat.number(Double($0), decimals: 5) }.joined(separator: " "))
    }
}

/// `loci interests similarity --a TAGS --b TAGS`: cosine of two profiles and the heat weight.
struct InterestsSimilarityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "similarity",
        abstract: "Cosine of two profiles' vectors and the heat weight sigmoid(α·s + β) it gives."
    )

    @Option(help: "The first profile: TAG[:WEIGHT],...")
    var a: String

    @Option(help: "The second profile: TAG[:WEIGHT],...")
    var b: String

    @Flag(help: "Print JSON instead of text.")
    var json = false

    struct Output: Encodable {
        var model_version: String
        var cosine: Double
        var heat_weight: Double
        var alpha: Double
        var beta: Double
    }

    func run() throws {
        let model = try InterestsCommand.model()
        let first = try InterestsCommand.weightedTags(a, option: "--a", model: model)
        let second = try InterestsCommand.weightedTags(b, option: "--b", model: model)
        let result: (cosine: Double, heatWeight: Double)
        do { result = try model.similarity(first, second) } catch { throw InputError(error.description) }
        let output = Output(
            model_version: model.modelVersion, cosine: result.cosine, heat_weight: result.heatWeight,
            alpha: model.heatWeight.alpha, beta: model.heatWeight.beta)
        if json {
            print(try CLIJSON.pretty(output))
        } else {
            print(
                "cosine \(OutputFormat.number(result.cosine, decimals: 4))  heat weight \(OutputFormat.number(result.heatWeight, decimals: 4))  (α \(output.alpha), β \(output.beta); \(output.model_version))"
            )
        }
    }
}
