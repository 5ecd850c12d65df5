import DesktopNotifications
import Foundation
import NotificationEngine
import Testing

@Suite("Desktop presenter's state machine")
struct DesktopStateTests {
    private func shown(_ presentation: Presentation, serverID: UInt32, in state: inout DesktopState) {
        #expect(state.present(presentation) == [.notify(presentation.delivery.id, replacing: 0)])
        #expect(state.notified(presentation.delivery.id, serverID: serverID) == [])
    }

    @Test("A delivery is shown once; one for the notification center only is not shown")
    func presentOnce() {
        var state = DesktopState(mapping: Fixtures.mapping())
        let alert = Fixtures.presentation()
        #expect(state.present(alert) == [.notify(alert.delivery.id, replacing: 0)])
        #expect(state.present(alert) == [], "handed over again after a crash")
        #expect(state.present(Fixtures.presentation(style: .none)) == [])
    }

    @Test("A newer delivery of the same request replaces the server's notification; the old one's withdrawal closes nothing")
    func replace() {
        var state = DesktopState(mapping: Fixtures.mapping())
        let first = Fixtures.presentation()
        shown(first, serverID: 5, in: &state)
        let second = Fixtures.presentation(Fixtures.delivery())
        #expect(state.present(second) == [.notify(second.delivery.id, replacing: 5)])
        #expect(state.withdraw([first.delivery.id]) == [])
        #expect(state.notified(second.delivery.id, serverID: 5) == [])
        #expect(state.delivery(forServerID: 5) == second.delivery.id)
    }

    @Test("Withdrawn: what the server shows is closed; withdrawn before Notify answered: closed when it does")
    func withdraw() {
        var state = DesktopState(mapping: Fixtures.mapping())
        let shownOne = Fixtures.presentation()
        shown(shownOne, serverID: 3, in: &state)
        #expect(state.withdraw([shownOne.delivery.id]) == [.close(3)])
        let racing = Fixtures.presentation(Fixtures.delivery("other"))
        _ = state.present(racing)
        #expect(state.withdraw([racing.delivery.id]) == [])
        #expect(state.notified(racing.delivery.id, serverID: 4) == [.close(4)])
    }

