import AndAwayFeature
import CoreTransferable
import LibraryExchange
import LibraryKit
import LibraryService
import MapKit
import PlaceKit
import SwiftUI
import UniformTypeIdentifiers

/// Saved places: filters by list and tag, each place opening its sheet, notes, tags and lists
/// edited per place, lists renamed, a map in the lists' colours, export through the share sheet
/// and import from Files. Reads ``AndAwayFeature/LibraryModel``'s state and forwards taps.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
struct LibraryScreen: View {
    @Bindable var model: LibraryModel
    /// iCloud sync: a failed round is shown at the top with the last sync and Retry.
    let sync: SyncModel
    let detail: (Place, ProviderChoice) -> PlaceDetailModel
    @State private var importing = false
    @State private var newList = ""
    @State private var editing: EditedBookmark?
    @State private var renaming: ListSummary?
    @State private var newName = ""
    @State private var showsMap = false

    var body: some View {
        NavigationStack {
            List {
                if let problem = sync.state.problem {
                    SyncProblemSection(problem: problem, lastSynced: sync.state.lastSynced) {
                        Task { await sync.syncNow() }
                    }
                }
                if let error = model.state.error { ErrorRow(message: error) }
                if let summary = model.state.lastImport {
                    Text(verbatim: AndAwayCopy.imported(added: summary.added, updated: summary.updated))
                }
                Section("Lists") {
                    ForEach(model.state.lists, id: \.list.id) { summary in
                        let isShown = model.state.listFilter == summary.list.id
                        Button {
                            model.filter(list: isShown ? nil : summary.list.id, tag: model.state.tagFilter)
                        } label: {
                            FilterRow(title: summary.list.name, count: summary.bookmarks, isSelected: isShown)
                        }
                        .accessibilityHint(isShown ? Text("Shows every saved place") : Text("Shows only this list"))
                        .swipeActions {
                            Button("Delete", role: .destructive) { model.deleteList(summary.list.id) }
                            Button("Rename") {
                                newName = summary.list.name
                                renaming = summary
                            }
                        }
                    }
                    TextField("New list", text: $newList).onSubmit {
                        model.createList(named: newList)
                        newList = ""
                    }
                }
                if !model.state.tags.isEmpty {
                    Section("Tags") {
                        ForEach(model.state.tags, id: \.self) { tag in
                            let isShown = model.state.tagFilter == tag
                            Button {
                                model.filter(list: model.state.listFilter, tag: isShown ? nil : tag)
                            } label: {
                                FilterRow(title: tag, count: nil, isSelected: isShown)
                            }
                            .accessibilityHint(isShown ? Text("Shows every saved place") : Text("Shows only places with this tag"))
                        }
                    }
                }
                if showsMap && !model.state.pins.isEmpty {
                    SavedPlacesMap(pins: model.state.pins)
                        .frame(height: 280)
                        .listRowInsets(EdgeInsets())
                }
                Section("Saved places") {
                    ForEach(model.state.bookmarks, id: \.id) { bookmark in
                        Group {
                            if let target = model.placeToOpen(bookmark) {
                                NavigationLink {
                                    PlaceSheet(model: detail(target.place, target.provider)).onDisappear { model.load() }
                                } label: {
                                    BookmarkRow(bookmark: bookmark)
                                }
                            } else {
                                BookmarkRow(bookmark: bookmark)
                            }
                        }
                        .swipeActions {
                            Button("Remove", role: .destructive) { model.remove(bookmarkID: bookmark.id) }
                            Button("Edit") { editing = EditedBookmark(bookmark: bookmark) }
                        }
                        .accessibilityAction(named: Text("Edit note, tags and lists")) {
                            editing = EditedBookmark(bookmark: bookmark)
                        }
                        .accessibilityAction(named: Text("Remove")) { model.remove(bookmarkID: bookmark.id) }
                    }
                }
            }
            .navigationTitle("Saved")
            .toolbar {
                Menu("Export", systemImage: "square.and.arrow.up") {
                    ForEach(ExchangeFormat.allCases, id: \.self) { format in
                        if let file = model.export(format: format, list: model.state.listFilter) {
                            ShareLink(item: ExportDocument(file: file), preview: SharePreview(file.fileName)) {
                                Text(verbatim: format.rawValue.uppercased())
                            }
                        }
                    }
                }
                Button("Import", systemImage: "square.and.arrow.down") { importing = true }
                    .accessibilityHint("Adds places from a JSON, CSV, KML or GPX file")
                Button(showsMap ? "Hide map" : "Show map", systemImage: "map") { showsMap.toggle() }
            }
            .sheet(item: $editing) { edited in
                BookmarkEditor(model: model, bookmark: edited.bookmark)
            }
            .alert("Rename list", isPresented: Binding(get: { renaming != nil }, set: { if !$0 { renaming = nil } })) {
                TextField("Name", text: $newName)
                Button("Rename") {
                    if let list = renaming { model.renameList(list.list.name, to: newName) }
                    renaming = nil
                }
                Button("Cancel", role: .cancel) { renaming = nil }
            }
            .fileImporter(isPresented: $importing, allowedContentTypes: [.json, .commaSeparatedText, .xml, .data]) { result in
                switch result {
                case .failure(let error):
                    model.importPickerFailed(error.localizedDescription)
                case .success(let url):
                    // Files from the picker lie outside the sandbox: read them inside their scope
                    // (false for a file the app may read anyway; the read then says what failed).
                    let scoped = url.startAccessingSecurityScopedResource()
                    defer { if scoped { url.stopAccessingSecurityScopedResource() } }
                    model.importFile(at: url)
                }
            }
            .refreshable {
                model.load()
                await sync.syncNow()
            }
        }
    }
}

