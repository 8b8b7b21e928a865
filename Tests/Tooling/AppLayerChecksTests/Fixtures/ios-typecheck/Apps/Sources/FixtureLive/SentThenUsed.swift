import FixtureKit

/// Hands a non-Sendable counter to an actor, then keeps using it: a data race Swift 6 refuses.
func sentThenUsed(_ sink: Sink) async {
    let counter = Counter()
    await sink.take(counter)
    counter.value += 1
}
