import CoreLocation
import NotificationModel
import Testing

/// `CLAuthorizationStatus` has Apple's cases and numbers, and maps one to one to
/// Herald's `LocationAuthorizationStatus`.
struct CLAuthorizationStatusTests {
    @Test("Apple's raw values")
    func rawValues() {
        #expect(CLAuthorizationStatus.notDetermined.rawValue == 0)
        #expect(CLAuthorizationStatus.restricted.rawValue == 1)
        #expect(CLAuthorizationStatus.denied.rawValue == 2)
        #expect(CLAuthorizationStatus.authorizedAlways.rawValue == 3)
        #expect(CLAuthorizationStatus.authorizedWhenInUse.rawValue == 4)
        #expect(CLAuthorizationStatus(rawValue: 5) == nil)
        #expect(CLAuthorizationStatus(rawValue: -1) == nil)
    }

    @Test("Each of Herald's statuses maps to Apple's of the same name and number, and back", arguments: LocationAuthorizationStatus.allCases)
    func mapping(_ status: LocationAuthorizationStatus) {
        let apple = CLAuthorizationStatus(status)
        #expect(apple.rawValue == status.appleValue)
        #expect("\(apple)" == status.rawValue)
        #expect(apple.locationAuthorizationStatus == status)
        #expect(LocationAuthorizationStatus(appleValue: apple.rawValue) == status)
    }
}
