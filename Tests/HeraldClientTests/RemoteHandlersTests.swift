import NotificationEngine
import Testing

@testable import HeraldClient

/// Which handler connected through a `RemoteNotificationService` gets an app's
/// background push: the latest application handler, else the latest
/// notification handler, as the engine chooses in process; chosen once per push.
struct RemoteHandlersTests {
    static let app: AppIdentifier = "com.example.chat"

    /// Handlers connected in this order (`n` a notification handler, `a` an
    /// application handler, `-` disconnecting the earliest still connected), and
    /// the position (in connection order) of the one chosen, or `nil`.
    @Test(arguments: [
        ("n", 0), ("a", 0), ("na", 1), ("an", 0), ("nn", 1), ("aa", 1), ("nan", 1),
        ("na-", 1), ("an-", 1), ("n-", nil), ("nna-", 2), ("aan--", 2), ("", nil),
    ] as [(String, Int?)])
    func theApplicationHandlerElseTheNotificationHandler(connections: String, chosen: Int?) {
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
        let claiming = tokens.indices.filter { handlers.claims("push", token: tokens[$0], for: Self.app) }
        #expect(claiming == (chosen.map { [$0] } ?? []))
        #expect(tokens.allSatisfy { !handlers.claims("push", token: $0, for: "com.example.other") })
    }

    @Test func aPushIsChosenOnceWhenTheFirstStreamBringsItAndTheChoiceHoldsForTheOthers() {
        let handlers = RemoteHandlers()
        let center = handlers.add(.notifications, for: Self.app)
        let application = handlers.add(.application, for: Self.app)
        #expect(handlers.claims("p1", token: application, for: Self.app))
        handlers.remove(application, for: Self.app)
        #expect(!handlers.claims("p1", token: center, for: Self.app), "the application's stream had it first")
        #expect(handlers.claims("p2", token: center, for: Self.app))
        handlers.remove(center, for: Self.app)
        #expect(!handlers.claims("p3", token: center, for: Self.app), "a stream still open after its handler left")
    }

    @Test func theChoicesKeptAreBounded() {
        let handlers = RemoteHandlers()
        let center = handlers.add(.notifications, for: Self.app)
        for n in 0..<(RemoteHandlers.keptChoices * 3) {
            #expect(handlers.claims("p\(n)", token: center, for: Self.app))
        }
        #expect(handlers.keptChoiceCount(for: Self.app) <= RemoteHandlers.keptChoices)
        #expect(handlers.keptChoiceCount(for: Self.app) >= RemoteHandlers.keptChoices / 2)
    }
}
