import PlaceFiles
import ProximityFeature
import SwiftUI
import UniformTypeIdentifiers

/// Places in and out as files: import a GeoJSON, GPX or Loci JSON file (the model reads it by
/// content, all or nothing) and share the trip's places in any of the three formats.
struct PlaceFilesMenu: View {
    let model: TripPlacesModel
    @State private var importing = false
    @State private var exported: ExportedFile?

    var body: some View {
        Menu("Place files", systemImage: "doc") {
            Button("Import places…", systemImage: "square.and.arrow.down") { importing = true }
            ForEach(PlaceFileFormat.allCases, id: \.self) { format in
                Button("Export as \(format.description)", systemImage: "square.and.arrow.up") {
                    exported = model.export(as: format).flatMap { export in
                        model.write(export, into: FileManager.default.temporaryDirectory).map { ExportedFile(url: $0, places: export.places) }
                    }
                }
            }
        }
        .fileImporter(isPresented: $importing, allowedContentTypes: Self.importable) { result in
            guard case .success(let url) = result else { return }
            Task {
                // A picked file outside the sandbox is readable only inside this scope.
                let scoped = url.startAccessingSecurityScopedResource()
                defer { if scoped { url.stopAccessingSecurityScopedResource() } }
                await model.importFile(at: url)
            }
        }
        .sheet(item: $exported) { file in
            ShareLink(item: file.url) {
                let count = ProximityCopy.placeCount(file.places)
                Label("Share \(file.url.lastPathComponent) (\(count))", systemImage: "square.and.arrow.up")
            }
            .presentationDetents([.height(120)])
        }
    }

    /// What the picker offers: the formats' extensions where iOS knows them, and any JSON or XML
    /// (the model decides by content, not by name).
    static let importable: [UTType] =
        [UTType(filenameExtension: "geojson"), UTType(filenameExtension: "gpx")].compactMap { $0 } + [.json, .xml]  // not-copy: file name extensions
}

/// An exported place file written to the temporary folder for the share sheet.
private struct ExportedFile: Identifiable {
    let url: URL
    let places: Int
    var id: URL { url }
}
