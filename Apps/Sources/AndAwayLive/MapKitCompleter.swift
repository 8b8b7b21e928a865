import MapKit

/// `MKLocalSearchCompleter` as one async call: set the fragment, wait for the delegate.
///
/// The search model already debounces typing (300 ms), so this is called once per pause; a call
/// made while one is waiting ends the earlier one with no results.
///
/// Written for iOS 17; not yet built on a Mac.
@MainActor
final class MapKitCompleter: NSObject, MKLocalSearchCompleterDelegate {
    private let completer = MKLocalSearchCompleter()
    private var waiting: CheckedContinuation<[MKLocalSearchCompletion], any Error>?

    override init() {
        super.init()
        completer.resultTypes = [.pointOfInterest, .address]
        completer.delegate = self
    }

    /// Completions for `fragment`, biased to `region` when given.
    func complete(_ fragment: String, region: MKCoordinateRegion?) async throws -> [MKLocalSearchCompletion] {
        waiting?.resume(returning: [])
        waiting = nil
        if let region { completer.region = region }
        return try await withCheckedThrowingContinuation { continuation in
            waiting = continuation
            completer.queryFragment = fragment
        }
    }

    nonisolated func completerDidUpdateResults(_ completer: MKLocalSearchCompleter) {
        MainActor.assumeIsolated {
            waiting?.resume(returning: completer.results)
            waiting = nil
        }
    }

    nonisolated func completer(_ completer: MKLocalSearchCompleter, didFailWithError error: any Error) {
        MainActor.assumeIsolated {
            waiting?.resume(throwing: error)
            waiting = nil
        }
    }
}
