import Foundation
import HeraldAPI
import PushService

/// The push service a daemon is a device of (`herald push connect`), in
/// `push-upstream.json` in its data directory (owner-only: it holds the credential).
struct PushUpstream: Codable, Sendable, Equatable {
    /// The service's address, `https://host:port`.
    var url: String
    /// The service certificate's SHA-256 fingerprint, pinned at enrollment.
    var fingerprint: String?
    /// This device's identifier at the service, and its name there.
    var device: String
    var name: String
    /// The credential the service gave, `hdc_…`.
    var credential: String
    /// The last push, by the service's numbering, this device has shown or kept: a push
    /// sent again because its acknowledgement was lost is not shown twice.
    var deliveredThrough: UInt64 = 0
    /// The epoch of the service's numbering that ``deliveredThrough`` counts in;
    /// `nil` until a link names one. A link naming another starts the count again.
    var queueEpoch: String?
    /// The device token the service gave each app registered on this device.
    var tokens: [String: String] = [:]

    /// The record in `file`; `nil` when there is none.
    static func load(from file: URL) throws -> PushUpstream? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        do {
            return try API.decoder().decode(PushUpstream.self, from: Data(contentsOf: file))
        } catch {
            throw DaemonError("cannot read the push service this daemon is connected to, \(file.path): \(error)")
        }
    }

    /// Writes the record to `file`, replacing it atomically.
    func save(to file: URL) throws {
        try DataDirectory.writeAtomically(try API.encoder().encode(self), to: file)
    }

    var deviceCredential: DeviceCredential? { DeviceCredential(credential) }
}
