import Foundation
@testable import NotificationEngine
import Testing

/// The authorization rules on their own: what a request gets for each status
/// and policy, and what each answer makes of the app's preferences.
@Suite("Engine core: authorization rules")
struct AuthorizationRulesTests {
    typealias Outcome = AuthorizationRules.Outcome

    struct Request: Sendable, CustomTestStringConvertible {
        var options: AuthorizationOptions
        var status: AuthorizationStatus
        var policy: NotificationEngine.AuthorizationPolicy
        var expected: Outcome

        var testDescription: String { "\(options.rawValue) \(status) \(policy) → \(expected)" }
    }

    static let asked: AuthorizationOptions = [.alert, .sound]
    static let provisional: AuthorizationOptions = [.alert, .provisional]

    static let requests: [Request] = [
        Request(options: asked, status: .notDetermined, policy: .ask, expected: .ask),
        Request(options: asked, status: .notDetermined, policy: .grantAll, expected: .decide(granted: true)),
        Request(options: asked, status: .notDetermined, policy: .denyAll, expected: .decide(granted: false)),
        Request(options: asked, status: .provisional, policy: .ask, expected: .ask),
        Request(options: asked, status: .provisional, policy: .grantAll, expected: .decide(granted: true)),
        Request(options: asked, status: .provisional, policy: .denyAll, expected: .decide(granted: false)),
        Request(options: asked, status: .authorized, policy: .denyAll, expected: .answered(.authorized)),
        Request(options: asked, status: .denied, policy: .grantAll, expected: .answered(.denied)),
        Request(options: provisional, status: .notDetermined, policy: .ask, expected: .provisional),
        Request(options: provisional, status: .notDetermined, policy: .denyAll, expected: .provisional),
        Request(options: provisional, status: .provisional, policy: .ask, expected: .provisional),
        Request(options: provisional, status: .authorized, policy: .ask, expected: .answered(.authorized)),
        Request(options: provisional, status: .denied, policy: .grantAll, expected: .answered(.denied)),
    ]

    @Test("A request's outcome follows the app's status and the engine's policy", arguments: requests)
    func outcome(_ request: Request) {
        #expect(
            AuthorizationRules.outcome(of: request.options, status: request.status, policy: request.policy)
                == request.expected)
    }

    /// The app's status and options, the options asked for, and those it has after (`nil`: unchanged).
    static let grants: [(AuthorizationStatus, AuthorizationOptions, AuthorizationOptions, AuthorizationOptions?)] = [
        (.notDetermined, [], [.provisional], [.provisional]),
        (.notDetermined, [], [.provisional, .badge], [.provisional, .badge]),
        (.provisional, [.provisional], [.provisional, .alert], [.provisional, .alert]),
        (.provisional, [.provisional, .alert], [.provisional], nil),
        (.provisional, [.provisional, .alert], [.provisional, .alert], nil),
    ]

    @Test("A provisional grant adds the options, and changes nothing when the app has them", arguments: grants)
    func provisionally(
        status: AuthorizationStatus, granted: AuthorizationOptions, asked: AuthorizationOptions,
        expected: AuthorizationOptions?
    ) {
        let preferences = AppNotificationPreferences(authorizationStatus: status, grantedOptions: granted)
        let after = AuthorizationRules.provisionally(preferences, granting: asked)
        #expect(after?.grantedOptions == expected)
        #expect(after.map { $0.authorizationStatus == .provisional } ?? true)
    }

    @Test("An answer authorizes with the options asked for, or denies with none", arguments: [true, false])
    func answered(granted: Bool) {
        let preferences = AppNotificationPreferences(
            authorizationStatus: .provisional, grantedOptions: [.provisional], alertStyle: .alert)
        let after = AuthorizationRules.answered(preferences, granted: granted, options: [.alert, .badge])
        #expect(after.authorizationStatus == (granted ? .authorized : .denied))
        #expect(after.grantedOptions == (granted ? [.alert, .badge] : []))
        #expect(after.alertStyle == .alert)
    }
}
