import DesktopNotifications
import Foundation
import Logging
import NotificationEngine

extension HeraldDaemon {
    /// The location feed `configuration` asks for: GeoClue for `--location on`
    /// and `auto`, nothing for `off`; `auto` without a system bus feeds nothing
    /// and says why.
    ///
    /// - Throws: ``DaemonError`` for `--location on` when GIO cannot be loaded or
    ///   the system bus cannot be reached.
    static func makeLocation(_ configuration: DaemonConfiguration, engine: NotificationEngine) throws -> LocationFeed {
        guard configuration.location != .off else { return LocationFeed(engine: engine, source: .off) }
        var settings = GeoClueProvider.Configuration()
        settings.callTimeout = configuration.locationCallTimeout
        if let library = configuration.desktopLibrary { settings.gioLibrary = library }
        do {
            return LocationFeed(engine: engine, source: .geoclue(try GeoClueProvider(configuration: settings)))
        } catch let error as GeoClueError {
            guard configuration.location == .auto else {
                throw DaemonError("--location on, but GeoClue cannot be reached: \(error)")
            }
            Logger(label: "herald.location").info("no positions for location triggers: \(error)")
            return LocationFeed(engine: engine, source: .unreachable(error))
        }
    }
}
