import DeviceContracts
import Foundation
import GeoKit
import TidepoolClient
import TidepoolTokens

/// The contract of the client protocols (``TidepoolClient/TidepoolAPI``) as the app's models rely
/// on it, checked against any implementation: the in-memory fake and the generated client
/// talking to a real `loci serve` both pass it.
///
/// Each check starts from fresh, unregistered devices made by the caller's `device` closure;
/// `closeEpoch` moves the server's clock past the current epoch's end and closes it.
public struct TidepoolClientContract: Sendable {
    /// A fresh, unregistered device of the server under test.
    public var device: @Sendable () async throws -> any TidepoolAPI
    /// Closes the current epoch on the server (its releases go live).
    public var closeEpoch: @Sendable () async throws -> Void
    /// A place the server serves: its id, a word of its name, and where it is.
    public var place: (id: String, nameWord: String, latitude: Double, longitude: Double)
    /// An interest tag the server knows.
    public var interestTag: String

    /// A contract over the given server.
    public init(
        device: @escaping @Sendable () async throws -> any TidepoolAPI,
        closeEpoch: @escaping @Sendable () async throws -> Void,
        place: (id: String, nameWord: String, latitude: Double, longitude: Double), interestTag: String
    ) {
        self.device = device
        self.closeEpoch = closeEpoch
        self.place = place
        self.interestTag = interestTag
    }

    /// Every check below, in order.
    public func violations() async -> [ContractViolation] {
        var found: [ContractViolation] = []
        found += await registration()
        found += await presence()
        found += await publishedKeys()
        found += await batchTokens()
        found += await places()
        found += await favourites()
        found += await account()
        return found
    }

    /// A device is unregistered until it registers; registering keeps the session it returns.
    public func registration() async -> [ContractViolation] {
        var found: [ContractViolation] = []
        do {
            let client = try await device()
            if let saved = try await client.credentials() {
                found.append(
                    .init(rule: "a new device has no session", observed: "session \(saved.deviceID)"))
            }
            found += await expect(.notRegistered, "a profile read before registration is notRegistered") {
                _ = try await client.profile()
            }
            found += await expect(.notRegistered, "a favourite before registration is notRegistered") {
                _ = try await client.addFavourite(placeID: place.id, rating: nil, note: nil)
            }
            found += await expect(.attestationRefused(message: ""), "an empty attestation is refused") {
                _ = try await client.register(attestation: "", platform: .ios, keyID: nil, challenge: nil)
            }
            let id = try await client.register(
                attestation: "contract", platform: .ios, keyID: nil, challenge: nil)
            let saved = try await client.credentials()
            if id.isEmpty || saved?.deviceID != id {
                found.append(
                    .init(
                        rule: "registration keeps the session of the id it returns",
                        observed: "\(id), saved \(saved?.deviceID ?? "nil")"))
            }
        } catch { found.append(.init(rule: "registration works", observed: "\(error)")) }
        return found
    }

