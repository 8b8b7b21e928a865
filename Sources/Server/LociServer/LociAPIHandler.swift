import LociAPI

/// The server's side of openapi.yaml: one thin method per generated operation (``APIProtocol``),
/// each reading its typed input, calling one service of ``ServerServices`` and returning the
/// typed answer. Refusals are thrown as ``APIError``; the generated decoders' own refusals
/// (unknown, missing or mistyped members) become answers in `APIError+Mapping.swift`.
/// The methods are grouped by area: `HealthAPI.swift`, `SessionAPI.swift`, `AccountAPI.swift`,
/// `ProfileAPI.swift`, `TidepoolAPI.swift`, `HeatAPI.swift`, `PlaceAPI.swift`, `FavouriteAPI.swift`.
struct LociAPIHandler: APIProtocol {
    let services: ServerServices
}

/// Components.Schemas.ErrorCode, the document's enum, is the one list of error codes.
public typealias ErrorCode = Components.Schemas.ErrorCode
