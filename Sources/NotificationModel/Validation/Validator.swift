package import Foundation

/// Checks what apps send the engine against ``NotificationLimits`` and the rules
/// of DESIGN §3. Each check throws a ``NotificationError`` whose message says
/// what was wrong and what the limit is. Validation only reads its arguments, so
/// a caller validates everything first and then changes what it must.
package enum Validator {
    /// The characters an app identifier may use: `A-Z a-z 0-9 . - _`.
    static let appIdentifierCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-_".unicodeScalars)

    /// Checks an app identifier: 1…255 characters of `A-Z a-z 0-9 . - _`.
    package static func validateApp(_ app: AppIdentifier) throws(NotificationError) {
        let value = app.rawValue
        try checkLength(
            value, of: "app identifier", limit: NotificationLimits.maximumAppIdentifierLength,
            code: .invalidAppIdentifier, allowsEmpty: false)
        if let bad = value.unicodeScalars.first(where: { !appIdentifierCharacters.contains($0) }) {
            throw NotificationError(
                .invalidAppIdentifier,
                "app identifier \(quoted(value)) contains \(quoted(String(bad))); only A-Z a-z 0-9 . - _ are allowed")
        }
    }

    /// Checks a badge number: zero or more.
    package static func validateBadge(_ badge: Int) throws(NotificationError) {
        guard badge >= 0 else {
            throw NotificationError(.badgeInputInvalid, "badge \(badge) is negative; a badge is 0 or more")
        }
    }

    /// Checks a request before it is added: its identifier, content, category
    /// (which must be among `categories`, the app's registered ones) and trigger,
    /// which must fire at some date after `now` unless it is a location trigger.
    /// Returns the request's first fire date: `now` without a trigger, `nil` for
    /// a location trigger.
    @discardableResult
    package static func validate(
        _ request: NotificationRequest,
        categories: [NotificationCategory],
        schedule: TriggerSchedule,
        now: Date
    ) throws(NotificationError) -> Date? {
        try checkIdentifier(request.identifier, of: "request identifier")
        try validate(request.content, categories: categories)
        guard let trigger = request.trigger else { return now }
        return try validate(trigger, schedule: schedule, now: now)
    }

    /// Checks the request a push becomes, as ``validate(_:categories:schedule:now:)``
    /// checks an app's: its identifier and content; its trigger must be
    /// ``NotificationTrigger/push``. Content with nothing to show (a background
    /// push's) is checked for its sizes and attachments only. Its category need
    /// not be registered: as on iOS, a push of a category the app has not
    /// registered is shown without actions (the engine finds no category for it
    /// when it delivers). Returns `now`: it is delivered at once.
    @discardableResult
    package static func validatePushed(_ request: NotificationRequest, now: Date) throws(NotificationError) -> Date {
        try checkIdentifier(request.identifier, of: "request identifier")
        if hasSomethingToShow(request.content) {
            try validate(request.content, categories: nil)
        } else {
            try validateSizes(request.content)
            try validateAttachments(request.content.attachments)
        }
        guard request.trigger == .push else {
            throw NotificationError(.invalidTrigger, "the request a push delivers has the push trigger")
        }
        return now
    }

    /// Throws `code` if `value` is longer than `limit` Unicode scalars, or empty
    /// when `allowsEmpty` is false.
    static func checkLength(
        _ value: String, of name: String, limit: Int, code: NotificationError.Code, allowsEmpty: Bool = true
    ) throws(NotificationError) {
        if !allowsEmpty && value.isEmpty {
            throw NotificationError(code, "\(name) is empty; it needs 1 to \(limit) characters")
        }
        // UTF-8 length bounds the scalar count and is O(1) for native strings.
        guard value.utf8.count > limit else { return }
        let length = value.unicodeScalars.count
        guard length > limit else { return }
        throw NotificationError(code, "\(name) is \(length) characters; the limit is \(limit)")
    }

    /// Checks a request, category or action identifier: 1…255 characters.
    static func checkIdentifier(_ value: String, of name: String) throws(NotificationError) {
        try checkLength(
            value, of: name, limit: NotificationLimits.maximumIdentifierLength, code: .invalidIdentifier,
            allowsEmpty: false)
    }

    /// `value` for a message, the same in every locale: `60`, `0.5`, `nan`.
    static func number(_ value: Double) -> String {
        guard value.isFinite, value == value.rounded(), abs(value) < 1e15 else { return "\(value)" }
        return String(Int64(value))
    }

    /// `value` in quotes, cut short if long, for a message.
    package static func quoted(_ value: String) -> String {
        let shown = value.unicodeScalars.count > 64 ? String(value.prefix(60)) + "…" : value
        return "\"\(shown)\""
    }
}
