import AppLayerChecks

/// Checks a package's targets and their dependencies against a ``LayerTable``.
///
/// Every target must be placed (test targets by their subject's folder), live in its folder,
/// have a layer its folder holds, and depend only on targets of its own layer or lower, in
/// folders its folder may use; test support is for tests only. Test targets may depend on any
/// target. Dependencies on other packages' products are not judged.
public struct LayerCheck: Sendable {
    /// The table judged against.
    public var table: LayerTable

    /// A check against `table`.
    public init(table: LayerTable) { self.table = table }

    /// Everything in `targets` that disagrees with the table, in declaration order.
    public func violations(of targets: [PackageManifest.TargetDeclaration]) -> [LayerViolation] {
        let declared = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var found: [LayerViolation] = []
        for target in targets {
            if target.kind == .test {
                found += testViolations(of: target)
                continue
            }
            guard let placement = table.placement(of: target.name) else {
                found.append(.missingFromTable(target: target.name))
                continue
            }
            let isSupport = placement.layer == LayerTable.testSupportLayer
            if !isSupport, let folder = table.folder(named: placement.folder), !folder.layers.contains(placement.layer) {
                found.append(.layerNotInFolder(target: target.name, layer: placement.layer, folder: placement.folder))
            }
            let expected = "\(isSupport ? "Tests" : "Sources")/\(placement.folder)/\(target.name)"
            found += pathViolation(of: target, expected: expected)
            for dependency in target.dependencies where declared[dependency] != nil {
                found += edgeViolations(from: placement, to: dependency)
            }
        }
        for placement in table.placements where declared[placement.target] == nil {
            found.append(.notInPackage(target: placement.target))
        }
        return found
    }

    private func testViolations(of target: PackageManifest.TargetDeclaration) -> [LayerViolation] {
        let subject = target.name.hasSuffix("Tests") ? String(target.name.dropLast(5)) : target.name
        guard let folder = table.testFolders[target.name] ?? table.placement(of: subject)?.folder else {
            return [.missingFromTable(target: target.name)]
        }
        return pathViolation(of: target, expected: "Tests/\(folder)/\(target.name)")
    }

    private func pathViolation(of target: PackageManifest.TargetDeclaration, expected: String) -> [LayerViolation] {
        let actual = target.path ?? "\(target.kind == .test ? "Tests" : "Sources")/\(target.name)"
        return actual == expected ? [] : [.wrongPath(target: target.name, expected: expected, actual: actual)]
    }

    private func edgeViolations(from placement: LayerTable.Placement, to dependency: String) -> [LayerViolation] {
        guard let target = table.placement(of: dependency) else { return [] }  // reported as missing
        if target.layer == LayerTable.testSupportLayer && placement.layer != LayerTable.testSupportLayer {
            return [.testSupportOutsideTests(from: placement.target, to: dependency)]
        }
        var found: [LayerViolation] = []
        if let fromLayer = table.layer(named: placement.layer), let toLayer = table.layer(named: target.layer),
            toLayer.rank > fromLayer.rank
        {
            found.append(.upwardEdge(from: placement.target, fromLayer: fromLayer.name, to: dependency, toLayer: toLayer.name))
        }
        if target.folder != placement.folder, let uses = table.folder(named: placement.folder)?.uses,
            !uses.contains(target.folder)
        {
            found.append(
                .folderEdge(from: placement.target, fromFolder: placement.folder, to: dependency, toFolder: target.folder))
        }
        return found
    }
}
