/// The layer table drawn as text: one paragraph per layer, highest first, one line per folder
/// naming its targets on that layer; the diagram `docs/architecture.md` shows (its test compares
/// the two).
public struct LayerDiagram: Sendable {
    /// The table drawn.
    public var table: LayerTable
    /// The widest line (longer lists wrap under the first name).
    public var width: Int

    /// A diagram of `table`, wrapping at `width` characters.
    public init(table: LayerTable, width: Int = 100) {
        self.table = table
        self.width = width
    }

    /// The diagram's lines joined with newlines (no trailing newline): per layer, highest first,
    /// one line per folder holding targets of that layer (layer, folder, targets), layers apart
    /// by an empty line.
    public var text: String {
        let layerWidth = (table.layers.map(\.name.count).max() ?? 0) + 2
        let folderWidth = (table.folders.map(\.name.count).max() ?? 0) + 2
        let indent = String(repeating: " ", count: layerWidth + folderWidth)
        var paragraphs: [[String]] = []
        for layer in table.layers.reversed() {
            var lines: [String] = []
            for folder in table.folders {
                let names = table.placements.filter { $0.folder == folder.name && $0.layer == layer.name }.map(\.target)
                guard !names.isEmpty else { continue }
                var line = Self.padded(lines.isEmpty ? layer.name : "", layerWidth) + Self.padded(folder.name, folderWidth)
                var lineHasName = false
                for name in names {
                    if lineHasName, line.count + 1 + name.count > width {
                        lines.append(line)
                        line = indent
                        lineHasName = false
                    }
                    line += (lineHasName ? " " : "") + name
                    lineHasName = true
                }
                lines.append(line)
            }
            if !lines.isEmpty { paragraphs.append(lines) }
        }
        return paragraphs.map { $0.joined(separator: "\n") }.joined(separator: "\n\n")
    }

    private static func padded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
