import Foundation

public struct HomeModel: Sendable {
    public var title = "Photo Wrapped"
}