    /// One token per device per epoch, a token spends once, reports show as heat once the epoch
    /// closes, and a device's day ends after the daily cap of epochs.
    public func presence() async -> [ContractViolation] {
        var found: [ContractViolation] = []
        do {
            // Enough reporters that the noise cannot hide them: the base level's threshold τ plus
            // six standard deviations of its count noise. With three at τ = 3 and σ ≈ 0.34 (the
            // loopback server's ε = 30 a day) the tile was hidden one run in seventy.
            let base = try await device().privacy().levels.first { $0.level == 0 }
            let needed = max(3, (base?.tau ?? 0) + Int((6 * (base?.countSigma ?? 0)).rounded(.up)))
            let reporters = try await registered(needed)
            let tile = GridTiler.standard.tile(
                for: Coordinate(uncheckedLatitude: place.latitude, longitude: place.longitude))
            let sender = PresenceReportSender(client: reporters[0])
            let epoch = try await sender.currentEpoch()
            let token = try await reporters[0].presenceToken(for: epoch)
            if token.epoch != Int64(epoch.epoch) {
                found.append(
                    .init(
                        rule: "a token is for the epoch asked", observed: "\(token.epoch) for \(epoch.epoch)")
                )
            }
            found += await expect(.alreadyIssued(message: ""), "a second token in one epoch is alreadyIssued")
            {
                _ = try await reporters[0].presenceToken(for: epoch)
            }
            try await reporters[0].report(token, tile: tile, facet: nil)
            found += await expect(.doubleSpend(message: ""), "a token spends once (doubleSpend)") {
                try await reporters[0].report(token, tile: tile, facet: nil)
            }
            for reporter in reporters.dropFirst() {
                try await PresenceReportSender(client: reporter).send(tile: tile, facet: nil, in: epoch)
            }
            // A token taken in the epoch and spent after it closed.
            let late = try await registered(1)[0]
            let lateToken = try await late.presenceToken(for: epoch)
            let before = try await reporters[0].heat(
                south: place.latitude - 0.01, west: place.longitude - 0.01, north: place.latitude + 0.01,
                east: place.longitude + 0.01, vector: nil)
            if before.tiles.contains(where: { $0.tileId == tile.description }) {
                found.append(.init(rule: "no heat shows before the epoch closes", observed: "\(tile) shown"))
            }
            try await closeEpoch()
            let privacy = try await reporters[0].privacy()
            if !privacy.liveReleases.contains(epoch.epoch) {
                found.append(
                    .init(
                        rule: "a closed epoch's release is live",
                        observed: "live \(privacy.liveReleases), closed \(epoch.epoch)"))
            }
            let heat = try await reporters[0].heat(
                south: place.latitude - 0.01, west: place.longitude - 0.01, north: place.latitude + 0.01,
                east: place.longitude + 0.01, vector: nil)
            let center = Coordinate(uncheckedLatitude: place.latitude, longitude: place.longitude)
            let covering = heat.tiles.filter { tile in
                tile.bounds.count == 4 && tile.bounds[0] <= center.latitude
                    && center.latitude <= tile.bounds[2]
                    && tile.bounds[1] <= center.longitude && center.longitude <= tile.bounds[3]
            }
            if covering.isEmpty {
                found.append(
                    .init(
                        rule: "reports show as heat once the epoch closed",
                        observed: "\(heat.tiles.count) tiles, none over the place"))
            }
            found += await expect(
                .wrongEpoch(message: ""), "a token of a closed epoch is refused (wrongEpoch)"
            ) {
                try await late.report(lateToken, tile: tile, facet: nil)
            }
            found += await dayCap(privacy)
        } catch { found.append(.init(rule: "epoch, token and report work", observed: "\(error)")) }
        return found
    }

    /// The epoch's key is in the published list, and a key outside it (one a server could make for
    /// a single device, to recognise its token) is refused before anything is asked of the server.
    public func publishedKeys() async -> [ContractViolation] {
        var found: [ContractViolation] = []
        do {
            let client = try await registered(1)[0]
            let epoch = try await client.epoch()
            let published = try await client.epochKeys()
            if published.keys[Int64(epoch.epoch)] != Data(base64Encoded: epoch.publicKey) {
                found.append(
                    .init(
                        rule: "the published keys list the current epoch's key",
                        observed: "epochs \(published.keys.keys.sorted()), current \(epoch.epoch)"))
            }
            var forged = epoch
            forged.publicKey = try EpochKeyring(currentEpoch: Int64(epoch.epoch)).publicKeyDER(
                epoch: Int64(epoch.epoch)
            ).base64EncodedString()
            do {
                _ = try await client.presenceToken(for: forged)
                found.append(.init(rule: "a key outside the published list is refused", observed: "no error"))
            } catch .token(let message) where message.contains("published") {
            } catch {
                found.append(
                    .init(rule: "a key outside the published list is refused", observed: error.description))
            }
            // Refused before issuance: the device's token of the epoch is still there to take.
            _ = try await client.presenceToken(for: epoch)
        } catch { found.append(.init(rule: "published keys work", observed: "\(error)")) }
        return found
    }

