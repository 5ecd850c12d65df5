import Foundation
import NIOSSL
import NotificationModel
package import PostgresNIO

/// Where a ``PostgresConnections`` connects, read from a `postgres://` URL in libpq's
/// form:
///
///     postgres://USER:PASSWORD@HOST:PORT/DATABASE?sslmode=require&schema=herald
///
/// - The host defaults to `127.0.0.1` and the port to 5432; `?host=/path` names
///   the directory of a Unix socket instead (`postgres:///herald?host=/run/postgresql`).
/// - The user defaults to the process's user, the database to the user's name.
/// - `sslmode`: `disable`, `prefer` (the default, as libpq's) or `require`
///   (`verify-full` is taken as `require`, which verifies the server's certificate
///   and name against the system's trust roots).
/// - `schema`: the PostgreSQL schema to keep Herald's tables in (created if it
///   does not exist), `public` by default: several Herald deployments can share
///   one database in schemas of their own.
/// - `application_name`: shown in `pg_stat_activity`, `herald` by default.
package struct PostgresLocation: Sendable {
    package var configuration: PostgresConnection.Configuration
    /// The schema Herald's tables live in.
    package var schema: String
    /// The URL without its password, for messages.
    package var description: String

    /// Reads `url`.
    ///
    /// - Throws: ``NotificationError/Code/storeFailure`` naming what is wrong with it.
    package init(url: String) throws {
        guard let components = URLComponents(string: url),
            let scheme = components.scheme, ["postgres", "postgresql"].contains(scheme)
        else {
            throw Self.invalid("it is not a postgres:// URL")
        }
        var parameters: [String: String] = [:]
        for item in components.queryItems ?? [] {
            parameters[item.name] = item.value ?? ""
        }
        let username = components.user?.removingPercentEncoding
            ?? ProcessInfo.processInfo.environment["USER"] ?? "postgres"
        let password = components.password?.removingPercentEncoding
        var database = String(components.path.drop { $0 == "/" })
        database = database.removingPercentEncoding ?? database
        if database.isEmpty { database = username }

        let tls = try Self.tls(parameters["sslmode"] ?? "prefer")
        if let socket = parameters["host"], socket.hasPrefix("/") {
            let path = socket.hasSuffix(".s.PGSQL.\(components.port ?? 5432)")
                ? socket : "\(socket)/.s.PGSQL.\(components.port ?? 5432)"
            configuration = .init(unixSocketPath: path, username: username, password: password, database: database)
        } else {
            let host = components.host.flatMap { $0.isEmpty ? nil : $0 } ?? parameters["host"] ?? "127.0.0.1"
            configuration = .init(
                host: host, port: components.port ?? 5432, username: username, password: password,
                database: database, tls: tls)
        }
        schema = parameters["schema"] ?? "public"
        guard !schema.isEmpty, schema.utf8.count <= 63, !schema.contains("\0") else {
            throw Self.invalid("the schema name must be 1 to 63 bytes")
        }
        configuration.options.connectTimeout = .seconds(5)
        configuration.options.additionalStartupParameters = [
            ("application_name", parameters["application_name"] ?? "herald"),
            ("search_path", Self.quoted(schema)),
            // Every date Herald reads from the server is in UTC.
            ("TimeZone", "UTC"),
        ]
        var shown = components
        if shown.password != nil { shown.password = "…" }
        description = shown.string ?? "postgres://…"
    }

    /// The schema's name as an SQL identifier.
    package var quotedSchema: String { Self.quoted(schema) }

    private static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private static func tls(_ mode: String) throws -> PostgresConnection.Configuration.TLS {
        switch mode {
        case "disable", "allow":
            return .disable
        case "prefer", "require", "verify-ca", "verify-full":
            let context: NIOSSLContext
            do {
                context = try NIOSSLContext(configuration: .makeClientConfiguration())
            } catch {
                throw NotificationError(.storeFailure, "PostgreSQL store: TLS cannot be set up: \(error)")
            }
            return mode == "prefer" ? .prefer(context) : .require(context)
        default:
            throw invalid("sslmode must be disable, prefer or require, not \"\(mode)\"")
        }
    }

    private static func invalid(_ reason: String) -> NotificationError {
        NotificationError(.storeFailure, "PostgreSQL store: the database URL is not usable: \(reason)")
    }
}
