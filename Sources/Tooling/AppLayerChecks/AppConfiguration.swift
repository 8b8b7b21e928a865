import Foundation

/// One application target's configuration files, checked against the needs of its code.
struct AppConfiguration {
    var target: ProjectSpec.Target
    var spec: ProjectSpec
    var tree: CheckedTree

    /// The violations of this app's Info.plist, entitlements and privacy manifest.
    func violations() -> [AppLayerViolation] {
        let needs = AdapterNeeds(sources: sources())
        var found: [AppLayerViolation] = []
        let info = propertyList(target.infoPlist, what: "Info.plist", found: &found)
        let entitlements = propertyList(target.entitlements, what: "entitlements file", found: &found)
        let privacyPath = privacyManifestPath()
        let privacy = propertyList(privacyPath, what: "PrivacyInfo.xcprivacy", found: &found)
        if let info, let path = target.infoPlist.map(ConfigurationCheck.resolve) {
            found += infoViolations(info, path: path, needs: needs)
        }
        if let entitlements, let path = target.entitlements.map(ConfigurationCheck.resolve) {
            found += entitlementViolations(entitlements, path: path, needs: needs)
        }
        if let privacy, let path = privacyPath.map(ConfigurationCheck.resolve) {
            found += privacyViolations(privacy, path: path, needs: needs)
        }
        return found
    }

    /// The Swift files whose needs this app carries: its own sources and the sources of every
    /// module it links from the local packages, followed through target dependencies and
    /// across packages (a dependency named like another local package's product).
    func sources() -> [(path: String, text: String)] {
        let packages = spec.packages.compactMap { package -> (folder: String, manifest: PackageManifest)? in
            guard let folder = ConfigurationCheck.packageFolder(package),
                let manifest = ConfigurationCheck.manifest(of: package, tree)
            else { return nil }
            return (folder, manifest)
        }
        var modules: [String] = []
        var visited = Set<String>()
        func visit(_ packageIndex: Int, _ target: String) {
            let (folder, manifest) = packages[packageIndex]
            let moduleFolder = (folder == "." ? "" : "\(folder)/") + manifest.sourceFolder(of: target)
            guard visited.insert(moduleFolder).inserted else { return }
            modules.append(moduleFolder)
            for name in manifest.dependenciesByTarget[target] ?? [] {
                if manifest.dependenciesByTarget[name] != nil {
                    visit(packageIndex, name)
                    continue
                }
                for (index, other) in packages.enumerated() {
                    for module in other.manifest.targetsByProduct[name] ?? [] { visit(index, module) }
                }
            }
        }
        for dependency in target.products {
            guard let index = spec.packages.firstIndex(where: { $0.name == dependency.package }),
                let packageIndex = packages.firstIndex(where: {
                    $0.folder == ConfigurationCheck.packageFolder(spec.packages[index])
                })
            else { continue }
            for module in packages[packageIndex].manifest.targetsByProduct[dependency.product] ?? [] {
                visit(packageIndex, module)
            }
        }
        let folders = target.sources.map(ConfigurationCheck.resolve) + modules
        var seen = Set<String>()
        return folders.flatMap { tree.files(under: $0, suffix: ".swift") }.compactMap { file in
            guard seen.insert(file).inserted, let text = try? tree.text(file) else { return nil }
            return (file, text)
        }
    }

    /// The first `PrivacyInfo.xcprivacy` among the app's sources, as written relative to `Apps/`.
    private func privacyManifestPath() -> String? {
        for source in target.sources {
            let folder = ConfigurationCheck.resolve(source)
            if let file = tree.files(under: folder, suffix: "PrivacyInfo.xcprivacy").first {
                return String(file.dropFirst("Apps/".count))
            }
        }
        return nil
    }

    private func propertyList(
        _ specPath: String?, what: String, found: inout [AppLayerViolation]
    ) -> [String: Any]? {
        guard let specPath else {
            found.append(
                AppLayerViolation(
                    rule: .propertyListFile, file: ConfigurationCheck.specPath,
                    message: "app \(target.name) has no \(what)"))
            return nil
        }
        let path = ConfigurationCheck.resolve(specPath)
        guard let data = try? tree.data(path) else { return nil }  // reported as a missing path
        do {
            let value = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            guard let dictionary = value as? [String: Any] else {
                found.append(
                    AppLayerViolation(
                        rule: .propertyListFile, file: path, message: "\(what) is not a dictionary"))
                return nil
            }
            return dictionary
        } catch {
            found.append(
                AppLayerViolation(
                    rule: .propertyListFile, file: path,
                    message: "\(what) does not parse as a property list: \(error)"))
            return nil
        }
    }

