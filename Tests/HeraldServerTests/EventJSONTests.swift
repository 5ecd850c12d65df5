import Foundation
import HeraldAPI
@testable import HeraldServer
import NotificationEngine
import Testing

/// ``EventJSON``, the event stream's hand-written encoder: every kind of event,
/// with every field set and left out, decodes to the same value from its text as
/// from what `API.encoder()` wrote before it.
@Suite("Encoding the event stream's events by hand")
struct EventJSONTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        let name: String
        let event: API.Event
        var testDescription: String { name }
    }

    static let app = "com.example.shop"
    static let date = Date(timeIntervalSince1970: 1_795_000_123.456)

    /// Content with every field set, and text JSON must escape.
    static let fullContent = API.Content(
        title: "Tea \"time\"\n\t/ \\ \u{1} \u{1F}", subtitle: "ünïcödé 🍵", body: "Line one\r\nline two\u{8}\u{C}",
        badge: 3, sound: "chime.caf",
        userInfo: [
            "list": [1, 2.5, -0.001, 1e300, true, nil, "x\"y"], "nested": ["z": ["deep": 12_345_678_901]],
            "Zebra": "upper", "a/b": "slash",
        ],
        categoryIdentifier: "chat", threadIdentifier: "thread-1", interruptionLevel: .timeSensitive,
        relevanceScore: 0.7, targetContentIdentifier: "target", filterCriteria: "work", summaryArgument: "Ann",
        summaryArgumentCount: 2, launchImageName: "launch.png",
        localizations: [LocalizedString(key: "GREETING", arguments: ["Ann", 3], formats: ["n": "%d"])],
        soundKind: .critical, soundVolume: 0.25,
        attachments: [
            API.Attachment(
                identifier: "img", type: "public.png", fileName: "a.png", size: 42, digest: "ab",
                thumbnailHidden: false, thumbnailClippingRect: .init(x: 0, y: 0.1, width: 0.5, height: 1),
                thumbnailTime: 1.5)
        ])

    static let actions = [
        API.Action(identifier: "reply", title: "Reply", options: ["foreground"], textInput: .init(buttonTitle: "Send", placeholder: "…")),
        API.Action(identifier: "delete", title: "Delete", options: ["destructive"]),
    ]

    /// A delivery of everything: a category, a calendar trigger, the rules' results.
    static let fullDelivery = API.Delivery(
        id: "0190e2a4-4b1c-7d2e-8f00-123456789abc", app: app,
        request: API.Request(
            identifier: "tea", content: fullContent,
            trigger: .calendar(.init(hour: 8, minute: 30), timeZone: "Europe/Paris", repeats: true, notBefore: date)),
        scheduledDate: date, date: date.addingTimeInterval(0.001), isLate: true,
        category: API.Category(identifier: "chat", actions: actions, minimalActions: [actions[0]], options: ["customDismissAction"]),
        bannerActions: actions, reportsDismissal: true, answersOpeningApp: ["com.apple.UNNotificationDefaultActionIdentifier", "reply"])

    /// A push's delivery, as the provider API makes it.
    static let pushDelivery = API.Delivery(
        id: "0190e2a4-4b1c-7d2e-8f00-000000000001", app: app,
        request: API.Request(identifier: "push-1", content: API.Content(title: "Benchmark", body: "Pushed", sound: "default"), trigger: .push),
        scheduledDate: Date(timeIntervalSince1970: 1_795_000_000), date: Date(timeIntervalSince1970: 1_795_000_000.999),
        isLate: false, bannerActions: [], reportsDismissal: false,
        answersOpeningApp: ["com.apple.UNNotificationDefaultActionIdentifier"])

    /// A delivery as an older daemon sent it: none of the optional fields.
    static let bareDelivery = API.Delivery(
        id: "0190e2a4-4b1c-7d2e-8f00-000000000002", app: app, request: API.Request(identifier: "", content: API.Content()),
        scheduledDate: Date(timeIntervalSince1970: 0), date: Date(timeIntervalSince1970: 0.5), isLate: false)

    static let engineDelivery = EngineDelivery(
        id: DeliveryID(), app: AppIdentifier(app),
        request: NotificationRequest(identifier: "engine", content: NotificationContent(title: "Engine"), trigger: nil),
        scheduledDate: date, date: date, isLate: false)

    static func presentation(_ delivery: API.Delivery, sound: String?, actions: [API.Action]) -> API.Presentation {
        var presentation = API.Presentation(
            EnginePresentation(
                delivery: engineDelivery, style: .banner, sound: nil, badge: 7, actions: [], bannerActions: [],
                reportsDismissal: true))
        presentation.delivery = delivery
        presentation.sound = sound
        presentation.actions = actions
        presentation.bannerActions = Array(actions.prefix(1))
        return presentation
    }

    static func response(_ delivery: API.Delivery, userText: String?) -> API.Response {
        var response = API.Response(
            NotificationResponse(delivery: engineDelivery, actionIdentifier: "reply", userText: userText, date: date),
            reachesApp: userText != nil)
        response.delivery = delivery
        return response
    }

    static let samples: [Sample] = [
        Sample(name: "delivered, everything set", event: API.Event(.delivered(fullDelivery), sequence: 12, app: app)),
        Sample(name: "delivered, a push", event: API.Event(.delivered(pushDelivery), sequence: 1, app: app)),
        Sample(name: "delivered, optional fields left out", event: API.Event(.delivered(bareDelivery), app: app)),
        Sample(name: "presented, with actions and a sound", event: API.Event(.presented(presentation(fullDelivery, sound: "default", actions: actions)), sequence: 3, app: app)),
        Sample(name: "presented, a push without sound", event: API.Event(.presented(presentation(pushDelivery, sound: nil, actions: [])), sequence: 4, app: app)),
        Sample(name: "withdrawn", event: API.Event(.withdrawn(deliveries: ["a", "b\"c"]), sequence: 5, app: app)),
        Sample(name: "withdrawn, none", event: API.Event(.withdrawn(deliveries: []), sequence: 5, app: app)),
        Sample(name: "responded, with text", event: API.Event(.responded(response(fullDelivery, userText: "On my way\n")), sequence: 6, app: app)),
        Sample(name: "responded, without text", event: API.Event(.responded(response(pushDelivery, userText: nil)), app: app)),
        Sample(name: "badgeChanged", event: API.Event(.badgeChanged(badge: -1), sequence: 7, app: app)),
        Sample(name: "authorizationRequested", event: API.Event(.authorizationRequested(name: "Shop \"Tea\"", options: ["alert", "sound"]), sequence: 8, app: app)),
        Sample(name: "authorizationChanged", event: API.Event(.authorizationChanged(status: "authorized"), sequence: 9, app: app)),
        Sample(name: "appOpened", event: API.Event(.appOpened, sequence: 10, app: app)),
        Sample(name: "pendingChanged", event: API.Event(.pendingChanged, sequence: 11, app: app)),
        Sample(name: "appsChanged", event: API.Event(.appsChanged, sequence: 12, app: "")),
        Sample(name: "settingsShown", event: API.Event(.settingsShown, sequence: 13, app: app)),
        Sample(name: "settingsOpened, from the center", event: API.Event(.settingsOpened(delivery: nil), sequence: 14, app: app)),
        Sample(name: "settingsOpened, from a delivery", event: API.Event(.settingsOpened(delivery: fullDelivery), sequence: 15, app: app)),
        Sample(
            name: "remoteNotificationReceived",
            event: API.Event(
                .remoteNotificationReceived(
                    apnsID: "6e3a1c2b-0000-4000-8000-000000000000",
                    userInfo: ["aps": ["content-available": 1], "order": ["id": 7, "items": ["tea", 0.5]]]),
                sequence: 16, app: app)),
        Sample(
            name: "locationAuthorizationChanged, asking",
            event: API.Event(.locationAuthorizationChanged(status: "notDetermined", requested: "whenInUse"), sequence: 17, app: app)),
        Sample(
            name: "locationAuthorizationChanged, answered",
            event: API.Event(.locationAuthorizationChanged(status: "authorizedWhenInUse", requested: nil), sequence: 18, app: app)),
        Sample(
            name: "presented, breaking through a Focus",
            event: API.Event(.presented(breakingThrough(presentation(pushDelivery, sound: nil, actions: []))), sequence: 17, app: app)),
        Sample(name: "quietChanged, a Focus on", event: API.Event(.quietChanged(state: quietState), sequence: 18, app: "")),
        Sample(name: "quietChanged, nothing quiet", event: API.Event(.quietChanged(state: API.QuietState()), sequence: 19, app: "")),
        Sample(name: "heldForSummary", event: API.Event(.heldForSummary(deliveries: ["a", "b"], until: date), sequence: 20, app: app)),
        Sample(
            name: "summaryDelivered",
            event: API.Event(
                .summaryDelivered(
                    summary: API.Summary(
                        date: date,
                        groups: [
                            API.SummaryGroup(
                                app: app, threadIdentifier: "anna", text: "2 messages from \"Anna\"",
                                presentations: [
                                    breakingThrough(presentation(fullDelivery, sound: "default", actions: actions)),
                                    presentation(bareDelivery, sound: nil, actions: []),
                                ]),
                            API.SummaryGroup(app: app, threadIdentifier: "", text: "", presentations: []),
                        ])),
                sequence: 21, app: app)),
    ]

    /// A Focus on, with everything a Focus names.
    static let quietState = API.QuietState(
        focus: API.FocusMode(
            identifier: "work", name: "Work “deep”",
            allowedApps: [API.AllowedApp(app: app), API.AllowedApp(app: "com.example.chat", criteria: ["urgent", "a\"b"])],
            allowsTimeSensitive: false, schedules: [API.FocusSchedule(weekdays: [2, 6], start: "22:00", end: "07:00")]),
        desktopDoNotDisturb: true, nextSummary: date)

    static func breakingThrough(_ presentation: API.Presentation) -> API.Presentation {
        var presentation = presentation
        presentation.breaksThrough = true
        return presentation
    }

    @Test("each kind of event decodes to the same value as from API.encoder()'s text", arguments: samples)
    func sameValue(_ sample: Sample) throws {
        let before = try API.decoder().decode(API.Event.self, from: API.encoder().encode(sample.event))
        let text = try EventJSON.encode(sample.event)
        let after = try API.decoder().decode(API.Event.self, from: Data(text.utf8))
        #expect(after == before)
    }

    @Test("the Focus and summary kinds are written byte for byte as API.encoder() writes them", arguments: samples.suffix(5))
    func sameText(_ sample: Sample) throws {
        #expect(try EventJSON.encode(sample.event) == String(decoding: try API.encoder().encode(sample.event), as: UTF8.self))
    }

    @Test("the kinds covered are every kind there is")
    func everyKind() {
        #expect(Set(Self.samples.map(\.event.type)) == Set(API.Event.Kind.Name.allCases))
    }

    @Test("a number JSON cannot hold is refused, as API.encoder() refuses it", arguments: [Double.nan, .infinity, -.infinity])
    func nonFinite(_ number: Double) {
        let event = API.Event(.remoteNotificationReceived(apnsID: "x", userInfo: ["n": .number(number)]), sequence: 1, app: Self.app)
        #expect(throws: EncodingError.self) { try API.encoder().encode(event) }
        #expect(throws: EncodingError.self) { try EventJSON.encode(event) }
    }
}
