import Foundation
import GeoKit
import Hummingbird
import LociWire
import IdentifyKit
import IdentifyService
import PhotoMetadata
import PlaceKit
import PlaceStore
import Timestamps

/// `POST /v1/identify`: what is at a tap of a photo: buildings and landmarks of the server's place
/// store, the configured landmark list, and aircraft from the configured feed (the answer's
/// `aircraft` says where they came from or why there were none), through the one
/// ``ServerServices/identification`` service. The capture comes as JSON metadata or as a photo (`multipart/form-data`) whose EXIF is read in
/// memory; the photo is never stored.
struct IdentifyRoutes {
    let services: ServerServices

    /// Largest multipart body (a phone photo), bytes; JSON bodies keep the server's limit.
    static let maxPhotoBodyBytes = 24 * 1_024 * 1_024

    /// JSON members.
    static let jsonFields: Set<String> = [
        "lat", "lon", "altitude", "heading", "accuracy", "pitch", "roll", "fov", "focal_length_35mm", "width",
        "height", "time", "tap_x", "tap_y",
    ]
    /// Multipart parts.
    static let multipartFields: Set<String> = [
        "photo", "tap", "heading", "accuracy", "pitch", "roll", "time",
    ]

    func add(to router: Router<ServerRequestContext>) {
        router.post("/v1/identify") { request, _ in try await identify(request) }
    }

    func identify(_ request: Request) async throws -> Response {
        var request = request
        let contentType = request.headers[.contentType] ?? ""
        let capture: CaptureMetadata
        let tap: (x: Double, y: Double)
        if contentType.lowercased().hasPrefix("multipart/form-data") {
            let bytes = try await request.collectBody(limit: Self.maxPhotoBodyBytes)
            (capture, tap) = try Self.capture(
                multipart: Array(bytes.readableBytesView), contentType: contentType)
        } else {
            let body = try JSONBody(
                try await request.collectBody(limit: services.configuration.maxBodyBytes),
                allowed: Self.jsonFields)
            (capture, tap) = try Self.capture(json: body)
        }
        let service = services.identification
        let identifyRequest = IdentifyRequest(capture: capture, tapX: tap.x, tapY: tap.y)
        // The feed is asked first (network, cached); a failed feed is a note, never an error.
        let aircraft = await service.aircraft(for: identifyRequest)
        let identification: Identification
        do {
            identification = try await onBlockingExecutor { () throws(IdentifyServiceError) in
                try service.identify(identifyRequest, now: Date(), aircraft: aircraft)
            }
        } catch {
            throw Self.apiError(error)
        }
        return try .json(
            WireIdentification(
                capture: WireIdentification.Capture(capture), direction: identification.direction,
                candidates: identification.candidates, aircraft: identification.aircraft))
    }

    /// The capture and tap of a JSON body: `lat`, `lon`, `heading`, `width`, `height`, `fov` (or
    /// `focal_length_35mm`), `tap_x`, `tap_y` required; `altitude` (m above sea level),
    /// `accuracy` (heading, degrees, default 15), `pitch`, `roll` (default 0), `time` (ISO 8601).
    static func capture(json body: JSONBody) throws(APIError) -> (CaptureMetadata, (x: Double, y: Double)) {
        let lat = try body.requiredDouble("lat")
        let lon = try body.requiredDouble("lon")
        let coordinate: Coordinate
        do { coordinate = try Coordinate(latitude: lat, longitude: lon) } catch {
            throw .badRequest(.invalidField, "lat/lon: \(error.description)")
        }
        let heading = try body.requiredDouble("heading")
        let width = try body.int("width")
        let height = try body.int("height")
        guard let width, let height else {
            throw .badRequest(.missingField, "width and height are required")
        }
        guard (1...100_000).contains(width), (1...100_000).contains(height) else {
            throw .badRequest(.invalidField, "width and height must be 1…100000 pixels")
        }
        let fov = try body.double("fov")
        let focal = try body.double("focal_length_35mm")
        let time = try body.string("time").map { text throws(APIError) -> Date in try Self.date(text) }
        return try mappingCaptureErrors {
            let intrinsics: CameraIntrinsics
            switch (fov, focal) {
            case (let fov?, nil):
                intrinsics = try CameraIntrinsics(horizontalFieldOfView: fov, width: width, height: height)
            case (nil, let focal?):
                intrinsics = try CameraIntrinsics(focalLength35mm: focal, width: width, height: height)
            case (nil, nil):
                throw APIError.badRequest(.missingField, "fov or focal_length_35mm is required")
            case (_?, _?):
                throw APIError.badRequest(.invalidField, "give fov or focal_length_35mm, not both")
            }
            let capture = try CaptureMetadata(
                time: time, coordinate: coordinate, ellipsoidalHeight: nil,
                altitudeMSL: try body.double("altitude"),
                attitude: CameraAttitude(
                    heading: heading, pitch: try body.double("pitch") ?? 0, roll: try body.double("roll") ?? 0
                ),
                headingAccuracy: try body.double("accuracy") ?? 15, intrinsics: intrinsics)
            return (capture, (try body.requiredDouble("tap_x"), try body.requiredDouble("tap_y")))
        }
    }

