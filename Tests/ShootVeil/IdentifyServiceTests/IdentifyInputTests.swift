import Foundation
import IdentifyKit
import IdentifyService
import PhotoMetadata
import Testing

/// The one input builder of `loci identify` and `POST /v1/identify`: every number has a range.
@Suite struct IdentifyInputTests {
    static func explicit(
        latitude: Double = 40.7336, longitude: Double = -74.0027, altitude: Double? = nil, width: Int = 4032,
        height: Int = 3024, fov: Double? = 67, focal: Double? = nil
    ) -> IdentifyInput.Camera {
        .explicit(
            latitude: latitude, longitude: longitude, altitude: altitude, width: width, height: height,
            fieldOfView: fov, focalLength35mm: focal)
    }

    static func input(
        camera: IdentifyInput.Camera = explicit(), heading: Double? = 30, accuracy: Double? = nil,
        pitch: Double? = nil, roll: Double? = nil, time: Date? = nil, tapX: Double = 2016, tapY: Double = 1000
    ) -> IdentifyInput {
        IdentifyInput(
            camera: camera, heading: heading, accuracy: accuracy, pitch: pitch, roll: roll, time: time, tapX: tapX,
            tapY: tapY)
    }

    /// The refusal's field, or nil when the input is accepted.
    static func refusedField(_ input: IdentifyInput) -> IdentifyInputField? {
        do {
            _ = try input.request()
            return nil
        } catch {
            return error.field
        }
    }

    @Test("the values of issue 32 and every field's edges: refused naming the field, the edges accepted")
    func ranges() {
        #expect(Self.refusedField(Self.input(accuracy: 1e308)) == .accuracy)
        #expect(Self.refusedField(Self.input(accuracy: 1e9)) == .accuracy)
        #expect(Self.refusedField(Self.input(accuracy: -1)) == .accuracy)
        #expect(Self.refusedField(Self.input(accuracy: .nan)) == .accuracy)
        #expect(Self.refusedField(Self.input(heading: 400)) == .heading)
        #expect(Self.refusedField(Self.input(heading: -1e308)) == .heading)
        #expect(Self.refusedField(Self.input(heading: 360)) == .heading)
        #expect(Self.refusedField(Self.input(heading: .infinity)) == .heading)
        #expect(Self.refusedField(Self.input(pitch: 90.5)) == .pitch)
        #expect(Self.refusedField(Self.input(roll: -181)) == .roll)
        #expect(Self.refusedField(Self.input(camera: Self.explicit(latitude: 91))) == .latitude)
        #expect(Self.refusedField(Self.input(camera: Self.explicit(longitude: -180.5))) == .longitude)
        #expect(Self.refusedField(Self.input(camera: Self.explicit(altitude: 1e308))) == .altitude)
        #expect(Self.refusedField(Self.input(camera: Self.explicit(altitude: -2_000))) == .altitude)
        #expect(Self.refusedField(Self.input(camera: Self.explicit(width: 0))) == .width)
        #expect(Self.refusedField(Self.input(camera: Self.explicit(height: 100_001))) == .height)
        #expect(Self.refusedField(Self.input(camera: Self.explicit(fov: 180))) == .fieldOfView)
        #expect(Self.refusedField(Self.input(camera: Self.explicit(fov: nil, focal: 1e12))) == .focalLength35mm)
        #expect(Self.refusedField(Self.input(camera: Self.explicit(fov: nil, focal: 0))) == .focalLength35mm)
        #expect(Self.refusedField(Self.input(time: Date(timeIntervalSince1970: 0))) == .time)
        #expect(Self.refusedField(Self.input(tapX: -1)) == .tapX)
        #expect(Self.refusedField(Self.input(tapY: 1e300)) == .tapY)
        #expect(Self.refusedField(Self.input(heading: nil)) == .heading)
        #expect(Self.refusedField(Self.input(camera: Self.explicit(fov: nil))) == .fieldOfView)
        #expect(Self.refusedField(Self.input(camera: Self.explicit(fov: 60, focal: 26))) == .fieldOfView)
        // The edges themselves are allowed.
        #expect(Self.refusedField(Self.input(heading: 0, accuracy: 180, pitch: -90, roll: 180)) == nil)
        #expect(Self.refusedField(Self.input(heading: 359.99, accuracy: 0, pitch: 90, roll: -180)) == nil)
        #expect(Self.refusedField(Self.input(camera: Self.explicit(altitude: 20_000, fov: nil, focal: 26))) == nil)
    }

    @Test("a refusal is one line with the field's wire name and its range")
    func message() throws {
        do {
            _ = try Self.input(accuracy: 1e308).request()
            Issue.record("accuracy 1e308 was accepted")
        } catch {
            #expect(error.description == "accuracy: 1e+308 is out of range: must be at least 0 and at most 180 degrees")
            #expect(error.reason == "1e+308 is out of range: must be at least 0 and at most 180 degrees")
        }
        do {
            _ = try Self.input(heading: 400).request()
            Issue.record("heading 400 was accepted")
        } catch {
            #expect(error.description == "heading: 400 is out of range: must be at least 0 and less than 360 degrees")
        }
    }

    @Test("the capture: altitude above sea level, the focal length as the field of view, the tap checked")
    func capture() throws {
        let request = try Self.input(camera: Self.explicit(altitude: 12, fov: nil, focal: 26), pitch: 10).request()
        #expect(request.capture.altitudeMSL == 12)
        #expect(request.capture.position.height == 12)
        #expect(!request.capture.hasEllipsoidalHeight)
        let expected = CameraIntrinsics.horizontalFieldOfView(focalLength35mm: 26, width: 4032, height: 3024)
        #expect(abs(request.capture.intrinsics.horizontalFieldOfView - expected) < 1e-9)
        #expect(request.capture.headingAccuracy == IdentifyInput.defaultAccuracy)
        #expect((request.tapX, request.tapY) == (2016, 1000))
        do {
            _ = try Self.input(tapX: 5000).request()
            Issue.record("a tap outside the image was accepted")
        } catch {
            guard case .capture(let inner) = error.kind, case .tapOutsideImage = inner.kind else {
                Issue.record("\(error)")
                return
            }
        }
    }

    @Test("a photo's own values are checked too: a corrupt GPSImgDirection is refused as the heading")
    func photoValues() {
        var photo = PhotoMetadata(format: .jpeg)
        (photo.latitude, photo.longitude, photo.imgDirection) = (40.7336, -74.0027, 1e308)
        (photo.focalLengthIn35mmFilm, photo.width, photo.height) = (26, 4032, 3024)
        #expect(Self.refusedField(Self.input(camera: .photo(photo), heading: nil)) == .heading)
        // An override replaces it, so the photo's own value is not used and not refused.
        #expect(Self.refusedField(Self.input(camera: .photo(photo), heading: 10)) == nil)
    }

    @Test("the one tap parser: two finite numbers x,y")
    func tap() throws {
        #expect(try IdentifyInput.tap("10, 20.5") == (10, 20.5))
        for bad in ["10", "1,2,3", "x,1", "1,inf", "nan,1", "", ","] {
            #expect(throws: IdentifyInputError(.malformedTap(bad))) { try IdentifyInput.tap(bad) }
        }
    }
}
