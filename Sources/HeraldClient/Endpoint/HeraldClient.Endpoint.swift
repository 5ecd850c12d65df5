public import Foundation

extension HeraldClient {
    /// Where the daemon is and the bearer token to use: an admin token (from the
    /// data directory's `admin-token`) or an app's token.
    public struct Endpoint: Sendable, Hashable {
        /// The daemon's base URL, such as `http://127.0.0.1:7878`.
        public var url: URL
        /// The bearer token sent with every request.
        public var token: String

        /// An endpoint with this URL and token.
        public init(url: URL, token: String) {
            self.url = url
            self.token = token
        }

        /// The environment variable that names the daemon's URL.
        public static let urlVariable = "HERALD_URL"
        /// The environment variable that holds the token.
        public static let tokenVariable = "HERALD_TOKEN"
        /// The environment variable that names the data directory.
        public static let dataDirectoryVariable = "HERALD_DATA_DIR"

        /// Finds the daemon and the token, each from the first of these that has it:
        ///
        /// 1. `url` and `token`, given explicitly (`--url`, `--token`);
        /// 2. unless a `dataDirectory` is given, the environment's `HERALD_URL` and `HERALD_TOKEN`;
        /// 3. the data directory (``dataDirectory(_:environment:)``): its `daemon.json`,
        ///    `{"url": "http://127.0.0.1:7878", "pid": 4242}`, written by `herald serve`,
        ///    and its `admin-token`.
        ///
        /// - Throws: ``HeraldClientError/Code/daemonUnreachable`` when no daemon
        ///   wrote `daemon.json`; ``HeraldClientError/Code/credentialsUnavailable``
        ///   when the token file is missing or unreadable;
        ///   ``HeraldClientError/Code/invalidEndpoint`` for a URL that is not `http://`.
        public static func resolve(
            url: String? = nil, token: String? = nil, dataDirectory: String? = nil,
            environment: [String: String] = ProcessInfo.processInfo.environment
        ) throws -> Endpoint {
            let useEnvironment = dataDirectory == nil
            let directory = Self.dataDirectory(dataDirectory, environment: environment)
            let urlText = try url ?? (useEnvironment ? environment[urlVariable].nonEmpty : nil)
                ?? DaemonFile.read(in: directory).url
            let token = try token ?? (useEnvironment ? environment[tokenVariable].nonEmpty : nil)
                ?? readAdminToken(in: directory)
            return Endpoint(url: try parseURL(urlText), token: token)
        }

        /// The data directory: `explicit` (`--data-dir`), else `HERALD_DATA_DIR`,
        /// else `$XDG_DATA_HOME/herald`, else `~/.local/share/herald` — the one
        /// `herald serve` uses by default.
        public static func dataDirectory(_ explicit: String? = nil, environment: [String: String]) -> URL {
            if let path = explicit.nonEmpty ?? environment[dataDirectoryVariable].nonEmpty {
                return URL(fileURLWithPath: path, isDirectory: true)
            }
            if let dataHome = environment["XDG_DATA_HOME"].nonEmpty, dataHome.hasPrefix("/") {
                return URL(fileURLWithPath: dataHome, isDirectory: true).appendingPathComponent("herald")
            }
            let home = environment["HOME"].nonEmpty ?? FileManager.default.homeDirectoryForCurrentUser.path
            return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share/herald")
        }

        /// The admin token in `directory/admin-token`, without surrounding white space.
        static func readAdminToken(in directory: URL) throws -> String {
            let file = directory.appendingPathComponent("admin-token")
            let text: String
            do {
                text = try String(contentsOf: file, encoding: .utf8)
            } catch {
                throw HeraldClientError(
                    .credentialsUnavailable,
                    "cannot read the admin token \(file.path): is the daemon running with this data directory?")
            }
            guard let token = text.trimmingCharacters(in: .whitespacesAndNewlines).nonEmpty else {
                throw HeraldClientError(.credentialsUnavailable, "the admin token file \(file.path) is empty")
            }
            return token
        }

        /// `text` as an `http://` base URL.
        static func parseURL(_ text: String) throws -> URL {
            guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https", url.host != nil else {
                throw HeraldClientError(.invalidEndpoint, "“\(text)” is not an http:// URL, such as http://127.0.0.1:7878")
            }
            return url
        }
    }
}

extension Optional<String> {
    /// The string, or `nil` when it is absent or empty.
    var nonEmpty: String? {
        guard let self, !self.isEmpty else { return nil }
        return self
    }
}

extension String {
    /// The string, or `nil` when it is empty.
    var nonEmpty: String? { isEmpty ? nil : self }
}
