public import Foundation
import Synchronization

/// Devices on other machines: invited by the service's administrator, enrolled with
/// the invite's code, then known by their credential.
extension PushDirectory {
    /// Every device on another machine, oldest first.
    public var devices: [RemoteDevice] {
        state.withLock { $0.contents.devices }
    }

    /// A one-time invite for a device called `name`, and its code, shown once.
    ///
    /// - Throws: ``PushServiceError`` `invalidIdentifier` for a name that is empty,
    ///   longer than 64 characters or holds control characters; `storeFailure`.
    public func invite(name: String, now: Date) throws -> (invite: DeviceInvite, code: String) {
        try Self.checkLabel(name)
        let (invite, code) = DeviceInvite.make(name: name, now: now)
        return try change { state in
            state.invites = state.invites.filter { $0.value.expiresAt > now }
            state.invites[invite.codeDigest] = invite
            return (.invited(invite), (invite, code))
        }
    }

    /// Enrolls a device with an invite's `code`, which is then spent: the device and
    /// the credential it is given, once.
    ///
    /// - Throws: ``PushServiceError`` `invalidInvite` for a code that is unknown, spent
    ///   or expired (the same answer for each); `storeFailure`.
    public func enroll(code: String, now: Date) throws -> (RemoteDevice, DeviceCredential) {
        let digest = DeviceInvite.digest(of: code)
        _ = lookUp(now: now) { $0.invites[digest] }
        return try change { state in
            guard let invite = state.invites.removeValue(forKey: digest), invite.expiresAt > now else {
                throw PushServiceError(.invalidInvite, "the invite code is unknown, used or expired: ask for a new one")
            }
            let (device, credential) = RemoteDevice.enroll(name: invite.name, now: now)
            state.devices[device.identifier] = device
            return (.enrolled(device, invite: invite), (device, credential))
        }
    }

    /// The device `credential` is of, when it is that device's (reading the records
    /// again on a miss, for a device another node enrolled).
    public func device(authenticating credential: DeviceCredential, now: Date) -> RemoteDevice? {
        lookUp(now: now) { $0.devices[credential.device] }.flatMap { $0.accepts(credential) ? $0 : nil }
    }

    /// Removes a device: its credential is refused and its apps' tokens answer
    /// `Unregistered` from now on.
    ///
    /// - Throws: ``PushServiceError`` `deviceNotFound`; `storeFailure`.
    @discardableResult
    public func removeDevice(_ identifier: String, now: Date) throws -> RemoteDevice {
        try change { state in
            guard let device = state.devices.removeValue(forKey: identifier) else {
                throw PushServiceError(.deviceNotFound, "no device \(identifier) is enrolled")
            }
            var ended: [DeviceRegistration] = []
            for (place, token) in state.active where place.device == identifier {
                state.active[place] = nil
                guard var registration = state.registrations[token] else { continue }
                registration.unregisteredAt = now
                state.registrations[token] = registration
                ended.append(registration)
            }
            return (.deviceRemoved(device, ended: ended), device)
        }
    }

    /// A device's name: 1 to 64 characters, none of them a control character.
    private static func checkLabel(_ name: String) throws {
        guard (1...64).contains(name.count), !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw PushServiceError(.invalidIdentifier, "a device's name is 1 to 64 characters, no control characters: \(name.debugDescription)")
        }
    }
}
