import Foundation

/// What a user's answer to a delivery does, as the engine decides it before
/// anything is written.
struct ResponseDecision: Equatable {
    var response: NotificationResponse
    /// Whether the app is told (saved for it, handed to its handler).
    var reachesApp: Bool
    /// Whether the answer brings the app to the foreground.
    var opensApp: Bool
}

/// Checks a user's answer against the delivery's category (the one the
/// delivery was made with, not one the app registered since) and decides what
/// it does. Pure: the store, the app's handler and the clock stay outside.
enum ResponsePolicy {
    /// The decision for answering `delivery` with `actionIdentifier` (in NFC) at
    /// `date`, or the typed error that refuses it.
    ///
    /// - Throws: ``NotificationError/Code/invalidResponse`` for text where none
    ///   is asked or none where it is, or an action the category does not have;
    ///   ``NotificationError/Code/authenticationRequired`` for an action that
    ///   needs an authenticated user.
    static func decide(
        _ delivery: Delivery, actionIdentifier: String, userText: String?, authenticated: Bool,
        category: NotificationCategory?, date: Date
    ) throws -> ResponseDecision {
        let response = NotificationResponse(
            delivery: delivery, actionIdentifier: actionIdentifier, userText: userText, date: date)
        switch actionIdentifier {
        case NotificationAction.defaultIdentifier, NotificationAction.dismissIdentifier:
            guard userText == nil else {
                throw NotificationError(.invalidResponse, "a tap or a dismissal carries no text")
            }
            return decision(response, category: category)
        default:
            let action = try action(actionIdentifier, in: category, of: delivery)
            if action.textInput != nil, userText == nil {
                throw NotificationError(.invalidResponse, "action \"\(actionIdentifier)\" needs the user's text")
            }
            if action.textInput == nil, userText != nil {
                throw NotificationError(.invalidResponse, "action \"\(actionIdentifier)\" has no text field")
            }
            if action.options.contains(.authenticationRequired), !authenticated {
                throw NotificationError(
                    .authenticationRequired, "action \"\(actionIdentifier)\" requires an authenticated user")
            }
            return decision(response, category: category)
        }
    }

    /// Whether a valid answer reaches the app and opens it: NotificationModel's
    /// rules, which the client, the web and webhooks follow too.
    private static func decision(_ response: NotificationResponse, category: NotificationCategory?) -> ResponseDecision {
        let actionIdentifier = response.actionIdentifier
        return ResponseDecision(
            response: response,
            reachesApp: NotificationRules.reachesApp(actionIdentifier: actionIdentifier, category: category),
            opensApp: NotificationRules.opensApp(actionIdentifier: actionIdentifier, category: category))
    }

    private static func action(
        _ identifier: String, in category: NotificationCategory?, of delivery: Delivery
    ) throws -> NotificationAction {
        guard let category else {
            throw NotificationError(
                .invalidResponse, "delivery \(delivery.id) has no category, so it has no action \"\(identifier)\"")
        }
        guard let action = category.action(withIdentifier: identifier) else {
            throw NotificationError(
                .invalidResponse, "category \"\(category.identifier)\" has no action \"\(identifier)\"")
        }
        return action
    }
}
