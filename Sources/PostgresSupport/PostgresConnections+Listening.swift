package import Logging
package import PostgresNIO

/// Background connections: listening, and anything else that runs on a
/// connection of its own and reconnects when the server goes away.
extension PostgresConnections {
    /// Listens on `channel` on a connection of its own until the database closes,
    /// reconnecting with backoff: `handler` gets each notification's payload,
    /// and `nil` after each (re)connection, for what was sent while nobody listened.
    package func listen(on channel: String, _ handler: @escaping @Sendable (String?) -> Void) {
        let reconnector = PostgresReconnector(
            configuration: location.configuration, logger: Logger(label: "herald.store.postgres.listen"))
        keep([
            Task {
                await reconnector.run { connection in
                    try await connection.listen(on: channel) { notifications in
                        handler(nil)
                        for try await notification in notifications {
                            handler(notification.payload)
                        }
                    }
                }
            }
        ])
    }
}

/// Runs a body on a connection of its own until its task is cancelled,
/// connecting again after a failure.
package struct PostgresReconnector: Sendable {
    package var configuration: PostgresConnection.Configuration
    package var logger: Logger

    package init(configuration: PostgresConnection.Configuration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    /// Runs `body` on a new connection until the task is cancelled; after a
    /// failure, connects again after 0.1 s, doubling up to 5 s.
    package func run(_ body: @Sendable (PostgresConnection) async throws -> Void) async {
        var delay = Duration.milliseconds(100)
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(
                    configuration: configuration, id: Int.random(in: 1...Int.max), logger: logger)
                delay = .milliseconds(100)
                do {
                    try await withTaskCancellationHandler {
                        try await body(connection)
                    } onCancel: {
                        connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
                    }
                    try? await connection.close()
                } catch {
                    try? await connection.close()
                    throw error
                }
            } catch {
                if Task.isCancelled { return }
                logger.warning("sharing the PostgreSQL store: \(PostgresFailure.wrap(error, while: "a background connection", ownCode: true))")
            }
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, .seconds(5))
        }
    }
}
