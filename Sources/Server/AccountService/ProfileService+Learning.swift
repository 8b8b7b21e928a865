import Foundation
import InterestIntegrations
import InterestKit
import Personalisation
import PlaceKit
import ServerRepositories

extension ProfileService {
    /// `profile` with its vector, model version and signals learned from its tags, the device's
    /// rated favourites (`favourites` when given, else as stored) and the integration signals in
    /// `keeping` (declared and favourite signals there are replaced). A model without a vocabulary
    /// embeds the tags alone.
    func learned(
        _ profile: ProfileRecord, keeping stored: [ProfileSignalRecord], favourites records: [FavouriteRecord]? = nil,
        at now: Int64
    )
        async throws(ProfileServiceError) -> ProfileRecord
    {
        var profile = profile
        profile.modelVersion = interest.version
        guard interest.canonicalizer != nil else {
            profile.vector = []
            if !profile.tags.isEmpty {
                do { profile.vector = (try await interest.vector(forTags: profile.tags)) ?? [] } catch {
                    throw .interest(error)
                }
            }
            return profile
        }
        let signals = try await learnedSignals(
            tags: profile.tags, keeping: stored, deviceID: profile.deviceID, favourites: records, at: now)
        let weighted = weighting.weightedTags(signals, now: Date(timeIntervalSince1970: TimeInterval(now)))
        do { profile.vector = try interest.vector(forWeighted: weighted) ?? [] } catch {
            throw .interest(error)
        }
        profile.signals = signals.map(ProfileSignalRecord.init)
        return profile
    }

    /// The signals a profile is learned from: one `declared` signal per distinct tag (dated
    /// `now`: declared interests fade by the integration mass, not by age), one `favourites`
    /// signal per tag of the rated favourites' places (dated at the favourite's creation), and
    /// the stored signals of every other source.
    /// - Throws: ``ProfileServiceError/interest(_:)`` naming the first unknown tag.
    func learnedSignals(
        tags: [String], keeping stored: [ProfileSignalRecord], deviceID: String,
        favourites records: [FavouriteRecord]? = nil, at now: Int64
    )
        async throws(ProfileServiceError) -> [InterestSignal]
    {
        guard let canonicalizer = interest.canonicalizer else { return [] }
        let date = Date(timeIntervalSince1970: TimeInterval(now))
        var signals: [InterestSignal] = []
        var seen = Set<InterestTag>()
        for (index, raw) in tags.enumerated() {
            guard let tag = canonicalizer.canonicalize(raw).tag else {
                throw .interest(.unknownInterest(index: index, tag: raw))
            }
            if seen.insert(tag).inserted {
                signals.append(InterestSignal(tag: tag, source: .declared, lastSeen: date))
            }
        }
        signals += try await favouriteSignals(deviceID: deviceID, favourites: records, canonicalizer: canonicalizer)
        let replaced: Set<String> = [InterestSource.declared.rawValue, InterestSource.favourites.rawValue]
        signals += stored.filter { !replaced.contains($0.source) }.compactMap(\.interestSignal)
        return signals
    }

    /// The rated favourites' places through ``FavouritesMapper`` (unrated favourites and places
    /// the place store no longer has add nothing): `given`, or the device's as stored.
    private func favouriteSignals(deviceID: String, favourites given: [FavouriteRecord]?, canonicalizer: Canonicalizer)
        async throws(ProfileServiceError) -> [InterestSignal]
    {
        guard let places else { return [] }
        let records: [FavouriteRecord]
        if let given {
            records = given
        } else {
            guard let favourites else { return [] }
            do { records = try await favourites.favourites(deviceID: deviceID) } catch { throw .store(error) }
        }
        var rated: [FavouritesMapper.Favourite] = []
        for record in records {
            guard let rating = record.rating, let id = PlaceID(rawValue: record.placeID) else { continue }
            let place: Place?
            do { place = try await places.placeDetails(id: id) } catch {
                throw .placeLookup(placeID: record.placeID, detail: "\(error)")
            }
            guard let place else { continue }
            let tags = interest.interestTags(of: place).map(\.rawValue).filter {
                $0 != "venue:" + place.category
            }
            rated.append(
                FavouritesMapper.Favourite(
                    placeID: record.placeID, categoryID: place.category, tags: tags, rating: rating,
                    ratedAt: Date(timeIntervalSince1970: TimeInterval(record.createdAt))))
        }
        do { return try FavouritesMapper(canonicalizer: canonicalizer).map(rated).signals } catch {
            throw .favourites(error)
        }
    }
}

extension ProfileSignalRecord {
    /// The stored form of a signal.
    init(_ signal: InterestSignal) {
        self.init(
            tag: signal.tag.rawValue, source: signal.source.rawValue, count: signal.count,
            lastSeen: Int64(signal.lastSeen.timeIntervalSince1970.rounded()), strength: signal.strength)
    }

    /// The signal, nil when the stored tag or source is not one this build knows.
    var interestSignal: InterestSignal? {
        guard let tag = InterestTag(tag), let source = InterestSource(rawValue: source) else { return nil }
        return InterestSignal(
            tag: tag, source: source, count: count,
            lastSeen: Date(timeIntervalSince1970: TimeInterval(lastSeen)),
            strength: strength)
    }
}
