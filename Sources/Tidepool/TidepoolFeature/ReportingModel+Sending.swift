import Foundation
import GeoKit
import InterestCodebook
import TidepoolClient
import TidepoolKit

/// The server's answers the reporting pipeline is built from.
struct ServerParameters: Sendable {
    /// Epoch length, seconds.
    var epochSeconds: Int64
    /// Tokens per device per UTC day.
    var dailyCap: Int?
    /// The facet codebook the server aggregates with.
    var codebookVersion: String?
    /// How many facets it has.
    var facetCount: Int?
}

extension ReportingModel {
    /// Whether a scheduled report may go out now.
    func mayReport() -> Bool {
        if let until = restingUntil {
            guard clock.now() >= until else { return false }
            restingUntil = nil
        }
        return settings.reportingEnabled && permission.allowsReporting
    }

    /// Sends one report through the reporting protocol (``PresenceReportSender``): the server's
    /// current epoch, a blind token, the report on the anonymous session. A failure is shown and
    /// not retried in the epoch (the scheduler took its slot).
    func send(_ report: ScheduledReport) async {
        let sender = PresenceReportSender(client: client)
        do throws(PresenceReportSender.Failure) {
            let epoch = try await sender.currentEpoch()
            let current = Int64(epoch.epoch)
            guard lastReportedEpoch != current else { return }
            do throws(PresenceReportSender.Failure) {
                try await sender.send(tile: report.tile, facet: report.facet, in: epoch)
            } catch let failure where failure.step == .token && failure.error.isAlreadyIssued {
                // This device took its token for the epoch before (an earlier launch).
                lastReportedEpoch = current
                return
            }
            lastReportedEpoch = current
            status.lastReportAt = clock.now()
            status.reportsSent += 1
            status.lastProblem = nil
        } catch let failure where failure.error.isDaySpent {
            restingUntil = Self.nextUTCDay(after: clock.now())
            status.lastProblem = nil
        } catch {
            status.lastProblem = error.error.description
        }
    }

    /// The first second of the UTC day after `time`.
    static func nextUTCDay(after time: Double) -> Double {
        ((time / 86_400).rounded(.down) + 1) * 86_400
    }

    /// Settings, server parameters, interest; then the pipeline.
    func load() async {
        serverParameters = try? await Self.parameters(client.privacy())
        interestVector = await interest.vector()
        await readSettings(force: true)
        refreshState()
    }

    /// Reads the settings; rebuilds the pipeline when Home changed (or `force`).
    func readSettings(force: Bool = false) async {
        let previousHome = settings.home
        do throws(TidepoolSettingsError) { settings = try await settingsStore.load() } catch { status.lastProblem = error.description }
        guard force || settings.home != previousHome else { return }
        if let home = settings.home { reporter = makeReporter(home: home) } else { reporter = nil }
        ring = nil
    }

    /// The codebook, if the server aggregates with the same one (else a facet would be misread).
    func usableCodebook() -> FacetCodebook? {
        guard let codebook, let server = serverParameters, server.codebookVersion == codebook.version,
            server.facetCount == codebook.count
        else { return nil }
        return codebook
    }

    private func makeReporter(home: Coordinate) -> PresenceReporter {
        let schedule =
            (try? EpochSchedule(lengthSeconds: serverParameters?.epochSeconds ?? 900)) ?? EpochSchedule.standard
        let sampler = serverParameters?.dailyCap.flatMap {
            try? DailyEpochSampler(dailyCap: $0, probability: configuration.reportProbability, epochs: schedule)
        }
        var pipeline = PresenceReporter(
            home: home, guard: configuration.homeGuard,
            scheduler: ReportScheduler(epochs: schedule, configuration: configuration.scheduler), sampler: sampler)
        pipeline.setInterest(interestVector, codebook: usableCodebook())
        return pipeline
    }

    /// The state from the switch, the permission, Home, the day's rest and the guard.
    func refreshState() {
        let state: ReportingState
        if !settings.reportingEnabled {
            state = .off(.switchedOff)
        } else if !permission.allowsReporting {
            state = .off(.noPermission)
        } else if reporter == nil {
            state = .off(.noHome)
        } else if let until = restingUntil, clock.now() < until {
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
