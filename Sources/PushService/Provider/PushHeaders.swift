public import Foundation

/// The `apns-*` headers of a push to `POST /3/device/{token}`, read as APNs
/// reads them.
public struct PushHeaders: Sendable, Equatable {
    /// What a push does (`apns-push-type`). Herald acts on the two kinds that mean
    /// something off Apple's devices; the others are Apple's `InvalidPushType`.
    public enum PushType: String, Sendable, Equatable {
        /// Shows an alert, plays a sound or sets the badge.
        case alert
        /// Wakes the app with `content-available`, shows nothing.
        case background
    }

    /// How soon to deliver (`apns-priority`).
    public enum Priority: Int, Sendable, Equatable {
        /// At once.
        case immediate = 10
        /// May be grouped with others, to spare the device.
        case conservative = 5
        /// Whenever the device is next reached.
        case lowest = 1
    }

    /// How long a push may wait for its device (`apns-expiration`).
    public enum Expiration: Sendable, Equatable {
        /// Delivered at once or never (`0`).
        case immediately
        /// Kept until this date.
        case until(Date)
    }

    public var pushType: PushType
    /// The push's identifier: `apns-id` as sent, or a new one; echoed in the answer.
    public var id: UUID
    public var expiration: Expiration?
    public var priority: Priority
    /// The app the push is for (`apns-topic`).
    public var topic: String
    /// Pushes with the same collapse identifier replace each other (`apns-collapse-id`).
    public var collapseID: String?

    /// The most bytes of a collapse identifier.
    public static let maximumCollapseIDBytes = 64

    /// Reads the push's headers (names in any case); `makeID` makes an `apns-id`
    /// for a push that brings none.
    ///
    /// - Throws: ``APNsRefusal`` with Apple's reason: `DuplicateHeaders`,
    ///   `InvalidPushType`, `BadMessageId`, `BadExpirationDate`, `BadPriority`
    ///   (also priority 10 for a background push, as Apple refuses it),
    ///   `MissingTopic`, `BadTopic`, `BadCollapseId`.
    public init(_ fields: [(name: String, value: String)], makeID: () -> UUID = UUID.init) throws {
        var headers: [String: String] = [:]
        for (name, value) in fields {
            let name = name.lowercased()
            guard name.hasPrefix("apns-") else { continue }
            guard headers.updateValue(value, forKey: name) == nil else {
                throw APNsRefusal(.duplicateHeaders, "\(name) appears twice")
            }
        }
        pushType = try Self.pushType(headers["apns-push-type"])
        id = try Self.id(headers["apns-id"], makeID: makeID)
        expiration = try Self.expiration(headers["apns-expiration"])
        priority = try Self.priority(headers["apns-priority"], for: pushType)
        topic = try Self.topic(headers["apns-topic"])
        collapseID = try Self.collapseID(headers["apns-collapse-id"])
    }

    private static func pushType(_ value: String?) throws -> PushType {
        guard let value else { return .alert }
        guard let type = PushType(rawValue: value) else {
            throw APNsRefusal(.invalidPushType, "apns-push-type \(value) is not alert or background")
        }
        return type
    }

    private static func id(_ value: String?, makeID: () -> UUID) throws -> UUID {
        guard let value else { return makeID() }
        // The 8-4-4-4-12 form only: Foundation also reads forms APNs refuses.
        let groups = value.split(separator: "-", omittingEmptySubsequences: false).map(\.count)
        guard groups == [8, 4, 4, 4, 12], let id = UUID(uuidString: value) else {
            throw APNsRefusal(.badMessageId, "apns-id \(value) is not a UUID")
        }
        return id
    }

    private static func expiration(_ value: String?) throws -> Expiration? {
        guard let value else { return nil }
        guard let seconds = Int64(value), seconds >= 0, value.allSatisfy(\.isASCII) else {
            throw APNsRefusal(.badExpirationDate, "apns-expiration \(value) is not a UNIX time in seconds")
        }
        return seconds == 0 ? .immediately : .until(Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    private static func priority(_ value: String?, for type: PushType) throws -> Priority {
        guard let value else { return type == .background ? .conservative : .immediate }
        guard let number = Int(value), let priority = Priority(rawValue: number) else {
            throw APNsRefusal(.badPriority, "apns-priority \(value) is not 10, 5 or 1")
        }
        if type == .background, priority == .immediate {
            throw APNsRefusal(.badPriority, "a background push cannot have priority 10")
        }
        return priority
    }

    private static func topic(_ value: String?) throws -> String {
        guard let value, !value.isEmpty else { throw APNsRefusal(.missingTopic, "no apns-topic") }
        let allowed = value.utf8.allSatisfy { byte in
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x2D || byte == 0x2E || byte == 0x5F
        }
        guard allowed, value.utf8.count <= 255 else {
            throw APNsRefusal(.badTopic, "apns-topic \(value.prefix(64)) is not an app identifier")
        }
        return value
    }

    private static func collapseID(_ value: String?) throws -> String? {
        guard let value else { return nil }
        guard value.utf8.count <= maximumCollapseIDBytes else {
            throw APNsRefusal(.badCollapseId, "apns-collapse-id is longer than 64 bytes")
        }
        return value
    }
}
