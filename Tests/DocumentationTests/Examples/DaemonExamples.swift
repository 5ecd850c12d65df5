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
