import Foundation

/// The freemium allowance: identifications counted per calendar month on the device.
public protocol IdentificationQuota {
    /// Counts one identification at `date` if the month's allowance has room, and says what happened.
    func consume(at date: Date) throws(QuotaError) -> QuotaOutcome
    /// How many identifications are left in the month of `date`, without counting one.
    func remaining(at date: Date) throws(QuotaError) -> Int
}

/// What a quota said about one identification.
public enum QuotaOutcome: Sendable, Equatable {
    /// Counted; `remaining` more are free this month.
    case allowed(remaining: Int)
    /// The month's `limit` is used up; the count starts again at `resetsAt` (the next month's start).
    case limitReached(limit: Int, resetsAt: Date)
}

/// A quota store that cannot be read or written.
public struct QuotaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file involved.
    public var path: String
    /// What went wrong.
    public var reason: String

    /// `"quota file <path>: <reason>"`.
    public var description: String { "quota file \(path): \(reason)" }
}

/// A quota kept in a small JSON file (`{"month": "2026-11", "count": 3}`), replaced atomically on
/// every count so it survives restarts and crashes; months are calendar months in `timeZone`.
public struct FileIdentificationQuota: IdentificationQuota, Sendable {
    /// The JSON file.
    public let path: String
    /// Free identifications per calendar month.
    public let monthlyLimit: Int
    /// The time zone whose calendar months count (the device's).
    public let timeZone: TimeZone

    private struct State: Codable {
        var month: String
        var count: Int
    }

    /// A quota stored at `path` (created on the first count) with `monthlyLimit` free identifications.
    public init(path: String, monthlyLimit: Int = 10, timeZone: TimeZone = .current) {
        self.path = path
        self.monthlyLimit = max(0, monthlyLimit)
        self.timeZone = timeZone
    }

    public func consume(at date: Date) throws(QuotaError) -> QuotaOutcome {
        let month = monthKey(date)
        var state = try load()
        if state?.month != month { state = State(month: month, count: 0) }
        guard var current = state, current.count < monthlyLimit else {
            return .limitReached(limit: monthlyLimit, resetsAt: nextMonthStart(date))
        }
        current.count += 1
        try save(current)
        return .allowed(remaining: monthlyLimit - current.count)
    }

    public func remaining(at date: Date) throws(QuotaError) -> Int {
        guard let state = try load(), state.month == monthKey(date) else { return monthlyLimit }
        return max(0, monthlyLimit - state.count)
    }

    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    private func monthKey(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month], from: date)
        return String(format: "%04d-%02d", parts.year ?? 0, parts.month ?? 0)
    }

    private func nextMonthStart(_ date: Date) -> Date {
        let start = calendar.date(from: calendar.dateComponents([.year, .month], from: date)) ?? date
        return calendar.date(byAdding: .month, value: 1, to: start) ?? date
    }

    private func load() throws(QuotaError) -> State? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw QuotaError(path: path, reason: "cannot read (\(error.localizedDescription))")
        }
        guard let state = try? JSONDecoder().decode(State.self, from: data), state.count >= 0,
            state.month.count == 7
        else {
            throw QuotaError(path: path, reason: "not a quota record {\"month\": \"YYYY-MM\", \"count\": n}")
        }
        return state
    }

    private func save(_ state: State) throws(QuotaError) {
        do {
            let data = try JSONEncoder().encode(state)
            // Data's atomic write goes to a temporary file and renames it over the old one.
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw QuotaError(path: path, reason: "cannot write (\(error.localizedDescription))")
        }
    }
}
