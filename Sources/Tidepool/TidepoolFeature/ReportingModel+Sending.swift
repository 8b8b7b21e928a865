import Foundation
import GeoKit
import InterestCodebook
import TidepoolClient
import TidepoolKit
import TidepoolTokens

/// The server's answers the reporting pipeline is built from.
struct ServerParameters: Sendable {
    /// Epoch length, seconds.
    var epochSeconds: Int64
    /// Tokens per device for the epochs of any day's worth of consecutive epochs.
    var dailyCap: Int?
    /// The facet codebook the server aggregates with.
    var codebookVersion: String?
    /// How many facets it has.
    var facetCount: Int?
}

extension ReportingModel {
    /// Whether a report may go out now.
    func mayReport() -> Bool {
        settings.reportingEnabled && permission.allowsReporting && reporter != nil
    }

    /// The server's epoch grid (the standard one until the privacy answer is read).
    func currentSchedule() -> EpochSchedule {
        (try? EpochSchedule(lengthSeconds: serverParameters?.epochSeconds ?? 900)) ?? EpochSchedule.standard
    }

    /// A day's worth of epochs: the window the server's cap counts over.
    func windowEpochs() -> Int64 { max(1, 86_400 / currentSchedule().lengthSeconds) }

    /// When the model next has something to do without a fix: a batch due, a report's moment, or
    /// the next epoch's start (a token to discard). Nil before the server's parameters are known.
    func nextWakeAt() -> Double? {
        guard serverParameters?.dailyCap != nil else { return nil }
        let now = clock.now()
        let schedule = currentSchedule()
        var candidates = [Double((schedule.epoch(at: now) + 1) * schedule.lengthSeconds)]
        candidates += wallet.days.filter { $0.refusal == nil && $0.fetchAt > now }.map(\.fetchAt)
        candidates += wallet.tokens.map(\.moment).filter { $0 > now }
        candidates += locationLeadWakes(after: now)
        return candidates.min()
    }

    /// Plans the current and the next day of epochs when missing, drops what has passed, and
    /// fetches the planned epochs after the current one whose batch is due and whose keys are
    /// published, in one call.
    /// Never called for a location event (``wake()`` only).
    func refreshTokens() async {
        guard let cap = serverParameters?.dailyCap, cap > 0, settings.reportingEnabled, settings.home != nil
        else {
            return
        }
        let now = clock.now()
        let schedule = currentSchedule()
        let window = windowEpochs()
        let current = schedule.epoch(at: now)
        var changed = false
        // Tokens of past epochs are spent or wasted; days that ended are forgotten.
        let before = wallet
        wallet.tokens.removeAll { $0.epoch < current }
        wallet.days.removeAll { $0.firstEpoch + window <= current }
        changed = changed || wallet != before
        let today = Self.floorDiv(current, window) * window
        for first in [today, today + window] where !wallet.days.contains(where: { $0.firstEpoch == first }) {
            let plan = DailyTokenPlan.make(
                firstEpoch: first, cap: cap, windowEpochs: window, holding: wallet.plannedEpochs,
                atMostOnePer: configuration.atMostOnePer, fetchLeadSeconds: configuration.fetchLeadSeconds,
                schedule: schedule, using: &random)
            wallet.days.append(
                .init(firstEpoch: first, epochs: plan.epochs, fetchAt: plan.fetchAt, refusal: nil))
            changed = true
        }
        wallet.days.sort { $0.firstEpoch < $1.firstEpoch }
        let due = wallet.days.indices.filter {
            wallet.days[$0].refusal == nil && wallet.days[$0].fetchAt <= now
        }
        let wanted = due.flatMap { index in
            // Never the current epoch: its report could follow the fetch within minutes, and an
            // observer joining the two logs by time would find the pair.
            wallet.days[index].epochs.filter { $0 > current && !wallet.days[index].fetched.contains($0) }
        }
        if !wanted.isEmpty {
            changed = true
            await fetch(wanted, days: due, schedule: schedule)
        }
        if changed { await saveWallet() }
    }

    /// Fetches the tokens of `wanted` that have published keys in one batch.
    private func fetch(_ wanted: [Int64], days: [Int], schedule: EpochSchedule) async {
        let published: PublishedEpochKeys
        do { published = try await client.epochKeys() } catch {
            status.lastProblem = TidepoolCopy.tokenProblem(.keys, detail: error.description)
            return
        }
        let ask = wanted.filter { published.keys[$0] != nil }.sorted()
        guard !ask.isEmpty else { return }
        do {
            let tokens = try await client.presenceTokens(for: ask)
            for token in tokens {
                let moment = DailyTokenPlan.reportMoment(
                    epoch: token.epoch, schedule: schedule, using: &random)
                wallet.tokens.append(
                    .init(epoch: token.epoch, nonce: token.nonce, signature: token.signature, moment: moment))
            }
            wallet.tokens.sort { $0.epoch < $1.epoch }
            for index in days { wallet.days[index].fetched += ask.filter(wallet.days[index].epochs.contains) }
            status.lastProblem = nil
        } catch let error where error.isDaySpent || error.isAlreadyIssued {
            // The server's answer stands for these epochs (a day's worth around them holds the
            // cap, or they were taken before: a lost reply, a reinstall); the next day is asked
            // when its batch is due.
            let refused = Set(ask)
            for index in days where wallet.days[index].epochs.contains(where: refused.contains) {
                wallet.days[index].refusal = error.description
            }
            status.lastProblem = TidepoolCopy.tokenProblem(.refused, detail: error.description)
        } catch {
            status.lastProblem = TidepoolCopy.tokenProblem(.fetch, detail: error.description)
        }
    }

