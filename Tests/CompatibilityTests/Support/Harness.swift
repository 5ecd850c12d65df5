import Foundation
import NotificationEngine
import NotificationEngineTesting
import Signals

/// An engine on virtual time with a recording presenter, for one test.
struct Harness {
    static let start = Date(timeIntervalSinceReferenceDate: 800_000_000)  // 2026-05-09 06:13:20 UTC

    let scheduler = TestScheduler(startDate: Harness.start)
    let presenter = RecordingPresenter()
    let engine: NotificationEngine

    /// - Parameter registrar: Where apps get device tokens; `nil` for no push service.
    init(registrar: RemoteNotificationRegistrar? = nil) throws {
        var configuration = NotificationEngine.Configuration(authorizationPolicy: .grantAll)
        configuration.timeZone = TimeZone(identifier: "UTC")!
        configuration.remoteNotificationRegistrar = registrar
        engine = try NotificationEngine(
            store: .inMemory, scheduler: scheduler, configuration: configuration, presenters: [presenter])
    }

    /// The user answers the last notification of `app` shown.
    func respond(as app: String, with action: String, text: String? = nil) async throws {
        let id = try lastDelivery(app)
        try await engine.respond(
            to: id, actionIdentifier: action, userText: text, authenticated: true, for: AppIdentifier(app))
    }

    private func lastDelivery(_ app: String) throws -> DeliveryID {
        guard let delivery = presenter.presentations.last(where: { $0.delivery.app.rawValue == app })?.delivery else {
            throw HarnessError(description: "nothing of \(app) was shown")
        }
        return delivery.id
    }

    func shown(of app: String) -> [String] {
        presenter.presentations.filter { $0.delivery.app.rawValue == app }.map { $0.delivery.request.identifier }
    }
}

struct HarnessError: Error, CustomStringConvertible {
    var description: String
}
