import AreaDownloads
import Foundation

/// Where an app keeps its downloaded areas and which server it gets them from: the one place the
/// three apps' composition roots ask.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public enum PhoneAreas {
    /// The server: the Info.plist's `LociServerURL` (set per build in project.yml), else a server
    /// on this machine.
    public static func serverURL(_ bundle: Bundle = .main) -> URL {
        if let configured = (bundle.object(forInfoDictionaryKey: "LociServerURL") as? String).flatMap({ $0.isEmpty ? nil : URL(string: $0) }) {
            return configured
        }
        var components = URLComponents()
        components.scheme = "http"
        components.host = "localhost"
        components.port = 8080
        return components.url ?? FileManager.default.temporaryDirectory
    }

    /// The app's areas under Application Support/Areas, fetched in a background session named after the app.
    public static func downloads(_ bundle: Bundle = .main) -> AreaDownloads {
        // Application Support always exists in an app's container; the fallback is for a broken one.
        let support =
            (try? FileManager.default.url(for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true))
            ?? FileManager.default.temporaryDirectory
        let identifier = "\(bundle.bundleIdentifier ?? "app.loci").areas"
        return AreaDownloads(
            directory: support.appendingPathComponent("Areas", isDirectory: true),
            transport: BackgroundAreaTransport(baseURL: serverURL(bundle), identifier: identifier))
    }
}
