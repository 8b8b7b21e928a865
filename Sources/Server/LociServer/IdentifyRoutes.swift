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
/// memory from the photo's first ``photoPrefixBytes`` as the upload streams in; the photo is never stored.
struct IdentifyRoutes {
    let services: ServerServices

    /// Largest multipart body (a phone photo), bytes; JSON bodies keep the server's limit.
    static let maxPhotoBodyBytes = 24 * 1_024 * 1_024
    /// Bytes of the photo part kept in memory for its metadata; the rest is read and dropped.
    /// JPEG keeps its Exif segment (at most 64 KiB) and the frame header before the image data;
    /// HEIF keeps `meta` and, in the photos measured (docs/reliability.md), the Exif item near the
    /// start of `mdat`. A file whose metadata lies further in reads as one without it (422).
    static let photoPrefixBytes = 1_024 * 1_024

    /// Bytes kept of the multipart part called `name`.
    static func keptBytes(of name: String) -> Int {
        name == "photo" ? photoPrefixBytes : MultipartForm.keptTextBytes
    }

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
        let identifyRequest: IdentifyRequest
        if contentType.lowercased().hasPrefix("multipart/form-data") {
            let form = try await MultipartForm.read(
                request, contentType: contentType, allowed: Self.multipartFields, limit: Self.maxPhotoBodyBytes,
                keep: Self.keptBytes(of:))
            identifyRequest = try Self.request(multipart: form)
        } else {
            let body = try JSONBody(
                try await request.collectBody(limit: services.configuration.maxBodyBytes),
                allowed: Self.jsonFields)
            identifyRequest = try Self.request(json: body)
        }
        let capture = identifyRequest.capture
        let service = services.identification
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

    /// The request of a JSON body: `lat`, `lon`, `heading`, `width`, `height`, `fov` (or
    /// `focal_length_35mm`), `tap_x`, `tap_y` required; `altitude` (m above sea level),
    /// `accuracy` (heading, degrees, default 15), `pitch`, `roll` (default 0), `time` (ISO 8601).
    /// Only the JSON types are read here; the ranges are ``IdentifyInput``'s, shared with the CLI.
    static func request(json body: JSONBody) throws(APIError) -> IdentifyRequest {
        let lat = try body.requiredDouble("lat")
        let lon = try body.requiredDouble("lon")
        let heading = try body.requiredDouble("heading")
        guard let width = try body.int("width"), let height = try body.int("height") else {
            throw .badRequest(.missingField, "width and height are required")
        }
        let input = IdentifyInput(
            camera: .explicit(
                latitude: lat, longitude: lon, altitude: try body.double("altitude"), width: width, height: height,
                fieldOfView: try body.double("fov"), focalLength35mm: try body.double("focal_length_35mm")),
            heading: heading, accuracy: try body.double("accuracy"), pitch: try body.double("pitch"),
            roll: try body.double("roll"),
            time: try body.string("time").map { text throws(APIError) -> Date in try Self.date(text) },
            tapX: try body.requiredDouble("tap_x"), tapY: try body.requiredDouble("tap_y"))
        do { return try input.request() } catch { throw apiError(error) }
    }

    /// The request of a multipart body (read by ``MultipartForm/read(_:contentType:allowed:limit:keep:)``
    /// with ``keptBytes(of:)``): a `photo` part (JPEG, HEIC, PNG… whose EXIF gives
    /// position, direction, focal length and size) and a `tap` part `x,y`; optional `heading`
    /// (overrides EXIF's), `accuracy`, `pitch`, `roll`, `time`.
    static func request(multipart form: MultipartForm) throws(APIError) -> IdentifyRequest {
        guard let photo = form["photo"], photo.size > 0 else {
            throw .badRequest(.missingField, "the photo part is required")
        }
        guard let tapText = try form.text("tap") else {
            throw .badRequest(.missingField, "the tap part (x,y) is required")
        }
        let tap: (x: Double, y: Double)
        do { tap = try IdentifyInput.tap(tapText) } catch { throw apiError(error) }
        let metadata: PhotoMetadata
        do { metadata = try PhotoMetadataReader.read(bytes: photo.prefix) } catch {
            throw APIError(.unprocessableContent, code: .unreadablePhoto, "photo: \(error.description)")
        }
        let input = IdentifyInput(
            camera: .photo(metadata), heading: try form.number("heading"), accuracy: try form.number("accuracy"),
            pitch: try form.number("pitch"), roll: try form.number("roll"),
            time: try form.text("time").map { text throws(APIError) -> Date in try Self.date(text) },
            tapX: tap.x, tapY: tap.y)
        do { return try input.request() } catch { throw apiError(error) }
    }

    /// A refused input: 400 `missing_field` or `invalid_field` naming the field and its range,
    /// or the capture's own error (422 for a photo without what identification needs).
    static func apiError(_ error: IdentifyInputError) -> APIError {
        switch error.kind {
        case .missing: .badRequest(.missingField, error.description)
        case .outOfRange, .conflicting, .malformedTap: .badRequest(.invalidField, error.description)
        case .capture(let error): apiError(error)
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
        case .cancelled: APIError.deadlineExceeded
        }
    }
}
