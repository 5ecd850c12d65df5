import Foundation
import HeraldApps
import HeraldTestSupport
import NotificationEngine
import Signals
import Testing

@Suite("Bundled apps and their files")
struct BundledAppsTests {
    private func engine() throws -> (NotificationEngine, TestScheduler) {
        let scheduler = TestScheduler(startDate: AppFixture.start)
        let engine = try NotificationEngine(
            store: .inMemory, scheduler: scheduler, configuration: .init(authorizationPolicy: .grantAll))
        return (engine, scheduler)
    }

    @Test("Three apps with distinct identities, in a directory created on demand")
    func identities() throws {
        let (engine, scheduler) = try engine()
        let parent = try TemporaryDirectory()
        let directory = parent.url.appendingPathComponent("data/apps", isDirectory: true)
        let apps = try BundledApps.make(service: engine, directory: directory, scheduler: scheduler)
        #expect(apps.map(\.slug) == ["shopping-list", "todo", "nag-me"])
        #expect(apps.map(\.identifier) == ["app.herald.shopping-list", "app.herald.todo", "app.herald.nag-me"])
        #expect(apps.map(\.displayName) == ["Shopping List", "Todo", "Nag Me"])
        #expect(FileManager.default.fileExists(atPath: directory.path))
    }

    @Test("A corrupt file is a storeFailure error, not a crash", arguments: [
        "shopping-list.json", "todo.json", "nag-me.json",
    ])
    func corruptFile(name: String) throws {
        let (engine, scheduler) = try engine()
        let directory = try TemporaryDirectory()
        try Data("{\"items\": [".utf8).write(to: directory.url.appendingPathComponent(name))
        let error = #expect(throws: HeraldAppError.self) {
            _ = try BundledApps.make(service: engine, directory: directory.url, scheduler: scheduler)
        }
        #expect(error?.code == .storeFailure)
        #expect(error?.message.contains(name) == true)
    }

    @Test("A file of another shape is a storeFailure error too")
    func wrongShape() throws {
        let (engine, scheduler) = try engine()
        let directory = try TemporaryDirectory()
        try Data("{\"items\": [{\"title\": 3}]}".utf8).write(to: directory.url.appendingPathComponent("todo.json"))
        let error = #expect(throws: HeraldAppError.self) {
            _ = try BundledApps.make(service: engine, directory: directory.url, scheduler: scheduler)
        }
        #expect(error?.code == .storeFailure)
    }

    @Test("Saving replaces the file atomically and leaves no temporary file behind")
    func atomicSave() async throws {
        let fixture = try AppFixture()
        let app = try await fixture.started("shopping-list")
        for item in ["Milk", "Eggs"] {
            _ = try await app.handle(action: "addItem", body: ["name": .string(item)])
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: fixture.directory.url.path)
        #expect(files == ["shopping-list.json"])
    }

    @Test("A save that fails is a storeFailure and changes nothing")
    func failedSave() async throws {
        let fixture = try AppFixture()
        let app = try await fixture.started("nag-me")
        _ = try await app.handle(action: "addTask", body: ["title": "Walk Dog"])
        let file = fixture.file("nag-me.json")
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        let error = try await appError { _ = try await app.handle(action: "addTask", body: ["title": "Exercise"]) }
        #expect(error.code == .storeFailure)
        let list = try await app.handle(action: "list", body: .null)
        #expect(list["tasks"] == [["title": "Walk Dog", "bell": false]])
    }
}
