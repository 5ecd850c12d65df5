import Foundation
import HeraldAPI
import HeraldClient
import HeraldTestSupport
import NotificationEngine
import Signals
import Testing
import UserNotifications

/// The engine's service over HTTP, against canned daemon answers.
struct RemoteNotificationServiceTests {
    private static let deliveryID = "0192F4A0-0000-7000-8000-000000000001"
    private static let deliveryJSON = #"{"id":"\#(deliveryID)","app":"com.example.nag","request":{"identifier":"walk","content":{"title":"Walk","categoryIdentifier":"reminder"}},"scheduledDate":"2026-12-01T09:00:00Z","date":"2026-12-01T09:00:00Z","isLate":true}"#

    private func service(_ server: HTTPTestServer) -> RemoteNotificationService {
        RemoteNotificationService(client: HeraldClient(endpoint: .init(url: URL(string: server.url)!, token: "app-token")))
    }

    @Test func engineRefusalsComeBackAsTheEnginesErrors() async throws {
        let server = try HTTPTestServer { _ in
            CannedResponse(409, #"{"error":{"code":"pendingLimitReached","message":"com.example.nag already has 64"}}"#)
        }
        let request = NotificationRequest(identifier: "walk", content: NotificationContent(title: "Walk"))
        let error = await #expect(throws: NotificationError.self) {
            try await service(server).add(request, for: "com.example.nag")
        }
        #expect(error == NotificationError(.pendingLimitReached, "com.example.nag already has 64"))
    }

    @Test func daemonRefusalsStayClientErrors() async throws {
        let server = try HTTPTestServer { _ in
            CannedResponse(403, #"{"error":{"code":"forbidden","message":"this token is another app's"}}"#)
        }
        let error = await #expect(throws: HeraldClientError.self) {
            try await service(server).badgeCount(for: "com.example.nag")
        }
        #expect(error?.serverError?.code == .forbidden)
        #expect(error?.notificationError == nil)
    }

    @Test func answersBecomeTheEnginesValues() async throws {
        let server = try HTTPTestServer { request in
            switch request.target {
            case "/v1/apps/com.example.nag/delivered": CannedResponse(200, #"{"deliveries":[\#(Self.deliveryJSON)]}"#)
            case "/v1/apps/com.example.nag/requests":
                CannedResponse(200, #"{"requests":[{"request":{"identifier":"walk","content":{"body":"Walk Dog!!"},"trigger":{"type":"timeInterval","interval":60,"repeats":true}},"nextFireDate":"2026-12-01T09:01:00Z","addedDate":"2026-12-01T09:00:00Z"}]}"#)
            case "/v1/apps/com.example.nag/settings":
                CannedResponse(200, #"{"authorizationStatus":"authorized","alertStyle":"banner","alertSetting":"enabled","soundSetting":"disabled","badgeSetting":"enabled","notificationCenterSetting":"enabled"}"#)
            default: CannedResponse(404, #"{"error":{"code":"notFound","message":"no"}}"#)
            }
        }
        let service = service(server)
        let delivered = try await service.deliveredNotifications(for: "com.example.nag")
        #expect(delivered.map(\.id.description) == [Self.deliveryID])
        #expect(delivered.first?.isLate == true)
        #expect(delivered.first?.request.content.categoryIdentifier == "reminder")
        #expect(delivered.first?.category == nil, "an older daemon sends no category")
        let pending = try await service.pendingRequests(for: "com.example.nag")
        #expect(pending.first?.request.trigger == .timeInterval(TimeIntervalTrigger(interval: 60, repeats: true)))
        #expect(pending.first?.nextFireDate == Date(timeIntervalSince1970: 1_796_115_660))
        let settings = try await service.notificationSettings(for: "com.example.nag")
        #expect(settings.authorizationStatus == .authorized)
        #expect(settings.soundSetting == .disabled)
    }

    @Test func aDeliveryCarriesTheCategoryItWasMadeWith() async throws {
        let category = #"{"identifier":"reminder","actions":[{"identifier":"cancel","title":"Cancel","options":["foreground"]}],"options":["customDismissAction"]}"#
        let made = String(Self.deliveryJSON.dropLast()) + #","category":\#(category),"bannerActions":[],"reportsDismissal":true}"#
        let server = try HTTPTestServer { _ in CannedResponse(200, #"{"deliveries":[\#(made)]}"#) }
        let delivered = try await service(server).deliveredNotifications(for: "com.example.nag")
        let expected = NotificationCategory(
            identifier: "reminder", actions: [NotificationAction(identifier: "cancel", title: "Cancel", options: [.foreground])],
            options: [.customDismissAction])
        #expect(delivered.first?.category == expected)
        #expect(NotificationRules.dismissalReachesApp(delivered.first?.category))
    }

    @Test func respondChecksThatTheDeliveryIsTheApps() async throws {
        let server = try HTTPTestServer { request in
            request.method == "GET" ? CannedResponse(200, Self.deliveryJSON) : CannedResponse(204)
        }
        let service = service(server)
        let id = try #require(DeliveryID(Self.deliveryID))
        try await service.respond(
            to: id, actionIdentifier: "cancel", userText: nil, authenticated: false, for: "com.example.nag")
        let error = await #expect(throws: NotificationError.self) {
            try await service.respond(to: id, actionIdentifier: "cancel", userText: nil, authenticated: false, for: "other")
        }
        #expect(error?.code == .deliveryNotFound)
        #expect(server.requests.map { "\($0.method) \($0.target)" } == [
            "GET /v1/deliveries/\(Self.deliveryID)", "POST /v1/deliveries/\(Self.deliveryID)/response",
            "GET /v1/deliveries/\(Self.deliveryID)",
        ])
    }

    @Test func foregroundStateIsNotPartOfTheAPI() async throws {
        let server = try HTTPTestServer { _ in CannedResponse(204) }
        let error = await #expect(throws: HeraldClientError.self) {
            try await service(server).setForeground(true, for: "com.example.nag")
        }
        #expect(error?.code == .unsupported)
        #expect(server.requests.isEmpty)
    }

    @Test func userNotificationCenterWorksOverHTTP() async throws {
        let server = try HTTPTestServer { request in
            switch request.method {
            case "POST": CannedResponse(201, #"{"evictedIdentifiers":[]}"#)
            default: CannedResponse(400, #"{"error":{"code":"notificationsNotAllowed","message":"not authorized"}}"#)
            }
        }
        let center = UNUserNotificationCenter(appIdentifier: "com.example.nag", service: service(server))
        let content = UNMutableNotificationContent()
        content.title = "Task Reminder"
        content.body = "Walk Dog!!"
        let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: true)
        try await center.add(UNNotificationRequest(identifier: "walk", content: content, trigger: trigger))
        let sent = try API.decoder().decode(API.Request.self, from: try #require(server.requests.first?.body))
        #expect(sent.identifier == "walk")
        #expect(sent.content.body == "Walk Dog!!")
        #expect(sent.trigger == .timeInterval(interval: 60, repeats: true))

        let error = await #expect(throws: UNError.self) { try await center.throwing.pendingNotificationRequests() }
        #expect(error?.code == .notificationsNotAllowed)
        #expect(error?.message == "not authorized")
    }
}
