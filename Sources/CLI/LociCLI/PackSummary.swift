import Foundation
import IdentifyPack

/// The text `loci pack build` and `loci pack info` print for a manifest.
enum PackSummary {
    static func text(_ manifest: PackManifest, path: String) -> String {
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let area = manifest.area
        func rows(_ table: String) -> Int { manifest.table(table)?.rows ?? 0 }
        var lines = [
            "pack          \(manifest.name) → \(path) (\(bytes) bytes)",
            "area          " + [area.south, area.west, area.north, area.east].map { String(format: "%.6f", $0) }
                .joined(separator: ","),
            "buildings     \(rows("buildings"))",
            "landmarks     \(rows("places")) OSM places, \(rows(PackFormat.landmarksTable)) from the list",
            "airports      \(rows(PackFormat.airportsTable))",
            "format        version \(manifest.formatVersion), built \(ISO8601DateFormatter().string(from: manifest.builtAt))",
        ]
        for (index, source) in manifest.sources.enumerated() {
            lines.append((index == 0 ? "sources       " : "              ") + "\(source.licence) (\(source.file))")
        }
        return lines.joined(separator: "\n")
    }
}