    @Test("A click answers with the default action and opens the app; the close that follows is no dismissal")
    func click() {
        var state = DesktopState(mapping: Fixtures.mapping())
        let alert = Fixtures.presentation(reportsDismissal: true)
        shown(alert, serverID: 1, in: &state)
        state.activationToken(serverID: 1, token: "tok")
        #expect(state.actionInvoked(serverID: 1, key: "default") == [
            .respond(alert.delivery.id, action: NotificationAction.defaultIdentifier, text: nil, opensApp: true, activationToken: "tok"),
        ])
        #expect(state.closed(serverID: 1, reason: 2) == [])
        #expect(state.actionInvoked(serverID: 1, key: "default") == [], "answered once")
        #expect(state.withdraw([alert.delivery.id]) == [], "the server closed it already")
        let resident = Fixtures.presentation(Fixtures.delivery("b"))
        shown(resident, serverID: 2, in: &state)
        _ = state.actionInvoked(serverID: 2, key: "justInform")
        #expect(state.withdraw([resident.delivery.id]) == [.close(2)], "a server that keeps it after the action is told to close it")
    }

    @Test("A button answers with its action, opening the app only for a foreground one; an unknown key does nothing")
    func buttons() {
        var state = DesktopState(mapping: Fixtures.mapping())
        let alert = Fixtures.presentation()
        shown(alert, serverID: 1, in: &state)
        #expect(state.actionInvoked(serverID: 1, key: "nope") == [])
        #expect(state.actionInvoked(serverID: 9, key: "trashAction") == [])
        #expect(state.actionInvoked(serverID: 1, key: "editList") == [
            .respond(alert.delivery.id, action: "editList", text: nil, opensApp: true, activationToken: nil),
        ])
        let other = Fixtures.presentation(Fixtures.delivery("b"))
        shown(other, serverID: 2, in: &state)
        #expect(state.actionInvoked(serverID: 2, key: "trashAction") == [
            .respond(other.delivery.id, action: "trashAction", text: nil, opensApp: false, activationToken: nil),
        ])
    }

    @Test("A dismissal reaches only a category with the custom dismiss action; expiry never does")
    func dismissal() {
        var state = DesktopState(mapping: Fixtures.mapping())
        let reporting = Fixtures.presentation(reportsDismissal: true)
        let silent = Fixtures.presentation(Fixtures.delivery("b"))
        let expiring = Fixtures.presentation(Fixtures.delivery("c"), reportsDismissal: true)
        shown(reporting, serverID: 1, in: &state)
        shown(silent, serverID: 2, in: &state)
        shown(expiring, serverID: 3, in: &state)
        #expect(state.closed(serverID: 1, reason: 2) == [
            .respond(reporting.delivery.id, action: NotificationAction.dismissIdentifier, text: nil, opensApp: false, activationToken: nil),
        ])
        #expect(state.closed(serverID: 2, reason: 2) == [])
        #expect(state.closed(serverID: 3, reason: 1) == [])
        #expect(state.entries.isEmpty)
    }

    @Test("A reply answers the inline reply's action with the text; without a reply field the web center's box opens")
    func replies() {
        var kde = DesktopState(mapping: Fixtures.mapping(Fixtures.allCapabilities.union(["inline-reply"])))
        let presentation = Fixtures.presentation(actions: [Fixtures.reply])
        shown(presentation, serverID: 1, in: &kde)
        #expect(kde.replied(serverID: 1, text: "on my way") == [
            .respond(presentation.delivery.id, action: "reply", text: "on my way", opensApp: false, activationToken: nil),
        ])
        var plain = DesktopState(mapping: Fixtures.mapping())
        shown(presentation, serverID: 1, in: &plain)
        #expect(plain.replied(serverID: 1, text: "x") == [], "no inline reply was offered")
        #expect(plain.actionInvoked(serverID: 1, key: "reply") == [
            .openReplyBox(presentation.delivery.id, action: "reply", activationToken: nil),
        ])
    }

    @Test("An action needing authentication waits while locked and is asked again at unlock; others run at once")
    func locked() {
        var state = DesktopState(mapping: Fixtures.mapping())
        #expect(state.lockChanged(locked: true) == [])
        let alert = Fixtures.presentation()
        shown(alert, serverID: 1, in: &state)
        #expect(state.actionInvoked(serverID: 1, key: "trashAction") == [])
        #expect(state.isHeld(alert.delivery.id))
        #expect(state.closed(serverID: 1, reason: 2) == [], "the server closes it after the action")
        let other = Fixtures.presentation(Fixtures.delivery("b"))
        shown(other, serverID: 2, in: &state)
        #expect(state.actionInvoked(serverID: 2, key: "justInform") == [
            .respond(other.delivery.id, action: "justInform", text: nil, opensApp: false, activationToken: nil),
        ])
        #expect(state.lockChanged(locked: false) == [.notify(alert.delivery.id, replacing: 0)])
        #expect(state.notified(alert.delivery.id, serverID: 7) == [])
        #expect(state.actionInvoked(serverID: 7, key: "trashAction") == [
            .respond(alert.delivery.id, action: "trashAction", text: nil, opensApp: false, activationToken: nil),
        ])
    }

    @Test("A restarted server is shown the unanswered alerts again, oldest first; banners are let go")
    func serverRestart() {
        var state = DesktopState(mapping: Fixtures.mapping())
        var older = Fixtures.delivery("a")
        older.date = Fixtures.start.addingTimeInterval(-60)
        let first = Fixtures.presentation(older)
        let second = Fixtures.presentation(Fixtures.delivery("b"))
        let banner = Fixtures.presentation(Fixtures.delivery("c"), style: .banner)
        shown(second, serverID: 2, in: &state)
        shown(first, serverID: 1, in: &state)
        shown(banner, serverID: 3, in: &state)
        state.serverVanished()
        #expect(state.actionInvoked(serverID: 1, key: "default") == [], "the old server's ids mean nothing")
        #expect(state.serverAppeared(capabilities: ["actions", "body"]) == [
            .notify(first.delivery.id, replacing: 0), .notify(second.delivery.id, replacing: 0),
        ])
        #expect(state.mapping.capabilities == ["actions", "body"])
        #expect(state.presentation(of: banner.delivery.id) == nil)
    }

    @Test("A server that appears while a Notify is on its way does not show that delivery twice")
    func appearsDuringNotify() {
        var state = DesktopState(mapping: Fixtures.mapping([]))
        let alert = Fixtures.presentation()
        #expect(state.present(alert) == [.notify(alert.delivery.id, replacing: 0)])
        #expect(state.serverAppeared(capabilities: Fixtures.allCapabilities) == [])
        #expect(state.notified(alert.delivery.id, serverID: 1) == [])
        #expect(state.serverAppeared(capabilities: Fixtures.allCapabilities) == [.notify(alert.delivery.id, replacing: 0)],
                "replaced by another server without a gap (NameOwnerChanged old → new)")
    }
}
