public import Foundation

/// The push service's door for devices on other machines, on the provider API's
/// listener beside `/3/device/`:
///
/// - `POST /device/v1/enroll` with `{"code": "hpi_…"}`: the device and its credential,
///   `{"device", "name", "credential"}`, given once;
/// - `POST /device/v1/registrations` with `{"app": …}`: the app's device token on the
///   device, `{"token": "<64 hex digits>"}`;
/// - `POST /device/v1/unregistrations` with `{"app": …}`: the app's token ends;
/// - `POST /device/v1/link`: the device's link, a stream the listener serves.
///
/// Every request but enrollment carries `authorization: bearer hdc_…`. Refusals are
/// the daemon's error shape, `{"error": {"code", "message"}}`.
public struct DeviceEndpoint: Sendable {
    public static let prefix = "/device/v1/"
    public static let linkPath = "/device/v1/link"

    private let directory: PushDirectory
    private let now: @Sendable () -> Date

    public init(directory: PushDirectory, now: @escaping @Sendable () -> Date) {
        (self.directory, self.now) = (directory, now)
    }

    /// The answer to a device's request.
    public func answer(_ request: ProviderRequest) async -> ProviderAnswer {
        do {
            guard request.method == "POST" else { throw Refusal(405, "methodNotAllowed", "the device API takes POST") }
            switch request.path {
            case Self.prefix + "enroll":
                let body = try Self.decode(Enrollment.self, request.body)
                let (device, credential) = try directory.enroll(code: body.code, now: now())
                return try Self.answer(Enrolled(device: device.identifier, name: device.name, credential: credential.description))
            case Self.prefix + "registrations":
                let device = try authenticate(request.fields)
                let body = try Self.decode(AppBody.self, request.body)
                let registration = try directory.register(app: body.app, device: device.identifier, now: now())
                return try Self.answer(Registered(token: registration.token.description))
            case Self.prefix + "unregistrations":
                let device = try authenticate(request.fields)
                let body = try Self.decode(AppBody.self, request.body)
                try directory.unregister(app: body.app, device: device.identifier, now: now())
                return try Self.answer([String: String]())
            default:
                throw Refusal(404, "notFound", "no device API at \(request.path)")
            }
        } catch let refusal as Refusal {
            return refusal.answer
        } catch let error as PushServiceError {
            return Refusal(error).answer
        } catch {
            return Refusal(500, "internal", "\(error)").answer
        }
    }

    /// The enrolled device the request's `authorization: bearer hdc_…` proves.
    ///
    /// - Throws: a refusal, `401 unauthorized`, for a missing, malformed or unknown credential.
    public func authenticate(_ fields: [(name: String, value: String)]) throws -> RemoteDevice {
        let values = fields.filter { $0.name == "authorization" }.map(\.value)
        guard values.count == 1, let value = values.first, value.lowercased().hasPrefix("bearer "),
            let credential = DeviceCredential(value.dropFirst(7).trimmingCharacters(in: .whitespaces)),
            let device = directory.device(authenticating: credential, now: now())
        else { throw Refusal.unauthorized }
        return device
    }

    /// A request refused, with the daemon's error shape.
    public struct Refusal: Error, Sendable {
        public var status: Int
        public var code: String
        public var message: String

        init(_ status: Int, _ code: String, _ message: String) {
            (self.status, self.code, self.message) = (status, code, message)
        }

        init(_ error: PushServiceError) {
            switch error.code {
            case .invalidInvite: self.init(403, "forbidden", error.message)
            case .invalidCredential: self.init(401, "unauthorized", error.message)
            case .deviceNotFound, .keyNotFound, .browserNotFound: self.init(404, "notFound", error.message)
            case .invalidTopic: self.init(422, "invalidTopic", error.message)
            case .invalidIdentifier, .invalidKey, .topicTaken: self.init(422, "invalidIdentifier", error.message)
            case .tooManySubscriptions: self.init(429, "limitReached", error.message)
            case .storeFailure, .keyTaken: self.init(500, "storeFailure", error.message)
            }
        }

        /// A credential missing or no device's.
        public static let unauthorized = Refusal(401, "unauthorized", "a device credential, authorization: bearer hdc_…, is required")

        public var answer: ProviderAnswer {
            let body = ["error": ["code": code, "message": message]]
            return .json(status: status, (try? JSONEncoder().encode(body)) ?? Data())
        }
    }

    struct Enrollment: Codable { var code: String }
    struct AppBody: Codable { var app: String }
    /// The answer to an enrollment.
    public struct Enrolled: Codable, Sendable { public var device: String, name: String, credential: String }
    /// The answer to a registration.
    public struct Registered: Codable, Sendable { public var token: String }

    private static func decode<T: Decodable>(_ type: T.Type, _ body: Data) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: body)
        } catch {
            throw Refusal(400, "badRequest", "the body is not the JSON this request takes")
        }
    }

    private static func answer(_ value: some Encodable) throws -> ProviderAnswer {
        .json(status: 200, try JSONEncoder().encode(value))
    }
}
