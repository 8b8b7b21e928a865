import AreaDownloads
import AreaKit
import AreasFeature
import LociLocalization
import LociUI
import SwiftUI

extension StringCatalog {
    /// AreasUI's catalog (`Localizable.xcstrings` beside this file), loaded once; an unreadable
    /// catalog answers the English keys.
    static let areasUI = StringCatalog.bundled(in: .module)
}

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
        let t = Localizer(.areasUI, .current)
        return List {
            if let failure = model.state.failure {
                Section {
                    NoticeBanner(
                        failure.message, systemImage: "exclamationmark.triangle",
                        action: (title: t("OK"), perform: { model.dismissFailure() }))
                }
            }
            Section {
                ForEach(model.state.rows) { row in
                    AreaRowView(row: row, download: { Task { await model.download(row.name) } }, delete: { model.delete(row.name) })
                }
                if model.state.rows.isEmpty {
                    Text(model.state.isListing ? t("Asking the server for areas…") : t("No areas offered yet."))
                        .foregroundStyle(.secondary)
                }
            } footer: {
                Text(AreasCopy.diskUse(model.state.diskBytes))
            }
        }
        .refreshable { await model.refresh(near: near) }
        .task { await model.refresh(near: near) }
        .navigationTitle(t("Areas"))
    }
}

/// One area: its name, size and state, with the one action that fits.
struct AreaRowView: View {
    let row: AreaRow
    let download: () -> Void
    let delete: () -> Void

    @Environment(\.dynamicTypeSize) private var typeSize

    var body: some View {
        let t = Localizer(.areasUI, .current)
        // Name and size side by side, stacked at the accessibility text sizes.
        let line =
            typeSize.isAccessibilitySize
            ? AnyLayout(VStackLayout(alignment: .leading, spacing: 2)) : AnyLayout(HStackLayout())
        return VStack(alignment: .leading, spacing: 6) {
            line {
                Text(row.name).font(.headline)
                if !typeSize.isAccessibilitySize { Spacer() }
                Text(sizeText).font(.subheadline).foregroundStyle(.secondary)
            }
            // The row's state in words, not only by which button shows.
            .accessibilityElement(children: .combine)
            .accessibilityValue(stateText(t))
            if let progress = row.progress {
                ProgressView(value: progress)
                    .accessibilityLabel(t("Downloading %@", row.name))
            } else if row.updateAvailable {
                Button(t("Update"), action: download)
            } else if !row.isInstalled, row.downloadBytes != nil {
                Button(t("Download"), action: download)
                    .accessibilityHint(t("Downloads %@ to this phone for offline use.", row.name))
            }
        }
        .swipeActions {
            if row.bytesOnPhone > 0 { Button(t("Delete"), role: .destructive, action: delete) }
        }
    }

    /// Installed, update available, or not downloaded, for VoiceOver.
    private func stateText(_ t: Localizer) -> String {
        if row.updateAvailable { return t("Update available") }
        return row.isInstalled ? t("Installed") : t("Not downloaded")
    }

    private var sizeText: String {
        if row.isInstalled { return AreasCopy.size(row.bytesOnPhone) }
        return row.downloadBytes.map { AreasCopy.size($0) } ?? ""
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

    /// The card over `model`; `use` says what the area is for ("Identifying buildings"), already
    /// in the person's language (from the app's `*Copy` or `String(localized: "…")`: a bare
    /// literal here is a `String`, shown untranslated); the area offered is the nearest to `near`
    /// (asked again once a position first arrives).
    public init(model: AreasModel, use: String, near: AreaPoint? = nil) {
        self.model = model
        self.use = use
        self.near = near
    }

    public var body: some View {
        let t = Localizer(.areasUI, .current)
        return CardSurface {
            VStack(alignment: .leading, spacing: 10) {
                Text(AreasCopy.noAreaTitle()).font(.headline).accessibilityAddTraits(.isHeader)
                Text(AreasCopy.noAreaExplanation(for: use)).font(.subheadline)
                if let offer = model.state.suggestion {
                    Text(AreasCopy.nearest(offer.name, bytes: model.state.downloadBytes(of: offer) ?? 0))
                        .font(.subheadline).foregroundStyle(.secondary)
                    if let row = model.state.rows.first(where: { $0.name == offer.name }), let progress = row.progress {
                        ProgressView(value: progress)
                            .accessibilityLabel(t("Downloading %@", offer.name))
                    } else {
                        Button(t("Download")) { Task { await model.download(offer.name) } }
                            .buttonStyle(.borderedProminent)
                            .accessibilityHint(t("Downloads %@ to this phone for offline use.", offer.name))
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
