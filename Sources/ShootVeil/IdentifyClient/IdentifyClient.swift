import Foundation
import IdentifyKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A Loci server's `POST /v1/identify`, asked with a capture's values as JSON: the phone's
/// position, the camera's heading, pitch and roll, the horizontal field of view and the image
/// size, the capture time and the tap. The answer is the server's ranked candidates and where its
/// aircraft came from (`aircraft.source`: `feed`, `none`, `failed`).
///
/// Every request is bounded by ``timeout`` (a race against a sleep: FoundationNetworking's
/// libcurl rounds a fraction of a second down), and every failure is an ``IdentifyClientError``
/// naming the server.
public struct IdentifyClient: Sendable {
    /// The server, e.g. `https://loci.example`.
    public var baseURL: URL
    /// Seconds before a request counts as failed.
    public var timeout: Double
    /// The most an answer's body may hold, bytes.
    static let maximumBodyBytes = 4 * 1_024 * 1_024
    private let session: URLSession

    /// A client of the server at `baseURL` whose requests give up after `timeout` seconds.
    public init(baseURL: URL, timeout: Double = 8) {
        self.baseURL = baseURL
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout.rounded(.up) + 1
        configuration.timeoutIntervalForResource = timeout.rounded(.up) + 1
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    /// The server's identification of the tap at pixel (`tapX`, `tapY`) of `capture`'s image.
    /// - Throws: ``IdentifyClientError`` when the server cannot be reached in time, answers
    ///   other than 200, or answers what is not the route's JSON.
    public func identify(_ capture: CaptureMetadata, tapX: Double, tapY: Double) async throws(IdentifyClientError)
        -> RemoteIdentification
    {
        let server = baseURL.absoluteString
        var request = URLRequest(url: baseURL.appendingPathComponent("v1/identify"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.timeoutInterval = timeout.rounded(.up) + 1
        do { request.httpBody = try JSONEncoder().encode(IdentifyBody(capture, tapX: tapX, tapY: tapY)) } catch {
            throw IdentifyClientError(server: server, .malformed("the request could not be encoded: \(error)"))
        }
        let data: Data
        let response: URLResponse
        do {
            guard let answer = try await answer(to: request) else {
                throw IdentifyClientError(server: server, .timedOut(seconds: timeout))
            }
            (data, response) = answer
        } catch let error as IdentifyClientError {
            throw error
        } catch let error as URLError where error.code == .timedOut {
            throw IdentifyClientError(server: server, .timedOut(seconds: timeout))
        } catch {
            throw IdentifyClientError(server: server, .unreachable(error.localizedDescription))
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else {
            throw IdentifyClientError(server: server, .http(status: status, message: Self.message(data)))
        }
        guard data.count <= Self.maximumBodyBytes else {
            throw IdentifyClientError(server: server, .malformed("\(data.count) bytes, more than \(Self.maximumBodyBytes)"))
        }
        do {
            let wire = try JSONDecoder().decode(IdentifyAnswerBody.self, from: data)
            return RemoteIdentification(
                direction: ViewingDirection(azimuth: wire.tapAzimuth, elevation: wire.tapElevation),
                candidates: wire.candidates,
                aircraft: AircraftSourceReport(
                    source: wire.aircraft.source, feed: wire.aircraft.feed, count: wire.aircraft.count,
                    note: wire.aircraft.note))
        } catch {
            throw IdentifyClientError(server: server, .malformed("not the identify answer: \(error)"))
        }
    }

    /// The error body's message (`{"error": {"message": …}}`), else the body's first 200 characters.
    static func message(_ data: Data) -> String {
        struct Envelope: Decodable {
            struct Inner: Decodable { var message: String }
            var error: Inner
        }
        if let envelope = try? JSONDecoder().decode(Envelope.self, from: data) { return envelope.error.message }
        return String(decoding: data.prefix(200), as: UTF8.self)
    }

    /// The session's answer, or nil when ``timeout`` passes first (the request is then cancelled).
    private func answer(to request: URLRequest) async throws -> (Data, URLResponse)? {
        let session = self.session
        let timeout = self.timeout
        return try await withThrowingTaskGroup(of: (Data, URLResponse)?.self) { group in
            group.addTask { try await session.data(for: request) }
            group.addTask {
                try await Task.sleep(nanoseconds: UInt64(max(0, timeout) * 1e9))
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
    }
}

/// What a server identified at a tap.
public struct RemoteIdentification: Sendable, Hashable {
    /// The tap's direction as the server worked it out.
    public var direction: ViewingDirection
    /// Its ranked candidates (buildings from its own place store, aircraft from its feed).
    public var candidates: [IdentificationCandidate]
    /// Where its aircraft came from, or why there were none.
    public var aircraft: AircraftSourceReport

    /// An identification from its parts.
    public init(direction: ViewingDirection, candidates: [IdentificationCandidate], aircraft: AircraftSourceReport) {
        self.direction = direction
        self.candidates = candidates
        self.aircraft = aircraft
    }
}

/// Why ``IdentifyClient/identify(_:tapX:tapY:)`` has no answer: which server, and what went wrong.
public struct IdentifyClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// No connection (offline, refused, DNS): the transport's words.
        case unreachable(String)
        /// No answer within this many seconds.
        case timedOut(seconds: Double)
        /// An answer other than 200, with the server's message.
        case http(status: Int, message: String)
        /// A 200 that is not the identify answer.
        case malformed(String)
    }

    /// The server's base URL.
    public var server: String
    /// What went wrong.
    public var kind: Kind

    /// An error about `server`.
    public init(server: String, _ kind: Kind) {
        self.server = server
        self.kind = kind
    }

    /// Whether the server was never reached (no connection, or no answer in time).
    public var isUnreachable: Bool {
        switch kind {
        case .unreachable, .timedOut: true
        case .http, .malformed: false
        }
    }

    /// `"<server>: <what>"`.
    public var description: String {
        switch kind {
        case .unreachable(let reason): "\(server): cannot reach the server (\(reason))"
        case .timedOut(let seconds): "\(server): no answer in \(IdentifyBody.number(seconds)) s"
        case .http(let status, let message): "\(server): HTTP \(status): \(message)"
        case .malformed(let reason): "\(server): \(reason)"
        }
    }
}

/// The route's JSON body for a capture (`openapi.yaml`, `POST /v1/identify`).
struct IdentifyBody: Encodable {
    var lat: Double
    var lon: Double
    var altitude: Double?
    var heading: Double
    var accuracy: Double
    var pitch: Double
    var roll: Double
    var fov: Double
    var width: Int
    var height: Int
    var time: String?
    var tapX: Double
    var tapY: Double

    /// The capture's values: the optical axis's heading, pitch and roll, the MSL altitude when
    /// known, and the horizontal field of view of its (centred, square-pixel) intrinsics.
    init(_ capture: CaptureMetadata, tapX: Double, tapY: Double) {
        lat = capture.position.coordinate.latitude
        lon = capture.position.coordinate.longitude
        altitude = capture.altitudeMSL
        heading = capture.attitude.heading
        accuracy = min(capture.headingAccuracy, 180)
        pitch = capture.attitude.pitch
        roll = capture.attitude.roll
        fov = capture.intrinsics.horizontalFieldOfView
        width = capture.intrinsics.width
        height = capture.intrinsics.height
        time = capture.time.map { Self.instant($0) }
        self.tapX = tapX
        self.tapY = tapY
    }

    enum CodingKeys: String, CodingKey {
        case lat, lon, altitude, heading, accuracy, pitch, roll, fov, width, height, time
        case tapX = "tap_x", tapY = "tap_y"
    }

    /// An ISO 8601 instant in UTC with milliseconds.
    static func instant(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    /// A number without a needless fraction ("4", "2.5").
    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// The route's JSON answer, as far as a phone reads it.
struct IdentifyAnswerBody: Decodable {
    struct Aircraft: Decodable {
        var source: AircraftSourceReport.Source
        var feed: String?
        var count: Int?
        var note: String?
    }

    var tapAzimuth: Double
    var tapElevation: Double
    var aircraft: Aircraft
    var candidates: [IdentificationCandidate]

    enum CodingKeys: String, CodingKey {
        case tapAzimuth = "tap_azimuth", tapElevation = "tap_elevation", aircraft, candidates
    }
}
