/// One way `Package.swift` disagrees with the layer table.
public enum LayerViolation: Sendable, Equatable, CustomStringConvertible {
    /// `from` depends on `to`, which sits on a higher layer.
    case upwardEdge(from: String, fromLayer: String, to: String, toLayer: String)
    /// `from` depends on `to` in a folder its own folder may not use (a product using another).
    case folderEdge(from: String, fromFolder: String, to: String, toFolder: String)
    /// A target other than a test depends on test support.
    case testSupportOutsideTests(from: String, to: String)
    /// A target the table does not place.
    case missingFromTable(target: String)
    /// A table row naming no target of the package.
    case notInPackage(target: String)
    /// A target whose layer its folder may not hold.
    case layerNotInFolder(target: String, layer: String, folder: String)
    /// A target whose files are not where its folder says.
    case wrongPath(target: String, expected: String, actual: String)

    public var description: String {
        switch self {
        case .upwardEdge(let from, let fromLayer, let to, let toLayer):
            "\(from) (\(fromLayer)) depends on \(to) (\(toLayer)): an upward edge; dependencies point down"
        case .folderEdge(let from, let fromFolder, let to, let toFolder):
            "\(from) (\(fromFolder)) depends on \(to) (\(toFolder)): \(fromFolder) may not use \(toFolder)"
        case .testSupportOutsideTests(let from, let to):
            "\(from) depends on \(to), which is test support: only tests may"
        case .missingFromTable(let target):
            "\(target) is not in the layer table (docs/layers.txt): give it a folder and a layer"
        case .notInPackage(let target):
            "the layer table places \(target), which Package.swift does not declare"
        case .layerNotInFolder(let target, let layer, let folder):
            "\(target) is a \(layer) module but folder \(folder) holds no \(layer) layer"
        case .wrongPath(let target, let expected, let actual):
            "\(target) is in \(actual), but its folder in the layer table puts it in \(expected)"
        }
    }
}
