import Foundation
import NotificationEngine
import NotificationEngineTesting
import Signals
import Testing
import UserNotifications

/// `NSString.localizedUserNotificationString(forKey:arguments:)`: localized when
/// the notification fires, in the user's language, from the app's strings.
struct LocalizedStringTests {
    /// An app bundle with English and German `Localizable.strings`.
    static func appBundle() throws -> Bundle {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-l10n-\(UUID().uuidString)")
        let tables = [
            "en": #""NEW_MESSAGE" = "%@ sent you a message";"# + "\n" + #""PHOTOS" = "%1$@ shared %2$ld photos";"#,
            "de": #""NEW_MESSAGE" = "%@ hat dir geschrieben";"#,
        ]
        for (language, table) in tables {
            let folder = directory.appendingPathComponent("\(language).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(table.utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
        }
        return try #require(Bundle(url: directory))
    }

    @Test func textsAreLocalizedWhenTheNotificationFiresInTheUsersLanguage() async throws {
        let fixture = try CenterFixture(policy: .grantAll) { $0.preferredLanguages = ["de-CH", "fr"] }
        let center = UNUserNotificationCenter(
            appIdentifier: "com.example.chat", service: fixture.engine, localizationBundle: try Self.appBundle())
        _ = try await center.requestAuthorization(options: [.alert])

        let content = UNMutableNotificationContent()
        content.title = NSString.localizedUserNotificationString(forKey: "NEW_MESSAGE", arguments: ["Anna"])
        content.subtitle = NSString.localizedUserNotificationString(forKey: "NO_SUCH_KEY", arguments: nil)
        content.body = NSString.localizedUserNotificationString(forKey: "PHOTOS", arguments: ["Anna", 3]) + " 📷"
        try await center.add(UNNotificationRequest(
            identifier: "message", content: content,
            trigger: UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: false)))

        // Until it fires, the request holds the texts as the app set them.
        let pending = try #require(await center.pendingNotificationRequests().first?.content)
        #expect(pending.title == content.title && pending.body == content.body)

        fixture.scheduler.advance(by: 60)
        let delivered = try #require(await center.deliveredNotifications().first?.request.content)
        #expect(delivered.title == "Anna hat dir geschrieben")
        #expect(delivered.body == "Anna shared 3 photos 📷", "no German text: English")
        #expect(delivered.subtitle == "NO_SUCH_KEY", "no text at all: the key")
        #expect(fixture.presenter.presentations.first?.delivery.request.content.title == "Anna hat dir geschrieben")
    }

    @Test func theUsersLanguagesComeFromThePOSIXLocaleVariables() {
        #expect(LanguagePreference.fromEnvironment(["LANG": "de_CH.UTF-8"]) == ["de-CH"])
        #expect(LanguagePreference.fromEnvironment(["LANG": "en_US.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"]) == ["fr-FR"])
        #expect(LanguagePreference.fromEnvironment(["LANG": "pt_BR.UTF-8", "LANGUAGE": "pt_BR:es"]) == ["pt-BR", "es"])
        #expect(LanguagePreference.fromEnvironment(["LANG": "C", "LANGUAGE": "de"]).isEmpty)
        #expect(LanguagePreference.fromEnvironment([:]).isEmpty)
    }

    @Test func formatsThatDoNotMatchTheirArgumentsAreNotFilled() {
        let tooFew = LocalizedString(key: "K", arguments: [.string("x")], formats: ["en": "%@ and %@"])
        #expect(tooFew.resolved(for: ["en"]) == "%@ and %@")
        let positional = LocalizedString(key: "K", arguments: [.string("a"), .number(2)], formats: ["en": "%2$ld × %1$@"])
        #expect(positional.resolved(for: ["en"]) == "2 × a")
        let percent = LocalizedString(key: "K", arguments: [.number(50)], formats: ["en": "%ld%% done"])
        #expect(percent.resolved(for: []) == "50% done")
    }
}
