/// Waits, yielding to the run loop, until `condition` holds; at most about 5 seconds (500 checks
/// 10 ms apart). For tests of a model fed by a device fake's stream on another task.
/// - Returns: whether `condition` held.
@MainActor
public func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<500 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}