/// A list or tag filter: its name, how many places, and whether it is the one shown (a checkmark
/// and the selected trait, not colour alone).
struct FilterRow: View {
    let title: String
    let count: Int?
    let isSelected: Bool

    var body: some View {
        HStack {
            Text(verbatim: title)
            Spacer()
            if let count {
                Text(verbatim: count.formatted()).foregroundStyle(.secondary)
            }
            if isSelected {
                Image(systemName: "checkmark").accessibilityHidden(true)
            }
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(Text(verbatim: title))
        .accessibilityValue(count.map { Text("Places: \($0.formatted())") } ?? Text(verbatim: ""))
        .accessibilityAddTraits(isSelected ? .isSelected : [])
    }
}

/// A failed sync round: what failed, when the library last synced, and Retry.
struct SyncProblemSection: View {
    let problem: SyncProblem
    let lastSynced: Date?
    let retry: () -> Void

    var body: some View {
        Section {
            Label {
                VStack(alignment: .leading, spacing: 4) {
                    Text(verbatim: problem.message)
                    Text(verbatim: AndAwayCopy.lastSynced(lastSynced)).font(.footnote).foregroundStyle(.secondary)
                }
            } icon: {
                Image(systemName: problem.kind == .offline ? "icloud.slash" : "exclamationmark.icloud")
                    .accessibilityHidden(true)
            }
            .accessibilityElement(children: .combine)
            Button("Retry", systemImage: "arrow.clockwise", action: retry)
                .accessibilityHint("Syncs your saved places with iCloud again")
        } header: {
            Text("iCloud sync")
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

/// A saved place's row: its name, note and tags.
struct BookmarkRow: View {
    let bookmark: Bookmark

    var body: some View {
        VStack(alignment: .leading) {
            Text(verbatim: bookmark.name)
            if !bookmark.note.isEmpty { Text(verbatim: bookmark.note).font(.caption).foregroundStyle(.secondary) }
            if !bookmark.tags.isEmpty {
                Text(verbatim: bookmark.tags.map { "#\($0)" }.joined(separator: " ")).font(.caption2).foregroundStyle(.tint)
            }
        }
        .accessibilityElement(children: .combine)
    }
}

/// One saved place's note, tags and lists.
struct BookmarkEditor: View {
    let model: LibraryModel
    let bookmark: Bookmark
    @State private var note = ""
    @State private var newTag = ""
    @Environment(\.dismiss) private var dismiss

    /// The bookmark as the model has it now (its edits applied).
    private var current: Bookmark { model.state.bookmarks.first { $0.id == bookmark.id } ?? bookmark }

    var body: some View {
        NavigationStack {
            Form {
                Section("Note") {
                    TextField("Note", text: $note, axis: .vertical)
                }
                Section("Tags") {
                    ForEach(current.tags, id: \.self) { tag in
                        Text(verbatim: tag)
                            .swipeActions {
                                Button("Remove", role: .destructive) {
                                    model.retag(bookmarkID: bookmark.id, adding: [], removing: [tag])
                                }
                            }
                            .accessibilityAction(named: Text("Remove tag")) {
                                model.retag(bookmarkID: bookmark.id, adding: [], removing: [tag])
                            }
                    }
                    TextField("Add a tag", text: $newTag).onSubmit {
                        let tag = newTag.trimmingCharacters(in: .whitespaces)
                        if !tag.isEmpty { model.retag(bookmarkID: bookmark.id, adding: [tag]) }
                        newTag = ""
                    }
                }
                Section("Lists") {
                    ForEach(model.state.lists, id: \.list.id) { summary in
                        Toggle(
                            summary.list.name,
                            isOn: Binding(
                                get: { current.lists.contains(summary.list.id) },
                                set: { model.setMembership(bookmarkID: bookmark.id, list: summary.list.name, isMember: $0) }))
                    }
                }
                if let error = model.state.error { ErrorRow(message: error) }
            }
            .navigationTitle(Text(verbatim: bookmark.name))
            .toolbar {
                Button("Done") {
                    if note != current.note { model.setNote(note, bookmarkID: bookmark.id) }
                    dismiss()
                }
            }
            .onAppear { note = current.note }
        }
    }
}

/// The saved places on a map, each in its list's colour.
struct SavedPlacesMap: View {
    let pins: [SavedPin]

    var body: some View {
        Map {
            UserAnnotation()
            ForEach(pins) { pin in
                Marker(
                    pin.list.map { "\(pin.title) (\($0))" } ?? pin.title, systemImage: "bookmark.fill",
                    coordinate: CLLocationCoordinate2D(latitude: pin.coordinate.latitude, longitude: pin.coordinate.longitude)
                )
                .tint(Color(hex: pin.colorHex))
            }
        }
        .accessibilityLabel("Map of saved places, coloured by list")
    }
}

extension Color {
    /// A `#RRGGBB` colour (grey for anything else).
    init(hex: String) {
        let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else {
            self = .gray
            return
        }
        self.init(
            red: Double((value >> 16) & 0xFF) / 255, green: Double((value >> 8) & 0xFF) / 255,
            blue: Double(value & 0xFF) / 255)
    }
}

/// The bookmark whose editor is open.
struct EditedBookmark: Identifiable {
    let bookmark: Bookmark
    var id: String { bookmark.id }
}
