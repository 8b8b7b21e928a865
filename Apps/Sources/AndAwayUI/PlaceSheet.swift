import AndAwayFeature
import PlaceKit
import RoutingKit
import SwiftUI

/// A place's sheet: what the provider knows, open now and the week's hours, photos, how far by
/// each mode, save with a note, directions.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
struct PlaceSheet: View {
    @Bindable var model: PlaceDetailModel
    @State private var note = ""
    @State private var showsDirections = false
    /// The zone the hours are read in (the phone's; the model reads them in the environment's).
    var timeZone: TimeZone = .current

    var body: some View {
        NavigationStack {
            Form {
                if let place = model.state.place {
                    Section {
                        Text(verbatim: place.name ?? place.id.rawValue).font(.title2).accessibilityAddTraits(.isHeader)
                        if let address = place.address?.formatted { Text(verbatim: address) }
                        if let isOpen = model.state.isOpen {
                            Label(isOpen ? "Open now" : "Closed now", systemImage: isOpen ? "clock" : "moon.zzz")
                        }
                        if let phone = place.phone { Text(verbatim: phone) }
                        if let website = place.website, let url = URL(string: website) {
                            Link(website, destination: url).accessibilityHint("Opens the website in Safari")
                        }
                    }
                }
                if let travel = model.state.travel { TravelRow(travel: travel) }
                if !model.state.photos.isEmpty { PhotoStrip(photos: model.state.photos) }
                if !model.state.week.isEmpty { WeekSection(week: model.state.week, timeZone: timeZone) }
                Section("Saved") {
                    if model.state.isSaved {
                        TextField("Note", text: $note, axis: .vertical)
                            .onSubmit { model.setNote(note) }
                        Button("Remove from saved", systemImage: "bookmark.slash", role: .destructive) { model.unsave() }
                    } else {
                        Button("Save", systemImage: "bookmark") { Task { await model.save(note: note) } }
                            .accessibilityHint("Keeps this place in your saved places")
                    }
                }
                Section {
                    Button("Directions", systemImage: "arrow.triangle.turn.up.right.diamond") {
                        showsDirections = true
                        Task { await model.routeHere() }
                    }
                }
                if let error = model.state.error { ErrorRow(message: error) }
            }
            // The spec's "save": a success tap when the place becomes saved (not when unsaved).
            .sensoryFeedback(.success, trigger: model.state.isSaved) { wasSaved, isSaved in !wasSaved && isSaved }
            .task {
                await model.load()
                note = model.state.bookmark?.note ?? ""
                await model.loadTravelTimes()
            }
            .sheet(isPresented: $showsDirections) { DirectionsView(model: model.directions) }
        }
    }
}

/// Walking, cycling and driving times at a glance; stacked at accessibility sizes.
struct TravelRow: View {
    let travel: TravelTimes
    @Environment(\.dynamicTypeSize) private var dynamicTypeSize

    var body: some View {
        Section {
            if let error = travel.error {
                Text(verbatim: error).foregroundStyle(.secondary)
            } else {
                let layout =
                    dynamicTypeSize.isAccessibilitySize
                    ? AnyLayout(VStackLayout(alignment: .leading, spacing: 8)) : AnyLayout(HStackLayout(spacing: 16))
                layout {
                    item(systemImage: "figure.walk", .foot, travel.walking)
                    item(systemImage: "bicycle", .bicycle, travel.cycling)
                    item(systemImage: "car", .car, travel.driving)
                }
            }
        }
    }

    @ViewBuilder private func item(systemImage symbol: String, _ mode: TravelMode, _ seconds: Double?) -> some View {
        if let seconds {
            let duration = AndAwayCopy.duration(seconds)
            Label(duration, systemImage: symbol)
                .accessibilityLabel(Text(verbatim: "\(AndAwayCopy.mode(mode)): \(duration)"))
        }
    }
}

/// The provider's photos, with the credits its terms ask for; the photos grow with the text size.
struct PhotoStrip: View {
    let photos: [PlacePhoto]
    @ScaledMetric(relativeTo: .body) private var width: CGFloat = 160
    @ScaledMetric(relativeTo: .body) private var height: CGFloat = 120

    var body: some View {
        Section {
            ScrollView(.horizontal, showsIndicators: false) {
                HStack {
                    ForEach(photos, id: \.reference) { photo in
                        VStack(alignment: .leading) {
                            AsyncImage(url: photo.url.flatMap(URL.init(string:))) { image in
                                image.resizable().scaledToFill()
                            } placeholder: {
                                Color.secondary.opacity(0.2)
                            }
                            .frame(width: width, height: height)
                            .clipShape(RoundedRectangle(cornerRadius: 8))
                            .accessibilityLabel("Photo of the place")
                            if !photo.attributions.isEmpty {
                                Text(verbatim: photo.attributions.joined(separator: ", "))
                                    .font(.caption2).foregroundStyle(.secondary)
                                    .frame(maxWidth: width, alignment: .leading)
                            }
                        }
                        .accessibilityElement(children: .combine)
                    }
                }
            }
        }
    }
}

/// This week's hours, one row a day: closed and unknown days in words.
struct WeekSection: View {
    let week: [DayHours]
    let timeZone: TimeZone

    var body: some View {
        Section("Hours") {
            ForEach(week, id: \.day) { day in
                LabeledContent {
                    hours(day)
                } label: {
                    Text(verbatim: day.day.formatted(.dateTime.weekday(.wide)))
                }
            }
        }
    }

    private func hours(_ day: DayHours) -> Text {
        if day.isUnknown { return Text("Not known") }
        if day.open.isEmpty { return Text("Closed") }
        return Text(
            verbatim: day.open.map { span in
                "\(span.start.formatted(date: .omitted, time: .shortened))–\(span.end.formatted(date: .omitted, time: .shortened))"
            }.joined(separator: ", "))
    }
}
