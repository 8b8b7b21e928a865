import AndAwayFeature
import PlaceKit
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
                        Text(place.name ?? place.id.rawValue).font(.title2)
                        if let address = place.address?.formatted { Text(address) }
                        if let isOpen = model.state.isOpen { Text(isOpen ? "Open now" : "Closed now") }
                        if let phone = place.phone { Text(phone) }
                        if let website = place.website, let url = URL(string: website) { Link(website, destination: url) }
                    }
                }
                if let travel = model.state.travel { TravelRow(travel: travel) }
                if !model.state.photos.isEmpty { PhotoStrip(photos: model.state.photos) }
                if !model.state.week.isEmpty { WeekSection(week: model.state.week, timeZone: timeZone) }
                Section("Saved") {
                    if model.state.isSaved {
                        TextField("Note", text: $note, axis: .vertical)
                            .onSubmit { model.setNote(note) }
                        Button("Remove from saved", role: .destructive) { model.unsave() }
                    } else {
                        Button("Save", systemImage: "bookmark") { Task { await model.save(note: note) } }
                    }
                }
                Section {
                    Button("Directions", systemImage: "arrow.triangle.turn.up.right.diamond") {
                        showsDirections = true
                        Task { await model.routeHere() }
                    }
                }
                if let error = model.state.error { Text(error).foregroundStyle(.red) }
            }
            .task {
                await model.load()
                note = model.state.bookmark?.note ?? ""
                await model.loadTravelTimes()
            }
            .sheet(isPresented: $showsDirections) { DirectionsView(model: model.directions) }
        }
    }
}

/// Walking, cycling and driving times at a glance.
struct TravelRow: View {
    let travel: TravelTimes

    var body: some View {
        Section {
            if let error = travel.error {
                Text(error).foregroundStyle(.secondary)
            } else {
                HStack(spacing: 16) {
                    item("figure.walk", "Walk", travel.walking)
                    item("bicycle", "Cycle", travel.cycling)
                    item("car", "Drive", travel.driving)
                }
            }
        }
    }

    @ViewBuilder private func item(_ symbol: String, _ mode: String, _ seconds: Double?) -> some View {
        if let seconds {
            Label(AndAwayCopy.duration(seconds), systemImage: symbol)
                .accessibilityLabel("\(mode): \(AndAwayCopy.duration(seconds))")
        }
    }
}

/// The provider's photos, with the credits its terms ask for.
struct PhotoStrip: View {
    let photos: [PlacePhoto]

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
                            .frame(width: 160, height: 120)
                            .clipShape(RoundedRectangle(cornerRadius: 8))
                            .accessibilityLabel("Photo of the place")
                            if !photo.attributions.isEmpty {
                                Text(photo.attributions.joined(separator: ", ")).font(.caption2).foregroundStyle(.secondary)
                            }
                        }
                    }
                }
            }
        }
    }
}

/// This week's hours, one row a day.
struct WeekSection: View {
    let week: [DayHours]
    let timeZone: TimeZone

    var body: some View {
        Section("Hours") {
            ForEach(week, id: \.day) { day in
                LabeledContent(day.day.formatted(.dateTime.weekday(.wide)), value: text(day))
            }
        }
    }

    private func text(_ day: DayHours) -> String {
        if day.isUnknown { return "Not known" }
        if day.open.isEmpty { return "Closed" }
        return day.open.map { span in
            "\(span.start.formatted(date: .omitted, time: .shortened))–\(span.end.formatted(date: .omitted, time: .shortened))"
        }.joined(separator: ", ")
    }
}
