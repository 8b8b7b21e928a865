import AndAwayFeature
import CoreTransferable
import LibraryExchange
import LibraryKit
import PlaceKit
import SwiftUI
import UniformTypeIdentifiers

/// Saved places: filters by list and tag, notes, lists, export through the share sheet and import
/// from Files. Reads ``AndAwayFeature/LibraryModel``'s state and forwards taps.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
struct LibraryScreen: View {
    @Bindable var model: LibraryModel
    let detail: (Place, ProviderChoice) -> PlaceDetailModel
    @State private var importing = false
    @State private var newList = ""

    var body: some View {
        NavigationStack {
            List {
                if let error = model.state.error { Text(error).foregroundStyle(.red) }
                if let summary = model.state.lastImport {
                    Text("Imported \(summary.added) new, \(summary.updated) updated")
                }
                Section("Lists") {
                    ForEach(model.state.lists, id: \.list.id) { summary in
                        Button("\(summary.list.name) (\(summary.bookmarks))") {
                            model.filter(list: model.state.listFilter == summary.list.id ? nil : summary.list.id, tag: model.state.tagFilter)
                        }
                        .swipeActions { Button("Delete", role: .destructive) { model.deleteList(summary.list.id) } }
                    }
                    TextField("New list", text: $newList).onSubmit {
                        model.createList(named: newList)
                        newList = ""
                    }
                }
                if !model.state.tags.isEmpty {
                    Section("Tags") {
                        ForEach(model.state.tags, id: \.self) { tag in
                            Button(tag) { model.filter(list: model.state.listFilter, tag: model.state.tagFilter == tag ? nil : tag) }
                        }
                    }
                }
                Section("Saved places") {
                    ForEach(model.state.bookmarks, id: \.id) { bookmark in
                        VStack(alignment: .leading) {
                            Text(bookmark.name)
                            if !bookmark.note.isEmpty { Text(bookmark.note).font(.caption).foregroundStyle(.secondary) }
                        }
                        .swipeActions { Button("Remove", role: .destructive) { model.remove(bookmarkID: bookmark.id) } }
                    }
                }
            }
            .navigationTitle("Saved")
            .toolbar {
                Menu("Export", systemImage: "square.and.arrow.up") {
                    ForEach(ExchangeFormat.allCases, id: \.self) { format in
                        if let file = model.export(format: format, list: model.state.listFilter) {
                            ShareLink(item: ExportDocument(file: file), preview: SharePreview(file.fileName)) {
                                Text(format.rawValue.uppercased())
                            }
                        }
                    }
                }
                Button("Import", systemImage: "square.and.arrow.down") { importing = true }
            }
            .fileImporter(isPresented: $importing, allowedContentTypes: [.json, .commaSeparatedText, .xml, .data]) { result in
                guard case .success(let url) = result, url.startAccessingSecurityScopedResource() else { return }
                defer { url.stopAccessingSecurityScopedResource() }
                if let data = try? Data(contentsOf: url) { model.importFile(named: url.lastPathComponent, bytes: Array(data)) }
            }
            .refreshable { model.load() }
        }
    }
}

/// An exported library for the share sheet.
struct ExportDocument: Transferable {
    let file: ExportFile

    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(exportedContentType: .data) { Data($0.file.bytes) }
            .suggestedFileName { $0.file.fileName }
    }
}
