import NIOCore
import NIOHTTP2

extension PushLimits {
    /// NIOHTTP2's settings for a provider API connection: ``concurrentStreams`` and
    /// ``headerListBytes`` advertised in SETTINGS and enforced. Everything else is
    /// swift-nio-http2's default, each a defense this listener relies on:
    /// - rapid reset (CVE-2023-44487): at most 200 `RST_STREAM` from the client in
    ///   30 s (`streamResetFrameRateLimit`) and at most 200 stream errors in 30 s
    ///   (`streamErrorRateLimit`), beyond which the connection is closed with GOAWAY;
    ///   a connection's recently reset streams are remembered,
    ///   32 at most (`maximumRecentlyResetStreams`);
    /// - PING, SETTINGS and PRIORITY floods: at most 200 such frames in 30 s
    ///   (`controlFrameRateLimit`), and at most 10,000 control frames (PING and
    ///   SETTINGS acknowledgements) waiting for a client that does not read
    ///   (`maximumBufferedControlFrames`);
    /// - empty DATA frames (at most 1 in a row), CONTINUATION floods (at most 5 in a
    ///   row) and other protocol errors ("glitches", at most 200 on a connection);
    /// - header blocks validated (pseudo-header fields, lower-case names) and
    ///   `content-length` checked against the body.
    var http2Configuration: NIOHTTP2Handler.Configuration {
        var configuration = NIOHTTP2Handler.Configuration()
        configuration.connection.initialSettings = [
            HTTP2Setting(parameter: .maxConcurrentStreams, value: concurrentStreams),
            HTTP2Setting(parameter: .maxHeaderListSize, value: headerListBytes),
        ]
        return configuration
    }

    /// The connection's lifecycle: closed with GOAWAY after ``idleTimeout`` without an
    /// open stream, or when the daemon stops; streams in flight then have
    /// ``gracePeriod`` to finish.
    var connectionManagement: NIOHTTP2ServerConnectionManagementHandler.Configuration {
        NIOHTTP2ServerConnectionManagementHandler.Configuration(
            maxIdleTime: idleTimeout, maxAge: nil, maxGraceTime: gracePeriod, keepalive: nil)
    }
}