    /// Batch issuance (a device's day of tokens in one call): tokens for the current and coming
    /// epochs with published keys, all or none (a batch refused for one epoch issues none of the
    /// others), refused for an epoch without a published key before anything is asked, and
    /// refused (`day_spent`) once the device would hold more than the cap for a day's worth of
    /// consecutive epochs. Reads the cap from the privacy answer and the epochs from the
    /// published keys; assumes no epoch length.
    public func batchTokens() async -> [ContractViolation] {
        var found: [ContractViolation] = []
        do {
            let client = try await registered(1)[0]
            let published = try await client.epochKeys().keys.keys.sorted()
            guard published.count >= 2, let cap = try await client.privacy().accountingSteps?.dailyEpochCap
            else {
                return [
                    .init(
                        rule: "the server publishes keys of coming epochs and its cap",
                        observed: "epochs \(published)")
                ]
            }
            let (first, second) = (published[0], published[1])
            let ahead = try await client.presenceTokens(for: [second])
            if ahead.map(\.epoch) != [second] {
                found.append(
                    .init(
                        rule: "a batch's tokens are for the epochs asked",
                        observed: "\(ahead.map(\.epoch)) for [\(second)]"))
            }
            found += await expect(
                .alreadyIssued(message: ""), "a batch with an epoch already taken is alreadyIssued"
            ) {
                _ = try await client.presenceTokens(for: [first, second])
            }
            do {
                let rest = try await client.presenceTokens(for: [first])
                let tile = GridTiler.standard.tile(
                    for: Coordinate(uncheckedLatitude: place.latitude, longitude: place.longitude))
                if let current = rest.first, current.epoch == Int64(try await client.epoch().epoch) {
                    try await client.report(current, tile: tile, facet: nil)
                }
            } catch {
                found.append(.init(rule: "a refused batch issues none of its tokens", observed: "\(error)"))
            }
            let beyond = (published.last ?? first) + 1
            do {
                _ = try await client.presenceTokens(for: [beyond])
                found.append(
                    .init(rule: "a batch epoch without a published key is refused", observed: "no error"))
            } catch .token(let message) where message.contains("published") {
            } catch {
                found.append(
                    .init(
                        rule: "a batch epoch without a published key is refused", observed: error.description)
                )
            }
            found += await batchCap(cap)
        } catch { found.append(.init(rule: "batch issuance works", observed: "\(error)")) }
        return found
    }

    /// A fresh device takes the cap's tokens in batches; a further epoch within the same day's
    /// worth of epochs is daySpent (checked when the cap is at most 6).
    func batchCap(_ cap: Int) async -> [ContractViolation] {
        guard cap <= 6 else { return [] }
        do {
            let client = try await registered(1)[0]
            var held = Set<Int64>()
            var closes = 0
            while held.count < cap {
                let open = try await client.epochKeys().keys.keys.sorted().filter { !held.contains($0) }
                let take = Array(open.prefix(cap - held.count))
                if !take.isEmpty { held.formUnion(try await client.presenceTokens(for: take).map(\.epoch)) }
                if held.count < cap {
                    try await closeEpoch()
                    closes += 1
                }
            }
            var next = try await client.epochKeys().keys.keys.sorted().first { !held.contains($0) }
            while next == nil && closes < cap + 2 {
                try await closeEpoch()
                closes += 1
                next = try await client.epochKeys().keys.keys.sorted().first { !held.contains($0) }
            }
            guard let next else {
                return [.init(rule: "keys keep being published", observed: "none after \(closes) epochs")]
            }
            return await expect(
                .daySpent(message: ""),
                "a batch past the cap of \(cap) in a day's worth of epochs is daySpent"
            ) {
                _ = try await client.presenceTokens(for: [next])
            }
        } catch { return [.init(rule: "tokens up to the cap are issued in batches", observed: "\(error)")] }
    }

