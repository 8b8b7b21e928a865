import AreaDownloads
import AreaKit
import AreasFeature
import LociUI
import SwiftUI

/// The phone's areas, shared by ShootVeil, Proximity and And Away: each area with its size, a
/// download's progress, Update when the server has a newer build, Download and Delete; the last
/// failure above the list; the disk use at the bottom. It draws ``AreasModel``'s state and
/// forwards taps; it decides nothing.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public struct AreaListView: View {
    let model: AreasModel
    let near: AreaPoint?

    /// The list over `model`, the server's areas nearest to `near` first (by name without one).
    public init(model: AreasModel, near: AreaPoint? = nil) {
        self.model = model
        self.near = near
    }

    public var body: some View {
        List {
            if let failure = model.state.failure {
                Section {
                    NoticeBanner(
                        failure.message, systemImage: "exclamationmark.triangle",
                        action: (title: "OK", perform: { model.dismissFailure() }))
                }
            }
            Section {
                ForEach(model.state.rows) { row in
                    AreaRowView(row: row, download: { Task { await model.download(row.name) } }, delete: { model.delete(row.name) })
                }
                if model.state.rows.isEmpty {
                    Text(model.state.isListing ? "Asking the server for areas…" : "No areas offered yet.")
                        .foregroundStyle(.secondary)
                }
            } footer: {
                Text(AreasCopy.diskUse(model.state.diskBytes))
            }
        }
        .refreshable { await model.refresh(near: near) }
        .task { await model.refresh(near: near) }
        .navigationTitle("Areas")
    }
}

/// One area: its name, size and state, with the one action that fits.
struct AreaRowView: View {
    let row: AreaRow
    let download: () -> Void
    let delete: () -> Void

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            HStack {
                Text(row.name).font(.headline)
                Spacer()
                Text(sizeText).font(.subheadline).foregroundStyle(.secondary)
            }
            if let progress = row.progress {
                ProgressView(value: progress)
            } else if row.updateAvailable {
                Button("Update", action: download)
            } else if !row.isInstalled, row.downloadBytes != nil {
                Button("Download", action: download)
            }
        }
        .swipeActions {
            if row.bytesOnPhone > 0 { Button("Delete", role: .destructive, action: delete) }
        }
    }

    private var sizeText: String {
        if row.isInstalled { return AreasCopy.size(row.bytesOnPhone) }
        return row.downloadBytes.map(AreasCopy.size) ?? ""
    }
}

/// "No area on this phone": why the app needs one and the nearest area with its size and a
/// Download button (or the download's progress). Shown by an app while ``AreasState/hasArea`` is false.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public struct NoAreaCard: View {
    let model: AreasModel
    let use: String
    let near: AreaPoint?

    /// The card over `model`; `use` says what the area is for ("Identifying buildings"); the
    /// area offered is the nearest to `near` (asked again once a position first arrives).
    public init(model: AreasModel, use: String, near: AreaPoint? = nil) {
        self.model = model
        self.use = use
        self.near = near
    }

    public var body: some View {
        CardSurface {
            VStack(alignment: .leading, spacing: 10) {
                Text(AreasCopy.noAreaTitle).font(.headline)
                Text(AreasCopy.noAreaExplanation(for: use)).font(.subheadline)
                if let offer = model.state.suggestion {
                    Text(AreasCopy.nearest(offer.name, bytes: model.state.downloadBytes(of: offer) ?? 0))
                        .font(.subheadline).foregroundStyle(.secondary)
                    if let row = model.state.rows.first(where: { $0.name == offer.name }), let progress = row.progress {
                        ProgressView(value: progress)
                    } else {
                        Button("Download") { Task { await model.download(offer.name) } }
                            .buttonStyle(.borderedProminent)
                    }
                }
                if let failure = model.state.failure {
                    Text(failure.message).font(.footnote).foregroundStyle(.secondary)
                }
            }
            .padding(16)
        }
        .task(id: near != nil) { await model.refresh(near: near) }
    }
}
