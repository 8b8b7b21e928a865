// PLACEHOLDER, to be deleted by the lead at merge: the map side (TidepoolMapModel in
// TidepoolFeature, TidepoolMapScreen in TidepoolUI) is written on another branch. These two
// stand-ins only let the app's root and composition reference the names they will have.
import SwiftUI
import TidepoolFeature

/// PLACEHOLDER for the map helper's model (delete at merge).
@MainActor @Observable
public final class TidepoolMapModel {
    let session: TidepoolSession

    /// PLACEHOLDER.
    public init(session: TidepoolSession) { self.session = session }
}

/// PLACEHOLDER for the map helper's root view (delete at merge).
public struct TidepoolMapScreen: View {
    let model: TidepoolMapModel

    /// PLACEHOLDER.
    public init(model: TidepoolMapModel) { self.model = model }

    public var body: some View {
        Text("The map is built on another branch.").foregroundStyle(.secondary)
    }
}
