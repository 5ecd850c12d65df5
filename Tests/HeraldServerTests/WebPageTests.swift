import Foundation
import HTTPTypes
@testable import HeraldServer
import HummingbirdTesting
import Testing

@Suite("Web pages: the UI's files, the apps' pages, the sign-in page")
struct WebPageTests {
    @Test("a page asked for without a session is the sign-in page (401, HTML); the API and the pages' files answer JSON")
    func signInPageWithoutSession() async throws {
        let daemon = try TestDaemon(bundledApps: true)
        try await daemon.withRouter { client in
            let stale: HTTPFields = [.cookie: "herald_session_0=hss_ended"]
            for (path, headers) in [("/", [:]), ("/apps/todo/", [:]), ("/apps/nag-me/", stale), ("/?app=x", stale)] as [(String, HTTPFields)] {
                let answer = try await client.call(.get, path, headers: headers)
                #expect(answer.status == .unauthorized, "\(path)")
                #expect(answer.headers[.contentType] == "text/html; charset=utf-8", "\(path)")
                #expect(answer.headers[.cacheControl] == "no-store", "\(path)")
                let html = String(decoding: answer.body, as: UTF8.self)
                #expect(html.contains("herald open") && html.contains("admin-token") && html.contains(#"action="/login""#))
                #expect(html.contains(#"<script type="module" src="/ui/signin/signin.js"></script>"#))
            }
            for (method, path) in [(HTTPRequest.Method.get, "/v1/apps"), (.get, "/apps/todo/page.js"), (.post, "/apps/todo/api/list")] {
                let answer = try await client.call(method, path)
                #expect(answer.status == .unauthorized, "\(path)")
                #expect(answer.headers[.contentType]?.hasPrefix("application/json") == true, "\(path)")
                #expect(answer.errorCode == "unauthorized", "\(path)")
            }
        }
    }

    @Test("the sign-in form posts the token: a session and the page asked for, or back to the form, the token never in an address")
    func signInFormPosts() async throws {
        let daemon = try TestDaemon(bundledApps: true)
        try await daemon.withRouter { client in
            let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            let good = try await client.call(
                .post, "/login", raw: "token=\(daemon.admin)&next=%2Fapps%2Ftodo%2F", headers: form)
            #expect(good.status == .ok)
            #expect(Self.next(in: good) == "/apps/todo/")
            #expect(good.headers[.setCookie]?.hasPrefix("herald_session_") == true)
            let page = String(decoding: good.body, as: UTF8.self)
            #expect(page.contains(#"<script type="module" src="/ui/signin/signed-in.js"></script>"#))
            #expect(!page.contains(daemon.admin))

            let wrong = try await client.call(.post, "/login", raw: "token=nope&next=%2Fapps%2Fnag-me%2F", headers: form)
            #expect(wrong.status == .seeOther)
            #expect(wrong.headers[.location] == "/login?next=/apps/nag-me/&refused=1")
            #expect(wrong.headers[.setCookie] == nil)

            for next in ["https://evil.example/", "//evil.example/"] {
                let elsewhere = try await client.call(
                    .post, "/login", raw: "token=\(daemon.admin)&next=\(next.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)",
                    headers: form)
                #expect(Self.next(in: elsewhere) == "/", "\(next)")
            }
            let markup = try await client.call(
                .post, "/login", raw: "token=\(daemon.admin)&next=%2F%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E", headers: form)
            #expect(Self.next(in: markup) == "/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;", "a path, escaped in the page")

            var fromOwnPage = form
            fromOwnPage[.origin] = "null"  // from the sign-in page (no-referrer) or a sign-in page file (opaque origin)
            let own = try await client.call(.post, "/login", raw: "token=\(daemon.admin)", headers: fromOwnPage)
            #expect(own.status == .ok)

            var foreign = form
            foreign[.origin] = "http://evil.example"
            let forged = try await client.call(.post, "/login", raw: "token=\(daemon.admin)", headers: foreign)
            #expect(forged.status == .forbidden)
            #expect(forged.errorCode == "csrf")
            #expect(forged.headers[.setCookie] == nil)
        }
    }

    /// Where a sign-in answer's page goes on to (`<meta name="herald-next" content="…">`).
    static func next(in answer: Answer) -> String? {
        let html = String(decoding: answer.body, as: UTF8.self)
        guard let start = html.range(of: #"<meta name="herald-next" content=""#)?.upperBound else { return nil }
        return String(html[start...].prefix { $0 != "\"" })
    }

    @Test("the UI's files are served from folders, ES modules as JavaScript, without a session; no template is")
    func uiFiles() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            for path in ["/ui/center/main.js", "/ui/common/api.js", "/ui/common/event-stream.js", "/ui/apps/app-page.js"] {
                let answer = try await client.call(.get, path)
                #expect(answer.status == .ok, "\(path)")
                #expect(answer.headers[.contentType] == "text/javascript; charset=utf-8", "\(path)")
            }
            let style = try await client.call(.get, "/ui/apps/app-page.css")
            #expect(style.headers[.contentType] == "text/css; charset=utf-8")
            #expect(try await client.call(.get, "/ui/center/missing.js").status == .notFound)
            #expect(try await client.call(.get, "/ui/signin/signed-in.js").status == .ok)
            #expect(try await client.call(.get, "/ui/signin/signed-in.html").status == .notFound)
            #expect(try await client.call(.get, "/templates/signed-in.html").status != .ok)
        }
    }

    @Test("the center loads its modules with <script type=module>; an app's page loads its own and the shared sheet")
    func pagesLoadModules() async throws {
        let daemon = try TestDaemon(bundledApps: true)
        try await daemon.withRouter { client in
            let cookie = try await SecurityTests.signIn(client, daemon)
            let center = String(decoding: try await client.call(.get, "/", headers: cookie).body, as: UTF8.self)
            #expect(center.contains(#"<script type="module" src="/ui/center/main.js"></script>"#))
            let todo = try await client.call(.get, "/apps/todo/", headers: cookie)
            #expect(todo.status == .ok)
            #expect(todo.headers[.contentType] == "text/html; charset=utf-8")
            let html = String(decoding: todo.body, as: UTF8.self)
            #expect(html.contains(#"<script type="module" src="/apps/todo/page.js"></script>"#))
            #expect(html.contains(#"href="/ui/apps/app-page.css""#) && html.contains(#"href="/apps/todo/page.css""#))
            let style = try await client.call(.get, "/apps/todo/page.css", headers: cookie)
            #expect(style.headers[.contentType] == "text/css; charset=utf-8")
            #expect(String(decoding: style.body, as: UTF8.self).contains(".overdue"))
        }
    }
}
