import Foundation
import HeraldApps
import HeraldTestSupport
import NotificationEngine
import NotificationEngineTesting
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

    @Test("Each app asks for its seed's options once; a restart asks for none and keeps one category each",
          .timeLimit(.minutes(1)))
    func askedOnce() async throws {
        let fixture = try AppFixture(policy: .ask)
        let events = fixture.engine.events.replay()
        for app in fixture.apps {
            try await app.start()
        }
        var asked: [AppIdentifier: AuthorizationOptions] = [:]
        for await event in events.values {
            if case .authorizationRequested(let app, let options) = event { asked[app] = options }
            if asked.count == 3 { break }
        }
        #expect(asked == [
            "app.herald.shopping-list": [.alert, .sound],
            "app.herald.todo": [.alert, .badge, .sound],
            "app.herald.nag-me": [.sound, .alert],
        ])
        for app in fixture.apps {
            let log = MessageLog(app)
            try fixture.engine.answerAuthorization(for: app.identifier, granted: true)
            _ = try await log.first(ofType: "changed")
        }
        var categories: [[String]] = []
        for app in fixture.apps {
            categories.append(try await fixture.engine.categories(for: app.identifier).map(\.identifier))
        }
        #expect(categories == [["shoppingListReminderCategory"], ["TODO_CATEGORY"], ["reminder"]])
        for slug in ["shopping-list", "todo", "nag-me"] {
            let relaunched = try fixture.relaunched(slug)
            let log = MessageLog(relaunched)
            try await relaunched.start()
            _ = try await log.first(ofType: "changed")
            #expect(try await relaunched.handle(action: relaunched.stateAction, body: .null).field("notifications") == "allowed")
        }
        #expect(fixture.presenter.authorizationRequests.count == 3, "the user is asked once per app")
        var again: [[String]] = []
        for app in fixture.apps {
            again.append(try await fixture.engine.categories(for: app.identifier).map(\.identifier))
        }
        #expect(again == categories, "registering again replaces the category, it does not add one")
    }
}

extension HeraldApp {
    /// The action that replies with the app's state.
    fileprivate var stateAction: String { slug == "shopping-list" ? "state" : "list" }
}
