import AccountService

extension ServerServices {
    /// Profiles over this server's store and interest model.
    var profiles: ProfileService { ProfileService(profiles: store, interest: interest) }

    /// Device registration and export over this server's store.
    var devices: DeviceService { DeviceService(store: store) }

    /// Favourites over this server's store and place store.
    var favourites: FavouriteService { FavouriteService(favourites: store, places: places) }
}
