public import NotificationModel

extension API {
    /// An app's location permission and whether its location triggers get
    /// positions (`GET /v1/apps/{app}/location`).
    public struct Location: Codable, Sendable, Hashable {
        /// The app.
        public var app: String
        /// Its display name.
        public var name: String
        /// The person's answer, a `CLAuthorizationStatus` name: `notDetermined`,
        /// `restricted`, `denied`, `authorizedAlways` or `authorizedWhenInUse`.
        public var status: String
        /// `CLAuthorizationStatus`'s number for ``status`` (0…4).
        public var authorizationStatus: Int32
        /// What the app asks for while the person has not answered: `whenInUse`
        /// or `always`; absent when it is not asking.
        public var requested: String?
        /// The app's location-triggered requests pending.
        public var regions: Int
        /// Whether the daemon gets positions: `off` (`--location off`),
        /// `stopped` (nothing to watch), `starting`, `running` or `unavailable`.
        public var service: String
        /// Why the service gives no positions, while ``service`` is `unavailable`.
        public var serviceError: LocationServiceError?
        /// Why the app's location triggers wait, absent when they get positions:
        /// `notAuthorized` (the person has not allowed location), `locationOff`
        /// (the daemon runs with `--location off`), `locationUnavailable` (see
        /// ``serviceError``), `starting`.
        public var waiting: String?

        /// An app's location state.
        public init(
            app: String, name: String, authorization: LocationAuthorization, regions: Int, service: String,
            serviceError: LocationServiceError?, waiting: String?
        ) {
            self.app = app
            self.name = name
            status = authorization.status.rawValue
            authorizationStatus = authorization.status.appleValue
            requested = authorization.requested?.rawValue
            self.regions = regions
            self.service = service
            self.serviceError = serviceError
            self.waiting = waiting
        }
    }

    /// Why the daemon gets no positions: GeoClue's reason.
    public struct LocationServiceError: Codable, Sendable, Hashable {
        /// `noSystemBus`, `serviceMissing`, `noAgent`, `refused`, `serviceGone` or `unexpectedReply`.
        public var code: String
        /// What happened, for a person.
        public var message: String

        /// A reason with this code and message.
        public init(code: String, message: String) {
            self.code = code
            self.message = message
        }
    }

    /// `GET /v1/location` (admin): the service and every registered app's location state.
    public struct LocationOverview: Codable, Sendable, Hashable {
        /// As ``Location/service``.
        public var service: String
        /// As ``Location/serviceError``.
        public var serviceError: LocationServiceError?
        /// Each registered app, sorted by identifier.
        public var apps: [Location]

        /// An overview.
        public init(service: String, serviceError: LocationServiceError?, apps: [Location]) {
            self.service = service
            self.serviceError = serviceError
            self.apps = apps
        }
    }

    /// The body of `POST /v1/apps/{app}/location/authorization`: the app asks to use the position.
    public struct LocationAuthorizationRequest: Codable, Sendable, Hashable {
        /// `whenInUse` or `always`.
        public var access: String

        /// An ask for `access`.
        public init(access: String) {
            self.access = access
        }

        /// The engine's value.
        ///
        /// - Throws: ``NotificationError/Code/invalidPayload`` for another word.
        public func engineValue() throws -> LocationAccess {
            guard let access = LocationAccess(rawValue: access) else {
                throw NotificationError(
                    .invalidPayload, "access is whenInUse or always, not \(Validator.quoted(access))")
            }
            return access
        }
    }

    /// The body of `POST /v1/apps/{app}/location/authorization/answer` (admin): the person's answer.
    public struct LocationAuthorizationAnswer: Codable, Sendable, Hashable {
        /// A `CLAuthorizationStatus` name: `authorizedWhenInUse`, `authorizedAlways`,
        /// `denied`, `restricted` or `notDetermined` (ask again).
        public var status: String

        /// An answer.
        public init(status: String) {
            self.status = status
        }

        /// The engine's value.
        ///
        /// - Throws: ``NotificationError/Code/invalidPayload`` for another word.
        public func engineValue() throws -> LocationAuthorizationStatus {
            guard let status = LocationAuthorizationStatus(rawValue: status) else {
                let names = LocationAuthorizationStatus.allCases.map(\.rawValue).joined(separator: ", ")
                throw NotificationError(.invalidPayload, "status is one of \(names), not \(Validator.quoted(status))")
            }
            return status
        }
    }
}