    /// After the daily cap's epochs, the next token of the day is daySpent (checked when the
    /// server publishes a cap of at most 6).
    func dayCap(_ privacy: TidepoolPrivacy) async -> [ContractViolation] {
        guard let cap = privacy.accountingSteps?.dailyEpochCap else {
            return [
                .init(
                    rule: "the privacy answer publishes the daily epoch cap", observed: "no accounting_steps")
            ]
        }
        guard cap <= 6 else { return [] }
        do {
            let client = try await registered(1)[0]
            for _ in 0..<cap {
                _ = try await client.presenceToken(for: client.epoch())
                try await closeEpoch()
            }
            return await expect(.daySpent(message: ""), "a token after the day's \(cap) epochs is daySpent") {
                _ = try await client.presenceToken(for: client.epoch())
            }
        } catch { return [.init(rule: "tokens up to the daily cap are issued", observed: "\(error)")] }
    }

    /// Search finds a place by name with a reason, suggestions are near, a place reads in full.
    public func places() async -> [ContractViolation] {
        var found: [ContractViolation] = []
        do {
            let client = try await registered(1)[0]
            try await client.setProfile(tags: [interestTag], vector: nil, integrations: nil)
            let results = try await client.search(
                place.nameWord, latitude: place.latitude, longitude: place.longitude, radius: nil, limit: 10)
            if !results.results.contains(where: { $0.id == place.id }) {
                found.append(
                    .init(
                        rule: "search by a word of a name finds the place",
                        observed: "\(results.results.map(\.id))"))
            }
            let suggested = try await client.suggestions(
                latitude: place.latitude, longitude: place.longitude, radius: 3_000, limit: 5)
            if suggested.results.isEmpty || suggested.results.count > 5 {
                found.append(
                    .init(
                        rule: "suggestions near a place: 1 to limit", observed: "\(suggested.results.count)"))
            }
            if !suggested.personalised {
                found.append(
                    .init(
                        rule: "a device with a profile gets personalised suggestions",
                        observed: "not personalised"))
            }
            if !results.results.contains(where: { $0.id == place.id && !($0.reason ?? "").isEmpty }) {
                found.append(
                    .init(
                        rule: "a place that fits the profile's interest says why",
                        observed: "\(results.results.map(\.reason))"))
            }
            let full = try await client.place(id: place.id)
            if full.id != place.id {
                found.append(.init(rule: "a place reads by its id", observed: full.id))
            }
            found += await expect(.notFound(message: ""), "an unknown place is notFound") {
                _ = try await client.place(id: "osm:node/999999999")
            }
        } catch { found.append(.init(rule: "search, suggestions and places work", observed: "\(error)")) }
        return found
    }

    /// A favourite is saved once, rated, listed and removed; an add sent twice is not an error.
    public func favourites() async -> [ContractViolation] {
        var found: [ContractViolation] = []
        do {
            let client = try await registered(1)[0]
            let added = try await client.addFavourite(placeID: place.id, rating: nil, note: "contract")
            guard let saved = added.saved.first, saved.placeId == place.id, added.waiting == 0 else {
                return [
                    .init(
                        rule: "an add online is saved at once",
                        observed: "\(added.saved), waiting \(added.waiting)")
                ]
            }
            let again = try await client.addFavourite(placeID: place.id, rating: nil, note: nil)
            if again.sent.count != 1 || !again.refused.isEmpty {
                found.append(
                    .init(
                        rule: "an add the server has already counts as sent",
                        observed: "sent \(again.sent.count), refused \(again.refused.count)"))
            }
            let rated = try await client.rateFavourite(placeID: place.id, rating: 4)
            if rated.saved.first?.rating != 4 || rated.saved.first?.id != saved.id {
                found.append(.init(rule: "a rating keeps the favourite's id", observed: "\(rated.saved)"))
            }
            let list = try await client.favourites()
            if list.map(\.placeId) != [place.id] || list.first?.note != "contract" {
                found.append(
                    .init(rule: "the list holds the favourite once, with its note", observed: "\(list)"))
            }
            try await client.removeFavourite(id: saved.id)
            let remaining = try await client.favourites()
            if !remaining.isEmpty {
                found.append(.init(rule: "a removed favourite is gone", observed: "still listed"))
            }
            let unknown = try await client.addFavourite(placeID: "osm:node/999999999", rating: nil, note: nil)
            let queued = try await client.pendingFavouriteChanges()
            if unknown.refused.count != 1 || !queued.isEmpty {
                found.append(
                    .init(
                        rule: "a refused change is reported and dropped from the queue",
                        observed: "refused \(unknown.refused.count)"))
            }
        } catch { found.append(.init(rule: "favourites work", observed: "\(error)")) }
        return found
    }

