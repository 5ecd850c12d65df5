import Foundation
import PostgresNIO
import PostgresSupport
import PushService

/// The push service's RFC 8030 resources and the messages waiting on them, in the
/// database the nodes share (`push_resource_agents`, `push_resources`,
/// `push_resource_messages`, `push_receipts`, ``DaemonDatabase``), so that a
/// message POSTed to any node reaches its receiver on the node holding its
/// connection. It answers every call as ``MemoryPushResources``, the model, does.
///
/// Every call on one receiver first locks the receiver's row
/// (`push_resource_agents`), so that calls on one receiver from several nodes run
/// one after the other: the capacities and topic replacement are decided on what
/// the other kept, and messages kept at once take distinct, increasing positions.
/// Dropping expired messages locks the rows of the receivers it drops from, in
/// order, so no two calls wait for each other. A message kept is announced
/// (``DaemonDatabase/Change/pushAgent(_:)``), to every node after the commit.
struct PostgresPushResources: PushResourceStore {
    let database: DaemonDatabase

    func subscribe(agent: PushAgent, channel: String, applicationServerKey: Data?, now: Date) throws -> PushResource {
        try write("subscribing \(agent) to a push resource") { statements in
            try statements.execute(
                """
                INSERT INTO push_resource_agents (agent) VALUES (\(agent.stored))
                ON CONFLICT (agent) DO UPDATE SET agent = excluded.agent
                """,
                "locking the push resources of \(agent)")
            if let existing = try resource(of: agent, channel: channel, in: statements) {
                if existing.applicationServerKey == applicationServerKey { return existing }
                try delete(existing, now: now, in: statements)
            } else if try count(of: agent, in: statements) >= PushResource.capacityPerAgent {
                throw PushServiceError.tooManySubscriptions(agent)
            }
            let resource = PushResource(
                token: PushResource.makeToken(), agent: agent, channel: channel,
                applicationServerKey: applicationServerKey, createdAt: now)
            try statements.execute(
                """
                INSERT INTO push_resources (token, agent, channel, application_server_key, created_at)
                VALUES (\(resource.token), \(agent.stored), \(channel),
                    \(applicationServerKey.map(PostgresPushResourceRow.bytes)), \(now.timeIntervalSinceReferenceDate))
                """,
                "keeping a push resource of \(agent)")
            return resource
        }
    }

    func resource(token: String) throws -> PushResource? {
        try read("reading a push resource") { statements in
            try statements.rows(
                "SELECT \(unescaped: PostgresPushResourceRow.resourceColumns) FROM push_resources WHERE token = \(token)",
                "reading a push resource", PostgresPushResourceRow.resource
            ).first
        }
    }

    func resources(of agent: PushAgent) throws -> [PushResource] {
        try read("reading the push resources of \(agent)") { statements in
            try statements.rows(
                """
                SELECT \(unescaped: PostgresPushResourceRow.resourceColumns) FROM push_resources
                WHERE agent = \(agent.stored) ORDER BY created_at, token
                """,
                "reading the push resources of \(agent)", PostgresPushResourceRow.resource)
        }
    }

    func agents(of kind: PushAgent.Kind) throws -> [PushAgent] {
        try read("reading the receivers of push resources") { statements in
            try statements.rows(
                "SELECT DISTINCT agent FROM push_resources WHERE starts_with(agent, \(kind.rawValue + ":"))",
                "reading the receivers of push resources"
            ) { try $0.decode(String.self) }.compactMap(PushAgent.init(stored:)).sorted { $0.name < $1.name }
        }
    }

    func unsubscribe(agent: PushAgent, channel: String, now: Date) throws -> PushResource? {
        try write("removing a push resource of \(agent)") { statements in
            guard try lock(agent, in: statements), let resource = try self.resource(of: agent, channel: channel, in: statements)
            else { return nil }
            try delete(resource, now: now, in: statements)
            try statements.execute(
                """
                DELETE FROM push_resource_agents WHERE agent = \(agent.stored)
                AND NOT EXISTS (SELECT 1 FROM push_resources WHERE agent = \(agent.stored))
                """,
                "forgetting \(agent), which holds no push resource")
            return resource
        }
    }

    func remove(agent: PushAgent, now: Date) throws {
        try write("removing the push resources of \(agent)") { statements in
            guard try lock(agent, in: statements) else { return }
            try drop(
                statements.rows(
                    "DELETE FROM push_resource_messages WHERE agent = \(agent.stored) RETURNING id, wants_receipt",
                    "dropping the messages of \(agent)", Self.dropped),
                now: now, in: statements)
            try statements.execute(
                "DELETE FROM push_resources WHERE agent = \(agent.stored)", "removing the push resources of \(agent)")
            try statements.execute(
                "DELETE FROM push_resource_agents WHERE agent = \(agent.stored)", "forgetting \(agent)")
        }
    }

