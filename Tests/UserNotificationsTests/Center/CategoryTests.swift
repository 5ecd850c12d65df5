import Foundation
import NotificationEngine
import Signals
import Synchronization
import Testing
import UserNotifications

struct CategoryTests {
    private let reply = UNTextInputNotificationAction(
        identifier: "reply", title: "Reply", options: [.authenticationRequired],
        textInputButtonTitle: "Send", textInputPlaceholder: "Message")
    private let delete = UNNotificationAction(identifier: "delete", title: "Delete", options: [.destructive, .foreground])

    @Test func registeredCategoriesReadBackWithTheirActions() async throws {
        let fixture = try await CenterFixture.authorized()
        let chat = UNNotificationCategory(
            identifier: "chat", actions: [reply, delete], intentIdentifiers: [], options: [.customDismissAction])
        let plain = UNNotificationCategory(identifier: "plain", actions: [], intentIdentifiers: [])
        fixture.center.setNotificationCategories([chat, plain])

        let categories = try await fixture.center.throwing.notificationCategories()
        #expect(categories == [chat, plain])
        let readChat = try #require(categories.first { $0.identifier == "chat" })
        let readReply = try #require(readChat.actions.first as? UNTextInputNotificationAction)
        #expect(readReply.textInputButtonTitle == "Send" && readReply.textInputPlaceholder == "Message")
        #expect(readReply.options == [.authenticationRequired])
        #expect(readChat.actions.last?.options == [.destructive, .foreground])
        #expect(readChat.options == [.customDismissAction])

        let listed = await completion { fixture.center.getNotificationCategories(completionHandler: $0) }
        #expect(listed == [chat, plain])
    }

    @Test func settingCategoriesReplacesTheOldOnes() async throws {
        let fixture = try await CenterFixture.authorized()
        fixture.center.setNotificationCategories([UNNotificationCategory(identifier: "old", actions: [delete], intentIdentifiers: [])])
        try await fixture.center.throwing.setNotificationCategories([UNNotificationCategory(identifier: "new", actions: [], intentIdentifiers: [])])
        #expect(try await fixture.center.throwing.notificationCategories().map(\.identifier) == ["new"])
    }

    @Test func everyOptionAndIntentIdentifierReadsBack() async throws {
        let fixture = try await CenterFixture.authorized()
        let category = UNNotificationCategory(
            identifier: "car", actions: [], intentIdentifiers: ["INSendMessageIntent"],
            options: [.allowInCarPlay, .customDismissAction, .hiddenPreviewsShowTitle, .allowAnnouncement])
        fixture.center.setNotificationCategories([category])

        let read = try #require(try await fixture.center.throwing.notificationCategories().first)
        #expect(read == category)
        #expect(read.intentIdentifiers == ["INSendMessageIntent"])
    }

    @Test func tooManyIntentIdentifiersAreRefused() async throws {
        let fixture = try await CenterFixture.authorized()
        let crowded = UNNotificationCategory(
            identifier: "crowded", actions: [], intentIdentifiers: (0..<33).map { "Intent\($0)" })
        let error = await #expect(throws: UNError.self) {
            try await fixture.center.throwing.setNotificationCategories([crowded])
        }
        #expect(error?.code == .invalidCategory)
    }

    @Test func anInvalidCategoryIsRefusedAndChangesNothing() async throws {
        let fixture = try await CenterFixture.authorized()
        let kept = UNNotificationCategory(identifier: "kept", actions: [delete], intentIdentifiers: [])
        fixture.center.setNotificationCategories([kept])
        let twice = UNNotificationCategory(identifier: "twice", actions: [delete, delete], intentIdentifiers: [])

        let reported = Mutex<[UNError]>([])
        let subscription = fixture.center.errors.subscribeNext { error in reported.withLock { $0.append(error) } }
        defer { subscription.dispose() }

        // Apple's signature: no error channel. The refusal is reported, in order.
        fixture.center.setNotificationCategories([twice])
        let categories = await fixture.center.notificationCategories()
        #expect(categories == [kept])
        let errors = reported.withLock { $0 }
        #expect(errors.map(\.code) == [.invalidCategory])
        #expect(errors.first?.message.isEmpty == false)

        // The throwing form throws the same error.
        let error = await #expect(throws: UNError.self) {
            try await fixture.center.throwing.setNotificationCategories([twice])
        }
        #expect(error?.code == .invalidCategory)
    }

    @Test func contentNamingAnUnregisteredCategoryIsRefused() async throws {
        let fixture = try await CenterFixture.authorized()
        let request = UNNotificationRequest(identifier: "a", content: Content.titled("A", category: "nope"), trigger: nil)
        let error = await #expect(throws: UNError.self) { try await fixture.center.add(request) }
        #expect(error?.code == .unknownCategory)
        #expect(error?.code.rawValue == NotificationError.Code.unknownCategory.rawValue)
    }
}
