import NotificationEngine
import Testing

@testable import HeraldClient

/// Which handler connected through a `RemoteNotificationService` gets an app's
/// background push (the latest application handler, else the latest
/// notification handler) and its answers (the other way round), as the engine
/// chooses in process; chosen once per push or answer.
struct RemoteHandlersTests {
    static let app: AppIdentifier = "com.example.chat"

    /// Handlers connected in this order (`n` a notification handler, `a` an
    /// application handler, `-` disconnecting the earliest still connected), and
    /// the position (in connection order) of the one chosen for a push and for
    /// an answer, or `nil`.
    @Test(arguments: [
        ("n", 0, 0), ("a", 0, 0), ("na", 1, 0), ("an", 0, 1), ("nn", 1, 1), ("aa", 1, 1), ("nan", 1, 2),
        ("na-", 1, 1), ("an-", 1, 1), ("n-", nil, nil), ("nna-", 2, 1), ("aan--", 2, 2), ("", nil, nil),
    ] as [(String, Int?, Int?)])
    func pushesToTheApplicationHandlerFirstAnswersToTheNotificationHandler(
        connections: String, push: Int?, answer: Int?
    ) {
        let handlers = RemoteHandlers()
        var tokens: [UInt64] = []
        var connected: [UInt64] = []
        for step in connections {
            if step == "-" {
                handlers.remove(connected.removeFirst(), for: Self.app)
                continue
            }
            let token = handlers.add(step == "a" ? .application : .notifications, for: Self.app)
            tokens.append(token)
            connected.append(token)
        }
        for (routed, chosen) in [(RemoteHandlers.Routed.push, push), (.answer, answer)] {
            let claiming = tokens.indices.filter { handlers.claims("id", as: routed, token: tokens[$0], for: Self.app) }
            #expect(claiming == (chosen.map { [$0] } ?? []), "\(routed)")
            let now = tokens.indices.filter { handlers.isChosen(tokens[$0], for: routed, of: Self.app) }
            #expect(now == (chosen.map { [$0] } ?? []), "\(routed)")
            #expect(tokens.allSatisfy { !handlers.claims("id", as: routed, token: $0, for: "com.example.other") })
        }
    }

    @Test func aPushIsChosenOnceWhenTheFirstStreamBringsItAndTheChoiceHoldsForTheOthers() {
        let handlers = RemoteHandlers()
        let center = handlers.add(.notifications, for: Self.app)
        let application = handlers.add(.application, for: Self.app)
        #expect(handlers.claims("p1", as: .push, token: application, for: Self.app))
        handlers.remove(application, for: Self.app)
        #expect(!handlers.claims("p1", as: .push, token: center, for: Self.app), "the application's stream had it first")
        #expect(handlers.claims("p2", as: .push, token: center, for: Self.app))
        handlers.remove(center, for: Self.app)
        #expect(!handlers.claims("p3", as: .push, token: center, for: Self.app), "a stream still open after its handler left")
    }

    @Test func theChoicesKeptAreBounded() {
        let handlers = RemoteHandlers()
        let center = handlers.add(.notifications, for: Self.app)
        for n in 0..<(RemoteHandlers.keptChoices * 3) {
            #expect(handlers.claims("p\(n)", as: .push, token: center, for: Self.app))
        }
        #expect(handlers.keptChoiceCount(for: Self.app) <= RemoteHandlers.keptChoices)
        #expect(handlers.keptChoiceCount(for: Self.app) >= RemoteHandlers.keptChoices / 2)
    }

    @Test func anAnswerIsChosenOnceAndAgainWhenItsHandlerLeft() {
        let handlers = RemoteHandlers()
        let application = handlers.add(.application, for: Self.app)
        #expect(handlers.claims("r1", as: .answer, token: application, for: Self.app))
        let center = handlers.add(.notifications, for: Self.app)
        #expect(!handlers.claims("r1", as: .answer, token: center, for: Self.app), "the application's stream had it first")
        #expect(handlers.claims("r1", as: .answer, token: application, for: Self.app), "sent again on its stream")
        #expect(handlers.claims("r2", as: .answer, token: center, for: Self.app))
        #expect(handlers.claims("r2", as: .push, token: application, for: Self.app), "a push's choice is its own")
        handlers.remove(application, for: Self.app)
        #expect(handlers.claims("r1", as: .answer, token: center, for: Self.app), "not acknowledged: sent again")
    }
}
