import Foundation
import HeraldTestSupport
import LegacyNotifications
import NotificationEngine
import Signals
import Testing

@Suite("UIUserNotificationAction and UIUserNotificationCategory", .offThePool)
struct UserNotificationCategoryTests {
    static func action(
        _ identifier: String, _ mode: UIUserNotificationActivationMode = .background
    ) -> UIMutableUserNotificationAction {
        let action = UIMutableUserNotificationAction()
        action.identifier = identifier
        action.title = identifier.capitalized
        action.activationMode = mode
        return action
    }

    @Test("A new action is a background button with nothing required")
    func actionDefaults() {
        let action = UIMutableUserNotificationAction()
        #expect(action.identifier == nil && action.title == nil)
        #expect(action.activationMode == .background)
        #expect(!action.isDestructive && !action.isAuthenticationRequired)
        #expect(action.behavior == .default)
        #expect(action.parameters.isEmpty)
    }

    @Test("A foreground action always requires authentication, as on iOS 8")
    func foregroundImpliesAuthentication() {
        let action = Self.action("edit", .foreground)
        action.isAuthenticationRequired = false
        #expect(action.isAuthenticationRequired)
        action.activationMode = .background
        #expect(!action.isAuthenticationRequired)
        action.isAuthenticationRequired = true
        #expect(action.isAuthenticationRequired)
    }

    @Test("The default context takes at most four actions, the minimal one two; registering more is refused")
    func actionLimits() async throws {
        #expect(UIUserNotificationActionContext.default.maximumActionCount == 4)
        #expect(UIUserNotificationActionContext.minimal.maximumActionCount == 2)
        let five = (1...5).map { Self.action("a\($0)") }
        let fits = Self.category("fits", default: Array(five.prefix(4)), minimal: Array(five.prefix(2)))
        let tooMany = Self.category("too-many", default: five, minimal: nil)
        let tooManyMinimal = Self.category("too-many-minimal", default: five.prefix(3).map { $0 }, minimal: five.prefix(3).map { $0 })
        #expect(tooMany.actions(for: .default)?.count == 5, "setActions stores what it is given, as on iOS 8")

        let fixture = try LegacyFixture()
        let reported = ReportedErrors(fixture.application)
        fixture.application.registerUserNotificationSettings(UIUserNotificationSettings(types: [.alert], categories: [fits]))
        for refused in [tooMany, tooManyMinimal] {
            fixture.application.registerUserNotificationSettings(
                UIUserNotificationSettings(types: [.alert], categories: [refused]))
        }
        #expect(reported.codes == [.invalidCategory, .invalidCategory])
        let registered = try #require(fixture.application.currentUserNotificationSettings?.categories)
        #expect(registered.compactMap(\.identifier) == ["fits"], "a refused registration changes nothing")
    }

