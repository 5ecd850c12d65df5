import Foundation
import HTTPTypes
import HeraldAPI
@testable import HeraldServer
import HummingbirdTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("Sign-in pages: POST /v1/sessions/pages, owner-only files that sign in once")
struct SignInPageTests {
    static func mode(_ path: String) -> mode_t {
        DataDirectoryModeTests.mode(path)
    }

    /// The one-time code a page holds.
    static func code(in file: URL) throws -> String {
        let page = try String(contentsOf: file, encoding: .utf8)
        return try #require(page.firstRange(of: /hsc_[A-Za-z0-9_-]{43}/).map { String(page[$0]) }, "\(page)")
    }

    @Test("the admin token gets an owner-only page in an owner-only directory; its code signs in once, and it is deleted then")
    func pageSignsInOnce() async throws {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("herald-runtime-\(UUID().uuidString)/herald")
        let daemon = try TestDaemon(signInPageDirectory: runtime)
        try await daemon.withRouter { client in
            let made = try await client.call(
                .post, "/v1/sessions/pages", token: daemon.admin, json: API.SignInPageRequest(next: "/apps/todo/"))
            #expect(made.status == .created)
            let page = try made.decode(API.SignInPage.self)
            let file = URL(fileURLWithPath: page.path)
            #expect(file.deletingLastPathComponent().standardizedFileURL.path == runtime.standardizedFileURL.path)
            #expect(Self.mode(runtime.path) == 0o700)
            #expect(Self.mode(file.path) == 0o600)
            let code = try Self.code(in: file)
            #expect(!page.path.contains(code), "the file's name is not its code")
            let html = try String(contentsOf: file, encoding: .utf8)
            #expect(html.contains(#"<form id="sign-in" method="post" action="http://127.0.0.1:0/login">"#))
            #expect(html.contains(#"<input type="hidden" name="next" value="/apps/todo/">"#))
            #expect(html.contains("script-src &apos;sha256-") && html.contains("form-action http://127.0.0.1:0"))
            #expect(!html.contains(daemon.admin))

            // What the page's form sends from a file: Origin null.
            let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .origin: "null"]
            let signedIn = try await client.call(.post, "/login", raw: "code=\(code)&next=%2Fapps%2Ftodo%2F", headers: form)
            #expect(signedIn.status == .ok)
            #expect(WebPageTests.next(in: signedIn) == "/apps/todo/")
            let browser = try SecurityTests.sessionCookie(from: signedIn)
            #expect(try await client.call(.get, "/v1/apps", headers: browser).status == .ok)
            #expect(!FileManager.default.fileExists(atPath: file.path), "deleted once used")
            let again = try await client.call(.post, "/login", raw: "code=\(code)", headers: form)
            #expect(again.status == .seeOther && again.headers[.setCookie] == nil, "a code signs in once")
        }
    }

    @Test("a page nobody opens is deleted when its code expires, 60 s later; `next` outside the daemon goes to the center")
    func unusedPageExpires() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let made = try await client.call(
                .post, "/v1/sessions/pages", token: daemon.admin, json: API.SignInPageRequest(next: "https://evil.example/"))
            let file = URL(fileURLWithPath: try made.decode(API.SignInPage.self).path)
            #expect(try String(contentsOf: file, encoding: .utf8).contains(#"name="next" value="/">"#))
            #expect(file.path.hasPrefix(daemon.directory.appendingPathComponent("sign-in").path))
            try await SignInCodeTests.advance(client, daemon, seconds: 59)
            #expect(FileManager.default.fileExists(atPath: file.path))
            try await SignInCodeTests.advance(client, daemon, seconds: 1)
            #expect(!FileManager.default.fileExists(atPath: file.path), "deleted once its code expired")
        }
    }

    @Test("only the admin token writes pages: an app's token and a browser session get 403, no credential 401")
    func onlyTheAdminToken() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let app = try await client.register("com.example.shop", admin: daemon.admin)
            #expect(try await client.call(.post, "/v1/sessions/pages", token: app, json: API.SignInPageRequest()).status == .forbidden)
            let browser = try await SecurityTests.signIn(client, daemon)
            #expect(
                try await client.call(.post, "/v1/sessions/pages", json: API.SignInPageRequest(), headers: browser).status == .forbidden)
            #expect(try await client.call(.post, "/v1/sessions/pages", json: API.SignInPageRequest()).status == .unauthorized)
            let files = try FileManager.default.contentsOfDirectory(atPath: daemon.directory.appendingPathComponent("sign-in").path)
            #expect(files.isEmpty)
        }
    }

    @Test("pages go to $XDG_RUNTIME_DIR/herald, else the data directory; a stopped daemon's expired pages are deleted at start")
    func directories() throws {
        let data = URL(fileURLWithPath: "/data")
        #expect(SignInPages.defaultDirectory(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"], dataDirectory: data).path == "/run/user/1000/herald")
        #expect(SignInPages.defaultDirectory(environment: [:], dataDirectory: data).path == "/data/sign-in")
        #expect(SignInPages.defaultDirectory(environment: ["XDG_RUNTIME_DIR": "run"], dataDirectory: data).path == "/data/sign-in")

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-pages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        chmod(directory.path, 0o755)
        let stale = directory.appendingPathComponent("sign-in-old.html")
        let fresh = directory.appendingPathComponent("sign-in-new.html")
        let other = directory.appendingPathComponent("notes.txt")
        for file in [stale, fresh, other] { _ = FileManager.default.createFile(atPath: file.path, contents: Data("x".utf8)) }
        try FileManager.default.setAttributes([.modificationDate: Date() - 120], ofItemAtPath: stale.path)
        try FileManager.default.setAttributes([.modificationDate: Date() - 120], ofItemAtPath: other.path)
        _ = try TestDaemon(signInPageDirectory: directory)
        #expect(Self.mode(directory.path) == 0o700)
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(FileManager.default.fileExists(atPath: fresh.path), "its code may still be good")
        #expect(FileManager.default.fileExists(atPath: other.path), "not a page")
        #expect(Self.mode(fresh.path) == 0o600)
    }
}
