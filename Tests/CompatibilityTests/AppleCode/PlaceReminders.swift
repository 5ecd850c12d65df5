// An iOS 14+ app that reminds the person of the shop when they get there: it
// asks Core Location for when-in-use authorization and, once the person allows
// it, schedules a location-triggered notification. Compiled unchanged but for the
// manager and center handed in where iOS code creates `CLLocationManager()` and
// calls `UNUserNotificationCenter.current()` (this test process has many apps),
// and for `onAuthorizationHandled`, the app's hook for its own UI.
import CoreLocation
import Foundation
import UserNotifications

final class PlaceReminders: NSObject, CLLocationManagerDelegate {
    static let shopLatitude: CLLocationDegrees = 52.52
    static let shopLongitude: CLLocationDegrees = 13.405

    let manager: CLLocationManager
    let center: UNUserNotificationCenter
    /// Told after each authorization change is handled: the status, and the
    /// error of adding the reminder (`nil` when it was added or not allowed).
    var onAuthorizationHandled: ((CLAuthorizationStatus, Error?) -> Void)?

    init(manager: CLLocationManager, center: UNUserNotificationCenter) {
        self.manager = manager
        self.center = center
        super.init()
    }

    func start() {
        manager.delegate = self
        manager.requestWhenInUseAuthorization()
    }

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        let status = manager.authorizationStatus
        guard status == .authorizedWhenInUse || status == .authorizedAlways else {
            onAuthorizationHandled?(status, nil)
            return
        }
        let region = CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: PlaceReminders.shopLatitude, longitude: PlaceReminders.shopLongitude),
            radius: 100, identifier: "shop")
        region.notifyOnEntry = true
        region.notifyOnExit = false
        let content = UNMutableNotificationContent()
        content.title = "You are at the shop"
        let trigger = UNLocationNotificationTrigger(region: region, repeats: false)
        center.add(UNNotificationRequest(identifier: "shop", content: content, trigger: trigger)) { error in
            self.onAuthorizationHandled?(status, error)
        }
    }
}
