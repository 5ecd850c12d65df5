extension API {
    /// One message of an app's service-extension stream (`GET /v1/push/extension`,
    /// a WebSocket), from the daemon to the app's process, which runs the app's
    /// `UNNotificationServiceExtension` on the daemon's behalf.
    ///
    /// On the wire it is one flat object: `type` names the kind, `run` the push's
    /// run of the extension (a UUID), and a `receive` carries the `request` the push
    /// becomes.
    ///
    /// ```json
    /// {"type": "receive", "run": "6f1c…", "request": {"identifier": "…", "content": {…}, "trigger": {"type": "push"}}}
    /// {"type": "expire", "run": "6f1c…"}
    /// ```
    ///
    /// The app answers a run with `POST /v1/push/extension/runs/{run}/content` (the
    /// content to show; the first answer counts) and, once the extension's
    /// `serviceExtensionTimeWillExpire()` has returned, with
    /// `POST /v1/push/extension/runs/{run}/expired`.
    public enum ServiceExtensionMessage: Codable, Sendable, Hashable {
        /// A `mutable-content` push for the app: change its content.
        case receive(run: String, request: Request)
        /// The run's 30 seconds are up: answer with the best content so far, now.
        case expire(run: String)

        /// The message's run of the extension.
        public var run: String {
            switch self {
            case .receive(let run, _), .expire(let run): run
            }
        }

        private enum Kind: String, Codable {
            case receive, expire
        }

        private enum CodingKeys: String, CodingKey {
            case type, run, request
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let run = try container.decode(String.self, forKey: .run)
            switch try container.decode(Kind.self, forKey: .type) {
            case .receive: self = .receive(run: run, request: try container.decode(Request.self, forKey: .request))
            case .expire: self = .expire(run: run)
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(run, forKey: .run)
            switch self {
            case .receive(_, let request):
                try container.encode(Kind.receive, forKey: .type)
                try container.encode(request, forKey: .request)
            case .expire:
                try container.encode(Kind.expire, forKey: .type)
            }
        }
    }
}
