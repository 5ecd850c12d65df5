import Dispatch
import Logging
import NotificationEngine

extension GeoClueProvider {
    /// Does `action` with GeoClue over the bus; returns the event its answer
    /// makes, if any. On the queue.
    func perform(_ action: GeoClueMachine.Action) -> GeoClueMachine.Event? {
        switch action {
        case .getClient:
            return attempt("GetClient") { .clientObtained(try getClient()) }
        case .start(let client, let threshold):
            return attempt("Start") {
                try configure(client, distanceThreshold: threshold)
                try call(client, Self.clientInterface, "Start")
                return .started
            }
        case .setDistanceThreshold(let client, let threshold):
            return attempt("DistanceThreshold") {
                try set(client, "DistanceThreshold", .uint32(threshold))
                return nil
            }
        case .stop(let client):
            do {
                try call(client, Self.clientInterface, "Stop")
            } catch {
                logger.info("stopping the GeoClue client \(client): \(error)")
            }
            return nil
        case .read(let location):
            read(location)
            return nil
        case .report(let status):
            report(status)
            return nil
        case .retry(let wait):
            let seconds = Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18
            queue.asyncAfter(deadline: .now() + seconds) { [weak self] in self?.handle(.retryDue) }
            return nil
        }
    }

    private func attempt(_ what: String, _ body: () throws -> GeoClueMachine.Event?) -> GeoClueMachine.Event? {
        do {
            return try body()
        } catch let error as GeoClueError {
            return .failed(error)
        } catch {
            return .failed(GeoClueError(error, calling: what))
        }
    }

    private func getClient() throws -> String {
        let reply = try connection.call(
            Self.service, path: Self.managerPath, interface: "org.freedesktop.GeoClue2.Manager", method: "GetClient",
            replyType: "(o)", timeout: configuration.callTimeout)
        guard let path = reply.first?.string else { throw GeoClueError(.unexpectedReply, "GetClient answered \(reply)") }
        return path
    }

    /// Sets what the client reports before it starts: who asks, how far and how
    /// often, how accurately.
    private func configure(_ client: String, distanceThreshold: UInt32) throws {
        try set(client, "DesktopId", .string(configuration.desktopID))
        try set(client, "DistanceThreshold", .uint32(distanceThreshold))
        try set(client, "TimeThreshold", .uint32(configuration.timeThreshold))
        try set(client, "RequestedAccuracyLevel", .uint32(configuration.accuracyLevel))
    }

    private func set(_ client: String, _ property: String, _ value: DBusValue) throws {
        _ = try connection.call(
            Self.service, path: client, interface: "org.freedesktop.DBus.Properties", method: "Set",
            arguments: [.string(Self.clientInterface), .string(property), .variant(value)], replyType: "()",
            timeout: configuration.callTimeout)
    }

    @discardableResult
    private func call(_ path: String, _ interface: String, _ method: String) throws -> [DBusValue] {
        try connection.call(
            Self.service, path: path, interface: interface, method: method, replyType: "()",
            timeout: configuration.callTimeout)
    }

    /// Reads a location object and sends its position; a location that cannot be
    /// read is logged and skipped (the next one comes with the next move).
    private func read(_ location: String) {
        do {
            let reply = try connection.call(
                Self.service, path: location, interface: "org.freedesktop.DBus.Properties", method: "GetAll",
                arguments: [.string("org.freedesktop.GeoClue2.Location")], replyType: "(a{sv})",
                timeout: configuration.callTimeout)
            let properties = reply.first?.dictionary ?? [:]
            guard case .double(let latitude)? = properties["Latitude"]?.unwrapped,
                case .double(let longitude)? = properties["Longitude"]?.unwrapped,
                latitude.isFinite, longitude.isFinite
            else {
                logger.warning("GeoClue's location \(location) has no usable position: \(properties)")
                return
            }
            send(Coordinate(latitude: latitude, longitude: longitude))
        } catch {
            logger.warning("cannot read GeoClue's location \(location): \(error)")
        }
    }
}
