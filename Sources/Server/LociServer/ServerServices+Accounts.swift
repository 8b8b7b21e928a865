import AccountService
import TidepoolReads

extension ServerServices {
    /// Profiles over this server's store and interest model, learning from the favourites'
    /// places.
    var profiles: ProfileService {
        ProfileService(profiles: store, interest: interest, favourites: store, places: places)
    }

    /// Device export over this server's store.
    var devices: DeviceService { DeviceService(store: store) }

    /// Registration, refresh and login over this server's store, with the configured lifetimes.
    var sessions: SessionService { SessionService(store: store, lifetimes: configuration.sessionLifetimes) }

    /// Registration: the configured attestation, then a new device and session.
    var registration: RegistrationService { RegistrationService(attestation: attestation, sessions: sessions, units: store) }

    /// Single-use registration challenges over this server's store.
    var challenges: ChallengeService { ChallengeService(store: store) }

    /// Favourites over this server's store and place store; each change learns the profile again.
    var favourites: FavouriteService {
        FavouriteService(favourites: store, places: places, profiles: profiles)
    }

    /// Place search and suggestions in the caller's personal order.
    var personalSearch: PersonalSearch {
        PersonalSearch(places: places, engine: engine, profiles: profiles, interest: interest, reader: heatReader)
    }

    /// Heat over a viewport for one viewer, from the live releases.
    var viewportHeat: ViewportHeat { ViewportHeat(engine: engine, profiles: profiles, reader: heatReader) }
}
