public import NIOCore

/// What one client may ask of the provider API's listener; each limit is one that
/// HTTP/2 lets a server advertise or enforce.
public struct PushLimits: Sendable, Equatable {
    /// Streams a connection may have open at once (`SETTINGS_MAX_CONCURRENT_STREAMS`):
    /// 1,000, as APNs advertises. A client opening more has the extra ones refused.
    public var concurrentStreams = 1_000
    /// Bytes of one request's header list, decoded (`SETTINGS_MAX_HEADER_LIST_SIZE`):
    /// 8,000, as APNs advertises. A larger header block is a connection error
    /// (GOAWAY), before anything reaches the endpoint.
    public var headerListBytes = 8_000
    /// How long a connection may have no open stream before it is closed with GOAWAY:
    /// 10 minutes. A connection is idle from the moment it opens.
    public var idleTimeout: TimeAmount = .minutes(10)
    /// How long a stream may take to send its whole request (headers and body): 30 s,
    /// then it is reset. A provider sends a push of at most 4 KB at once.
    public var requestTimeout: TimeAmount = .seconds(30)
    /// How long streams in flight may take to finish once the daemon stops or a
    /// connection is closed for being idle: 10 s, then the connection is closed.
    public var gracePeriod: TimeAmount = .seconds(10)

    /// The defaults above.
    public init() {}
}
