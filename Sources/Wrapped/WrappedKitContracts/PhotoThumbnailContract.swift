import DeviceContracts
import WrappedKit

/// The contract of ``WrappedKit/PhotoThumbnailSource``, checked against any implementation.
public enum PhotoThumbnailContract {
    /// Checks `source` with a photo it has (`knownID`) and an id it does not have (`unknownID`):
    /// fitted sizes at several maxima, bytes matching the format, typed errors.
    public static func violations(
        of source: some PhotoThumbnailSource, knownID: String, unknownID: String,
        maxPixelSizes: [Int] = [1, 64, 300]
    ) async -> [ContractViolation] {
        var found: [ContractViolation] = []
        for size in maxPixelSizes {
            do {
                let image = try await source.thumbnail(for: knownID, maxPixelSize: size)
                if image.pixelWidth < 1 || image.pixelHeight < 1
                    || max(image.pixelWidth, image.pixelHeight) > size
                {
                    found.append(
                        .init(
                            rule: "the longest side is at most maxPixelSize and no side is empty",
                            observed: "\(image.pixelWidth)×\(image.pixelHeight) for \(size)"))
                }
                if PhotoThumbnail.sniffFormat(image.data) != image.format {
                    found.append(
                        .init(
                            rule: "the bytes are the format stated",
                            observed:
                                "stated \(image.format), bytes look like \(String(describing: PhotoThumbnail.sniffFormat(image.data)))"
                        ))
                }
            } catch {
                found.append(.init(rule: "a known photo gives a thumbnail", observed: "\(error) at \(size)"))
            }
        }
        do {
            let image = try await source.thumbnail(for: unknownID, maxPixelSize: 64)
            found.append(
                .init(
                    rule: "an unknown id throws notFound",
                    observed: "gave \(image.pixelWidth)×\(image.pixelHeight)"))
        } catch {
            if error != .notFound(assetID: unknownID) {
                found.append(.init(rule: "an unknown id throws notFound", observed: "\(error)"))
            }
        }
        do {
            _ = try await source.thumbnail(for: knownID, maxPixelSize: 0)
            found.append(.init(rule: "a size below 1 throws invalidSize", observed: "gave an image"))
        } catch {
            if error != .invalidSize(0) {
                found.append(.init(rule: "a size below 1 throws invalidSize", observed: "\(error)"))
            }
        }
        return found
    }
}
