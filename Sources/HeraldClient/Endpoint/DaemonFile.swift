import Foundation

/// `DATA_DIR/daemon.json`, which `herald serve` writes so clients find it:
/// `{"url": "http://127.0.0.1:7878", "pid": 4242}`.
struct DaemonFile: Codable, Hashable, Sendable {
    /// The daemon's base URL.
    var url: String
    /// The daemon's process id.
    var pid: Int?

    /// The file in `directory`.
    ///
    /// - Throws: ``HeraldClientError/Code/daemonUnreachable`` when it is missing,
    ///   ``HeraldClientError/Code/invalidEndpoint`` when it is not such JSON.
    static func read(in directory: URL) throws -> DaemonFile {
        let file = directory.appendingPathComponent("daemon.json")
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw HeraldClientError(
                .daemonUnreachable,
                "no Herald daemon at \(directory.path) (no daemon.json): start one with `herald serve`")
        }
        do {
            return try JSONDecoder().decode(DaemonFile.self, from: data)
        } catch {
            throw HeraldClientError(.invalidEndpoint, "\(file.path) is not {\"url\": …, \"pid\": …} JSON")
        }
    }
}
