import Observation
import WrappedCardLayout
import WrappedKit

/// Which screen Photo Wrapped shows.
@MainActor
public enum WrappedScreen {
    /// Asking for, or explaining the lack of, photo access.
    case access
    /// Range and Generate.
    case home
    /// A run in progress.
    case processing(ProcessingModel)
    /// A deck (the user's, or the sample).
    case deck(DeckModel)
}

/// Photo Wrapped's flow: access → home → processing → deck, and back. The one place that decides
/// which screen comes next; each screen's own decisions live in its model.
@MainActor @Observable
public final class WrappedAppModel {
    /// Photo access.
    public let access: AccessModel
    /// The home screen.
    public let home: HomeModel
    /// The screen shown.
    public private(set) var screen: WrappedScreen = .access
    /// A one-line message for the home screen (a cancelled or failed run, changed access).
    public private(set) var message: String?
    /// Why hidden places are kept only until the app closes (the local storage did not open),
    /// for the home screen's warning; `nil` when storage works.
    public private(set) var storageProblem: String?

    @ObservationIgnored private var environment: WrappedEnvironment
    @ObservationIgnored private let measurer: any TextMeasuring

    /// The flow on `environment`; `measurer` measures card text the way the app draws it.
    public init(environment: WrappedEnvironment, measurer: any TextMeasuring) {
        self.environment = environment
        self.measurer = measurer
        access = AccessModel(authorizer: environment.authorizer, language: environment.language)
        home = HomeModel(environment: environment)
        screen = access.status.canRead ? .home : .access
        storageProblem = environment.storageProblem.map { WrappedCopy.storageUnavailable($0, in: environment.language) }
    }

    /// What to do about ``storageProblem``: free space, then Try again.
    public var storageFix: String { WrappedCopy.storageFix(in: environment.language) }

    /// Try again on the storage warning: opens the local storage again; on success hidden places
    /// are kept from now on (and the warning goes), else the warning says the new reason.
    public func retryStorage() {
        guard storageProblem != nil, let reopen = environment.reopenStorage else { return }
        do {
            environment.hiddenPlaces = try reopen()
            environment.storageProblem = nil
            storageProblem = nil
        } catch {
            environment.storageProblem = "\(error)"
            storageProblem = WrappedCopy.storageUnavailable("\(error)", in: environment.language)
        }
    }

    /// The app became active: reads access and today again. Access lost leads to the access
    /// screen; access changed while a deck is shown (limited ⇄ full) leads home to generate again.
    public func becameActive() {
        home.refreshToday()
        let changed = access.refresh()
        guard access.status.canRead else {
            if case .deck(let deck) = screen, deck.isSample { return }
            processing?.cancel()
            screen = .access
            return
        }
        switch screen {
        case .access:
            screen = .home
        case .deck where changed:
            message = WrappedCopy.accessChanged(in: environment.language)
            screen = .home
        default:
            break
        }
    }

    /// Whether the home screen is shown.
    public var isShowingHome: Bool {
        if case .home = screen { return true }
        return false
    }

    /// The run shown on the processing screen, if any.
    public var processing: ProcessingModel? {
        if case .processing(let processing) = screen { return processing }
        return nil
    }

    /// The deck shown, if any.
    public var deck: DeckModel? {
        if case .deck(let deck) = screen { return deck }
        return nil
    }

    /// Continue on the access screen: the system prompt, then home when photos can be read.
    public func requestAccess() async {
        await access.requestAccess()
        if access.status.canRead { screen = .home }
    }

    /// Shows the sample deck (offered when there is no access).
    public func showSampleDeck() {
        screen = .deck(
            DeckModel(
                sample: SampleWrapped.result(), thumbnails: environment.thumbnails, measurer: measurer,
                language: environment.language))
    }

    /// Generate (and the deck's Regenerate): runs the home screen's range and settings with the
    /// stored hidden places, showing progress, then the deck; back home with a message when
    /// cancelled or failed.
    /// - Returns: the deck shown, or `nil`.
    @discardableResult
    public func generate() async -> DeckModel? {
        guard access.status.canRead, let days = home.days else { return nil }
        let hidden: Set<String>
        do { hidden = try environment.hiddenPlaces.hiddenPlaceIDs() } catch {
            message = WrappedCopy.runFailed("\(error)", in: environment.language)
            return nil
        }
        message = nil
        let request = WrappedRunRequest(
            environment: environment, days: days, hidden: hidden, access: access.status,
            excludesScreenshots: home.excludesScreenshots)
        let processing = ProcessingModel(request: request)
        screen = .processing(processing)
        guard let outcome = await processing.run() else {
            switch processing.phase {
            case .failed(let reason): message = WrappedCopy.runFailed(reason, in: environment.language)
            default: message = WrappedCopy.cancelled(in: environment.language)
            }
            screen = access.status.canRead ? .home : .access
            return nil
        }
        let deck = DeckModel(outcome: outcome, request: request, measurer: measurer)
        screen = .deck(deck)
        return deck
    }

    /// Cancel on the processing screen.
    public func cancelProcessing() {
        processing?.cancel()
    }

    /// Leaves a deck: home when photos can be read, else the access screen.
    public func closeDeck() {
        screen = access.status.canRead ? .home : .access
    }
}
