import Foundation
import HTTPTypes
import HeraldAPI
@testable import HeraldServer
import HummingbirdTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("The data directory is the owner's only")
struct DataDirectoryModeTests {
    /// The permission bits of `path`, not following links.
    static func mode(_ path: String) -> mode_t {
        var info = stat()
        lstat(path, &info)
        return info.st_mode & 0o777
    }

    /// Every file and folder under `directory`, with its mode.
    static func modes(under directory: URL) -> [String: mode_t] {
        var result: [String: mode_t] = [:]
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        while let relative = enumerator?.nextObject() as? String {
            result[relative] = mode(directory.appendingPathComponent(relative).path)
        }
        return result
    }

    @Test("every file the daemon writes is 0600 and every folder 0700, SQLite's journals and the apps' data included")
    func freshDirectory() async throws {
        let daemon = try TestDaemon(bundledApps: true)
        try await daemon.withLiveServer { client in
            let token = try await client.register("com.example.shop", admin: daemon.admin)
            _ = try await client.call(
                .post, "/v1/apps/com.example.shop/requests", token: token, json: API.Request.simple("milk", in: nil))
            let browser = try await SecurityTests.signIn(client, daemon)
            let added = try await client.call(
                .post, "/apps/shopping-list/api/addItem", json: ["name": "Milk"], headers: browser)
            #expect(added.status == .ok)
        }
        let modes = Self.modes(under: daemon.directory)
        #expect(modes.keys.contains("engine.sqlite"))
        #expect(modes.keys.contains("sessions.json"))
        #expect(modes.keys.contains { $0.hasPrefix("apps/") })
        #expect(Self.mode(daemon.directory.path) == 0o700)
        for (path, mode) in modes {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: daemon.directory.appendingPathComponent(path).path, isDirectory: &isFolder)
            #expect(mode == (isFolder.boolValue ? 0o700 : 0o600), "\(path) is \(String(mode, radix: 8))")
        }
    }

    @Test("a directory that exists with loose modes is tightened, with everything in it")
    func looseDirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-loose-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("apps"), withIntermediateDirectories: true)
        for file in ["engine.sqlite", "webhooks.sqlite", "apps/todo.json"] {
            _ = FileManager.default.createFile(atPath: directory.appendingPathComponent(file).path, contents: Data())
        }
        chmod(directory.path, 0o755)
        chmod(directory.appendingPathComponent("apps").path, 0o777)
        for file in ["engine.sqlite", "webhooks.sqlite", "apps/todo.json"] {
            chmod(directory.appendingPathComponent(file).path, 0o644)
        }
        _ = try DataDirectory(url: directory)
        #expect(Self.mode(directory.path) == 0o700)
        #expect(Self.mode(directory.appendingPathComponent("apps").path) == 0o700)
        for file in ["engine.sqlite", "webhooks.sqlite", "apps/todo.json"] {
            #expect(Self.mode(directory.appendingPathComponent(file).path) == 0o600, "\(file)")
        }
    }
}