    @Test("Two actions with one identifier in a context are refused when registering")
    func duplicateActions() async throws {
        let twice = Self.category("twice", default: [Self.action("same"), Self.action("same")], minimal: nil)
        let fixture = try LegacyFixture()
        let reported = ReportedErrors(fixture.application)
        fixture.application.registerUserNotificationSettings(UIUserNotificationSettings(types: [.alert], categories: [twice]))
        #expect(reported.codes == [.invalidCategory])
        #expect(fixture.application.currentUserNotificationSettings?.categories == nil)
        let error = await #expect(throws: NotificationError.self) {
            try await fixture.application.throwing.registerUserNotificationSettings(
                UIUserNotificationSettings(types: [.alert], categories: [twice]))
        }
        #expect(error?.code == .invalidCategory)
    }

    @Test("Actions and categories copy and archive as on iOS")
    func copyingAndArchiving() throws {
        let reply = Self.action("reply", .foreground)
        reply.isDestructive = true
        reply.behavior = .textInput
        reply.parameters = [UIUserNotificationTextInputActionButtonTitleKey: "Send"]
        let category = Self.category("chat", default: [reply, Self.action("later")], minimal: [reply])

        let frozen = try #require(reply.copy() as? UIUserNotificationAction)
        #expect(!(frozen is UIMutableUserNotificationAction))
        let editable = try #require(frozen.mutableCopy() as? UIMutableUserNotificationAction)
        editable.title = "Answer"
        #expect(frozen.title == "Reply" && editable.title == "Answer" && editable.isDestructive)

        let data = try NSKeyedArchiver.archivedData(withRootObject: category, requiringSecureCoding: true)
        let restored = try #require(
            try NSKeyedUnarchiver.unarchivedObject(ofClass: UIUserNotificationCategory.self, from: data))
        #expect(restored.identifier == "chat")
        #expect(restored.actions(for: .default)?.compactMap(\.identifier) == ["reply", "later"])
        let restoredReply = try #require(restored.actions(for: .minimal)?.first)
        #expect(restoredReply.activationMode == .foreground && restoredReply.isDestructive)
        #expect(restoredReply.behavior == .textInput)
        #expect(restoredReply.parameters[UIUserNotificationTextInputActionButtonTitleKey] as? String == "Send")
        #expect(restored != category, "compared by identity, as NSObjects")

        let copy = try #require(category.mutableCopy() as? UIMutableUserNotificationCategory)
        copy.identifier = "other"
        #expect(category.identifier == "chat")
        #expect(UIUserNotificationCategory().identifier == nil && UIUserNotificationAction().identifier == nil)
    }

    static func category(
        _ identifier: String, default actions: [UIUserNotificationAction], minimal: [UIUserNotificationAction]?
    ) -> UIMutableUserNotificationCategory {
        let category = UIMutableUserNotificationCategory()
        category.identifier = identifier
        category.setActions(actions, for: .default)
        category.setActions(minimal, for: .minimal)
        return category
    }

    @Test("actions(for:) returns what was set, nil for a context never set or cleared")
    func actionsForContext() throws {
        let category = UIMutableUserNotificationCategory()
        category.identifier = "c"
        #expect(category.identifier == "c")
        let ok = Self.action("ok")
        category.setActions([ok], for: .default)
        #expect(category.actions(for: .default)?.first === ok)
        #expect(category.actions(for: .minimal) == nil)
        category.setActions(nil, for: .default)
        #expect(category.actions(for: .default) == nil)
    }

    @Test("Categories map to the engine: default actions, minimal ones, options and text fields")
    func engineMapping() async throws {
        let fixture = try LegacyFixture()
        let category = UIMutableUserNotificationCategory()
        category.identifier = "mail"
        let archive = Self.action("archive")
        let open = Self.action("open", .foreground)
        let delete = Self.action("delete")
        delete.isDestructive = true
        delete.isAuthenticationRequired = true
        let reply = Self.action("reply")
        reply.behavior = .textInput
        reply.parameters = [UIUserNotificationTextInputActionButtonTitleKey: "Reply now"]
        category.setActions([archive, open, delete, reply], for: .default)
        let quick = Self.action("quick")
        category.setActions([delete, quick], for: .minimal)
        let error = await #expect(throws: NotificationError.self) { try await fixture.register([category]) }
        #expect(error?.code == .invalidCategory, "a minimal action must be one of the default ones")
        category.setActions([delete, reply], for: .minimal)
        try await fixture.register([category])

        let engineCategory = try #require(try await fixture.engine.categories(for: fixture.app).first)
        #expect(engineCategory.identifier == "mail")
        #expect(engineCategory.actions.map(\.identifier) == ["archive", "open", "delete", "reply"])
        #expect(engineCategory.actions.map(\.options) == [
            [], [.foreground, .authenticationRequired], [.destructive, .authenticationRequired], [],
        ])
        #expect(engineCategory.actions.map(\.title) == ["Archive", "Open", "Delete", "Reply"])
        #expect(engineCategory.actions[3].textInput?.buttonTitle == "Reply now")
        #expect(engineCategory.minimalActions?.map(\.identifier) == ["delete", "reply"])
    }

    @Test("A text-input action without a button title gets \"Send\"")
    func defaultSendButton() async throws {
        let fixture = try LegacyFixture()
        let category = UIMutableUserNotificationCategory()
        category.identifier = "chat"
        let reply = Self.action("reply")
        reply.behavior = .textInput
        category.setActions([reply], for: .default)
        try await fixture.register([category])
        let engineCategory = try #require(try await fixture.engine.categories(for: fixture.app).first)
        #expect(engineCategory.actions.first?.textInput?.buttonTitle == "Send")
    }

    @Test("Registered categories read back as equal immutable categories")
    func readBack() async throws {
        let fixture = try LegacyFixture()
        let category = UIMutableUserNotificationCategory()
        category.identifier = "mail"
        let open = Self.action("open", .foreground)
        let reply = Self.action("reply")
        reply.behavior = .textInput
        reply.parameters = [UIUserNotificationTextInputActionButtonTitleKey: "Go"]
        let delete = Self.action("delete")
        delete.isDestructive = true
        category.setActions([open, reply, delete], for: .default)
        category.setActions([delete], for: .minimal)
        try await fixture.register([category])

        let settings = try await fixture.application.throwing.currentUserNotificationSettings()
        let read = try #require(settings.categories?.first)
        #expect(!(read is UIMutableUserNotificationCategory))
        #expect(read.identifier == "mail")
        let actions = try #require(read.actions(for: .default))
        #expect(actions.map(\.identifier) == ["open", "reply", "delete"])
        #expect(actions.map(\.activationMode) == [.foreground, .background, .background])
        #expect(actions.map(\.isAuthenticationRequired) == [true, false, false])
        #expect(actions.map(\.isDestructive) == [false, false, true])
        #expect(actions.map(\.behavior) == [.default, .textInput, .default])
        #expect(actions[1].parameters[UIUserNotificationTextInputActionButtonTitleKey] as? String == "Go")
        #expect(read.actions(for: .minimal)?.map(\.identifier) == ["delete"])
    }

    @Test("Categories hash and compare by identity, like NSObjects")
    func identity() {
        let first = UIMutableUserNotificationCategory()
        first.identifier = "same"
        let second = UIMutableUserNotificationCategory()
        second.identifier = "same"
        #expect(first == first)
        #expect(first != second)
        #expect(Set<UIUserNotificationCategory>([first, second, first]).count == 2)
    }
}
