import Foundation
@testable import NotificationEngine
import Testing

/// The response policy on its own: each answer a user can give, against the
/// category the delivery was made with, and what it decides or why it refuses.
@Suite("Engine core: response policy")
struct ResponsePolicyTests {
    static let date = Date(timeIntervalSinceReferenceDate: 800_000_000)

    static let category = NotificationCategory(
        identifier: "chat",
        actions: [
            NotificationAction(identifier: "like", title: "Like"),
            NotificationAction(identifier: "open", title: "Open", options: [.foreground]),
            NotificationAction(identifier: "pay", title: "Pay", options: [.authenticationRequired]),
            NotificationAction(identifier: "edit", title: "Edit", options: [.foreground, .authenticationRequired]),
            NotificationAction(identifier: "trash", title: "Delete", options: [.destructive, .authenticationRequired]),
            NotificationAction(
                identifier: "reply", title: "Reply", textInput: .init(buttonTitle: "Send", placeholder: "Message")),
        ])
    static let reporting = NotificationCategory(identifier: "reporting", actions: [], options: [.customDismissAction])

    static func delivery(_ category: NotificationCategory?) -> Delivery {
        Delivery(
            id: DeliveryID(), app: "com.example.policy",
            request: NotificationRequest(identifier: "r", content: NotificationContent(title: "T")),
            scheduledDate: date, date: date, isLate: false, category: category)
    }

    struct Answer: Sendable, CustomTestStringConvertible {
        var action: String
        var text: String?
        var authenticated = false
        var category: NotificationCategory?
        /// What the policy decides: (reaches the app, opens it) and the
        /// response's kind, or the error code.
        var expected: Expected

        var testDescription: String { "\(action) text:\(text ?? "-") auth:\(authenticated) → \(expected)" }
    }

    enum Expected: Sendable {
        case success([Bool], NotificationResponse.Kind)
        case failure(NotificationError.Code)
    }

    static let tap = NotificationAction.defaultIdentifier
    static let dismiss = NotificationAction.dismissIdentifier

    static let answers: [Answer] = [
        Answer(action: tap, category: nil, expected: .success([true, true], .default)),
        Answer(action: tap, category: category, expected: .success([true, true], .default)),
        Answer(action: tap, text: "hi", category: category, expected: .failure(.invalidResponse)),
        Answer(action: dismiss, category: nil, expected: .success([false, false], .dismiss)),
        Answer(action: dismiss, category: category, expected: .success([false, false], .dismiss)),
        Answer(action: dismiss, category: reporting, expected: .success([true, false], .dismiss)),
        Answer(action: dismiss, text: "x", category: reporting, expected: .failure(.invalidResponse)),
        Answer(action: "like", category: category, expected: .success([true, false], .action)),
        Answer(action: "like", text: "x", category: category, expected: .failure(.invalidResponse)),
        Answer(action: "open", category: category, expected: .success([true, true], .action)),
        Answer(action: "pay", category: category, expected: .failure(.authenticationRequired)),
        Answer(action: "pay", authenticated: true, category: category, expected: .success([true, false], .action)),
        Answer(action: "edit", category: category, expected: .failure(.authenticationRequired)),
        Answer(action: "edit", authenticated: true, category: category, expected: .success([true, true], .action)),
        Answer(action: "trash", category: category, expected: .failure(.authenticationRequired)),
        Answer(action: "trash", authenticated: true, category: category, expected: .success([true, false], .action)),
        Answer(action: "reply", text: "hello", category: category, expected: .success([true, false], .text)),
        Answer(action: "reply", category: category, expected: .failure(.invalidResponse)),
        Answer(action: "unknown", category: category, expected: .failure(.invalidResponse)),
        Answer(action: "like", category: nil, expected: .failure(.invalidResponse)),
    ]

    @Test("Each answer is decided or refused as the category says", arguments: answers)
    func decides(_ answer: Answer) {
        let delivery = Self.delivery(answer.category)
        let result = Result {
            try ResponsePolicy.decide(
                delivery, actionIdentifier: answer.action, userText: answer.text,
                authenticated: answer.authenticated, category: answer.category, date: Self.date)
        }
        switch (result, answer.expected) {
        case (.success(let decision), .success(let expected, let kind)):
            #expect([decision.reachesApp, decision.opensApp] == expected)
            #expect(decision.response.kind == kind)
            #expect(decision.response.delivery.id == delivery.id)
            #expect(decision.response.actionIdentifier == answer.action)
            #expect(decision.response.userText == answer.text)
            #expect(decision.response.date == Self.date)
        case (.failure(let error), .failure(let code)):
            #expect((error as? NotificationError)?.code == code)
        default:
            Issue.record("expected \(answer.expected), got \(result)")
        }
    }
}
