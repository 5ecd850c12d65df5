import Foundation
import NotificationModel
import Testing

@testable import PushService

/// The `aps` `alert`: a string or a dictionary, plain or localized texts, and
/// texts the engine could not take as they are.
struct PushPayloadAlertTests {
    typealias Fixture = PushPayloadFixture

    struct Case: Sendable, CustomTestStringConvertible {
        var what: String
        var alert: String
        var shown: NotificationContent
        var testDescription: String { what }
    }

    static let marker = LocalizedString.marker
    static let a400 = String(repeating: "a", count: 400)
    /// A family emoji, five Unicode scalars in one character.
    static let family = "👨‍👩‍👧"

    @Test(arguments: [
        Case(what: "a string is the body", alert: #""Bob wants to play poker""#,
             shown: NotificationContent(body: "Bob wants to play poker")),
        Case(what: "title, subtitle and body", alert: #"{"title":"T","subtitle":"S","body":"B"}"#,
             shown: NotificationContent(title: "T", subtitle: "S", body: "B")),
        Case(what: "unicode, as sent", alert: #"{"title":"Grüße 👋🏽","body":"日本語\n\u00e9"}"#,
             shown: NotificationContent(title: "Grüße 👋🏽", body: "日本語\né")),
        Case(what: "launch-image", alert: #"{"body":"B","launch-image":"Splash.png"}"#,
             shown: NotificationContent(body: "B", launchImageName: "Splash.png")),
        Case(what: "a launch-image that is not a string", alert: #"{"body":"B","launch-image":1}"#,
             shown: NotificationContent(body: "B")),
        Case(what: "texts that are not strings are left out", alert: #"{"title":7,"subtitle":["S"],"body":"B"}"#,
             shown: NotificationContent(body: "B")),
        Case(what: "loc-key and loc-args", alert: #"{"loc-key":"GAME_PLAY_REQUEST_FORMAT","loc-args":["Shelly","Rick"]}"#,
             shown: NotificationContent(
                body: marker(0),
                localizations: [LocalizedString(key: "GAME_PLAY_REQUEST_FORMAT", arguments: ["Shelly", "Rick"])])),
        Case(what: "every text localized, in order",
             alert: #"{"title-loc-key":"T %@","title-loc-args":["a"],"subtitle-loc-key":"S","loc-key":"B %d","loc-args":[3]}"#,
             shown: NotificationContent(
                title: marker(0), subtitle: marker(1), body: marker(2),
                localizations: [
                    LocalizedString(key: "T %@", arguments: ["a"]), LocalizedString(key: "S"),
                    LocalizedString(key: "B %d", arguments: [3]),
                ])),
        Case(what: "a localization key wins over the plain text", alert: #"{"title":"Plain","title-loc-key":"KEY"}"#,
             shown: NotificationContent(title: marker(0), localizations: [LocalizedString(key: "KEY")])),
        Case(what: "an empty key leaves the plain text", alert: #"{"title":"Plain","title-loc-key":""}"#,
             shown: NotificationContent(title: "Plain")),
        Case(what: "a key that is not a string leaves the plain text", alert: #"{"body":"Plain","loc-key":5}"#,
             shown: NotificationContent(body: "Plain")),
        Case(what: "loc-args that are not an array are left out", alert: #"{"loc-key":"KEY","loc-args":"Bob"}"#,
             shown: NotificationContent(body: marker(0), localizations: [LocalizedString(key: "KEY")])),
        Case(what: "loc-args holding other than strings and numbers are left out",
             alert: #"{"loc-key":"KEY","loc-args":["Bob",true]}"#,
             shown: NotificationContent(body: marker(0), localizations: [LocalizedString(key: "KEY")])),
        Case(what: "a key whose format lacks arguments is shown as written",
             alert: #"{"loc-key":"%@ and %@","loc-args":["one"]}"#, shown: NotificationContent(body: "%@ and %@")),
        Case(what: "a key Herald cannot format is shown as written", alert: #"{"title-loc-key":"100%"}"#,
             shown: NotificationContent(title: "100%")),
        Case(what: "a localized title over 1,024 characters once filled is shown filled, cut at 1,024",
             alert: #"{"title-loc-key":"%1$@%1$@%1$@","title-loc-args":["\#(a400)"]}"#,
             shown: NotificationContent(title: String(repeating: "a", count: 1024))),
        Case(what: "a title over 1,024 characters is cut there",
             alert: #"{"title":"\#(String(repeating: "t", count: 1500))"}"#,
             shown: NotificationContent(title: String(repeating: "t", count: 1024))),
        Case(what: "a subtitle is cut before a character that would cross 1,024 scalars",
             alert: #"{"subtitle":"\#(String(repeating: "s", count: 1020))\#(family)s"}"#,
             shown: NotificationContent(subtitle: String(repeating: "s", count: 1020))),
        Case(what: "Herald's marker characters in a text become U+FFFD",
             alert: #"{"title":"\uE0000\uE001","loc-key":"KEY"}"#,
             shown: NotificationContent(
                title: "\u{FFFD}0\u{FFFD}", body: marker(0), localizations: [LocalizedString(key: "KEY")])),
        Case(what: "summary-arg and summary-arg-count", alert: #"{"body":"B","summary-arg":"Bob","summary-arg-count":2}"#,
             shown: NotificationContent(body: "B", summaryArgument: "Bob", summaryArgumentCount: 2)),
        Case(what: "a summary-arg over 1,024 characters is cut there; a count that is not a whole number is left out",
             alert: #"{"body":"B","summary-arg":"\#(String(repeating: "b", count: 1100))","summary-arg-count":-1}"#,
             shown: NotificationContent(body: "B", summaryArgument: String(repeating: "b", count: 1024))),
        Case(what: "a summary-arg that is not a string, a count that is not a number",
             alert: #"{"body":"B","summary-arg":["Bob"],"summary-arg-count":"2"}"#, shown: NotificationContent(body: "B")),
        Case(what: "an alert that is a number shows nothing", alert: "42", shown: NotificationContent()),
        Case(what: "an alert that is an array shows nothing", alert: #"["Hi"]"#, shown: NotificationContent()),
    ])
    func alert(_ test: Case) throws {
        let json = #"{"aps":{"alert":\#(test.alert),"badge":1}}"#
        let payload = try Fixture.read(json)
        var expected = test.shown
        expected.badge = 1
        #expect(Fixture.shown(payload) == expected)
        #expect(payload.content.userInfo == (try Fixture.userInfo(json)))
        Fixture.expectEngineAccepts(payload)
    }

    @Test("a localized body is shown as Herald's formatter fills its key, until the app's formats are known")
    func localizedBodyShows() throws {
        let payload = try Fixture.read(#"{"aps":{"alert":{"loc-key":"%@ invited %@","loc-args":["Shelly","Rick"]}}}"#)
        #expect(payload.content.localized(for: ["en"]).body == "Shelly invited Rick")
    }
}
