@testable import DesktopNotifications
import Foundation
import NotificationEngine
import Testing

@Suite("Presentations as Notify calls")
struct NotificationMappingTests {
    @Test("An alert: title, escaped body, every action after the default one, the entry and urgency hints, no expiry")
    func alert() {
        var delivery = Fixtures.delivery(title: "Shopping <b>", body: "Milk & eggs")
        delivery.request.content.subtitle = "Today"
        let request = Fixtures.mapping().request(
            for: Fixtures.presentation(delivery), app: Fixtures.desktopApp, replacing: 0, imagePath: nil)
        #expect(request.appName == "Shopping List")
        #expect(request.summary == "Shopping <b>", "the summary is plain text in the spec")
        #expect(request.body == "<b>Today</b>\nMilk &amp; eggs")
        #expect(request.actions == ["default", "Open", "justInform", "OK, got it", "editList", "Edit list", "trashAction", "Delete list"])
        #expect(request.hints["desktop-entry"] == .string("herald-com.example.shopping"))
        #expect(request.hints["urgency"] == .byte(1))
        #expect(request.hints["sound-name"] == .string("message-new-instant"))
        #expect(request.expireTimeout == 0)
        #expect(request.arguments.map(\.typeString).joined() == "susssasa{sv}i")
    }

    @Test("A banner shows its banner actions and expires; silence is suppress-sound; critical is urgency 2")
    func banner() {
        var presentation = Fixtures.presentation(style: .banner)
        presentation.sound = nil
        presentation.delivery.request.content.interruptionLevel = .critical
        let request = Fixtures.mapping().request(for: presentation, app: Fixtures.desktopApp, replacing: 7, imagePath: "/tmp/a.png")
        #expect(request.actions == ["default", "Open", "justInform", "OK, got it", "editList", "Edit list"])
        #expect(request.expireTimeout == -1)
        #expect(request.replacesID == 7)
        #expect(request.hints["suppress-sound"] == .boolean(true))
        #expect(request.hints["sound-name"] == nil)
        #expect(request.hints["urgency"] == .byte(2))
        #expect(request.hints["image-path"] == .string("/tmp/a.png"))
    }

    @Test("Without body-markup the text goes as it is; without actions the body says where to answer")
    func plainServer() {
        let presentation = Fixtures.presentation(Fixtures.delivery(body: "a < b"))
        let request = Fixtures.mapping(["body"]).request(for: presentation, app: Fixtures.desktopApp, replacing: 0, imagePath: nil)
        #expect(request.actions.isEmpty)
        #expect(request.body == "a < b\nAnswer in the Herald notification center: http://127.0.0.1:7878")
    }

    @Test("A text-input action is KDE's inline-reply where the server has it, a plain button elsewhere")
    func inlineReply() {
        let presentation = Fixtures.presentation(actions: [Fixtures.reply, Fixtures.justInform])
        let kde = Fixtures.mapping(Fixtures.allCapabilities.union(["inline-reply"]))
        let request = kde.request(for: presentation, app: Fixtures.desktopApp, replacing: 0, imagePath: nil)
        #expect(request.actions == ["default", "Open", "inline-reply", "Reply", "justInform", "OK, got it"])
        #expect(request.hints["x-kde-reply-placeholder-text"] == .string("Say something"))
        #expect(request.hints["x-kde-reply-submit-button-text"] == .string("Send"))
        #expect(kde.action(forKey: "inline-reply", in: presentation)?.identifier == "reply")
        let other = Fixtures.mapping().request(for: presentation, app: Fixtures.desktopApp, replacing: 0, imagePath: nil)
        #expect(other.actions == ["default", "Open", "reply", "Reply", "justInform", "OK, got it"])
        #expect(Fixtures.mapping().action(forKey: "inline-reply", in: presentation) == nil)
    }

    @Test("An action named like a reserved key gets a key of its own; without a title the subtitle, then the app, is the summary")
    func reservedKeysAndSummary() {
        let named = NotificationAction(identifier: "default", title: "Default")
        let presentation = Fixtures.presentation(actions: [named])
        let mapping = Fixtures.mapping()
        let request = mapping.request(for: presentation, app: Fixtures.desktopApp, replacing: 0, imagePath: nil)
        #expect(request.actions == ["default", "Open", "x-herald-action:default", "Default"])
        #expect(mapping.action(forKey: "x-herald-action:default", in: presentation) == named)
        #expect(NotificationMapping.summary(title: "", subtitle: "Sub", appName: "App") == ("Sub", ""))
        #expect(NotificationMapping.summary(title: "", subtitle: "", appName: "App") == ("App", ""))
    }

    @Test("Named sounds go by their theme name, absolute paths as sound-file")
    func sounds() {
        #expect(NotificationMapping.soundHints(.named("chime.wav")) == ["sound-name": .string("chime")])
        #expect(NotificationMapping.soundHints(.named("/usr/share/sounds/a.oga")) == ["sound-file": .string("/usr/share/sounds/a.oga")])
        #expect(NotificationMapping.soundHints(NotificationSound.default.playing(as: .critical)) == ["sound-name": .string("dialog-warning")])
    }
}
