import Foundation
@testable import NotificationEngine
import Testing

/// The presentation policy on its own: each delivery's route, what a foreground
/// app's options make of it, and how it looks given the app's settings.
@Suite("Engine core: presentation policy")
struct PresentationPolicyTests {
    typealias Route = PresentationPolicy.Route
    typealias Outcome = PresentationPolicy.ForegroundOutcome
    typealias InterruptionLevel = NotificationContent.InterruptionLevel

    static let routes: [(Bool, Bool, Route)] = [
        (false, false, .background), (false, true, .background),
        (true, true, .foreground), (true, false, .foregroundWithoutHandler),
    ]

    static let foregroundOptions: [(PresentationOptions, Outcome)] = [
        ([], Outcome(unlists: true, shows: false, style: AlertStyle.none, withSound: false)),
        ([.sound], Outcome(unlists: true, shows: false, style: AlertStyle.none, withSound: true)),
        ([.badge], Outcome(unlists: true, shows: false, style: AlertStyle.none, withSound: false)),
        ([.banner], Outcome(unlists: true, shows: true, style: nil, withSound: false)),
        ([.list], Outcome(unlists: false, shows: true, style: AlertStyle.none, withSound: false)),
        ([.alert, .sound], Outcome(unlists: false, shows: true, style: nil, withSound: true)),
        ([.banner, .list, .sound], Outcome(unlists: false, shows: true, style: nil, withSound: true)),
    ]

    @Test(
        "A delivery goes to the foreground app's handler, nowhere without one, else to the presenters",
        arguments: routes)
    func route(isForeground: Bool, hasHandler: Bool, expected: Route) {
        #expect(PresentationPolicy.route(isForeground: isForeground, hasHandler: hasHandler) == expected)
    }

    @Test(
        "willPresent's options decide whether the delivery is listed, shown, in which style, with sound",
        arguments: foregroundOptions)
    func foreground(options: PresentationOptions, expected: Outcome) {
        #expect(PresentationPolicy.foregroundOutcome(options) == expected)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var granted: AuthorizationOptions = [.alert, .sound]
        var soundsEnabled = true
        var alertStyle: AlertStyle = .banner
        var level: InterruptionLevel = .active
        var sound: NotificationSound? = .default
        var style: AlertStyle?
        var withSound = true
        var expectedStyle: AlertStyle
        var playsSound: Bool

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "the app's style and sound", expectedStyle: .banner, playsSound: true),
        Case(name: "the app's alert style", alertStyle: .alert, expectedStyle: .alert, playsSound: true),
        // Allowed; the runtime finds no sound to play.
        Case(name: "no sound in the request", sound: nil, expectedStyle: .banner, playsSound: true),
        Case(name: "no sound, sounds off", soundsEnabled: false, sound: nil, expectedStyle: .banner, playsSound: false),
        Case(name: "sounds off", soundsEnabled: false, expectedStyle: .banner, playsSound: false),
        Case(name: "sound not granted", granted: [.alert], expectedStyle: .banner, playsSound: false),
        Case(name: "alerts not granted", granted: [.sound], expectedStyle: .none, playsSound: true),
        Case(name: "the caller's style wins", style: AlertStyle.none, expectedStyle: .none, playsSound: true),
        Case(name: "the caller withholds sound", withSound: false, expectedStyle: .banner, playsSound: false),
        Case(name: "passive: quiet, in the list only", level: .passive, expectedStyle: .none, playsSound: false),
        Case(
            name: "passive overrides the caller's style", level: .passive, style: .alert, expectedStyle: .none,
            playsSound: false),
        Case(
            name: "critical without the grant is a normal sound, off", soundsEnabled: false,
            sound: NotificationSound.default.playing(as: .critical), expectedStyle: .banner, playsSound: false),
        Case(
            name: "critical plays with sounds off", granted: [.alert, .criticalAlert], soundsEnabled: false,
            sound: NotificationSound.default.playing(as: .critical), expectedStyle: .banner, playsSound: true),
        Case(
            name: "critical plays even when passive", granted: [.alert, .criticalAlert], level: .passive,
            sound: NotificationSound.default.playing(as: .critical), expectedStyle: .none, playsSound: true),
        Case(
            name: "critical is withheld by the caller", granted: [.alert, .criticalAlert],
            sound: NotificationSound.default.playing(as: .critical), withSound: false, expectedStyle: .banner,
            playsSound: false),
    ]

    @Test("A delivery's style and sound follow the app's settings and its interruption level", arguments: cases)
    func look(_ test: Case) {
        let record = AppRecord(
            preferences: AppNotificationPreferences(
                authorizationStatus: .authorized, grantedOptions: test.granted, alertStyle: test.alertStyle,
                soundsEnabled: test.soundsEnabled),
            categories: [], badge: 3)
        let look = PresentationPolicy.look(
            of: Self.delivery(level: test.level, sound: test.sound), style: test.style, withSound: test.withSound,
            record: record)
        #expect(look.style == test.expectedStyle)
        #expect(look.playsSound == test.playsSound)
        #expect(look.badge == 3)
    }

    @Test("The actions come from the category the delivery was made with, not the one registered since")
    func actions() {
        let made = NotificationCategory(
            identifier: "c", actions: [NotificationAction(identifier: "a", title: "A")], options: [.customDismissAction])
        let registered = NotificationCategory(identifier: "c", actions: [])
        var delivery = Self.delivery(level: .active, sound: nil, category: "c")
        let record = AppRecord(
            preferences: AppNotificationPreferences(authorizationStatus: .authorized, grantedOptions: [.alert]),
            categories: [registered], badge: 0)
        #expect(PresentationPolicy.look(of: delivery, style: nil, withSound: true, record: record).actions.isEmpty)
        delivery.category = made
        let look = PresentationPolicy.look(of: delivery, style: nil, withSound: true, record: record)
        #expect(look.actions.map(\.identifier) == ["a"])
        #expect(look.bannerActions.map(\.identifier) == ["a"])
        #expect(look.reportsDismissal)
    }

    @Test("Of a category's actions the banner shows the first two, and the badge is the app's")
    func bannerActions() {
        let actions = ["a", "b", "c"].map { NotificationAction(identifier: $0, title: $0.uppercased()) }
        var delivery = Self.delivery(level: .active, sound: .default, category: "cat")
        delivery.category = NotificationCategory(identifier: "cat", actions: actions, options: .customDismissAction)
        let record = AppRecord(
            preferences: AppNotificationPreferences(
                authorizationStatus: .authorized, grantedOptions: [.alert, .sound, .badge]),
            categories: [], badge: 3)
        let look = PresentationPolicy.look(of: delivery, style: nil, withSound: true, record: record)
        #expect(look.style == .banner)
        #expect(look.actions.map(\.identifier) == ["a", "b", "c"])
        #expect(look.bannerActions.map(\.identifier) == ["a", "b"])
        #expect(look.reportsDismissal)
        #expect(look.badge == 3)
        #expect(look.playsSound)
    }

    static func delivery(level: InterruptionLevel, sound: NotificationSound?, category: String = "") -> Delivery {
        let date = Date(timeIntervalSinceReferenceDate: 800_000_000)
        let content = NotificationContent(
            title: "T", sound: sound, categoryIdentifier: category, interruptionLevel: level)
        return Delivery(
            id: DeliveryID(), app: "com.example.look", request: NotificationRequest(identifier: "r", content: content),
            scheduledDate: date, date: date, isLate: false)
    }
}
