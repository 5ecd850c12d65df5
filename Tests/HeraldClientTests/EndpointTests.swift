import Foundation
import HeraldClient
import Testing

struct EndpointTests {
    /// A temporary data directory with these files, removed after `body`.
    private func withDataDirectory(
        files: [String: String], _ body: (String) throws -> Void
    ) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in files {
            try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try body(directory.path)
    }

    private let daemonFiles = ["daemon.json": #"{"url": "http://127.0.0.1:7999", "pid": 42}"#, "admin-token": "admin-secret\n"]

    @Test func explicitValuesComeFirst() throws {
        let environment = ["HERALD_URL": "http://127.0.0.1:1", "HERALD_TOKEN": "env"]
        let endpoint = try HeraldClient.Endpoint.resolve(
            url: "http://localhost:7878", token: "flag", environment: environment)
        #expect(endpoint == .init(url: URL(string: "http://localhost:7878")!, token: "flag"))
    }

    @Test func environmentComesBeforeTheDataDirectory() throws {
        try withDataDirectory(files: daemonFiles) { directory in
            let environment = ["HERALD_URL": "http://127.0.0.1:1", "HERALD_TOKEN": "env", "HERALD_DATA_DIR": directory]
            let endpoint = try HeraldClient.Endpoint.resolve(environment: environment)
            #expect(endpoint == .init(url: URL(string: "http://127.0.0.1:1")!, token: "env"))
            let tokenOnly = try HeraldClient.Endpoint.resolve(environment: ["HERALD_TOKEN": "env", "HERALD_DATA_DIR": directory])
            #expect(tokenOnly == .init(url: URL(string: "http://127.0.0.1:7999")!, token: "env"))
        }
    }

    @Test func dataDirectoryGivesTheDaemonAndItsAdminToken() throws {
        try withDataDirectory(files: daemonFiles) { directory in
            let fromEnvironment = try HeraldClient.Endpoint.resolve(environment: ["HERALD_DATA_DIR": directory])
            #expect(fromEnvironment == .init(url: URL(string: "http://127.0.0.1:7999")!, token: "admin-secret"))
            // An explicit --data-dir wins over HERALD_URL and HERALD_TOKEN.
            let explicit = try HeraldClient.Endpoint.resolve(
                dataDirectory: directory, environment: ["HERALD_URL": "http://127.0.0.1:1", "HERALD_TOKEN": "env"])
            #expect(explicit == fromEnvironment)
        }
    }

    @Test func defaultDataDirectoryFollowsXDG() {
        let dataDirectory = HeraldClient.Endpoint.dataDirectory
        #expect(dataDirectory("/x", ["HERALD_DATA_DIR": "/y"]).path == "/x")
        #expect(dataDirectory(nil, ["HERALD_DATA_DIR": "/y", "XDG_DATA_HOME": "/d"]).path == "/y")
        #expect(dataDirectory(nil, ["XDG_DATA_HOME": "/d", "HOME": "/home/u"]).path == "/d/herald")
        #expect(dataDirectory(nil, ["XDG_DATA_HOME": "relative", "HOME": "/home/u"]).path == "/home/u/.local/share/herald")
        #expect(dataDirectory(nil, ["HOME": "/home/u"]).path == "/home/u/.local/share/herald")
    }

    @Test func missingDaemonFileMeansNoDaemon() throws {
        try withDataDirectory(files: [:]) { directory in
            let error = #expect(throws: HeraldClientError.self) {
                try HeraldClient.Endpoint.resolve(dataDirectory: directory, environment: [:])
            }
            #expect(error?.code == .daemonUnreachable)
            #expect(error?.message.contains("start one with `herald serve`") == true)
        }
    }

    @Test func missingOrEmptyTokenIsReported() throws {
        try withDataDirectory(files: ["daemon.json": daemonFiles["daemon.json"]!]) { directory in
            let error = #expect(throws: HeraldClientError.self) {
                try HeraldClient.Endpoint.resolve(dataDirectory: directory, environment: [:])
            }
            #expect(error?.code == .credentialsUnavailable)
        }
        try withDataDirectory(files: ["daemon.json": daemonFiles["daemon.json"]!, "admin-token": " \n"]) { directory in
            let error = #expect(throws: HeraldClientError.self) {
                try HeraldClient.Endpoint.resolve(dataDirectory: directory, environment: [:])
            }
            #expect(error?.code == .credentialsUnavailable)
        }
    }

    @Test func badAddressesAreInvalidEndpoints() throws {
        for url in ["127.0.0.1:7878", "ftp://host/", "http://"] {
            let error = #expect(throws: HeraldClientError.self) {
                try HeraldClient.Endpoint.resolve(url: url, token: "t", environment: [:])
            }
            #expect(error?.code == .invalidEndpoint)
        }
        try withDataDirectory(files: ["daemon.json": "{\"port\": 1}", "admin-token": "t"]) { directory in
            let error = #expect(throws: HeraldClientError.self) {
                try HeraldClient.Endpoint.resolve(dataDirectory: directory, environment: [:])
            }
            #expect(error?.code == .invalidEndpoint)
        }
    }
}
