import Foundation
import Synchronization
import Testing

@testable import PushService

/// Devices on other machines: invited, enrolled once with the code, known by their credential.
struct RemoteDeviceTests {
    static let now = ProviderTokenTests.now
    typealias Kept = PushDirectoryTests.Kept

    @Test("an invite's code enrolls one device, once; the credential it gets proves it and nothing else does")
    func enrollOnce() throws {
        let records = Kept()
        let directory = try PushDirectory(records: records)
        let (invite, code) = try directory.invite(name: "Ana's laptop", now: Self.now)
        #expect(code.hasPrefix("hpi_") && code.count == 36)
        #expect(!records.contents.withLock { String(decoding: try! JSONEncoder().encode($0), as: UTF8.self) }.contains(code),
                "the records keep the code's digest, not the code")
        let (device, credential) = try directory.enroll(code: code, now: Self.now.addingTimeInterval(60))
        #expect(device.name == invite.name)
        #expect(directory.device(authenticating: credential, now: Self.now) == device)
        #expect(DeviceCredential(credential.description) == credential)

        let again = #expect(throws: PushServiceError.self) { try directory.enroll(code: code, now: Self.now) }
        #expect(again?.code == .invalidInvite)
        var forged = credential
        forged.secret = String(repeating: "0", count: 64)
        #expect(directory.device(authenticating: forged, now: Self.now) == nil)
        #expect(records.contents.withLock { $0.devices } == [device])
        #expect(records.contents.withLock { $0.invites }.isEmpty)
    }

    @Test("an expired or unknown code is refused with the same answer, and nothing is enrolled")
    func expiredOrUnknown() throws {
        let directory = try PushDirectory(records: Kept())
        let (_, code) = try directory.invite(name: "desk", now: Self.now)
        for (code, when) in [(code, Self.now.addingTimeInterval(DeviceInvite.lifetime)), ("hpi_" + String(repeating: "a", count: 32), Self.now)] {
            let error = #expect(throws: PushServiceError.self) { try directory.enroll(code: code, now: when) }
            #expect(error?.code == .invalidInvite)
            #expect(error?.message == "the invite code is unknown, used or expired: ask for a new one")
        }
        #expect(directory.devices.isEmpty)
    }

    @Test(arguments: ["", String(repeating: "n", count: 65), "tab\there", "line\nbreak"])
    func badNamesAreRefused(_ name: String) throws {
        let directory = try PushDirectory(records: Kept())
        let error = #expect(throws: PushServiceError.self) { try directory.invite(name: name, now: Self.now) }
        #expect(error?.code == .invalidIdentifier)
    }

    @Test("a removed device's credential is refused and its apps' tokens are unregistered")
    func removal() throws {
        let directory = try PushDirectory(records: Kept())
        let (_, code) = try directory.invite(name: "desk", now: Self.now)
        let (device, credential) = try directory.enroll(code: code, now: Self.now)
        let chat = try directory.register(app: "com.example.chat", device: device.identifier, now: Self.now)
        let local = try directory.register(app: "com.example.chat", device: DeviceRegistration.localDevice, now: Self.now)
        try directory.removeDevice(device.identifier, now: Self.now.addingTimeInterval(5))
        #expect(directory.device(authenticating: credential, now: Self.now) == nil)
        #expect(directory.registration(of: chat.token, now: Self.now)?.unregisteredAt == Self.now.addingTimeInterval(5))
        #expect(directory.registration(of: local.token, now: Self.now)?.isActive == true)
        let error = #expect(throws: PushServiceError.self) { try directory.removeDevice(device.identifier, now: Self.now) }
        #expect(error?.code == .deviceNotFound)
    }

    @Test(arguments: [
        "", "hdc_", "hdc_x_y", "hdc_" + String(repeating: "a", count: 32) + "_" + String(repeating: "b", count: 63),
        "hdc_" + String(repeating: "g", count: 32) + "_" + String(repeating: "b", count: 64),
        "hdx_" + String(repeating: "a", count: 32) + "_" + String(repeating: "b", count: 64),
        "hdc_" + String(repeating: "a", count: 32) + "_" + String(repeating: "b", count: 64) + "_",
    ])
    func malformedCredentials(_ text: String) {
        #expect(DeviceCredential(text) == nil)
    }

    @Test("records written before devices existed still read")
    func olderRecords() throws {
        let old = #"{"keys":[],"registrations":[]}"#
        let contents = try JSONDecoder().decode(PushDirectory.Contents.self, from: Data(old.utf8))
        #expect(contents.devices.isEmpty && contents.invites.isEmpty)
    }
}
