import Foundation
import NotificationEngine
import Testing
import UserNotifications

struct ErrorTests {
    @Test func applesCodesKeepTheirNumbers() {
        let codes: [(UNError.Code, Int, String)] = [
            (.notificationsNotAllowed, 1, "notificationsNotAllowed"),
            (.attachmentInvalidURL, 100, "attachmentInvalidURL"),
            (.attachmentUnrecognizedType, 101, "attachmentUnrecognizedType"),
            (.attachmentInvalidFileSize, 102, "attachmentInvalidFileSize"),
            (.attachmentNotInDataStore, 103, "attachmentNotInDataStore"),
            (.attachmentMoveIntoDataStoreFailed, 104, "attachmentMoveIntoDataStoreFailed"),
            (.attachmentCorrupt, 105, "attachmentCorrupt"),
            (.notificationInvalidNoDate, 1400, "notificationInvalidNoDate"),
            (.notificationInvalidNoContent, 1401, "notificationInvalidNoContent"),
            (.contentProvidingObjectNotAllowed, 1500, "contentProvidingObjectNotAllowed"),
            (.contentProvidingInvalid, 1501, "contentProvidingInvalid"),
            (.badgeInputInvalid, 1600, "badgeInputInvalid"),
        ]
        for (code, number, name) in codes {
            #expect(code.rawValue == number)
            #expect(code.description == name)
            #expect(UNError.Code(rawValue: number) == code)
        }
        #expect(UNError.notificationsNotAllowed == UNError.Code.notificationsNotAllowed)
        #expect(UNError.Code(rawValue: 9_999).description == "code 9999")
    }

    @Test func everyEngineErrorKeepsItsCodeAndMessage() {
        let engineCodes: [(NotificationError.Code, UNError.Code)] = [
            (.notificationsNotAllowed, .notificationsNotAllowed), (.invalidNoDate, .notificationInvalidNoDate),
            (.invalidNoContent, .notificationInvalidNoContent), (.badgeInputInvalid, .badgeInputInvalid),
            (.invalidIdentifier, .invalidIdentifier), (.invalidAppIdentifier, .invalidAppIdentifier),
            (.payloadTooLarge, .payloadTooLarge), (.invalidTrigger, .invalidTrigger),
            (.invalidRegion, .invalidRegion), (.unknownCategory, .unknownCategory),
            (.invalidCategory, .invalidCategory), (.pendingLimitReached, .pendingLimitReached),
            (.deliveryNotFound, .deliveryNotFound), (.invalidResponse, .invalidResponse),
            (.authenticationRequired, .authenticationRequired),
            (.storeFailure, .storeFailure), (.invalidPayload, .invalidPayload),
        ]
        for (engineCode, code) in engineCodes {
            let error = UNError(NotificationError(engineCode, "why \(engineCode)"))
            #expect(error.code == code)
            #expect(error.code.rawValue == engineCode.rawValue)
            #expect(error.message == "why \(engineCode)")
            #expect(error.code.description != "code \(engineCode.rawValue)", "\(engineCode) has a name")
        }
    }

    @Test func aUNErrorIsAnNSErrorInTheUNErrorDomain() {
        let error: any Error = UNError(.notificationInvalidNoDate, "no date matches February 30")
        let bridged = error as NSError
        #expect(bridged.domain == UNErrorDomain)
        #expect(UNErrorDomain == "UNErrorDomain")
        #expect(bridged.code == 1400)
        #expect(error.localizedDescription == "no date matches February 30")
        #expect("\(error)" == "notificationInvalidNoDate (1400): no date matches February 30")
    }

    @Test func theCenterCarriesTheEnginesMessage() async throws {
        let fixture = try await CenterFixture.authorized()
        let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 10, repeats: true)
        let request = UNNotificationRequest(identifier: "fast", content: Content.titled("F"), trigger: trigger)
        let fromCenter = await #expect(throws: UNError.self) { try await fixture.center.add(request) }
        let fromEngine = await #expect(throws: NotificationError.self) {
            try await fixture.engine.add(
                NotificationRequest(
                    identifier: "fast", content: NotificationContent(title: "F"),
                    trigger: .timeInterval(TimeIntervalTrigger(interval: 10, repeats: true))),
                for: fixture.app)
        }
        #expect(fromCenter?.code.rawValue == fromEngine?.code.rawValue)
        #expect(fromCenter?.message == fromEngine?.message)
        #expect(fromCenter?.message.isEmpty == false)
    }

    @Test func contentWithNothingToShowIsRefused() async throws {
        let fixture = try await CenterFixture.authorized()
        let request = UNNotificationRequest(identifier: "empty", content: UNMutableNotificationContent(), trigger: nil)
        let error = await completion { fixture.center.add(request, withCompletionHandler: $0) }
        #expect((error as? UNError)?.code == .notificationInvalidNoContent)
        #expect((error as? UNError)?.code.rawValue == 1401)
        #expect(try await fixture.center.throwing.deliveredNotifications().isEmpty)
    }

    @Test func errorsPatternMatchByCode() {
        let error: any Error = UNError(.pendingLimitReached, "full")
        switch error {
        case UNError.notificationsNotAllowed: Issue.record("matched the wrong code")
        case UNError.pendingLimitReached: break
        default: Issue.record("did not match its code")
        }
    }

    @Test func anInvalidAppIdentifierIsReportedOnUse() async throws {
        let fixture = try CenterFixture()
        let center = UNUserNotificationCenter(appIdentifier: "", service: fixture.engine)
        let error = await #expect(throws: UNError.self) { _ = try await center.throwing.notificationSettings() }
        #expect(error?.code == .invalidAppIdentifier)
        let pending = await completion { center.getPendingNotificationRequests(completionHandler: $0) }
        #expect(pending.isEmpty)
    }
}