    /// The capture and tap of a multipart body: a `photo` part (JPEG, HEIC, PNG… whose EXIF gives
    /// position, direction, focal length and size) and a `tap` part `x,y`; optional `heading`
    /// (overrides EXIF's), `accuracy`, `pitch`, `roll`, `time`.
    static func capture(multipart body: [UInt8], contentType: String) throws(APIError) -> (
        CaptureMetadata, (x: Double, y: Double)
    ) {
        let form = try MultipartForm(body, contentType: contentType, allowed: multipartFields)
        guard let photo = form["photo"], !photo.body.isEmpty else {
            throw .badRequest(.missingField, "the photo part is required")
        }
        guard let tapText = try form.text("tap") else {
            throw .badRequest(.missingField, "the tap part (x,y) is required")
        }
        let numbers = tapText.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 2, let x = numbers[0], let y = numbers[1], x.isFinite, y.isFinite else {
            throw .badRequest(.invalidField, "tap must be two numbers x,y, got \"\(tapText)\"")
        }
        let metadata: PhotoMetadata
        do { metadata = try PhotoMetadataReader.read(bytes: photo.body) } catch {
            throw APIError(.unprocessableContent, code: .unreadablePhoto, "photo: \(error.description)")
        }
        let time = try form.text("time").map { text throws(APIError) -> Date in try Self.date(text) }
        return try mappingCaptureErrors {
            let capture = try CaptureMetadata(
                photo: metadata, pitch: try form.number("pitch") ?? 0, roll: try form.number("roll") ?? 0,
                headingOverride: try form.number("heading"),
                headingAccuracy: try form.number("accuracy") ?? 15,
                time: time)
            return (capture, (x, y))
        }
    }

    /// `body`'s result; its errors as API errors: API errors as they are, identification's
    /// through ``apiError(_:)``, anything else (a capture's range checks) as an invalid field.
    static func mappingCaptureErrors<T>(_ body: () throws -> T) throws(APIError) -> T {
        do { return try body() } catch let error as APIError {
            throw error
        } catch let error as IdentifyError {
            throw apiError(error)
        } catch {
            throw .badRequest(.invalidField, "\(error)")
        }
    }

    /// An ISO 8601 instant.
    static func date(_ text: String) throws(APIError) -> Date {
        do {
            return try ISO8601Instant.parse(text)
        } catch {
            throw .badRequest(.invalidField, "time: \(error)")
        }
    }

    /// The service's errors as API errors; the route configures no quota, so a failing place
    /// store (its landmarks) is a server fault like a failing building source.
    static func apiError(_ error: IdentifyServiceError) -> APIError {
        switch error {
        case .identify(let error): apiError(error)
        case .places, .quota, .quotaReached: APIError(.internalServerError, code: .buildingData, error.description)
        }
    }

    /// 422 for a photo without what identification needs, 400 for other bad input, 500 when the
    /// building source fails.
    static func apiError(_ error: IdentifyError) -> APIError {
        switch error.kind {
        case .photoMetadata: APIError(.unprocessableContent, code: .photoMetadata, error.description)
        case .invalidCapture, .tapOutsideImage: .badRequest(.invalidField, error.description)
        case .buildingSource: APIError(.internalServerError, code: .buildingData, error.description)
        }
    }
}
