import HeraldClient
import UserNotifications

/// docs/daemon.md: another process's center, over the daemon's HTTP API. Compiled only:
/// it names a daemon on port 7878 (the HeraldClient tests run the same calls against a
/// real daemon).
func heraldClientExample(appToken: String, request: UNNotificationRequest) async throws {
    let client = try HeraldClient(url: "http://127.0.0.1:7878", token: appToken)
    let center = UNUserNotificationCenter(
        appIdentifier: "com.example.cli", service: RemoteNotificationService(client: client))
    try await center.add(request)
}

/// docs/daemon.md: the typed event stream. Compiled only, like the example above.
func eventStreamExample(client: HeraldClient) async throws {
    for try await event in client.events(app: "com.example.cli") {
        switch event.kind {
        case .delivered(let delivery): print("delivered", delivery.request.identifier)
        case .responded(let response): print("answered", response.actionIdentifier)
        default: break
        }
    }
}
