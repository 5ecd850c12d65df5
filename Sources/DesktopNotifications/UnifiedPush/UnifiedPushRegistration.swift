/// A connector's `Register` call to Herald's UnifiedPush distributor
/// (`org.unifiedpush.Distributor2`), its arguments checked: the app's D-Bus name,
/// its token for the registration, and optionally a description and the VAPID key
/// of its application server.
public struct UnifiedPushRegistration: Sendable, Hashable {
    /// The connector's well-known D-Bus name (the app's ID): Herald calls
    /// `org.unifiedpush.Connector2` on it, starting the app when it is not running.
    public var service: String
    /// The connector's name for the registration, unique among Herald's (a UUID).
    public var token: String
    /// What the registration is for (an account, say), for a person.
    public var description: String?
    /// The application server's VAPID public key as the connector gave it: an
    /// uncompressed P-256 point in base64url, which Herald decodes and checks.
    public var vapid: String?

    public init(service: String, token: String, description: String? = nil, vapid: String? = nil) {
        self.service = service
        self.token = token
        self.description = description
        self.vapid = vapid
    }

    /// The most bytes of a token, and of a description (the specification's bound).
    public static let maximumTokenLength = 100
    public static let maximumDescriptionLength = 100
    /// The most bytes of a VAPID key read: a key is 87 characters.
    static let maximumVAPIDLength = 200

    /// The registration a `Register` call's `a{sv}` asks for. An empty `description`
    /// or `vapid` is as none.
    ///
    /// - Throws: ``UnifiedPushError`` `invalidArguments`, naming the first rule broken.
    package init(arguments: [String: DBusValue]) throws {
        let service = try Self.string("service", in: arguments)
        guard Self.isWellKnownName(service) else {
            throw UnifiedPushError(.invalidArguments, "service is the connector's well-known D-Bus name, such as org.example.App; not \(service.debugDescription)")
        }
        guard !Self.reservedPrefixes.contains(where: service.hasPrefix) else {
            throw UnifiedPushError(.invalidArguments, "\(service) is a name of the bus or of a distributor, not of an app")
        }
        self.init(service: service, token: try Self.token(in: arguments))
        description = try Self.optional("description", in: arguments, maximum: Self.maximumDescriptionLength)
        vapid = try Self.optional("vapid", in: arguments, maximum: Self.maximumVAPIDLength)
    }

    /// The token of an `Unregister` call's `a{sv}`.
    ///
    /// - Throws: ``UnifiedPushError`` `invalidArguments`.
    package static func token(in arguments: [String: DBusValue]) throws -> String {
        let token = try string("token", in: arguments)
        guard (1...maximumTokenLength).contains(token.utf8.count), !token.unicodeScalars.contains(where: isControl) else {
            throw UnifiedPushError(
                .invalidArguments, "token is 1 to \(maximumTokenLength) bytes without control characters; this one is \(token.utf8.count) bytes")
        }
        return token
    }

    private static func string(_ key: String, in arguments: [String: DBusValue]) throws -> String {
        guard let value = arguments[key] else { throw UnifiedPushError(.invalidArguments, "\(key) is missing") }
        guard let text = value.string else {
            throw UnifiedPushError(.invalidArguments, "\(key) is a string (s), not \(value.typeString)")
        }
        return text
    }

    private static func optional(_ key: String, in arguments: [String: DBusValue], maximum: Int) throws -> String? {
        guard arguments[key] != nil else { return nil }
        let text = try string(key, in: arguments)
        guard text.utf8.count <= maximum, !text.unicodeScalars.contains(where: isControl) else {
            throw UnifiedPushError(.invalidArguments, "\(key) is at most \(maximum) bytes without control characters")
        }
        return text.isEmpty ? nil : text
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Names no app may register as: the bus's own, and distributors'.
    static let reservedPrefixes = ["org.freedesktop.DBus", "org.unifiedpush.Distributor."]

    /// Whether `name` is a well-known bus name (the D-Bus specification's rules): at
    /// most 255 characters, two or more dot-separated elements of `[A-Za-z0-9_-]`,
    /// none empty or starting with a digit.
    public static func isWellKnownName(_ name: String) -> Bool {
        guard (1...255).contains(name.utf8.count) else { return false }
        let elements = name.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return elements.count >= 2 && elements.allSatisfy { element in
            guard let first = element.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
            return element.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            }
        }
    }
}
