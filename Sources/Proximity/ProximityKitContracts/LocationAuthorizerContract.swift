import DeviceContracts
import ProximityKit

/// The contract of ``ProximityKit/LocationAuthorizer``, checked against any implementation.
public enum LocationAuthorizerContract {
    /// Checks `authorizer` (in whatever state it is): reading is stable, a request leaves the
    /// status equal to what it returned and never `notDetermined`, and a repeated request changes nothing.
    public static func violations(of authorizer: some LocationAuthorizer) async -> [ContractViolation] {
        var found: [ContractViolation] = []
        let before = authorizer.status
        if authorizer.status != before {
            found.append(.init(rule: "status reads the same twice", observed: "\(before) then \(authorizer.status)"))
        }
        let answered = await authorizer.request(.whenInUse)
        if before != .notDetermined, answered != before {
            found.append(.init(rule: "a When In Use request without a prompt returns the current status", observed: "\(before) became \(answered)"))
        }
        if answered == .notDetermined {
            found.append(.init(rule: "a request never answers notDetermined", observed: "\(answered)"))
        }
        if authorizer.status != answered {
            found.append(.init(rule: "status after a request is what it returned", observed: "returned \(answered), status \(authorizer.status)"))
        }
        let again = await authorizer.request(.whenInUse)
        if again != answered {
            found.append(.init(rule: "a second request changes nothing", observed: "\(answered) then \(again)"))
        }
        return found
    }
}
