import Foundation
#if canImport(Glibc)
import Glibc
#endif
import HeraldTestSupport
import NotificationModel
import Testing

/// The private directory where attachments that have no file of their own (in
/// memory, in PostgreSQL, downloaded from the daemon) get one.
@Suite("AttachmentCache")
struct AttachmentCacheTests {
    let parent: TemporaryDirectory
    let digest = String(repeating: "ab", count: 32)

    init() throws {
        parent = try TemporaryDirectory()
    }

    @Test("A file is written once, owner-only, in a directory of the cache's own")
    func writesPrivateFiles() throws {
        let cache = AttachmentCache(parent: parent.url)
        #expect(cache.file(for: digest) == nil && cache.isEmpty)
        var reads = 0
        let file = try #require(try cache.file(for: digest) { reads += 1; return AttachmentSamples.png })
        _ = try cache.file(for: digest) { reads += 1; return AttachmentSamples.png }
        #expect(reads == 1)
        #expect(try Data(contentsOf: file) == AttachmentSamples.png)
        #expect(try permissions(of: file) == 0o600)
        let directory = file.deletingLastPathComponent()
        #expect(try permissions(of: directory) == 0o700)
        #expect(directory.deletingLastPathComponent().standardizedFileURL == parent.url.standardizedFileURL)
        #expect(directory.lastPathComponent.hasPrefix("herald-attachments-"))
    }

    @Test("Only SHA-256 digests name files", arguments: ["../escape", String(repeating: "AB", count: 32), "", "ab"])
    func refusesOtherNames(_ name: String) throws {
        let cache = AttachmentCache(parent: parent.url)
        #expect(throws: NotificationError.self) { try cache.store(AttachmentSamples.png, digest: name) }
        #expect(try cache.file(for: name) { AttachmentSamples.png } == nil)
        #expect(cache.isEmpty)
    }

    @Test("Sweeping keeps the digests named; removing takes the directory")
    func sweepsAndRemoves() throws {
        let cache = AttachmentCache(parent: parent.url)
        let other = String(repeating: "cd", count: 32)
        let kept = try cache.store(AttachmentSamples.png, digest: digest)
        let swept = try cache.store(AttachmentSamples.gif, digest: other)
        cache.removeAll(except: [digest])
        #expect(FileManager.default.fileExists(atPath: kept.path))
        #expect(!FileManager.default.fileExists(atPath: swept.path))
        cache.remove()
        #expect(!FileManager.default.fileExists(atPath: kept.deletingLastPathComponent().path))
        #expect(cache.file(for: digest) == nil)
    }

    @Test("The directory goes with the cache")
    func releasedWithTheCache() throws {
        var cache: AttachmentCache? = AttachmentCache(parent: parent.url)
        let file = try #require(cache).store(AttachmentSamples.png, digest: digest)
        cache = nil
        #expect(!FileManager.default.fileExists(atPath: file.deletingLastPathComponent().path))
    }

    @Test("The directories of processes that are gone are removed; those of live processes stay")
    func removesAbandonedDirectories() async throws {
        let ended = try await ChildProcess.start(URL(fileURLWithPath: "/bin/true"), [])
        _ = await ended.exitStatus()
        let abandoned = parent.url.appendingPathComponent("herald-attachments-\(ended.processIdentifier)-aBcDeF")
        let live = parent.url.appendingPathComponent("herald-attachments-\(getppid())-aBcDeF")
        let other = parent.url.appendingPathComponent("herald-attachments-notapid-aBcDeF")
        for directory in [abandoned, live, other] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
            try AttachmentSamples.png.write(to: directory.appendingPathComponent(digest))
        }
        let cache = AttachmentCache(parent: parent.url)
        let file = try cache.store(AttachmentSamples.png, digest: digest)
        #expect(file.deletingLastPathComponent().lastPathComponent.hasPrefix("herald-attachments-\(getpid())-"))
        #expect(!FileManager.default.fileExists(atPath: abandoned.path))
        #expect(FileManager.default.fileExists(atPath: live.path) && FileManager.default.fileExists(atPath: other.path))
    }

    private func permissions(of url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return try #require(attributes[.posixPermissions] as? NSNumber).intValue & 0o777
    }
}
