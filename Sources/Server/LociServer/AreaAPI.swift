import AreaKit
import Foundation
import LociAPI

extension LociAPIHandler {
    /// `GET /v1/areas[?near=LAT,LON]`: the areas `--areas` holds (made by `loci area build`), by
    /// name, or nearest first with their distance. Each kind's file is served by ``AreaRoutes``.
    func getV1Areas(_ input: Operations.GetV1Areas.Input) async throws -> Operations.GetV1Areas.Output {
        let near = try input.query.near.map { try AreaRoutes.point($0) }
        let root = services.configuration.areasPath.map { URL(fileURLWithPath: $0, isDirectory: true) }
        let manifests = await onBlockingExecutor { root.map { AreaDirectory(root: $0).areas() } ?? [] }
        let listing = AreaListing(areas: manifests, near: near)
        return .ok(.init(body: .json(Self.wire(listing))))
    }

    /// The listing in the document's types.
    static func wire(_ listing: AreaListing) -> Components.Schemas.AreaListing {
        .init(
            areas: listing.areas.map { offer in
                .init(
                    name: offer.name,
                    bounds: .init(
                        south: offer.bounds.south, west: offer.bounds.west, north: offer.bounds.north,
                        east: offer.bounds.east),
                    builtAt: offer.builtAt, distanceM: offer.distanceM,
                    files: offer.files.map { file in
                        .init(
                            kind: wire(file.kind), file: file.file,
                            bytes: file.bytes, sha256: file.sha256, formatVersion: file.formatVersion,
                            builtAt: file.builtAt)
                    })
            })
    }

    /// A kind in the document's enum.
    static func wire(_ kind: AreaKind) -> Components.Schemas.AreaKind {
        switch kind {
        case .identifyPack: .identifyPack
        case .places: .places
        }
    }
}
