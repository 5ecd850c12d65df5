/// The identity of an app that schedules notifications, like a bundle identifier
/// (`"com.example.shopping"`).
///
/// Every request, delivery, category and setting belongs to one app; an app sees
/// only its own.
///
/// The engine accepts 1 to ``NotificationLimits/maximumAppIdentifierLength``
/// characters of `A-Z a-z 0-9 . - _`; any other identifier is refused with
/// ``NotificationError/Code/invalidAppIdentifier``. App identifiers compare and sort by
/// their string.
///
/// ```swift
/// let app: AppIdentifier = "com.example.shopping"
/// let same = AppIdentifier("com.example.shopping")   // app == same
/// ```
public struct AppIdentifier: RawRepresentable, Hashable, Comparable, Codable, Sendable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    /// The identifier's text, such as `"com.example.shopping"`.
    public let rawValue: String

    /// An app identifier with this text; it is checked when the engine uses it.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// An app identifier with this text; it is checked when the engine uses it.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// Decodes an app identifier from a plain JSON string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the app identifier as a plain JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
