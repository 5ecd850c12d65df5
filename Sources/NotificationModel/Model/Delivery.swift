public import Foundation

/// The identity of one delivery, unique across restarts: presenters dedupe on it.
///
/// The engine gives each delivery a new random UUID when it fires; a delivery
/// handed to the presenters again after a crash keeps its identifier. It is what a
/// presenter passes back to ``NotificationEngine/respond(to:actionIdentifier:userText:authenticated:)``.
public struct DeliveryID: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The UUID behind the identifier.
    public let rawValue: UUID

    /// The identifier with this UUID.
    public init(rawValue: UUID) {
        self.rawValue = rawValue
    }

    /// A new, unique identifier: a time-ordered UUID (version 7, RFC 9562), the
    /// Unix time in milliseconds followed by 74 random bits from the system's
    /// generator (getrandom, read ahead in 4 KiB blocks).
    ///
    /// Time order keeps the stores' indexes on delivery identifiers appending at
    /// their end instead of touching a random page per delivery, which made a
    /// burst of deliveries write a page of the write-ahead log each.
    public init() {
        let milliseconds = UInt64(max(0, Date().timeIntervalSince1970 * 1_000))
        let randomA = RandomPool.next()
        let randomB = RandomPool.next()
        let high = (milliseconds << 16 | 0x7000 | randomA & 0x0FFF).bigEndian
        let low = (randomB & 0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000).bigEndian
        rawValue = withUnsafeBytes(of: (high, low)) { bytes in
            UUID(uuid: bytes.load(as: uuid_t.self))
        }
    }

    public init?(_ string: String) {
        guard let uuid = UUID(uuidString: string) else { return nil }
        rawValue = uuid
    }

    /// Decodes an identifier from a UUID string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(UUID.self)
    }

    /// Encodes the identifier as a UUID string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The UUID string, in upper case.
    public var description: String {
        // The same text as `uuidString` (upper-case 8-4-4-4-12), without its
        // formatted printing: stores write this string for every delivery.
        String(unsafeUninitializedCapacity: Self.textLength) { writeText(to: $0) }
    }

    /// The length of ``description``, in bytes.
    package static let textLength = 36

    /// Writes ``description``'s bytes at the start of `text`, which has room for
    /// ``textLength`` of them; returns how many it wrote.
    @discardableResult
    package func writeText(to text: UnsafeMutableBufferPointer<UInt8>) -> Int {
        withUnsafeBytes(of: rawValue.uuid) { bytes in
            var index = 0
            for (position, byte) in bytes.enumerated() {
                if position == 4 || position == 6 || position == 8 || position == 10 {
                    text[index] = UInt8(ascii: "-")
                    index += 1
                }
                text[index] = Self.hexDigit(byte >> 4)
                text[index + 1] = Self.hexDigit(byte & 0x0F)
                index += 2
            }
            return index
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}

/// A request that fired: what the notification center shows and what a response
/// refers to (`UNNotification` on Apple's platforms).
///
/// Each firing of a request is one delivery: a repeating request makes a new one
/// each time, with a new ``id``. A delivery stays in the app's notification center
/// (``NotificationService/deliveredNotifications(for:)``) until the user answers it,
/// the app removes it, or a later delivery of the same request identifier replaces it;
/// one that arrives while its app is in the foreground is listed only if the app
/// asks for it (``PresentationOptions/list`` or ``PresentationOptions/alert``).
public struct Delivery: Codable, Sendable, Hashable, Identifiable {
    /// The delivery's identity, which responses and presenters refer to.
    public var id: DeliveryID
    /// The app the request belongs to.
    public var app: AppIdentifier
    /// The request that fired, as it was when it fired.
    public var request: NotificationRequest
    /// When the request was due: its fire date, or for a location trigger the
    /// moment the region was crossed.
    public var scheduledDate: Date
    /// When it was delivered, by the engine's clock.
    public var date: Date
    /// Delivered after it was due, for instance after the engine was down: `date`
    /// is at least ``NotificationEngine/Configuration/lateTolerance`` after
    /// `scheduledDate`.
    public var isLate: Bool
    /// The category the delivery was made with: the app's category named by the
    /// content's ``NotificationContent/categoryIdentifier`` as it was when the
    /// request fired, or one without actions or options if the app had no category
    /// of that name then. `nil` when the content names no category, and for
    /// deliveries stored before the engine kept categories with them.
    ///
    /// Its actions are the ones the delivery offers, whatever the app registers
    /// later: the engine checks responses against it (the action and its text
    /// field, ``NotificationAction/Options/authenticationRequired``,
    /// ``NotificationAction/Options/foreground``, and
    /// ``NotificationCategory/Options/customDismissAction``), falling back to the
    /// app's current category only when it is `nil`.
    public var category: NotificationCategory?

    /// A delivery with these values. The engine makes deliveries when requests
    /// fire; make one yourself for tests or for a ``Presenter`` fed by hand.
    ///
    /// - Parameters:
    ///   - id: The delivery's identity.
    ///   - app: The app the request belongs to.
    ///   - request: The request that fired.
    ///   - scheduledDate: When the request was due.
    ///   - date: When it was delivered.
    ///   - isLate: Whether it was delivered late.
    ///   - category: The category it was made with; `nil` (the default) for none.
    public init(
        id: DeliveryID,
        app: AppIdentifier,
        request: NotificationRequest,
        scheduledDate: Date,
        date: Date,
        isLate: Bool,
        category: NotificationCategory? = nil
    ) {
        self.id = id
        self.app = app
        self.request = request
        self.scheduledDate = scheduledDate
        self.date = date
        self.isLate = isLate
        self.category = category
    }
}
