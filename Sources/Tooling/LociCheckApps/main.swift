// `loci-check-apps [ROOT]`: runs the app-layer checks (syntax only, imports, configuration,
// reachability, and the views' accessibility labels, font sizes and copy) on
// the repository at ROOT (default: the current folder), prints each violation on one line and
// exits 1 when there is any, 2 when a check cannot run.
import AppLayerChecks
import Foundation

let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--help") || arguments.contains("-h") {
    print("usage: loci-check-apps [ROOT]")
    print("Checks Apps/ and the root package:")
    for rule in AppLayerRule.allCases { print("  \(rule.rawValue): \(rule.summary)") }
    exit(0)
}
let root = URL(fileURLWithPath: arguments.first ?? FileManager.default.currentDirectoryPath)
let checker = AppLayerChecker(tree: CheckedTree(root: root))
do {
    let violations = try checker.violations()
    for violation in violations { print(violation) }
    let files = checker.tree.files(under: "Apps", suffix: ".swift").count
    print(
        "app-layer checks: \(files) Swift files under Apps/ parsed, \(SyntaxCheck.scope); import rules; configuration of Apps/project.yml; every model member reached from a screen; views: accessibility labels, Dynamic Type font sizes, copy in the string catalogs"
    )
    if violations.isEmpty {
        print("app-layer checks: passed")
    } else {
        print("app-layer checks: \(violations.count) violation(s)")
        exit(1)
    }
} catch {
    FileHandle.standardError.write(Data("loci-check-apps: \(error)\n".utf8))
    exit(2)
}