    func takeUnsent(agent: PushAgent, now: Date) throws -> [PushResourceMessage] {
        try write("taking the messages to send to \(agent)") { statements in
            guard try lock(agent, in: statements) else { return [] }
            try drop(
                statements.rows(
                    """
                    DELETE FROM push_resource_messages
                    WHERE agent = \(agent.stored) AND expires_at <= \(now.timeIntervalSinceReferenceDate)
                    RETURNING id, wants_receipt
                    """,
                    "dropping the expired messages of \(agent)", Self.dropped),
                now: now, in: statements)
            return PostgresPushResourceRow.messages(
                try statements.rows(
                    """
                    UPDATE push_resource_messages SET is_sent = true WHERE agent = \(agent.stored) AND NOT is_sent
                    RETURNING \(unescaped: PostgresPushResourceRow.messageColumns)
                    """,
                    "taking the messages to send to \(agent)", PostgresPushResourceRow.message))
        }
    }

    func acknowledge(agent: PushAgent, id: String, now: Date) throws -> Bool {
        try write("forgetting a message \(agent) acknowledged") { statements in
            guard try lock(agent, in: statements) else { return false }
            guard
                let wantsReceipt = try statements.rows(
                    """
                    DELETE FROM push_resource_messages WHERE agent = \(agent.stored) AND id = \(id)
                    RETURNING wants_receipt
                    """,
                    "forgetting a message \(agent) acknowledged", { try $0.decode(Bool.self) }
                ).first
            else { return false }
            if wantsReceipt { try record(.delivered(now), for: [id], now: now, in: statements) }
            return true
        }
    }

    func disconnected(agent: PushAgent, now: Date) throws {
        try write("putting back the messages sent to \(agent)") { statements in
            guard try lock(agent, in: statements) else { return }
            try drop(
                statements.rows(
                    """
                    DELETE FROM push_resource_messages WHERE agent = \(agent.stored) AND expires_at IS NULL
                    RETURNING id, wants_receipt
                    """,
                    "dropping the now-or-never messages of \(agent)", Self.dropped),
                now: now, in: statements)
            try statements.execute(
                "UPDATE push_resource_messages SET is_sent = false WHERE agent = \(agent.stored) AND is_sent",
                "putting back the messages sent to \(agent)")
        }
    }

    func dropExpired(now: Date) throws {
        let seconds = now.timeIntervalSinceReferenceDate
        try write("dropping expired push messages") { statements in
            let agents = try statements.rows(
                """
                SELECT agent FROM push_resource_agents
                WHERE agent IN (SELECT agent FROM push_resource_messages WHERE expires_at <= \(seconds))
                ORDER BY agent FOR UPDATE
                """,
                "locking the receivers with expired messages"
            ) { try $0.decode(String.self) }
            if !agents.isEmpty {
                try drop(
                    statements.rows(
                        """
                        DELETE FROM push_resource_messages WHERE agent = ANY(\(agents)) AND expires_at <= \(seconds)
                        RETURNING id, wants_receipt
                        """,
                        "dropping expired push messages", Self.dropped),
                    now: now, in: statements)
            }
            try statements.execute(
                "DELETE FROM push_receipts WHERE keep_until <= \(seconds)", "forgetting the push receipts kept long enough")
        }
    }

    func receipt(id: String) throws -> PushReceipt? {
        try read("reading a push receipt") { statements in
            try statements.rows(
                "SELECT state, delivered_at FROM push_receipts WHERE id = \(id)", "reading a push receipt"
            ) { row in
                let (state, deliveredAt) = try row.decode((String, Double?).self)
                return try PostgresPushResourceRow.receipt(state: state, deliveredAt: deliveredAt)
            }.first
        }
    }

    /// Every node's messages kept, announced with their receivers; `nil` after this
    /// node's listening connection came back, since announcements made while it was
    /// away are lost. Each call listens on a connection of its own: call it once per node.
    func follow(_ handler: @escaping @Sendable (PushAgent?) -> Void) {
        database.follow { change in
            switch change {
            case nil: handler(nil)
            case .pushAgent(let agent)?: handler(agent)
            default: break
            }
        }
    }

    /// The receiver's messages, in order, as the model's queue holds them.
    func queue(of agent: PushAgent) throws -> PushAgentQueue {
        try read("reading the messages of \(agent)") { statements in
            PushAgentQueue(
                messages: PostgresPushResourceRow.messages(
                    try statements.rows(
                        """
                        SELECT \(unescaped: PostgresPushResourceRow.messageColumns) FROM push_resource_messages
                        WHERE agent = \(agent.stored)
                        """,
                        "reading the messages of \(agent)", PostgresPushResourceRow.message)))
        }
    }
}
