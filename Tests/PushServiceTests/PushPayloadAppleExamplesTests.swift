import Foundation
import NotificationModel
import Testing

@testable import PushService

/// The payloads printed in Apple's documentation, read as a device would show them.
struct PushPayloadAppleExamplesTests {
    typealias Fixture = PushPayloadFixture

    struct Example: Sendable, CustomTestStringConvertible {
        /// Where Apple prints it.
        var source: String
        var type: PushHeaders.PushType
        var json: String
        var shown: NotificationContent
        var isContentAvailable = false
        var isMutableContent = false
        var testDescription: String { source }
    }

    static let generating = "developer.apple.com/documentation/usernotifications/generating-a-remote-notification"

    @Test(arguments: [
        Example(
            source: "\(generating): an alert inviting the user to a game", type: .alert,
            json: """
                {
                   "aps" : {
                      "alert" : {
                         "title" : "Game Request",
                         "subtitle" : "Five Card Draw",
                         "body" : "Bob wants to play poker"
                      },
                      "category" : "GAME_INVITATION"
                   },
                   "gameID" : "12345678"
                }
                """,
            shown: NotificationContent(
                title: "Game Request", subtitle: "Five Card Draw", body: "Bob wants to play poker",
                categoryIdentifier: "GAME_INVITATION")),
        Example(
            source: "\(generating): a sound and a badge", type: .alert,
            json: """
                {
                   "aps" : {
                      "badge" : 9,
                      "sound" : "bingbong.aiff"
                   },
                   "messageID" : "ABCDEFGHIJ"
                }
                """,
            shown: NotificationContent(badge: 9, sound: .named("bingbong.aiff"))),
        Example(
            source: "\(generating): a localized alert", type: .alert,
            json: """
                {
                   "aps" : {
                      "alert" : {
                         "loc-key" : "GAME_PLAY_REQUEST_FORMAT",
                         "loc-args" : [ "Shelly", "Rick"]
                      }
                   }
                }
                """,
            shown: NotificationContent(
                body: LocalizedString.marker(0),
                localizations: [LocalizedString(key: "GAME_PLAY_REQUEST_FORMAT", arguments: ["Shelly", "Rick"])])),
        Example(
            source: "\(generating): a critical alert's sound", type: .alert,
            json: """
                {
                   "aps" : {
                      "sound" : {
                         "critical": 1,
                         "name": "your_custom_sound.aiff",
                         "volume": 1.0
                      }
                   }
                }
                """,
            shown: NotificationContent(
                sound: NotificationSound.named("your_custom_sound.aiff").playing(as: .critical, volume: 1))),
        Example(
            source: "developer.apple.com/documentation/usernotifications/pushing-background-updates-to-your-app",
            type: .background,
            json: """
                {
                   "aps" : {
                      "content-available" : 1
                   },
                   "acme1" : "bar",
                   "acme2" : 42
                }
                """,
            shown: NotificationContent(), isContentAvailable: true),
        // Apple prints a comma after the aps dictionary's last key, which is not
        // JSON (APNs would not take it as printed); it is left out here.
        Example(
            source: "developer.apple.com/documentation/usernotifications/modifying-content-in-newly-delivered-notifications",
            type: .alert,
            json: """
                {
                   "aps" : {
                      "category" : "SECRET",
                      "mutable-content" : 1,
                      "alert" : {
                         "title" : "Secret Message!",
                         "body"  : "(Encrypted)"
                     }
                   },
                   "ENCRYPTED_DATA" : "Salted__·öîQÊ$UDì_¶Ù∞èΩ^¬%gq∞NÿÒQùw"
                }
                """,
            shown: NotificationContent(title: "Secret Message!", body: "(Encrypted)", categoryIdentifier: "SECRET"),
            isMutableContent: true),
    ])
    func example(_ example: Example) throws {
        let payload = try Fixture.read(example.json, example.type)
        #expect(Fixture.shown(payload) == example.shown)
        #expect(payload.content.userInfo == (try Fixture.userInfo(example.json)))
        #expect(payload.isContentAvailable == example.isContentAvailable)
        #expect(payload.isMutableContent == example.isMutableContent)
        #expect(payload.remoteNotification(id: Fixture.id, collapseIdentifier: nil) != nil)
        Fixture.expectEngineAccepts(payload)
    }
}
