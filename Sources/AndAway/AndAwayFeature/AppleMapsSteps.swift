import RoutingKit

/// Reads a manoeuvre from MapKit's step instructions (`MKRoute.Step.instructions`), which are
/// sentences without a type ("Turn left onto Mannerheimintie"); English only, other languages
/// become ``RoutingKit/RouteStep/Maneuver/continue``.
public enum AppleMapsSteps {
    /// The manoeuvre of step `index` of `count` with `instruction`.
    public static func maneuver(instruction: String, index: Int, count: Int) -> RouteStep.Maneuver {
        if index == 0 { return .depart }
        if index == count - 1 { return .arrive }
        let text = instruction.lowercased()
        let left = text.contains("left")
        let right = text.contains("right")
        if text.contains("u-turn") || text.contains("make a u") { return .uTurn }
        if text.contains("sharp") { return left ? .sharpLeft : right ? .sharpRight : .continue }
        if text.contains("slight") || text.contains("keep") || text.contains("bear") {
            return left ? .slightLeft : right ? .slightRight : .continue
        }
        if text.contains("arrive") || text.contains("destination") { return .arrive }
        return left ? .left : right ? .right : .continue
    }
}
