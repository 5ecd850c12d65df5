import Logging

extension HeraldDaemon {
    /// Checks the configuration's connection and upload limits.
    ///
    /// - Throws: ``DaemonError`` for a limit below 1.
    static func checkLimits(of configuration: DaemonConfiguration) throws {
        let connections = configuration.connectionLimits
        let uploads = configuration.uploadLimits
        var limits = [
            ("connections per address", connections.perPeer), ("connections", connections.total),
            ("bytes of JSON in an add", uploads.requestJSON), ("requests in a batch", uploads.batchCount),
            ("large uploads at once", uploads.concurrentLargeUploads),
        ]
        if let push = configuration.push?.connectionLimits {
            limits += [("provider API connections per address", push.perPeer), ("provider API connections", push.total)]
        }
        for (name, value) in limits where value < 1 {
            throw DaemonError("the limit of \(name) must be at least 1, not \(value)")
        }
        guard configuration.deliveredLimitPerApp >= 1 else {
            throw DaemonError("the delivered limit must be at least 1, not \(configuration.deliveredLimitPerApp)")
        }
        guard configuration.attachmentBytesPerApp >= 0 else {
            throw DaemonError("the attachment quota must be at least 0, not \(configuration.attachmentBytesPerApp)")
        }
    }

    /// Raises the soft limit on open files to the hard one and fits the HTTP API's limits
    /// and then the provider API listener's (`push`, when it listens) to what the process
    /// may then open, logging both: the listener's connections in all are at most the
    /// descriptors the HTTP API's leave (``ConnectionLimits/fitted(toDescriptors:)``).
    static func connectionLimits(
        _ limits: ConnectionLimits, push: ConnectionLimits?, logger: Logger
    ) -> (http: ConnectionLimits, push: ConnectionLimits?) {
        guard let (before, after) = DescriptorLimit.raiseSoftToHard() else {
            logger.warning("cannot read the limit on open files: connections limited to \(limits.perPeer) per address, \(limits.total) in all")
            return (limits, push)
        }
        let fitted = fitted(limits, push: push, toDescriptors: after.soft)
        let raise = before.soft == after.soft ? "\(after.soft)" : "raised from \(before.soft) to \(after.soft)"
        let pushed = fitted.push.map { "; provider API: \($0.perPeer) per address, \($0.total) in all" } ?? ""
        logger.info(
            "open files: \(raise) (hard limit \(after.hard)); connections: \(fitted.http.perPeer) per address, \(fitted.http.total) in all\(pushed)")
        return fitted
    }

    /// The HTTP API's limits fitted to `descriptors`, and the provider API listener's to
    /// what the HTTP API's connections leave of them.
    static func fitted(
        _ limits: ConnectionLimits, push: ConnectionLimits?, toDescriptors descriptors: Int
    ) -> (http: ConnectionLimits, push: ConnectionLimits?) {
        let http = limits.fitted(toDescriptors: descriptors)
        return (http, push?.fitted(toDescriptors: descriptors - http.total))
    }
}
