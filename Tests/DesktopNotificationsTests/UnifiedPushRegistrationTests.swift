@testable import DesktopNotifications
import Testing

/// A connector's `Register` and `Unregister` arguments, checked before anything is done.
@Suite("UnifiedPush registrations read from a call's arguments")
struct UnifiedPushRegistrationTests {
    static let token = "1f7d3e0c-95a1-4a0e-9f57-3a1e8d9c2b44"

    @Test("A well-formed Register: its service, token, description and key", arguments: [
        (["service": DBusValue.string("org.example.App"), "token": .string(token)],
         UnifiedPushRegistration(service: "org.example.App", token: token)),
        (["service": .string("org.kde.neo-chat_2"), "token": .string("t"), "description": .string("@me:matrix.org"),
          "vapid": .string("BKey")],
         UnifiedPushRegistration(service: "org.kde.neo-chat_2", token: "t", description: "@me:matrix.org", vapid: "BKey")),
        (["service": .string("a.b"), "token": .string(String(repeating: "é", count: 50)), "description": .string(""),
          "vapid": .string(""), "extra": .uint32(1)],
         UnifiedPushRegistration(service: "a.b", token: String(repeating: "é", count: 50))),
    ])
    func wellFormed(arguments: [String: DBusValue], expected: UnifiedPushRegistration) throws {
        #expect(try UnifiedPushRegistration(arguments: arguments) == expected)
    }

    @Test("A malformed Register is refused, naming what is wrong", arguments: [
        (["token": DBusValue.string(token)], "service is missing"),
        (["service": .string("org.example.App")], "token is missing"),
        (["service": .uint32(1), "token": .string(token)], "service is a string (s), not u"),
        (["service": .string(":1.42"), "token": .string(token)], "well-known D-Bus name"),
        (["service": .string("app"), "token": .string(token)], "well-known D-Bus name"),
        (["service": .string("org..app"), "token": .string(token)], "well-known D-Bus name"),
        (["service": .string("org.2app"), "token": .string(token)], "well-known D-Bus name"),
        (["service": .string("org.app/x"), "token": .string(token)], "well-known D-Bus name"),
        (["service": .string("org." + String(repeating: "a", count: 252)), "token": .string(token)], "well-known D-Bus name"),
        (["service": .string("org.freedesktop.DBus"), "token": .string(token)], "not of an app"),
        (["service": .string("org.unifiedpush.Distributor.herald"), "token": .string(token)], "not of an app"),
        (["service": .string("org.example.App"), "token": .string("")], "token is 1 to 100 bytes"),
        (["service": .string("org.example.App"), "token": .string(String(repeating: "x", count: 101))], "token is 1 to 100 bytes"),
        (["service": .string("org.example.App"), "token": .string("a\nb")], "without control characters"),
        (["service": .string("org.example.App"), "token": .bytes([1])], "token is a string (s), not ay"),
        (["service": .string("org.example.App"), "token": .string(token), "description": .string(String(repeating: "d", count: 101))],
         "description is at most 100 bytes"),
        (["service": .string("org.example.App"), "token": .string(token), "vapid": .int32(3)], "vapid is a string (s), not i"),
    ])
    func malformed(arguments: [String: DBusValue], message: String) {
        let error = #expect(throws: UnifiedPushError.self) { try UnifiedPushRegistration(arguments: arguments) }
        #expect(error?.code == .invalidArguments)
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
        #expect(error?.dbusName == "org.freedesktop.DBus.Error.InvalidArgs")
    }

    @Test("Unregister's token is checked as Register's")
    func unregisterToken() throws {
        #expect(try UnifiedPushRegistration.token(in: ["token": .string(Self.token)]) == Self.token)
        #expect(throws: UnifiedPushError.self) { try UnifiedPushRegistration.token(in: [:]) }
        #expect(throws: UnifiedPushError.self) { try UnifiedPushRegistration.token(in: ["token": .string(String(repeating: "x", count: 101))]) }
    }

    @Test("The answer: success, and the specification's reason on failure", arguments: [
        (UnifiedPushRegistrationResult.succeeded(endpoint: "http://127.0.0.1:7878/push/x"),
         ["success": DBusValue.string("REGISTRATION_SUCCEEDED")]),
        (.failed(.vapidRequired, message: "bad key"),
         ["success": .string("REGISTRATION_FAILED"), "reason": .string("VAPID_REQUIRED")]),
        (.failed(.actionRequired, message: "full"), ["success": .string("REGISTRATION_FAILED"), "reason": .string("ACTION_REQUIRED")]),
        (.failed(.internalError, message: "store"), ["success": .string("REGISTRATION_FAILED"), "reason": .string("INTERNAL_ERROR")]),
    ])
    func reply(result: UnifiedPushRegistrationResult, expected: [String: DBusValue]) {
        #expect(result.reply == expected)
    }
}
