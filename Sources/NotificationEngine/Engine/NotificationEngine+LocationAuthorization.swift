import Foundation
import Synchronization

extension NotificationEngine {
    /// The app asks to use the machine's position, as Core Location's
    /// `requestWhenInUseAuthorization()` and `requestAlwaysAuthorization()` ask.
    ///
    /// Location is off for every app until the person allows it: the ask is
    /// noted in the app's preferences (``LocationAuthorization/requested``), for
    /// the web center and the CLI to show, and reported on ``events``; the person
    /// answers with ``setLocationAuthorization(_:for:)``. An app the person has
    /// answered is not asked again (except from when-in-use to always, once),
    /// as on iOS. Returns the app's permission after the ask.
    ///
    /// - Throws: ``NotificationError/Code/invalidAppIdentifier`` or
    ///   ``NotificationError/Code/storeFailure``, and nothing changes.
    @discardableResult
    public func requestLocationAuthorization(
        _ access: LocationAccess, for app: AppIdentifier
    ) throws -> LocationAuthorization {
        var asked: LocationAuthorization?
        try updatePreferences(for: app) { preferences in
            guard preferences.location.asks(for: access), preferences.location.requested != access else { return }
            preferences.location.requested = access
            asked = preferences.location
        }
        if let asked { emit(.locationAuthorizationChanged(app: app, authorization: asked)) }
        return try locationAuthorization(for: app)
    }

    /// The person's answer to an app's location ask, or a change in the settings:
    /// from now on the app's location triggers fire only while `status`
    /// ``LocationAuthorizationStatus/allowsLocation``. Clears the app's ask;
    /// reported on ``events``.
    ///
    /// - Throws: ``NotificationError/Code/invalidAppIdentifier`` or
    ///   ``NotificationError/Code/storeFailure``, and nothing changes.
    public func setLocationAuthorization(_ status: LocationAuthorizationStatus, for app: AppIdentifier) throws {
        var changed: LocationAuthorization?
        try updatePreferences(for: app) { preferences in
            let new = LocationAuthorization(status: status, requested: nil)
            guard preferences.location != new else { return }
            preferences.location = new
            changed = new
        }
        if let changed { emit(.locationAuthorizationChanged(app: app, authorization: changed)) }
    }

    /// The app's location permission: ``LocationAuthorizationStatus/notDetermined``
    /// for an app that never asked.
    ///
    /// - Throws: ``NotificationError/Code/invalidAppIdentifier`` or
    ///   ``NotificationError/Code/storeFailure``.
    public func locationAuthorization(for app: AppIdentifier) throws -> LocationAuthorization {
        try preferences(for: app).location
    }

    /// The location-triggered requests the engine watches, per app: how many and
    /// the radius of the smallest region, in metres. Whoever feeds positions
    /// asks for them only for apps allowed location, and only as finely as the
    /// smallest of their regions needs.
    public var watchedRegions: [AppIdentifier: (count: Int, smallestRadius: Double)] {
        scheduling.withLock { $0.core.watchedRegions }
    }
}
