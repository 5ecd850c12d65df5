import Logging

extension HeraldDaemon {
    /// Checks the configuration's connection and upload limits.
    ///
    /// - Throws: ``DaemonError`` for a limit below 1.
    static func checkLimits(of configuration: DaemonConfiguration) throws {
        let connections = configuration.connectionLimits
        let uploads = configuration.uploadLimits
        let limits = [
            ("connections per address", connections.perPeer), ("connections", connections.total),
            ("bytes of JSON in an add", uploads.requestJSON), ("requests in a batch", uploads.batchCount),
            ("large uploads at once", uploads.concurrentLargeUploads),
        ]
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

    /// Raises the soft limit on open files to the hard one and fits `limits` to what
    /// the process may then open, logging both.
    static func connectionLimits(_ limits: ConnectionLimits, logger: Logger) -> ConnectionLimits {
        guard let (before, after) = DescriptorLimit.raiseSoftToHard() else {
            logger.warning("cannot read the limit on open files: connections limited to \(limits.perPeer) per address, \(limits.total) in all")
            return limits
        }
        let fitted = limits.fitted(toDescriptors: after.soft)
        let raise = before.soft == after.soft ? "\(after.soft)" : "raised from \(before.soft) to \(after.soft)"
        logger.info(
            "open files: \(raise) (hard limit \(after.hard)); connections: \(fitted.perPeer) per address, \(fitted.total) in all")
        return fitted
    }
}
