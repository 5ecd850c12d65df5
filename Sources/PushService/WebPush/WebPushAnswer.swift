public import Foundation

/// What a push service's answer to a message means for its sender (RFC 8030 §5,
/// §6.2 and §8.4, and what the browsers' push services answer).
public enum WebPushAnswer: Sendable, Equatable {
    /// 2xx (201 Created): the push service has the message.
    case accepted
    /// 404 or 410: the subscription is gone; drop it and send it nothing more.
    case gone
    /// 408, 429 or 5xx: try again, not before `retryAfter` if the service said.
    case retry(after: Date?)
    /// Any other answer (400, 401, 403 for VAPID, 413 too large, a redirect): this
    /// message will not be taken; drop it, keep the subscription.
    case refused(status: Int)

    /// The meaning of `status`, with the answer's `Retry-After` (seconds or an HTTP
    /// date) read at `now`.
    public init(status: Int, retryAfter: String?, now: Date) {
        switch status {
        case 200..<300: self = .accepted
        case 404, 410: self = .gone
        case 408, 429, 500..<600: self = .retry(after: retryAfter.flatMap { Self.date(retryAfter: $0, now: now) })
        default: self = .refused(status: status)
        }
    }

    /// A `Retry-After` value as a time: delay-seconds or an IMF-fixdate (RFC 9110 §10.2.3).
    static func date(retryAfter value: String, now: Date) -> Date? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(text), seconds >= 0 { return now + TimeInterval(seconds) }
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "GMT")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return format.date(from: text)
    }
}