    private func infoViolations(_ info: [String: Any], path: String, needs: AdapterNeeds)
        -> [AppLayerViolation]
    {
        var found: [AppLayerViolation] = []
        for need in needs.usageStrings where ((info[need.value] as? String) ?? "").isEmpty {
            found.append(
                AppLayerViolation(
                    rule: .infoPlistNeeds, file: path,
                    message: "app \(target.name) lacks a non-empty \(need.value) (\(need.reason))"))
        }
        let modes = Set(info["UIBackgroundModes"] as? [String] ?? [])
        for need in needs.backgroundModes where !modes.contains(need.value) {
            found.append(
                AppLayerViolation(
                    rule: .infoPlistNeeds, file: path,
                    message: "app \(target.name)'s UIBackgroundModes lacks \(need.value) (\(need.reason))"))
        }
        if let need = needs.taskIdentifiers.first,
            (info["BGTaskSchedulerPermittedIdentifiers"] as? [String] ?? []).isEmpty
        {
            found.append(
                AppLayerViolation(
                    rule: .infoPlistNeeds, file: path,
                    message:
                        "app \(target.name) lists no BGTaskSchedulerPermittedIdentifiers (\(need.reason))"))
        }
        return found
    }

    private func entitlementViolations(
        _ entitlements: [String: Any], path: String, needs: AdapterNeeds
    ) -> [AppLayerViolation] {
        var found: [AppLayerViolation] = []
        if let need = needs.appAttest.first {
            let environment = entitlements[Self.appAttestEnvironmentKey] as? String ?? ""
            if !["development", "production"].contains(environment) {
                found.append(
                    AppLayerViolation(
                        rule: .entitlementsNeeds, file: path,
                        message:
                            "app \(target.name) needs \(Self.appAttestEnvironmentKey) set to development or production (\(need.reason))"
                    ))
            }
        }
        guard let need = needs.cloudKit.first else { return found }
        let containers = entitlements["com.apple.developer.icloud-container-identifiers"] as? [String] ?? []
        let services = entitlements["com.apple.developer.icloud-services"] as? [String] ?? []
        if containers.isEmpty || !services.contains("CloudKit") {
            found.append(
                AppLayerViolation(
                    rule: .entitlementsNeeds, file: path,
                    message:
                        "app \(target.name) needs an iCloud container with the CloudKit service (\(need.reason))"))
        }
        // CloudKit tells other devices about changes with silent pushes; without the push
        // entitlement they never arrive and sync waits for the next launch.
        if (entitlements["aps-environment"] as? String ?? "").isEmpty {
            found.append(
                AppLayerViolation(
                    rule: .entitlementsNeeds, file: path,
                    message: "app \(target.name) needs aps-environment for CloudKit's sync pushes (\(need.reason))"))
        }
        return found
    }

    /// The entitlement that selects App Attest's environment.
    static let appAttestEnvironmentKey = "com.apple.developer.devicecheck.appattest-environment"

    private func privacyViolations(
        _ manifest: [String: Any], path: String, needs: AdapterNeeds
    ) -> [AppLayerViolation] {
        var found: [AppLayerViolation] = []
        if manifest["NSPrivacyTracking"] as? Bool != false {
            found.append(
                AppLayerViolation(
                    rule: .privacyManifest, file: path,
                    message: "NSPrivacyTracking must be present and false (Loci does no tracking)"))
        }
        let declared = (manifest["NSPrivacyAccessedAPITypes"] as? [[String: Any]] ?? []).compactMap {
            entry -> String? in
            let reasons = entry["NSPrivacyAccessedAPITypeReasons"] as? [String] ?? []
            return reasons.isEmpty ? nil : entry["NSPrivacyAccessedAPIType"] as? String
        }
        var reported = Set<String>()
        for need in needs.requiredReasonAPIs
        where !declared.contains(need.value) && reported.insert(need.value).inserted {
            found.append(
                AppLayerViolation(
                    rule: .privacyManifest, file: path,
                    message: "declares no \(need.value) with a reason (\(need.reason))"))
        }
        return found
    }
}
