import Foundation
@preconcurrency import SwiftUI

public struct HomeModel: Sendable {
    public var title = "Photo Wrapped"
}
