import Crypto
import NotificationModel
public import Foundation
import Synchronization

/// The push service's keys and device registrations, in memory and in
/// ``PushRecords``. What the provider API reads on every push (``key(_:)``,
/// ``registration(of:)``, ``team(_:owns:)``) is answered from memory; a miss reads
/// the records again, at most once per ``reloadInterval``, so a key or
/// registration another node added is found without letting unknown tokens
/// make every push read the database.
public final class PushDirectory: Sendable {
    /// Everything the directory holds.
    public struct Contents: Sendable, Codable, Equatable {
        public var keys: [ProviderKey] = []
        public var registrations: [DeviceRegistration] = []
        /// The devices on other machines.
        public var devices: [RemoteDevice] = []
        /// Invites not yet used, expired ones included until the next change.
        public var invites: [DeviceInvite] = []
        /// The browsers subscribed to Web Push.
        public var browsers: [BrowserSubscription] = []
        /// The VAPID key that signs Web Push messages, in PEM, once made.
        public var vapidKey: String?

        public init(
            keys: [ProviderKey] = [], registrations: [DeviceRegistration] = [], devices: [RemoteDevice] = [],
            invites: [DeviceInvite] = [], browsers: [BrowserSubscription] = [], vapidKey: String? = nil
        ) {
            (self.keys, self.registrations, self.devices, self.invites) = (keys, registrations, devices, invites)
            (self.browsers, self.vapidKey) = (browsers, vapidKey)
        }

        private enum CodingKeys: String, CodingKey {
            case keys, registrations, devices, invites, browsers, vapidKey
        }