    /// Sends the report of the current epoch's token once its moment has come, with the tile of
    /// the last fix in the epoch when the guard let it through; a failure is shown, and a
    /// refused token is dropped.
    func sendDue() async {
        let now = clock.now()
        let current = currentSchedule().epoch(at: now)
        let stale = wallet.tokens.contains { $0.epoch < current }
        if stale { wallet.tokens.removeAll { $0.epoch < current } }
        guard mayReport(), let held = wallet.tokens.first(where: { $0.epoch == current && $0.moment <= now }),
            let observed, observed.epoch == current, let tile = observed.tile
        else {
            if stale { await saveWallet() }
            return
        }
        // Out of the wallet before the call, so a wake and a fix arriving together send it once.
        wallet.tokens.removeAll { $0.epoch == held.epoch }
        do {
            try await client.report(held.token, tile: tile, facet: reporter?.facet)
            status.lastReportAt = now
            status.reportsSent += 1
            status.lastProblem = nil
        } catch .transport(let operation, let message) {
            // Kept: the next wake or fix of the epoch tries again.
            wallet.tokens.append(held)
            wallet.tokens.sort { $0.epoch < $1.epoch }
            status.lastProblem =
                TidepoolClientError.transport(operation: operation, message: message).description
        } catch {
            status.lastProblem = error.description
        }
        await saveWallet()
    }

    func saveWallet() async {
        do throws(TidepoolSettingsError) { try await walletStore.save(wallet) } catch {
            status.lastProblem = error.description
        }
        status.tokensHeld = wallet.tokens.count
        status.nextReportAt = wallet.tokens.map(\.moment).filter { $0 >= clock.now() }.min()
    }

    /// Settings, server parameters, interest, the wallet; then the pipeline.
    func load() async {
        serverParameters = try? await Self.parameters(client.privacy())
        interestVector = await interest.vector()
        do throws(TidepoolSettingsError) { wallet = try await walletStore.load() } catch {
            status.lastProblem = error.description
        }
        status.tokensHeld = wallet.tokens.count
        await readSettings(force: true)
        refreshState()
    }

    /// Reads the settings; rebuilds the pipeline when Home changed (or `force`).
    func readSettings(force: Bool = false) async {
        let previousHome = settings.home
        do throws(TidepoolSettingsError) { settings = try await settingsStore.load() } catch {
            status.lastProblem = error.description
        }
        guard force || settings.home != previousHome else { return }
        if let home = settings.home { reporter = makeReporter(home: home) } else { reporter = nil }
        ring = nil
        observed = nil
    }

    /// The codebook, if the server aggregates with the same one (else a facet would be misread).
    func usableCodebook() -> FacetCodebook? {
        guard let codebook, let server = serverParameters, server.codebookVersion == codebook.version,
            server.facetCount == codebook.count
        else { return nil }
        return codebook
    }

    private func makeReporter(home: Coordinate) -> PresenceReporter {
        var pipeline = PresenceReporter(
            home: home, guard: configuration.homeGuard,
            scheduler: ReportScheduler(epochs: currentSchedule(), configuration: configuration.scheduler))
        pipeline.setInterest(interestVector, codebook: usableCodebook())
        return pipeline
    }

    /// The state from the switch, the permission, Home, the refused batch and the guard.
    func refreshState() {
        let state: ReportingState
        let current = currentSchedule().epoch(at: clock.now())
        let holdsAhead = wallet.tokens.contains { $0.epoch >= current }
        let refusedToday = wallet.days.contains {
            $0.refusal != nil && $0.firstEpoch <= current && current < $0.firstEpoch + windowEpochs()
        }
        if !settings.reportingEnabled {
            // Resetting Home paused a switch that is on: it is Home that is missing.
            state = settings.reportingPausedForHome ? .off(.noHome) : .off(.switchedOff)
        } else if !permission.allowsReporting {
            state = .off(.noPermission)
        } else if reporter == nil {
            state = .off(.noHome)
        } else if refusedToday && !holdsAhead {
            state = .doneForToday
        } else if reporter?.homeGuard.isHidden ?? true {
            state = .pausedAtHome
        } else {
            state = .on
        }
        if status.state != state { status.state = state }
    }

    static func parameters(_ privacy: TidepoolPrivacy) -> ServerParameters {
        ServerParameters(
            epochSeconds: Int64(privacy.epochSeconds), dailyCap: privacy.accountingSteps?.dailyEpochCap,
            codebookVersion: privacy.accountingSteps?.facetCodebookVersion,
            facetCount: privacy.accountingSteps?.facetCount)
    }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : (a - b + 1) / b }
}

/// A type-erased generator, so the model can hold the one it was given.
struct AnyRandomNumberGenerator: RandomNumberGenerator, Sendable {
    private var base: any RandomNumberGenerator & Sendable

    init(_ base: any RandomNumberGenerator & Sendable) { self.base = base }

    mutating func next() -> UInt64 { base.next() }
}

extension TidepoolClientError {
    /// 409 `already_issued`.
    fileprivate var isAlreadyIssued: Bool {
        if case .alreadyIssued = self { return true }
        return false
    }

    /// 409 `day_spent`.
    fileprivate var isDaySpent: Bool {
        if case .daySpent = self { return true }
        return false
    }
}
