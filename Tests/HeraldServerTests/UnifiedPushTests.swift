import Crypto
import DesktopNotifications
import Foundation
@testable import HeraldServer
import PushService
import Signals
import Synchronization
import Testing

/// The daemon's side of the UnifiedPush distributor: registrations as push
/// resources, and messages handed to connectors, on the in-memory store and virtual time.
@Suite("UnifiedPush registrations and delivery")
struct UnifiedPushTests {
    static let app = "org.example.Chat"
    static let key = P256.Signing.PrivateKey().publicKey.x963Representation

    static let desktop = UnifiedPushDesktop(machine: "0123456789abcdef")

    static func registrations(_ store: MemoryPushResources) -> UnifiedPushRegistrations {
        UnifiedPushRegistrations(store: store, desktop: desktop, scheduler: TestScheduler()) {
            "http://127.0.0.1:7878/push/\($0)"
        }
    }

    static func endpoint(_ result: UnifiedPushRegistrationResult) -> String? {
        if case .succeeded(let endpoint) = result { endpoint } else { nil }
    }

    @Test("A VAPID key is an uncompressed P-256 point in base64url", arguments: [
        (key.base64URLEncoded, true),
        (Data(key.dropLast()).base64URLEncoded, false),
        (P256.Signing.PrivateKey().publicKey.compressedRepresentation.base64URLEncoded, false),
        (Data([4] + [UInt8](repeating: 0, count: 64)).base64URLEncoded, false),
        ("", false),
    ])
    func vapidKey(vapid: String, valid: Bool) {
        #expect((PushResource.applicationServerKey(base64URL: vapid) != nil) == valid)
    }

    @Test("Registering again with the same token and key keeps the endpoint; another key makes a new one")
    func idempotent() async throws {
        let store = MemoryPushResources()
        let registrations = Self.registrations(store)
        let first = await registrations.register(UnifiedPushRegistration(service: Self.app, token: "t"))
        let again = await registrations.register(UnifiedPushRegistration(service: Self.app, token: "t"))
        let endpoint = try #require(Self.endpoint(first))
        #expect(Self.endpoint(again) == endpoint)
        let resource = try #require(store.resources(of: Self.desktop.agent(for: Self.app)).first)
        #expect(endpoint == "http://127.0.0.1:7878/push/\(resource.token)")
        #expect(resource.channel == "t" && resource.applicationServerKey == nil)
        let keyed = await registrations.register(UnifiedPushRegistration(service: Self.app, token: "t", vapid: Self.key.base64URLEncoded))
        #expect(Self.endpoint(keyed) != endpoint)
        #expect(store.resources(of: Self.desktop.agent(for: Self.app)).map(\.applicationServerKey) == [Self.key])
    }

    @Test("Refusals: a bad key, another app's token, one app too many, one registration too many")
    func refusals() async throws {
        let store = MemoryPushResources()
        let registrations = Self.registrations(store)
        let badKey = await registrations.register(UnifiedPushRegistration(service: Self.app, token: "t", vapid: "BAD"))
        #expect(badKey.reply["reason"] == .string("VAPID_REQUIRED"))
        _ = await registrations.register(UnifiedPushRegistration(service: Self.app, token: "t"))
        let stolen = await registrations.register(UnifiedPushRegistration(service: "org.example.Thief", token: "t"))
        #expect(stolen.reply["reason"] == .string("UNAUTHORIZED"))
        for index in 1..<UnifiedPushRegistrations.maximumApps {
            _ = await registrations.register(UnifiedPushRegistration(service: "org.example.App\(index)", token: "t\(index)"))
        }
        #expect(store.agents(of: .unifiedPush).count == UnifiedPushRegistrations.maximumApps)
        let tooMany = await registrations.register(UnifiedPushRegistration(service: "org.example.Late", token: "late"))
        #expect(tooMany.reply["reason"] == .string("ACTION_REQUIRED"))
        for index in 1..<PushResource.capacityPerAgent {
            _ = await registrations.register(UnifiedPushRegistration(service: Self.app, token: "more-\(index)"))
        }
        let full = await registrations.register(UnifiedPushRegistration(service: Self.app, token: "one-more"))
        #expect(full.reply["reason"] == .string("ACTION_REQUIRED"))
        #expect(store.resources(of: Self.desktop.agent(for: Self.app)).count == PushResource.capacityPerAgent)
    }

    @Test("Unregister removes the registration and names its app; an unknown token names none")
    func unregister() async throws {
        let store = MemoryPushResources()
        let registrations = Self.registrations(store)
        _ = await registrations.register(UnifiedPushRegistration(service: Self.app, token: "t"))
        #expect(await registrations.unregister(token: "t") == Self.app)
        #expect(store.resources(of: Self.desktop.agent(for: Self.app)).isEmpty)
        #expect(await registrations.unregister(token: "t") == nil)
    }

    @Test("two desktops sharing one store each keep and reach their own apps")
    func desktopsApart() async throws {
        let store = MemoryPushResources()
        let other = UnifiedPushDesktop(machine: "fedcba9876543210")
        let mine = Self.registrations(store)
        let theirs = UnifiedPushRegistrations(store: store, desktop: other, scheduler: TestScheduler()) { "http://h/push/\($0)" }
        let first = Self.endpoint(await mine.register(UnifiedPushRegistration(service: Self.app, token: "t1")))
        let second = Self.endpoint(await theirs.register(UnifiedPushRegistration(service: Self.app, token: "t2")))
        #expect(first != nil && second != nil && first != second)
        #expect(try await Self.desktop.apps(in: store) == [Self.desktop.agent(for: Self.app)])
        #expect(try await other.apps(in: store) == [other.agent(for: Self.app)])
        #expect(Self.desktop.service(of: other.agent(for: Self.app)) == nil)
        // A token is one desktop's: the other cannot remove it.
        #expect(await theirs.unregister(token: "t1") == nil)
        #expect(await mine.unregister(token: "t1") == Self.app)
    }
}
