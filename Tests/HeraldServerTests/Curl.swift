import Foundation
import HeraldTestSupport
import Testing

/// curl (with nghttp2) driving the provider API as a provider's script would: HTTP/2
/// over TLS negotiated with ALPN, or HTTP/2 with prior knowledge.
enum Curl {
    static let executable = URL(fileURLWithPath: "/usr/bin/curl")

    /// Whether this machine's curl speaks HTTP/2 (`curl -V` lists the feature).
    static func speaksHTTP2(scratch: URL) async throws -> Bool {
        let version = try await run(["-V"], scratch: scratch)
        return version.output.contains("HTTP2")
    }

    /// Runs `curl -sS --max-time 120 arguments…`.
    static func run(_ arguments: [String], scratch: URL) async throws -> CommandResult {
        try await HeraldProcess(
            ["-sS", "--max-time", "120"] + arguments, environment: ProcessInfo.processInfo.environment,
            scratch: scratch, executable: executable
        ).run()
    }

    /// One answer as `curl -i` shows it: the status line's protocol and code, the
    /// header fields (names in lower case) and the body.
    struct Answer {
        var version: String
        var status: Int
        var headers: [String: String]
        var body: String

        init(_ text: String) throws {
            let parts = text.components(separatedBy: "\r\n\r\n")
            let head = parts[0].components(separatedBy: "\r\n")
            let statusLine = head[0].split(separator: " ")
            try #require(statusLine.count >= 2, "no status line in \(text)")
            version = String(statusLine[0])
            status = try #require(Int(statusLine[1]))
            headers = Dictionary(
                head.dropFirst().compactMap { line -> (String, String)? in
                    guard let colon = line.firstIndex(of: ":") else { return nil }
                    return (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
                },
                uniquingKeysWith: { first, _ in first })
            body = parts.dropFirst().joined(separator: "\r\n\r\n")
        }
    }

    /// `curl -i arguments…`, which must succeed, as an ``Answer``.
    static func answer(_ arguments: [String], scratch: URL) async throws -> Answer {
        let result = try await run(["-i"] + arguments, scratch: scratch)
        try #require(result.status == 0, "curl \(arguments): \(result.status) \(result.errors)")
        return try Answer(result.output)
    }
}
