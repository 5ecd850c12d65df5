import Foundation
import NotificationEngine
import PostgresNIO
import PostgresSupport
import PushService

/// The daemon's own records in PostgreSQL, beside the engine's tables in the same
/// schema, so that every daemon on the database (every node) works from the same
/// apps, tokens, browser sessions, sign-in codes, the admin tokens' fingerprints and webhook
/// posts. Used when the daemon runs with `--database`; with the SQLite default
/// these records stay in the data directory's files.
///
/// Each node keeps what it reads on every request (apps, sessions) in memory and
/// reads it again when another node announces a change on ``channel`` (in the
/// changing transaction, so the announcement arrives after the commit), and after
/// its listening connection comes back, since announcements made while it was
/// away are lost. Until the announcement arrives (a few milliseconds), a
/// credential revoked on another node still opens this one.
final class DaemonDatabase: Sendable {
    /// What changed, as announced.
    enum Change: Sendable, Equatable {
        case apps
        case sessions
        /// A node added its admin token's fingerprint.
        case adminTokens
        /// The push service's keys or device registrations.
        case push
        /// A bundled app's document, saved by the node `node`.
        case document(name: String, node: UUID)
        /// A push was kept for the device (``PostgresDeviceQueues``).
        case deviceQueue(device: String)
        /// A message was kept for the receiver of push resources (``PostgresPushResources``).
        case pushAgent(PushAgent)

        /// The announcement's first word.
        var payload: String {
            switch self {
            case .apps: "apps"
            case .sessions: "sessions"
            case .adminTokens: "admin-tokens"
            case .push: "push"
            case .document(let name, let node): "document:\(node.uuidString):\(name)"
            case .deviceQueue(let device): "device-queue:" + Self.escaped(device)
            case .pushAgent(let agent): "push-agent:" + Self.escaped(agent.stored)
            }
        }

        init?(payload: some StringProtocol) {
            switch payload {
            case "apps": self = .apps
            case "sessions": self = .sessions
            case "admin-tokens": self = .adminTokens
            case "push": self = .push
            case let payload where payload.hasPrefix("device-queue:"):
                guard let device = payload.dropFirst("device-queue:".count).removingPercentEncoding else { return nil }
                self = .deviceQueue(device: device)
            case let payload where payload.hasPrefix("push-agent:"):
                guard let stored = payload.dropFirst("push-agent:".count).removingPercentEncoding,
                    let agent = PushAgent(stored: stored)
                else { return nil }
                self = .pushAgent(agent)
            default:
                let parts = payload.split(separator: ":", maxSplits: 2)
                guard parts.count == 3, parts[0] == "document", let node = UUID(uuidString: String(parts[1])) else {
                    return nil
                }
                self = .document(name: String(parts[2]), node: node)
            }
        }

        /// Text in a payload, percent-encoded: without the space that ends the change.
        private static func escaped(_ text: String) -> String {
            text.addingPercentEncoding(withAllowedCharacters: payloadCharacters) ?? text
        }

        private static let payloadCharacters = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
    }

    /// The channel changes are announced on; the payload is the change and the schema.
    static let channel = "herald_daemon"

    /// The engine's store on the database, for the engine.
    let store: PostgresStore
    /// The connections the daemon's records share with the engine's store.
    var postgres: PostgresConnections { store.database }

    /// Creates the daemon's tables in the engine's schema if needed (migrations
    /// named `daemon.v1`, …).
    ///
    /// - Throws: ``NotificationError`` when the database cannot be reached or was
    ///   migrated by a later version.
    init(store: PostgresStore) throws {
        self.store = store
        try store.database.migrate(component: "daemon", Self.migrations)
    }

    /// Runs `body` in one transaction.
    @discardableResult
    func write<T>(_ body: (PostgresStatements) throws -> T) throws -> T {
        try postgres.withTransaction(body)
    }

    /// Runs `body` in one read-only transaction, a snapshot.
    func read<T>(_ body: (PostgresStatements) throws -> T) throws -> T {
        try postgres.withTransaction(readOnly: true, body)
    }

    /// Tells every node, this one included, that `change` happened, once the
    /// transaction of `statements` commits.
    func announce(_ change: Change, in statements: PostgresStatements) throws {
        try statements.execute(
            "SELECT pg_notify(\(Self.channel), \(change.payload + " " + postgres.schema))", "announcing a change of \(change)")
    }

    /// Calls `handler` with each change announced on this schema, and with `nil`
    /// when anything may have changed (after the listening connection came back).
    func follow(_ handler: @escaping @Sendable (Change?) -> Void) {
        let schema = postgres.schema
        postgres.listen(on: Self.channel) { payload in
            guard let payload else { return handler(nil) }
            let parts = payload.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[1] == schema, let change = Change(payload: parts[0]) else { return }
            handler(change)
        }
    }

