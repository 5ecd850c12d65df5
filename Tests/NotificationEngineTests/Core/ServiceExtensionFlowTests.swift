import Foundation
@testable import NotificationEngine
import Testing

/// Which content a push that goes through the app's service extension shows,
/// and when the extension's time is up, decided on their own: no engine.
@Suite("Engine core: service extension flow")
struct ServiceExtensionFlowTests {
    typealias Event = ServiceExtensionFlow.Event
    typealias Action = ServiceExtensionFlow.Action

    static let now = EngineCoreTests.now
    static let modified = NotificationContent(title: "Hi [modified]")
    static let refusal = NotificationError(.payloadTooLarge, "the title is too long")

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// Events after `started`, each with the actions it must give.
        var steps: [(Event, [Action])]
        var phase: ServiceExtensionFlow.Phase

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "content within the time limit is shown",
            steps: [(.contentReceived(.success(modified)), [.cancelDeadline, .showModified(modified)])], phase: .done),
        Case(
            name: "refused content shows the push as it came",
            steps: [(.contentReceived(.failure(refusal)), [.cancelDeadline, .showOriginal(.refused(refusal))])],
            phase: .done),
        Case(
            name: "no content in time: the extension is told, then the push shows as it came",
            steps: [
                (.didReceiveReturned, []), (.deadlinePassed, [.callTimeWillExpire]),
                (.timeWillExpireReturned, [.showOriginal(.timedOut)]),
            ],
            phase: .done),
        Case(
            name: "an extension still in didReceive at the time limit is not told; the push shows as it came",
            steps: [
                (.deadlinePassed, [.showOriginal(.stillReceiving)]), (.didReceiveReturned, []),
                (.timeWillExpireReturned, []), (.contentReceived(.success(modified)), [.ignoreLateContent]),
            ],
            phase: .done),
        Case(
            name: "content given within didReceive, before it returns, is shown",
            steps: [
                (.contentReceived(.success(modified)), [.cancelDeadline, .showModified(modified)]),
                (.didReceiveReturned, []),
            ],
            phase: .done),
        Case(
            name: "content given while its time expires wins",
            steps: [
                (.didReceiveReturned, []), (.deadlinePassed, [.callTimeWillExpire]),
                (.contentReceived(.success(modified)), [.cancelDeadline, .showModified(modified)]),
                (.timeWillExpireReturned, []),
            ], phase: .done),
        Case(
            name: "content after its time expired is ignored",
            steps: [
                (.didReceiveReturned, []), (.deadlinePassed, [.callTimeWillExpire]),
                (.timeWillExpireReturned, [.showOriginal(.timedOut)]),
                (.contentReceived(.success(modified)), [.ignoreLateContent]),
            ], phase: .done),
        Case(
            name: "only the first content counts",
            steps: [
                (.contentReceived(.success(modified)), [.cancelDeadline, .showModified(modified)]),
                (.contentReceived(.success(NotificationContent(title: "second"))), [.ignoreLateContent]),
            ], phase: .done),
        Case(
            name: "a deadline after the content does nothing",
            steps: [
                (.contentReceived(.success(modified)), [.cancelDeadline, .showModified(modified)]),
                (.deadlinePassed, []),
            ], phase: .done),
        Case(name: "waiting for the extension", steps: [], phase: .waiting),
        Case(
            name: "its time expiring", steps: [(.didReceiveReturned, []), (.deadlinePassed, [.callTimeWillExpire])],
            phase: .expiring),
    ]

    @Test("The extension's content, the push's own, or the extension's last chance", arguments: cases)
    func flow(_ test: Case) {
        var flow = ServiceExtensionFlow()
        #expect(flow.handle(.started(now: Self.now)) == [.armDeadline(Self.now.addingTimeInterval(30)), .callExtension])
        for (index, (event, expected)) in test.steps.enumerated() {
            #expect(flow.handle(event) == expected, "step \(index): \(event)")
        }
        #expect(flow.phase == test.phase)
    }

    @Test("Events before the push arrives do nothing but ignore content", arguments: [
        (Event.deadlinePassed, [Action]()), (.timeWillExpireReturned, []), (.didReceiveReturned, []),
        (.contentReceived(.success(modified)), [.ignoreLateContent]),
    ])
    func beforeStart(event: Event, expected: [Action]) {
        var flow = ServiceExtensionFlow()
        #expect(flow.handle(event) == expected)
        #expect(flow.phase == .idle)
    }
}
