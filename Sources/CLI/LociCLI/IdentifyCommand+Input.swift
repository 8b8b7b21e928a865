import Foundation
import GeoKit
import IdentifyKit
import IdentifyService
import PhotoMetadata
import Timestamps

/// `loci identify`'s capture options as the one identify input (`IdentifyInput`), and its
/// refusals as one line naming the option.
extension IdentifyCommand {
    /// The checked request (without aircraft) from the options, through the one input builder
    /// the server's route uses too; a refusal names the option.
    func makeRequest() throws -> IdentifyRequest {
        let captureTime = try time.map { text -> Date in
            do {
                return try ISO8601Instant.parse(text)
            } catch {
                throw InputError("--time: \(error)")
            }
        }
        let tapPoint: (x: Double, y: Double)
        do { tapPoint = try IdentifyInput.tap(tap) } catch {
            throw InputError("--tap: '\(tap)' is not two numbers X,Y")
        }
        let camera: IdentifyInput.Camera
        if let photo {
            guard at == nil, fov == nil, size == nil, focalLength35mm == nil else {
                throw InputError("--photo cannot be combined with --at, --fov, --focal-length-35mm or --size")
            }
            do { camera = .photo(try PhotoMetadataReader.read(path: photo)) } catch {
                throw InputError("--photo \(photo): \(error)")
            }
        } else {
            guard let at, fov != nil || focalLength35mm != nil, let size else {
                throw InputError("give --photo FILE, or --at LAT,LON with --fov DEG and --size WxH")
            }
            guard heading != nil else { throw InputError("--heading is needed with --at") }
            let coordinate = try parseCoordinate(at, argument: "--at")
            let notSize = InputError("--size: '\(size)' is not WxH in whole pixels")
            let parts = size.split(separator: "x", omittingEmptySubsequences: false).map { Double($0) }
            guard parts.count == 2, let width = parts[0], let height = parts[1],
                width == width.rounded(), height == height.rounded(), (1...100_000).contains(width),
                (1...100_000).contains(height)
            else { throw notSize }
            camera = .explicit(
                latitude: coordinate.latitude, longitude: coordinate.longitude, altitude: alt, width: Int(width),
                height: Int(height), fieldOfView: fov, focalLength35mm: focalLength35mm)
        }
        let input = IdentifyInput(
            camera: camera, heading: heading, accuracy: accuracy, pitch: pitch, roll: roll, time: captureTime,
            tapX: tapPoint.x, tapY: tapPoint.y)
        do { return try input.request() } catch { throw cliError(error) }
    }

    /// One line naming the option: the builder's field as this command's option.
    func cliError(_ error: IdentifyInputError) -> InputError {
        if case .capture(let error) = error.kind {
            switch error.kind {
            case .invalidCapture(let field, let reason):
                if let option = Self.captureOptions[field] { return InputError("\(option): \(reason)") }
            case .photoMetadata:
                if let photo { return InputError("--photo \(photo): \(error.description)") }
            default: break
            }
            return InputError(error.description)
        }
        guard let field = error.field, let option = Self.fieldOptions[field] else {
            return InputError(error.description)
        }
        switch error.kind {
        case .conflicting: return InputError("give --fov or --focal-length-35mm, not both")
        default: return InputError("\(option): \(error.reason)")
        }
    }

    /// The option that gives each input builder field.
    static let fieldOptions: [IdentifyInputField: String] = [
        .latitude: "--at", .longitude: "--at", .altitude: "--alt", .heading: "--heading", .accuracy: "--accuracy",
        .pitch: "--pitch", .roll: "--roll", .fieldOfView: "--fov", .focalLength35mm: "--focal-length-35mm",
        .width: "--size", .height: "--size", .time: "--time", .tapX: "--tap", .tapY: "--tap",
    ]

    /// The option that gives each capture value a refusal can name (IdentifyKit's field names).
    static let captureOptions = [
        "field of view": "--fov", "ellipsoidal height": "--alt", "altitude": "--alt", "heading": "--heading",
        "heading accuracy": "--accuracy", "pitch": "--pitch", "roll": "--roll", "image size": "--size",
        "35 mm focal length": "--focal-length-35mm",
    ]
}