        /// Records written before devices on other machines existed have neither list.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            keys = try container.decode([ProviderKey].self, forKey: .keys)
            registrations = try container.decode([DeviceRegistration].self, forKey: .registrations)
            devices = try container.decodeIfPresent([RemoteDevice].self, forKey: .devices) ?? []
            invites = try container.decodeIfPresent([DeviceInvite].self, forKey: .invites) ?? []
            browsers = try container.decodeIfPresent([BrowserSubscription].self, forKey: .browsers) ?? []
            vapidKey = try container.decodeIfPresent(String.self, forKey: .vapidKey)
        }
    }

    /// A change to make lasting.
    public enum Change: Sendable, Equatable {
        case keyAdded(ProviderKey)
        case keyRemoved(String)
        case registered(DeviceRegistration)
        case unregistered(DeviceRegistration)
        case invited(DeviceInvite)
        /// A device enrolled with the invite it used (now spent).
        case enrolled(RemoteDevice, invite: DeviceInvite)
        /// A device removed, with its registrations ended.
        case deviceRemoved(RemoteDevice, ended: [DeviceRegistration])
        /// A browser subscribed, or its keys, name or apps changed.
        case browserSaved(BrowserSubscription)
        case browserRemoved(String)
        /// The VAPID key made, in PEM. Records that hold one already refuse it with `keyTaken`.
        case vapidKeyMade(String)
    }

    /// How often a miss may read the records again.
    public static let reloadInterval: TimeInterval = 1

    struct State {
        var keys: [String: ProviderKey] = [:]
        var registrations: [DeviceToken: DeviceRegistration] = [:]
        var devices: [String: RemoteDevice] = [:]
        /// Invites by their code's digest.
        var invites: [String: DeviceInvite] = [:]
        var browsers: [String: BrowserSubscription] = [:]
        var vapidKey: String?
        /// The active token of each app on each device.
        var active: [Place: DeviceToken] = [:]
        /// When a miss last read the records: the next may read them
        /// ``reloadInterval`` later. Reading them for another node's announced
        /// change does not count: a miss just after it still reads them.
        var lastMissReload = Date.distantPast
        /// Counts this directory's own changes, so that records read before one
        /// never take the place of what it changed (``replace(_:)``).
        var revision = 0

        init(_ contents: Contents) {
            keys = Dictionary(contents.keys.map { ($0.identifier, $0) }) { _, last in last }
            registrations = Dictionary(contents.registrations.map { ($0.token, $0) }) { _, last in last }
            devices = Dictionary(contents.devices.map { ($0.identifier, $0) }) { _, last in last }
            invites = Dictionary(contents.invites.map { ($0.codeDigest, $0) }) { _, last in last }
            browsers = Dictionary(contents.browsers.map { ($0.identifier, $0) }) { _, last in last }
            vapidKey = contents.vapidKey
            for registration in registrations.values where registration.isActive {
                active[Place(app: registration.app, device: registration.device)] = registration.token
            }
        }

        var contents: Contents {
            Contents(
                keys: keys.values.sorted { $0.identifier < $1.identifier },
                registrations: registrations.values.sorted { $0.registeredAt < $1.registeredAt },
                devices: devices.values.sorted { $0.enrolledAt < $1.enrolledAt },
                invites: invites.values.sorted { $0.expiresAt < $1.expiresAt },
                browsers: browsersOldestFirst,
                vapidKey: vapidKey)
        }

        /// The browsers subscribed, oldest first.
        var browsersOldestFirst: [BrowserSubscription] {
            browsers.values.sorted { ($0.subscribedAt, $0.identifier) < ($1.subscribedAt, $1.identifier) }
        }
    }

    struct Place: Hashable {
        var app: String
        var device: String
    }

    private let records: any PushRecords
    let state: Mutex<State>

    /// Opens the directory kept in `records`.
    ///
    /// - Throws: ``PushServiceError`` when they cannot be read.
    public init(records: any PushRecords) throws {
        self.records = records
        state = Mutex(State(try records.load()))
    }

    // MARK: Keys

    /// Every key, by identifier.
    public var keys: [ProviderKey] {
        state.withLock { $0.contents.keys }
    }

    /// Registers the key of a `.p8` file for `team`, owning `topics`; replaces a key
    /// with the same identifier.
    ///
    /// - Throws: ``PushServiceError``: `invalidIdentifier`, `invalidKey`,
    ///   `invalidTopic`, `topicTaken` (a topic of another team's key); nothing changes.
    @discardableResult
    public func addKey(identifier: String, team: String, p8: String, topics: [String], now: Date) throws -> ProviderKey {
        try Self.checkName(identifier, "key identifier")
        try Self.checkName(team, "team")
        guard let privateKey = try? P256.Signing.PrivateKey(pemRepresentation: p8) else {
            throw PushServiceError(.invalidKey, "the key file is not a P-256 private key in PEM (a .p8 file)")
        }
        let topics = Array(Set(topics)).sorted()
        guard !topics.isEmpty else { throw PushServiceError(.invalidTopic, "a key needs at least one topic") }
        for topic in topics { try Self.checkTopic(topic) }
        let key = ProviderKey(
            identifier: identifier, team: team, publicKey: privateKey.publicKey.rawRepresentation, topics: topics,
            addedAt: now)
        return try change { state in
            for other in state.keys.values where other.team != team && other.identifier != identifier {
                if let topic = other.topics.first(where: topics.contains) {
                    throw PushServiceError(.topicTaken, "\(topic) belongs to team \(other.team)")
                }
            }
            state.keys[identifier] = key
            return (.keyAdded(key), key)
        }
    }

    /// Removes a key: tokens it signed are refused from now on.
    ///
    /// - Throws: ``PushServiceError`` `keyNotFound`.
    public func removeKey(_ identifier: String) throws {
        try change { state in
            guard state.keys.removeValue(forKey: identifier) != nil else {
                throw PushServiceError(.keyNotFound, "no key \(identifier) is registered")
            }
            return (.keyRemoved(identifier), ())
        }
    }

    /// The key with this identifier, reading the records again on a miss.
    public func key(_ identifier: String, now: Date) -> ProviderKey? {
        lookUp(now: now) { $0.keys[identifier] }
    }

    /// Whether `team` owns `topic` (one of its keys names it).
    public func team(_ team: String, owns topic: String, now: Date) -> Bool {
        lookUp(now: now) { state in
            state.keys.values.contains { $0.team == team && $0.topics.contains(topic) } ? true : nil
        } ?? false
    }

    // MARK: Registrations

    /// Every registration, oldest first.
    public var registrations: [DeviceRegistration] {
        state.withLock { $0.contents.registrations }
    }

    /// The token of `app` on `device`: the one it holds, else a new one.
    ///
    /// - Throws: ``PushServiceError`` `invalidTopic` for a bad app identifier,
    ///   `storeFailure` when it cannot be saved.
    public func register(app: String, device: String, now: Date) throws -> DeviceRegistration {
        try Self.checkTopic(app)
        return try change { state in
            if let token = state.active[Place(app: app, device: device)], let held = state.registrations[token] {
                return (nil, held)
            }
            let registration = DeviceRegistration(token: DeviceToken(), app: app, device: device, registeredAt: now)
            state.registrations[registration.token] = registration
            state.active[Place(app: app, device: device)] = registration.token
            return (.registered(registration), registration)
        }
    }

    /// Ends the registration of `app` on `device`; pushes to its token are then
    /// `Unregistered`. Returns it, or `nil` when the app holds no token there.
    @discardableResult
    public func unregister(app: String, device: String, now: Date) throws -> DeviceRegistration? {
        try change { state in
            guard let token = state.active.removeValue(forKey: Place(app: app, device: device)),
                var registration = state.registrations[token]
            else { return (nil, nil) }
            registration.unregisteredAt = now
            state.registrations[token] = registration
            return (.unregistered(registration), registration)
        }
    }

    /// The active registration of `app` on `device`.
    public func registration(app: String, device: String) -> DeviceRegistration? {
        state.withLock { state in
            state.active[Place(app: app, device: device)].flatMap { state.registrations[$0] }
        }
    }

    /// What `token` stands for (active or ended), reading the records again on a miss.
    public func registration(of token: DeviceToken, now: Date) -> DeviceRegistration? {
        lookUp(now: now) { $0.registrations[token] }
    }

    // MARK: Keeping

    /// Reads the records again, for changes another node made.
    public func reload(now: Date) throws {
        try replace { _ in () }
    }

    /// Reads the records and puts them in the place of what is in memory, then
    /// returns what `find` finds there. Records read while this directory made a
    /// change of its own may not hold it yet: they are read again, so a change
    /// another node announces never undoes one made here meanwhile.
    private func replace<T>(_ find: (State) -> T) throws -> T {
        while true {
            let revision = state.withLock { $0.revision }
            let contents = try records.load()
            let found: T? = state.withLock { state in
                guard state.revision == revision else { return nil }
                var fresh = State(contents)
                fresh.lastMissReload = state.lastMissReload
                fresh.revision = revision
                state = fresh
                return find(fresh)
            }
            if let found { return found }
        }
    }

    /// Applies `body`'s change in memory and in the records, or neither, and
    /// returns what `body` made; a `nil` change leaves both as they are.
    func change<T>(_ body: (inout State) throws -> (Change?, T)) throws -> T {
        try state.withLock { state in
            var next = state
            let (change, result) = try body(&next)
            guard let change else { return result }
            next.revision += 1
            do {
                try records.save(change, all: next.contents)
            } catch let error as PushServiceError {
                throw error
            } catch {
                throw PushServiceError(.storeFailure, "cannot save the push service's records: \(error)")
            }
            state = next
            return result
        }
    }

    func lookUp<T>(now: Date, _ find: (State) -> T?) -> T? {
        if let found = state.withLock({ find($0) }) { return found }
        let due = state.withLock { state in
            guard now.timeIntervalSince(state.lastMissReload) >= Self.reloadInterval else { return false }
            state.lastMissReload = now
            return true
        }
        guard due else { return nil }
        return (try? replace(find)) ?? nil
    }

    private static func checkName(_ name: String, _ what: String) throws {
        let allowed = name.utf8.allSatisfy { byte in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
        guard allowed, (1...64).contains(name.utf8.count) else {
            throw PushServiceError(.invalidIdentifier, "a \(what) is 1 to 64 letters, digits, '.', '_' or '-': \(name.debugDescription)")
        }
    }

    /// A topic is an app identifier, as the engine takes it: 1 to 255 of `A-Z a-z 0-9 . - _`.
    private static func checkTopic(_ topic: String) throws {
        do {
            try Validator.validateApp(AppIdentifier(topic))
        } catch {
            throw PushServiceError(.invalidTopic, "a topic is an app identifier: \(error.message)")
        }
    }
}
