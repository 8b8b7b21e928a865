/// The layer table (`docs/layers.txt`): the layers from lowest to highest, the folders with the
/// layers they hold and the folders they may use, and where each target lives.
///
/// Written once, as plain text, so the package test and the architecture diagram read the same
/// table. Every line is `layer`, `folder`, `target` or `test` followed by its fields (see the
/// table's header); `#` starts a comment line.
public struct LayerTable: Sendable, Equatable {
    /// One layer; `rank` is its position, lowest first.
    public struct Layer: Sendable, Equatable {
        /// The layer's name (`leaf`, `kit`, `service`…).
        public var name: String
        /// Its position in the table, 0 for the lowest.
        public var rank: Int
        /// What a module of this layer is.
        public var summary: String
    }

    /// One folder of `Sources/` (and of `Tests/`).
    public struct Folder: Sendable, Equatable {
        /// The folder's name (`Core`, `Wrapped`…).
        public var name: String
        /// The layers its targets may have.
        public var layers: Set<String>
        /// The folders its targets may depend on; nil means any.
        public var uses: Set<String>?
        /// What the folder holds.
        public var summary: String
    }

    /// Where one target lives and what it is.
    public struct Placement: Sendable, Equatable {
        /// The target's name.
        public var target: String
        /// Its folder.
        public var folder: String
        /// Its layer.
        public var layer: String
        /// Why it has this layer, when its name does not say (empty otherwise).
        public var why: String
    }

    /// The layer whose targets live in `Tests/` and that only test targets may use.
    public static let testSupportLayer = "test-support"

    /// The layers, lowest first.
    public var layers: [Layer]
    /// The folders, in the table's order.
    public var folders: [Folder]
    /// The targets, in the table's order.
    public var placements: [Placement]
    /// Test targets not named after one module → their folder.
    public var testFolders: [String: String]

    /// Reads the table's text.
    ///
    /// - Throws: ``LayerTableError`` naming the line of a malformed row, an unknown layer or
    ///   folder, or a name given twice.
    public init(text: String) throws(LayerTableError) {
        layers = []
        folders = []
        placements = []
        testFolders = [:]
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.trimmingSpaces()
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            func rest(after count: Int) -> String { fields.dropFirst(count).joined(separator: " ") }
            func fail(_ problem: String) -> LayerTableError { LayerTableError(line: lineNumber, problem: problem) }
            switch fields[0] {
            case "layer" where fields.count >= 2:
                guard !layers.contains(where: { $0.name == fields[1] }) else { throw fail("layer \(fields[1]) given twice") }
                layers.append(Layer(name: fields[1], rank: layers.count, summary: rest(after: 2)))
            case "folder" where fields.count >= 4:
                guard folder(named: fields[1]) == nil else { throw fail("folder \(fields[1]) given twice") }
                let folderLayers = Set(fields[2].split(separator: ",").map(String.init))
                if let unknown = folderLayers.first(where: { layer(named: $0) == nil }) {
                    throw fail("folder \(fields[1]) holds unknown layer \(unknown)")
                }
                let uses = fields[3] == "*" ? nil : Set(fields[3].split(separator: ",").map(String.init))
                folders.append(Folder(name: fields[1], layers: folderLayers, uses: uses, summary: rest(after: 4)))
            case "target" where fields.count >= 4:
                guard placement(of: fields[1]) == nil else { throw fail("target \(fields[1]) given twice") }
                guard folder(named: fields[2]) != nil else { throw fail("target \(fields[1]) is in unknown folder \(fields[2])") }
                guard layer(named: fields[3]) != nil else { throw fail("target \(fields[1]) has unknown layer \(fields[3])") }
                placements.append(Placement(target: fields[1], folder: fields[2], layer: fields[3], why: rest(after: 4)))
            case "test" where fields.count == 3:
                guard folder(named: fields[2]) != nil else { throw fail("test \(fields[1]) is in unknown folder \(fields[2])") }
                guard testFolders.updateValue(fields[2], forKey: fields[1]) == nil else {
                    throw fail("test \(fields[1]) given twice")
                }
            default:
                throw fail("expected `layer NAME …`, `folder NAME LAYERS USES …`, `target NAME FOLDER LAYER …` or `test NAME FOLDER`, found `\(line)`")
            }
        }
        for folder in folders {
            if let unknown = folder.uses?.first(where: { self.folder(named: $0) == nil }) {
                throw LayerTableError(line: 0, problem: "folder \(folder.name) uses unknown folder \(unknown)")
            }
        }
    }

    /// The layer called `name`.
    public func layer(named name: String) -> Layer? { layers.first { $0.name == name } }
    /// The folder called `name`.
    public func folder(named name: String) -> Folder? { folders.first { $0.name == name } }
    /// Where `target` lives.
    public func placement(of target: String) -> Placement? { placements.first { $0.target == target } }
}

/// A layer table line that cannot be read.
public struct LayerTableError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line (0 when the problem is the table as a whole).
    public var line: Int
    /// What is wrong.
    public var problem: String

    /// Creates an error.
    public init(line: Int, problem: String) {
        self.line = line
        self.problem = problem
    }

    public var description: String { line > 0 ? "layer table line \(line): \(problem)" : "layer table: \(problem)" }
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" || first == "\r" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
        return text
    }
}
