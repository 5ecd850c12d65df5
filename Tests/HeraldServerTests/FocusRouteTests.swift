import Foundation
import HTTPTypes
import HeraldAPI
@testable import HeraldServer
import HummingbirdTesting
import NotificationEngine
import Signals
import Synchronization
import Testing

/// `/v1/focus`: the admin reads and changes Focus and the summary times; an app
/// reads only whether notifications are quiet; every refusal changes nothing.
@Suite("Focus over HTTP")
struct FocusRouteTests {
    static let chat = "com.example.chat"
    static let mail = "com.example.mail"

    static let work = API.FocusMode(
        identifier: "work", name: "Work", allowedApps: [API.AllowedApp(app: chat, criteria: ["urgent"]), API.AllowedApp(app: mail)],
        allowsTimeSensitive: false, schedules: [API.FocusSchedule(weekdays: [2, 3, 4, 5, 6], start: "09:00", end: "17:00")])
    /// As the daemon answers them: allowed apps sorted by identifier.
    static let settings = API.QuietSettings(focusModes: [work], summaryTimes: ["08:00", "18:00"])
    /// A Sunday at 03:00 UTC: a weekend day in every time zone, outside Work's schedule.
    static let sunday = Date(timeIntervalSince1970: 1_795_921_200)

    private func focus(_ client: some TestClientProtocol, token: String) async throws -> API.Focus {
        let answer = try await client.call(.get, "/v1/focus", token: token)
        #expect(answer.status == .ok)
        return try answer.decode(API.Focus.self)
    }

    @Test("the admin replaces the settings and reads them back; an app reads whether it is quiet, and nothing else")
    func readAndReplace() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let token = try await client.register(Self.chat, admin: daemon.admin)
            let empty = try await focus(client, token: daemon.admin)
            #expect(empty.isFocused == false)
            #expect(empty.settings == API.QuietSettings())
            #expect(empty.state?.focus == nil)

            let replaced = try await client.call(.put, "/v1/focus", token: daemon.admin, json: Self.settings)
            #expect(replaced.status == .ok)
            let answer = try replaced.decode(API.Focus.self)
            #expect(answer.settings == Self.settings)
            #expect(answer.state?.nextSummary != nil)
            #expect(try await focus(client, token: daemon.admin).settings == Self.settings)