    /// The profile, export and delete: delete leaves no session and the server forgets the device.
    public func account() async -> [ContractViolation] {
        var found: [ContractViolation] = []
        do {
            let client = try await registered(1)[0]
            found += await expect(.notFound(message: ""), "a profile never set is notFound") {
                _ = try await client.profile()
            }
            found += await expect(.unknownInterest(message: ""), "an unknown tag is unknownInterest") {
                _ = try await client.setProfile(
                    tags: ["no-such-interest-xyz"], vector: nil, integrations: nil)
            }
            let profile = try await client.setProfile(
                tags: [interestTag], vector: nil, integrations: ["spotify": "connected"])
            if profile.tags != [interestTag] || profile.vector.isEmpty
                || profile.integrations.additionalProperties["spotify"] != "connected"
            {
                found.append(
                    .init(
                        rule: "a profile set from tags has them, a vector and the integrations",
                        observed: "\(profile)"))
            }
            try await client.addFavourite(placeID: place.id, rating: 5, note: nil)
            let saved = try await client.credentials()
            let export = try await client.export()
            if export.device.deviceId != saved?.deviceID || export.favourites.map(\.placeId) != [place.id]
                || export.profile?.value1.tags != [interestTag]
            {
                found.append(
                    .init(
                        rule: "the export holds the device, its profile and favourites", observed: "\(export)"
                    ))
            }
            try await client.deleteDevice()
            if let left = try await client.credentials() {
                found.append(.init(rule: "delete leaves no session", observed: left.deviceID))
            }
            found += await expect(.notRegistered, "after delete the device is unregistered") {
                _ = try await client.export()
            }
            let id = try await client.register(
                attestation: "contract", platform: .ios, keyID: nil, challenge: nil)
            if id == saved?.deviceID {
                found.append(.init(rule: "registering after delete is a new device", observed: id))
            }
            found += await expect(.notFound(message: ""), "the new device has no profile") {
                _ = try await client.profile()
            }
        } catch { found.append(.init(rule: "profile, export and delete work", observed: "\(error)")) }
        return found
    }

    func registered(_ count: Int) async throws -> [any TidepoolAPI] {
        var devices: [any TidepoolAPI] = []
        for _ in 0..<count {
            let client = try await device()
            try await client.register(attestation: "contract", platform: .ios, keyID: nil, challenge: nil)
            devices.append(client)
        }
        return devices
    }

    /// A violation unless `call` throws `expected` (a server refusal by its code, messages aside).
    func expect(
        _ expected: TidepoolClientError, _ rule: String, _ call: () async throws -> Void
    ) async -> [ContractViolation] {
        do {
            try await call()
            return [.init(rule: rule, observed: "no error")]
        } catch let error as TidepoolClientError {
            // A server refusal is compared by its error code; the others (notRegistered) whole.
            let matches = expected.code != nil ? error.code == expected.code : error == expected
            return matches ? [] : [.init(rule: rule, observed: error.description)]
        } catch {
            return [.init(rule: rule, observed: "\(error)")]
        }
    }
}
