@testable import DesktopNotifications
import Foundation
import HeraldTestSupport
import NotificationEngine
import Testing

@Suite("Desktop entries and launcher badges")
struct DesktopEntryTests {
    @Test("An app's .desktop file: its name, what opening it runs, Herald's mark; values and arguments escaped")
    func render() {
        let app = DesktopApp(identifier: "com.example.shop/ping", name: "Shop\nping")
        let text = DesktopEntry(app: app, exec: ["xdg-open", "http://127.0.0.1:7878/?app=a%20b"], owner: "0123abcd").render()
        #expect(app.desktopEntry == "herald-com.example.shop_ping")
        #expect(text.hasPrefix("[Desktop Entry]\nType=Application\n"))
        #expect(text.contains("\nName=Shop\\nping\n"))
        #expect(text.contains("\nExec=xdg-open \"http://127.0.0.1:7878/?app=a%%20b\"\n"))
        #expect(text.contains("\nX-Herald-App=com.example.shop/ping\n"))
        #expect(text.contains("\nX-Herald-Daemon=0123abcd\n"))
    }

    @Test("Files are written 0644 under applications/ and removed only when Herald wrote them")
    func folder() throws {
        let directory = try TemporaryDirectory()
        let folder = DesktopEntryFolder(directory: directory.url.appendingPathComponent("applications"), owner: "a")
        let app = DesktopApp(identifier: "com.example.a", name: "A")
        try folder.write(DesktopEntry(app: app, exec: ["xdg-open", "http://x/"], owner: "a"))
        let url = folder.file(for: app.identifier)
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o644)
        let foreign = folder.directory.appendingPathComponent("herald-other.desktop")
        try Data("[Desktop Entry]\nName=Not ours\n".utf8).write(to: foreign)
        try folder.removeAll(except: [])
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(FileManager.default.fileExists(atPath: foreign.path), "a file Herald did not write stays")
    }

    @Test("A daemon removes only the files it wrote: another daemon's and an unmarked older one stay")
    func owners() throws {
        let directory = try TemporaryDirectory()
        let applications = directory.url.appendingPathComponent("applications")
        let first = DesktopEntryFolder(directory: applications, owner: "1111")
        let second = DesktopEntryFolder(directory: applications, owner: "2222")
        try first.write(DesktopEntry(app: DesktopApp(identifier: "com.example.one", name: "One"), exec: ["true"], owner: "1111"))
        try second.write(DesktopEntry(app: DesktopApp(identifier: "com.example.two", name: "Two"), exec: ["true"], owner: "2222"))
        let older = applications.appendingPathComponent("herald-com.example.old.desktop")
        try Data("[Desktop Entry]\nName=Old\nX-Herald-App=com.example.old\n".utf8).write(to: older)
        try second.removeAll(except: [])
        try second.remove("com.example.one")
        #expect(FileManager.default.fileExists(atPath: first.file(for: "com.example.one").path), "the other daemon's file stays")
        #expect(FileManager.default.fileExists(atPath: older.path))
        #expect(!FileManager.default.fileExists(atPath: second.file(for: "com.example.two").path))
        try first.remove("com.example.one")
        #expect(!FileManager.default.fileExists(atPath: first.file(for: "com.example.one").path))
    }

    @Test("XDG_DATA_HOME decides the folder, else ~/.local/share")
    func directory() {
        #expect(DesktopEntry.directory(environment: ["XDG_DATA_HOME": "/d"]).path == "/d/applications")
        #expect(DesktopEntry.directory(environment: ["HOME": "/h"]).path == "/h/.local/share/applications")
    }

    @Test("The launcher entry's Update: the app's URI, its count, visible above 0, from a valid object path")
    func launcherEntry() {
        let app = DesktopApp(identifier: "com.example.a-b", name: "A")
        #expect(LauncherEntry.path(for: app) == "/com/canonical/unity/launcherentry/herald_com_example_a_b")
        #expect(LauncherEntry.arguments(for: app, badge: 3) == [
            .string("application://herald-com.example.a-b.desktop"),
            .dictionary(["count": .int64(3), "count-visible": .boolean(true)]),
        ])
        #expect(LauncherEntry.arguments(for: app, badge: 0).last == .dictionary(["count": .int64(0), "count-visible": .boolean(false)]))
    }

    @Test("Values go through GVariant and back unchanged")
    func variants() throws {
        let gio = try GIO.load()
        let values: [DBusValue] = [
            .byte(2), .boolean(true), .int32(-3), .uint32(4), .int64(-5), .uint64(6), .double(1.5), .string("é<&"),
            .objectPath("/a/b"), .variant(.string("v")), .array([.string("a"), .string("b")], element: "s"),
            .array([], element: "s"), .dictionary(["k": .uint32(1), "l": .string("x")]),
            .tuple([.uint32(1), .string("s")]), .bytes([0, 1, 0xFE, 0]), .bytes([]),
            .dictionary(["message": .bytes(Array(repeating: 7, count: 4_096))]),
        ]
        for value in values {
            #expect(value.readBack(through: gio) == value, "\(value.typeString)")
        }
    }
}