    /// The tables, in order.
    ///
    /// - `daemon_apps`: the registry, one row per app: its fingerprint (unique,
    ///   for looking a token up) and the whole ``RegisteredApp`` as JSON.
    /// - `daemon_sessions`: browser sessions by the SHA-256 of their id, with the
    ///   SHA-256 of their key and their last recorded use (v2).
    /// - `daemon_sign_in_codes`: `herald open`'s one-time codes by their SHA-256,
    ///   numbered in the order they were issued.
    /// - `daemon_settings`: settings every node shares: `vapid_key`, the PEM of the
    ///   key that signs Web Push messages (v1 kept the admin token there, which v2
    ///   moved to `daemon_admin_tokens` as its fingerprint).
    /// - `daemon_app_documents`: the bundled apps' documents by name (`todo.json`).
    /// - `webhook_posts`: the webhook outbox; each waiting post is leased to the
    ///   node sending it (`owner`, `lease_until` in the database's clock, seconds
    ///   since 1970), and taken over by another when the lease runs out.
    /// - `push_browsers`, `webpush_posts` (v8): the browsers subscribed to Web Push, and
    ///   the messages owed to them, as `webhook_posts`.
    /// - `daemon_admin_tokens` (v2): the SHA-256 of each node's admin token, in hex.
    /// - `push_keys`, `push_registrations` (v3): the push service's provider keys and
    ///   device registrations.
    /// - `push_queue_devices`, `push_queue` (v5): the pushes waiting for devices on
    ///   other machines (``PostgresDeviceQueues``): per device the number its next
    ///   push gets (its row locked by every call on the device), and each push by
    ///   device and number with its ``RemoteNotification`` as JSON, `expires_at` in
    ///   seconds since the reference date (`NULL`: now or never), and whether it was
    ///   ever sent (`was_sent`, v6), which a cut connection does not reset; the
    ///   epoch of each device's numbering (`epoch`, v7).
    /// - `push_resource_agents`, `push_resources`, `push_resource_messages`,
    ///   `push_receipts` (v9): the push service's RFC 8030 resources
    ///   (``PostgresPushResources``): each receiver's row, locked by every call on
    ///   it; its resources by token; the messages waiting, in the order of
    ///   `position`; and the receipts asked for, as the in-memory model keeps them.
    static let migrations: [(name: String, sql: String)] = [
        (
            "v1",
            """
            CREATE TABLE daemon_apps (
                identifier text COLLATE "C" PRIMARY KEY,
                token_fingerprint text COLLATE "C" NOT NULL UNIQUE,
                record text NOT NULL
            );

            CREATE TABLE daemon_sessions (
                fingerprint text COLLATE "C" PRIMARY KEY,
                created_at double precision NOT NULL,
                expires_at double precision NOT NULL
            );

            CREATE TABLE daemon_sign_in_codes (
                fingerprint text COLLATE "C" PRIMARY KEY,
                issued bigint GENERATED ALWAYS AS IDENTITY,
                expires_at double precision NOT NULL
            );

            CREATE TABLE daemon_settings (name text COLLATE "C" PRIMARY KEY, value text NOT NULL);

            CREATE TABLE daemon_app_documents (name text COLLATE "C" PRIMARY KEY, body bytea NOT NULL);

            CREATE TABLE webhook_posts (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                type text COLLATE "C" NOT NULL,
                delivery text COLLATE "C" NOT NULL,
                app text COLLATE "C" NOT NULL,
                body bytea NOT NULL,
                attempts integer NOT NULL DEFAULT 0,
                done boolean NOT NULL DEFAULT false,
                updated double precision NOT NULL,
                owner uuid,
                lease_until double precision NOT NULL DEFAULT 0,
                UNIQUE (type, delivery)
            );
            CREATE INDEX webhook_posts_waiting ON webhook_posts (id) WHERE NOT done;
            """
        ),
        (
            // v1 kept the admin token itself in `daemon_settings`: it becomes its fingerprint,
            // which each node's own `admin-token` file matches. Sessions get a key and a last
            // use; those started before have no key, and their browsers sign in again.
            "v2",
            """
            DELETE FROM daemon_sessions;
            ALTER TABLE daemon_sessions
                ADD COLUMN key_fingerprint text COLLATE "C" NOT NULL,
                ADD COLUMN used_at double precision NOT NULL;
            CREATE TABLE daemon_admin_tokens (fingerprint text COLLATE "C" PRIMARY KEY);
            INSERT INTO daemon_admin_tokens (fingerprint)
                SELECT encode(sha256(convert_to(value, 'UTF8')), 'hex') FROM daemon_settings WHERE name = 'admin_token';
            DELETE FROM daemon_settings WHERE name = 'admin_token';
            """
        ),
        (
            // The push service's provider keys and device registrations.
            "v3",
            """
            CREATE TABLE push_keys (
                identifier text COLLATE "C" PRIMARY KEY,
                team text COLLATE "C" NOT NULL,
                record text NOT NULL
            );
            CREATE TABLE push_registrations (
                token text COLLATE "C" PRIMARY KEY,
                registered_at double precision NOT NULL,
                record text NOT NULL
            );
            """
        ),
        (
            // Devices on other machines, and the one-time invites they enroll with.
            "v4",
            """
            CREATE TABLE push_devices (
                identifier text COLLATE "C" PRIMARY KEY,
                enrolled_at double precision NOT NULL,
                record text NOT NULL
            );
            CREATE TABLE push_invites (
                code_digest text COLLATE "C" PRIMARY KEY,
                expires_at double precision NOT NULL,
                record text NOT NULL
            );
            """
        ),
        (
            // The pushes waiting for devices on other machines.
            "v5",
            """
            CREATE TABLE push_queue_devices (
                device text COLLATE "C" PRIMARY KEY,
                next_sequence bigint NOT NULL
            );
            CREATE TABLE push_queue (
                device text COLLATE "C" NOT NULL,
                sequence bigint NOT NULL,
                app text COLLATE "C" NOT NULL,
                collapse_id text COLLATE "C",
                expires_at double precision,
                is_sent boolean NOT NULL,
                notification text NOT NULL,
                PRIMARY KEY (device, sequence)
            );
            CREATE INDEX push_queue_expiry ON push_queue (expires_at) WHERE expires_at IS NOT NULL;
            CREATE INDEX push_queue_collapse ON push_queue (device, app, collapse_id, sequence)
                WHERE collapse_id IS NOT NULL AND NOT is_sent;
            """
        ),
        (
            // Whether each push was ever sent: a push with its collapse identifier removes it
            // and follows at a new number, rather than take the number of a push the device may
            // show. One kept before may have been sent on a connection cut since, which the
            // table did not record: it counts as sent. The collapse index finds a push sent or not.
            "v6",
            """
            ALTER TABLE push_queue ADD COLUMN was_sent boolean NOT NULL DEFAULT true;
            ALTER TABLE push_queue ALTER COLUMN was_sent DROP DEFAULT;
            DROP INDEX push_queue_collapse;
            CREATE INDEX push_queue_collapse ON push_queue (device, app, collapse_id, sequence)
                WHERE collapse_id IS NOT NULL;
            """
        ),
        (
            // Each device's numbering has an epoch, made with its row: a database made anew
            // gives the device's numbers another one, and the device counts again. A device
            // kept before has the empty epoch, which a device that never saw one takes as its own.
            "v7",
            """
            ALTER TABLE push_queue_devices ADD COLUMN epoch text NOT NULL DEFAULT '';
            """
        ),
        (
            // The browsers subscribed to Web Push (the VAPID key is in `daemon_settings`), and
            // the messages owed to them, kept and leased as webhook posts are.
            "v8",
            """
            CREATE TABLE push_browsers (
                identifier text COLLATE "C" PRIMARY KEY,
                subscribed_at double precision NOT NULL,
                record text NOT NULL
            );
            CREATE TABLE webpush_posts (LIKE webhook_posts INCLUDING ALL);
            """
        ),
        (
            // The push service's RFC 8030 resources, shared so that a message POSTed to any node
            // reaches its receiver on the node holding its connection. Every call on a receiver
            // first locks its row in `push_resource_agents`, so that nodes writing for one
            // receiver at once decide its capacity and topics on what the other kept; `position`
            // orders its messages. A receipt outlives its message (`keep_until`, seconds since
            // the reference date; `NULL` while pending), so it is a table of its own.
            "v9",
            """
            CREATE TABLE push_resource_agents (agent text COLLATE "C" PRIMARY KEY);
            CREATE TABLE push_resources (
                token text COLLATE "C" PRIMARY KEY,
                agent text COLLATE "C" NOT NULL,
                channel text COLLATE "C" NOT NULL,
                application_server_key bytea,
                created_at double precision NOT NULL,
                UNIQUE (agent, channel)
            );
            CREATE TABLE push_resource_messages (
                id text COLLATE "C" PRIMARY KEY,
                position bigint GENERATED ALWAYS AS IDENTITY,
                agent text COLLATE "C" NOT NULL,
                resource text COLLATE "C" NOT NULL REFERENCES push_resources ON DELETE CASCADE,
                channel text COLLATE "C" NOT NULL,
                body bytea NOT NULL,
                encoding text COLLATE "C",
                encryption text COLLATE "C",
                crypto_key text COLLATE "C",
                urgency text COLLATE "C" NOT NULL,
                topic text COLLATE "C",
                expires_at double precision,
                wants_receipt boolean NOT NULL,
                is_sent boolean NOT NULL
            );
            CREATE INDEX push_resource_messages_order ON push_resource_messages (agent, position);
            CREATE INDEX push_resource_messages_resource ON push_resource_messages (resource, topic);
            CREATE INDEX push_resource_messages_expiry ON push_resource_messages (expires_at)
                WHERE expires_at IS NOT NULL;
            CREATE TABLE push_receipts (
                id text COLLATE "C" PRIMARY KEY,
                state text COLLATE "C" NOT NULL CHECK (state IN ('pending', 'delivered', 'dropped')),
                delivered_at double precision,
                keep_until double precision
            );
            CREATE INDEX push_receipts_kept ON push_receipts (keep_until) WHERE keep_until IS NOT NULL;
            """
        ),
    ]
}
