public import Foundation
public import NotificationModel

/// What travels on a device's link (`POST /device/v1/link`), one JSON object per
/// line: the service's lines down the response, the device's up the request.
public enum LinkMessage {
    /// A push, down: its number in the device's order, its app, the notification, and
    /// when it expires (`nil` for now-or-never).
    public struct Push: Codable, Sendable, Equatable {
        public var sequence: UInt64
        public var app: String
        public var notification: RemoteNotification
        /// A push that reaches the device after this (sent into a connection that was
        /// cut, and carried once it came back) is dropped there, never shown.
        public var expiresAt: Date?

        public init(sequence: UInt64, app: String, notification: RemoteNotification, expiresAt: Date? = nil) {
            (self.sequence, self.app, self.notification, self.expiresAt) = (sequence, app, notification, expiresAt)
        }

        public init(_ entry: DeviceQueue.Entry) {
            self.init(sequence: entry.sequence, app: entry.app, notification: entry.notification, expiresAt: entry.expiresAt)
        }

        /// Whether it may still be shown at `now`.
        public func isLive(at now: Date) -> Bool {
            expiresAt.map { $0 > now } ?? true
        }
    }

    /// A line down: a push, or nothing (`{}`), sent when the link is otherwise quiet so
    /// each end knows the other is there.
    public enum Down: Sendable, Equatable {
        case push(Push)
        case keepalive
    }

    /// The device has shown (or kept) every push up to this number, up.
    public struct Acknowledgement: Codable, Sendable, Equatable {
        public var ack: UInt64

        public init(ack: UInt64) { self.ack = ack }
    }

    /// The response field of a link that names the epoch of the device's numbering
    /// (``DeviceQueueStore/epoch(device:)``): a device that sees another than the last
    /// it saw counts the numbers it has shown from nothing.
    public static let epochField = "herald-queue-epoch"

    /// How long a quiet link waits before a keepalive line.
    public static let keepaliveInterval: TimeInterval = 25
    /// How long a device waits for any line before it takes the link for dead.
    public static let silenceLimit: TimeInterval = 3 * keepaliveInterval
    /// The longest line either end takes: a push's payload is at most 4 KB, which its
    /// JSON at most quadruples with escapes; more is a broken or hostile peer.
    public static let maximumLineBytes = 64 * 1024

    /// `message` as one line, ending in a newline.
    public static func line(_ message: some Encodable) throws -> Data {
        var data = try JSONEncoder.link.encode(message)
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// A push's notification as the link writes it inside a push's line, for a store
    /// to keep: a line made of what it kept (``DeviceQueueStore/takeUnsentLines(device:now:)``)
    /// is the line ``line(_:)`` makes.
    public static func notificationJSON(_ notification: RemoteNotification) throws -> Data {
        try JSONEncoder.link.encode(notification)
    }

    /// A notification ``notificationJSON(_:)`` wrote.
    public static func notification(fromJSON json: Data) throws -> RemoteNotification {
        try JSONDecoder.link.decode(RemoteNotification.self, from: json)
    }

    /// The line for `down`.
    public static func line(_ down: Down) throws -> Data {
        switch down {
        case .push(let push): try line(push)
        case .keepalive: Data("{}\n".utf8)
        }
    }

    /// A line from the service.
    ///
    /// - Throws: `DecodingError` for a line that is neither a push nor `{}`.
    public static func down(_ line: Data) throws -> Down {
        if line.elementsEqual("{}".utf8) { return .keepalive }
        return .push(try JSONDecoder.link.decode(Push.self, from: line))
    }
}

/// Cuts a byte stream into lines, holding at most ``LinkMessage/maximumLineBytes``.
/// Pure: each end feeds it what it reads.
public struct LineBuffer: Sendable {
    private var pending = Data()

    public init() {}

    /// A line longer than the limit.
    public struct TooLong: Error, Sendable {}

    /// Takes `bytes`; returns the lines they complete, without their newlines (empty
    /// lines left out).
    ///
    /// - Throws: ``TooLong`` when a line grows past the limit.
    public mutating func take(_ bytes: some Sequence<UInt8>) throws -> [Data] {
        pending.append(contentsOf: bytes)
        var lines: [Data] = []
        while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = pending[pending.startIndex..<end]
            if !line.isEmpty { lines.append(Data(line)) }
            pending = Data(pending[pending.index(after: end)...])
        }
        guard pending.count <= LinkMessage.maximumLineBytes else { throw TooLong() }
        return lines
    }
}

extension JSONEncoder {
    /// The link's encoder: dates as seconds since 1970, exactly.
    static var link: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }
}

extension JSONDecoder {
    static var link: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }
}
