import Foundation
import Observation

public struct HomeModel: Sendable {
    public var title = "Photo Wrapped"
}

/// A model whose public surface is all reached: from the view, from another model, or exempted.
@MainActor @Observable
public final class DeckModel {
    public var hidden: Set<String> = []
    public private(set) var index = 0
    public var speed = 1.0
    public var shown: Int { index }

    public init() {}

    public func showNext() { index += 1 }
    public func hide(_ place: String, animated: Bool = true) { hidden.insert(place) }
    public func open(_ place: String, then done: () -> Void) { done() }
    /// Reached from SettingsModel only.
    public func reset() { index = 0 }
    /// Exempted in Apps/unreached-members.txt.
    public func debugDump() -> String { "\(index)" }
    func helper() {}
    private func secret() {}
}

@MainActor @Observable
public final class SettingsModel {
    let deck = DeckModel()
    public init() {}
    public func clear() { deck.reset() }
}
