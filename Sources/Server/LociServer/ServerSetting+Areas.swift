import Foundation

extension ServerSetting {
    /// `--areas`, `LOCI_AREAS`.
    public static let areas = ServerSetting(
        flag: "areas", environment: "LOCI_AREAS", defaultValue: "none: GET /v1/areas lists no area",
        help:
            "Folder of areas (the OUT folder of loci area build) that GET /v1/areas lists and GET /v1/areas/{area}/{kind} serves (read on each request: a rebuilt area is served without a restart).",
        example: "/srv/areas",
        parse: { text, configuration in configuration.areasPath = (text as NSString).expandingTildeInPath },
        check: { configuration in
            guard let path = configuration.areasPath else { return nil }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                return (path, ServerSettingProblem("no such folder; make an area in it with `loci area build EXTRACT --name NAME --out \(path)`"))
            }
            return isFolder.boolValue ? nil : (path, ServerSettingProblem("is a file, not a folder of areas"))
        })
}
