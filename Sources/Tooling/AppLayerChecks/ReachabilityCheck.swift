/// Every capability of an app's models is within reach of a screen: each public method and
/// publicly settable property of a `@MainActor @Observable` class in a `*Feature` module (the
/// apps are another package, so public is what they can reach) has a caller in
/// `Apps/` or in another model (a property: something that sets it), or is listed in
/// ``exemptionsFile`` with a one-line reason.
///
/// Name-based, without type checking: a reference counts when its name and argument labels fit
/// the member, whatever the base's type (so a same-named member elsewhere can hide a gap, never
/// invent one); references from inside the model's own declarations do not count.
public enum ReachabilityCheck {
    /// The reviewed list of members no screen needs to call, one `Type.member | reason` a line.
    public static let exemptionsFile = "Apps/unreached-members.txt"

    /// The unreachable members, and the exemptions that are malformed, name no member, or name
    /// one that is reached after all.
    /// - Throws: ``AppLayerCheckError`` when a file cannot be read.
    public static func check(_ tree: CheckedTree) throws(AppLayerCheckError) -> [AppLayerViolation] {
        // `Sources/<Product>/<Name>Feature` (or `Sources/<Name>Feature` in a flat tree).
        let featureFolders = tree.subfolders(of: "Sources").flatMap { folder in
            folder.hasSuffix("Feature")
                ? ["Sources/\(folder)"]
                : tree.subfolders(of: "Sources/\(folder)").filter { $0.hasSuffix("Feature") }.map { "Sources/\(folder)/\($0)" }
        }
        let featureFiles = featureFolders.flatMap { tree.files(under: $0, suffix: ".swift") }
        let surface = try ModelSurface.read(featureFiles, in: tree)
        guard !surface.members.isEmpty else { return [] }
        var uses = MemberUses()
        try uses.add(tree.files(under: "Apps", suffix: ".swift"), in: tree)
        var modelUses = MemberUses()
        try modelUses.add(featureFiles, in: tree)
        let (exempt, violations) = try exemptions(in: tree)
        var found = violations
        let known = Set(surface.members.map(\.qualifiedName))
        for (name, line) in exempt.sorted(by: { $0.value < $1.value }) where !known.contains(name) {
            found.append(
                AppLayerViolation(
                    rule: .modelReachability, file: exemptionsFile, line: line,
                    message: "\(name) is not a public method or settable property of a model; remove the line"))
        }
        for member in surface.members {
            let fromApps = uses.byName[member.baseName, default: []].contains { $0.reaches(member) }
            let fromModels = modelUses.byName[member.baseName, default: []].contains { use in
                use.enclosingType != member.type && surface.models.contains(use.enclosingType ?? "")
                    && use.reaches(member)
            }
            let reached = fromApps || fromModels
            if let line = exempt[member.qualifiedName] {
                if reached {
                    found.append(
                        AppLayerViolation(
                            rule: .modelReachability, file: exemptionsFile, line: line,
                            message: "\(member.qualifiedName) has a caller now; remove its exemption"))
                }
            } else if !reached {
                let what =
                    member.parameters == nil
                    ? "is settable but nothing in Apps/ or another model sets it: give it a control, narrow its setter,"
                    : "has no caller in Apps/ or another model: give it a screen, make it internal,"
                found.append(
                    AppLayerViolation(
                        rule: .modelReachability, file: member.file, line: member.line,
                        message: "\(member.qualifiedName) \(what) or list it in \(exemptionsFile) with a reason"))
            }
        }
        return found
    }

    /// The exemption list: each member's line, and the lines that are not `Type.member | reason`.
    static func exemptions(in tree: CheckedTree) throws(AppLayerCheckError) -> ([String: Int], [AppLayerViolation]) {
        guard tree.exists(exemptionsFile) else { return ([:], []) }
        var exempt: [String: Int] = [:]
        var violations: [AppLayerViolation] = []
        for (index, raw) in try tree.text(exemptionsFile).split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let parts = line.split(separator: "|", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty, parts[0].contains("."), !parts[1].isEmpty else {
                violations.append(
                    AppLayerViolation(
                        rule: .modelReachability, file: exemptionsFile, line: index + 1,
                        message: "expected `Type.member | reason`, found `\(line)`"))
                continue
            }
            exempt[parts[0]] = index + 1
        }
        return (exempt, violations)
    }
}
