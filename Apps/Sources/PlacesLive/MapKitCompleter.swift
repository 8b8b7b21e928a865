import MapKit

/// `MKLocalSearchCompleter` as one async call: set the fragment, wait for the delegate.
///
/// The search model already debounces typing (300 ms), so this is called once per pause; a call
/// made while one is waiting ends the earlier one with no results.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
@MainActor
final class MapKitCompleter: NSObject, MKLocalSearchCompleterDelegate {
    private let completer = MKLocalSearchCompleter()
    /// The call waiting for the delegate: resumed with `true` when results arrived, `false` when a
    /// later call superseded it. (The completions stay on the main actor: they are not Sendable.)
    private var waiting: CheckedContinuation<Bool, any Error>?

    override init() {
        super.init()
        completer.resultTypes = [.pointOfInterest, .address]
        completer.delegate = self
    }

    /// Completions for `fragment`, biased to `region` when given.
    func complete(_ fragment: String, region: MKCoordinateRegion?) async throws -> [MKLocalSearchCompletion] {
        waiting?.resume(returning: false)
        waiting = nil
        if let region { completer.region = region }
        let arrived = try await withCheckedThrowingContinuation { continuation in
            waiting = continuation
            completer.queryFragment = fragment
        }
        return arrived ? completer.results : []
    }

    // The delegate is called on the main thread; `self.completer` is the one calling it, so the
    // non-Sendable parameter is not needed across isolation.
    nonisolated func completerDidUpdateResults(_ completer: MKLocalSearchCompleter) {
        MainActor.assumeIsolated { finish(.success(true)) }
    }

    nonisolated func completer(_ completer: MKLocalSearchCompleter, didFailWithError error: any Error) {
        MainActor.assumeIsolated { finish(.failure(error)) }
    }

    private func finish(_ result: Result<Bool, any Error>) {
        waiting?.resume(with: result)
        waiting = nil
    }
}
