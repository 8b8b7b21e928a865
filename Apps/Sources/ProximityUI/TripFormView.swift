import ProximityFeature
import ProximityKit
import SwiftUI

/// The trip form (create or edit): name, dates, alert radius (with the honest-latency notice),
/// quiet hours, alerts on. The model validates and saves; the field it names is marked, and
/// cleared as soon as the draft is valid again.
struct TripFormView: View {
    @Bindable var form: TripFormModel
    let done: () -> Void
    @State private var start = Date()
    @State private var end = Date()
    @State private var hasDates = false

    var body: some View {
        Form {
            Section {
                HStack {
                    TextField("Name", text: $form.draft.name)
                        .foregroundStyle(form.invalidField == "name" ? Color.red : Color.primary)  // not-copy: the model's field id
                    if form.invalidField == "name" {  // not-copy: the model's field id
                        // The field at fault is marked by a symbol and a word, not only red.
                        Image(systemName: "exclamationmark.circle")
                            .foregroundStyle(.red)
                            .accessibilityLabel("Name needs attention")
                    }
                }
                Toggle("Alerts on", isOn: $form.draft.isActive)
            }
            Section("Dates") {
                Toggle("Only between dates", isOn: $hasDates)
                DatePicker("From", selection: $start, displayedComponents: .date).disabled(!hasDates)
                DatePicker("To", selection: $end, displayedComponents: .date).disabled(!hasDates)
            }
            Section {
                Stepper(value: $form.draft.alertRadius, in: 100...5_000, step: 100) {
                    LabeledContent("Alert radius") { Text(verbatim: ProximityFormat.metres(form.draft.alertRadius)) }
                }
            } header: {
                Text("Alerts")
            } footer: {
                Text("How near a saved place you are told about it. \(form.latencyNotice)")
            }
            QuietHoursSection(quietHours: $form.draft.quietHours)
            FormErrorSection(message: form.errorMessage)
        }
        .navigationTitle(form.mode == .create ? Text("New trip") : Text("Edit trip"))
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItem(placement: .cancellationAction) { Button("Cancel", action: done) }
            ToolbarItem(placement: .confirmationAction) {
                Button("Save") {
                    Task {
                        if await form.save() != nil { done() }
                    }
                }
            }
        }
        .onAppear {
            let zone = form.draft.timeZone
            start = form.draft.startDate.flatMap { Self.date(day: $0, zone: zone) } ?? start
            end = form.draft.endDate.flatMap { Self.date(day: $0, zone: zone) } ?? end
            hasDates = form.draft.startDate != nil || form.draft.endDate != nil
        }
        // The field at fault is marked as the user types, not only at Save.
        .onChange(of: form.draft) { _, _ in if form.error != nil { form.validate() } }
        .onChange(of: hasDates) { _, _ in applyDates() }
        .onChange(of: start) { _, _ in applyDates() }
        .onChange(of: end) { _, _ in applyDates() }
    }

    /// Noon of a trip day (`yyyy-MM-dd` in the trip's zone), for the picker to show; the inverse
    /// of `TripDraft.setStart`, which the model owns.
    static func date(day: String, zone: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.dateFormat = "yyyy-MM-dd HH:mm"  // not-copy: the trip day's storage format
        return formatter.date(from: day + " 12:00")  // not-copy: noon, parsed with the format above
    }

    /// Hands the pickers' dates to the draft (which turns them into days in the trip's zone).
    private func applyDates() {
        form.draft.setStart(hasDates ? start : nil)
        form.draft.setEnd(hasDates ? end : nil)
    }
}

/// Quiet hours: a switch and the first and last hour without alerts.
private struct QuietHoursSection: View {
    @Binding var quietHours: QuietHours?

    var body: some View {
        Section("Quiet hours") {
            Toggle(
                "No alerts at night",
                isOn: Binding(
                    get: { quietHours != nil },
                    set: { quietHours = $0 ? QuietHours(start: 22 * 60, end: 8 * 60) : nil }))
            if let hours = quietHours {
                Picker("From", selection: Binding(get: { hours.start }, set: { quietHours?.start = $0 })) {
                    ForEach(0..<24, id: \.self) { hour in Text(verbatim: Self.clock(hour)).tag(hour * 60) }
                }
                Picker("Until", selection: Binding(get: { hours.end }, set: { quietHours?.end = $0 })) {
                    ForEach(0..<24, id: \.self) { hour in Text(verbatim: Self.clock(hour)).tag(hour * 60) }
                }
            }
        }
    }

    /// An hour as the person's clock writes it ("22:00", "22.00", "10 PM").
    static func clock(_ hour: Int) -> String {
        guard let date = Calendar.current.date(from: DateComponents(year: 2001, month: 1, day: 1, hour: hour)) else { return String(hour) }
        return date.formatted(date: .omitted, time: .shortened)
    }
}