            let app = try await client.call(.get, "/v1/focus", token: token)
            let fields = try #require(try JSONSerialization.jsonObject(with: app.body) as? [String: Any])
            #expect(Set(fields.keys) == ["isFocused"])
        }
    }

    @Test("a Focus switched by hand is on at once, for the app too, and ends when it says")
    func switchByHand() async throws {
        let daemon = try TestDaemon(clockStart: Self.sunday)
        try await daemon.withRouter { client in
            let token = try await client.register(Self.chat, admin: daemon.admin)
            _ = try await client.call(.put, "/v1/focus", token: daemon.admin, json: Self.settings)
            let on = try await client.call(.post, "/v1/focus/override", token: daemon.admin, json: API.FocusOverride(focus: "work"))
            #expect(on.status == .ok)
            let answer = try on.decode(API.Focus.self)
            #expect(answer.isFocused)
            #expect(answer.state?.focus?.identifier == "work")
            #expect(answer.settings?.override == API.FocusOverride(focus: "work"))
            #expect(try await focus(client, token: token).isFocused)

            let now = daemon.daemon.services.scheduler.now
            let hour = try await client.call(
                .post, "/v1/focus/override", token: daemon.admin, json: API.FocusOverride(focus: "work", until: now.addingTimeInterval(3_600)))
            #expect(try hour.decode(API.Focus.self).state?.focus?.identifier == "work")
            _ = try await client.call(.post, "/v1/debug/clock", token: daemon.admin, json: API.ClockAdvance(advanceSeconds: 3_600))
            #expect(try await focus(client, token: token).isFocused == false)

            let off = try await client.call(.post, "/v1/focus/override", token: daemon.admin, json: API.FocusOverride())
            #expect(try off.decode(API.Focus.self).settings?.override == API.FocusOverride())
            _ = try await client.call(.post, "/v1/focus/override", token: daemon.admin, json: API.FocusOverride(focus: "work"))
            let auto = try await client.call(.delete, "/v1/focus/override", token: daemon.admin)
            #expect(auto.status == .ok)
            #expect(try auto.decode(API.Focus.self).settings?.override == nil)
        }
    }

    @Test("an app's token, a bad body, an unknown Focus or a past end is refused, and nothing changes")
    func refusals() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let token = try await client.register(Self.chat, admin: daemon.admin)
            _ = try await client.call(.put, "/v1/focus", token: daemon.admin, json: Self.settings)
            let before = try await focus(client, token: daemon.admin)

            let other = API.QuietSettings(summaryTimes: ["07:00"])
            #expect(try await client.call(.put, "/v1/focus", token: token, json: other).status == .forbidden)
            #expect(try await client.call(.post, "/v1/focus/override", token: token, json: API.FocusOverride(focus: "work")).status == .forbidden)
            #expect(try await client.call(.delete, "/v1/focus/override", token: token).status == .forbidden)
            #expect(try await client.call(.put, "/v1/focus", json: other).status == .unauthorized)

            var badTime = Self.settings
            badTime.summaryTimes = ["25:00"]
            var badDay = Self.settings
            badDay.focusModes[0].schedules[0].weekdays = [0, 8]
            var twice = Self.settings
            twice.focusModes.append(Self.work)
            var unknownOverride = Self.settings
            unknownOverride.override = API.FocusOverride(focus: "sleep")
            var nameless = Self.settings
            nameless.focusModes[0].name = ""
            for body in [badTime, badDay, twice, unknownOverride, nameless] {
                let answer = try await client.call(.put, "/v1/focus", token: daemon.admin, json: body)
                #expect(answer.status == .unprocessableContent, "\(body)")
                #expect(answer.errorCode == "invalidPayload", "\(body)")
            }
            let malformed = try await client.call(.put, "/v1/focus", token: daemon.admin, raw: #"{"focusModes": 3}"#)
            #expect(malformed.status == .badRequest)

            let unknown = try await client.call(.post, "/v1/focus/override", token: daemon.admin, json: API.FocusOverride(focus: "sleep"))
            #expect(unknown.errorCode == "invalidPayload")
            let past = daemon.daemon.services.scheduler.now.addingTimeInterval(-60)
            let late = try await client.call(.post, "/v1/focus/override", token: daemon.admin, json: API.FocusOverride(focus: "work", until: past))
            #expect(late.errorCode == "invalidPayload")
            #expect(try await focus(client, token: daemon.admin) == before)
        }
    }

    @Test("a page of another origin, or the cookie without the session's key, changes nothing")
    func hostilePages() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let browser = try await SecurityTests.signIn(client, daemon)
            var foreign = browser
            foreign[.origin] = "http://evil.example"
            let other = API.QuietSettings(summaryTimes: ["07:00"])
            #expect(try await client.call(.put, "/v1/focus", json: other, headers: foreign).errorCode == "csrf")
            var cookieOnly = browser
            cookieOnly[SessionKeyTransport.header] = nil
            #expect(try await client.call(.post, "/v1/focus/override", json: API.FocusOverride(), headers: cookieOnly).status == .unauthorized)
            #expect(try await focus(client, token: daemon.admin).settings == API.QuietSettings())
            var own = browser
            own[.origin] = "http://localhost:0"
            #expect(try await client.call(.put, "/v1/focus", json: other, headers: own).status == .ok)
        }
    }

    @Test("the admin's stream hears what is quiet change; each app's stream gets its own part of the summary")
    func events() async throws {
        let daemon = try TestDaemon()
        try await daemon.withLiveServer { client in
            let admin = daemon.admin
            let chat = try await client.register(Self.chat, admin: admin)
            let mail = try await client.register(Self.mail, admin: admin)
            for app in [Self.chat, Self.mail] {
                _ = try await client.call(
                    .patch, "/v1/apps/\(app)/preferences", token: admin, json: API.Preferences(inScheduledSummary: true))
            }
            let summaries = { @Sendable (events: [API.Event]) in events.filter { $0.type == .summaryDelivered } }
            let own = Mutex<[API.Event]>([])
            let all = try await EventStreamTests.events(client, token: admin, until: { summaries($0).count == 2 }) {
                let chatEvents = try await EventStreamTests.events(client, token: chat, until: { !summaries($0).isEmpty }) {
                    let later = Calendar.current.date(byAdding: .hour, value: 2, to: daemon.daemon.services.scheduler.now)!
                    let time = Calendar.current.dateComponents([.hour, .minute], from: later)
                    let settings = API.QuietSettings(summaryTimes: [String(format: "%02d:%02d", time.hour!, time.minute!)])
                    let answer = try await client.call(.put, "/v1/focus", token: admin, json: settings).decode(API.Focus.self)
                    let next = try #require(answer.state?.nextSummary)
                    for (app, token) in [(Self.chat, chat), (Self.mail, mail)] {
                        _ = try await client.call(.post, "/v1/apps/\(app)/requests", token: token, json: API.Request.simple("news", in: nil))
                    }
                    let listed = try await client.call(.get, "/v1/apps/\(Self.chat)/delivered", token: chat)
                        .decode([String: [API.Delivery]].self)["deliveries"] ?? []
                    #expect(listed.map(\.heldUntil) == [next], "listed, and says which summary it waits for")
                    let seconds = next.timeIntervalSince(daemon.daemon.services.scheduler.now)
                    _ = try await client.call(.post, "/v1/debug/clock", token: admin, json: API.ClockAdvance(advanceSeconds: seconds))
                }
                own.withLock { $0 = chatEvents }
            }
            let quiet = try #require(all.first { $0.type == .quietChanged })
            #expect(quiet.app == "")
            guard case .quietChanged(let state) = quiet.kind else { return }
            #expect(state.nextSummary != nil)
            #expect(Set(all.filter { $0.type == .heldForSummary }.map(\.app)) == [Self.chat, Self.mail])
            #expect(Set(summaries(all).map(\.app)) == [Self.chat, Self.mail])
            for event in summaries(all) {
                guard case .summaryDelivered(let summary) = event.kind else { continue }
                #expect(summary.groups.map(\.app) == [event.app])
                #expect(summary.groups.flatMap(\.presentations).map(\.delivery.request.identifier) == ["news"])
            }
            let chatEvents = own.withLock { $0 }
            #expect(chatEvents.allSatisfy { $0.app == Self.chat })
            #expect(chatEvents.map(\.type).contains(.heldForSummary))
            #expect(!chatEvents.contains { $0.type == .quietChanged })

            let last = try await client.call(.get, "/v1/summary", token: admin).decode(API.Summary.self)
            #expect(Set(last.groups.map(\.app)) == [Self.chat, Self.mail])
            let afterwards = try await client.call(.get, "/v1/apps/\(Self.chat)/delivered", token: chat)
                .decode([String: [API.Delivery]].self)["deliveries"] ?? []
            #expect(afterwards.map(\.heldUntil) == [nil], "waits no more")
            #expect(try await client.call(.get, "/v1/summary", token: chat).status == .forbidden)
        }
    }
}
