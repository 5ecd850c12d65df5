import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import HeraldClient
import HeraldTestSupport
import Testing

/// `herald open` against a real `herald serve`: the address it prints signs a browser
/// in once, and carries a one-time code instead of the admin token; what it opens is
/// a page file, so no code is on `xdg-open`'s command line.
@Suite(.serialized)
struct OpenEndToEndTests {
    @Test func thePrintedAddressSignsInOnceWithoutTheAdminToken() async throws {
        let daemon = try await TestDaemon()
        let printed = try await daemon.herald("open", "--print")
        #expect(printed.status == 0, "\(printed.errors)")
        let text = printed.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let address = try #require(URL(string: text))
        let credentials = try daemon.credentials()
        #expect(text.hasPrefix(credentials.url + "/login?code=hsc_"))
        #expect(!text.contains("token=") && !text.contains(credentials.token))

        let first = try await RawGet(address).answer()
        #expect(first.status == 200)
        #expect(first.setCookie?.hasPrefix("herald_session_") == true, "\(first)")
        let again = try await RawGet(address).answer()
        #expect(again.status == 401, "a code signs in once")
        #expect(again.setCookie == nil)
        await daemon.stop()
    }

    @Test func openHandsXDGOpenAnOwnerOnlyPageAndNoCode() async throws {
        let daemon = try await TestDaemon()
        // A stand-in `xdg-open` that writes down its command line, as `/proc/<pid>/cmdline` shows it.
        let bin = daemon.directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let script = bin.appendingPathComponent("xdg-open")
        try "#!/bin/sh\nprintf '%s\\n' \"$0\" \"$@\" > \"$(dirname \"$0\")/argv\"\n".write(to: script, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let opened = try await daemon.herald("open", environment: ["PATH": path])
        #expect(opened.status == 0, "\(opened.errors)")

        let argv = try String(contentsOf: bin.appendingPathComponent("argv"), encoding: .utf8)
        let credentials = try daemon.credentials()
        #expect(!argv.contains("login") && !argv.contains(credentials.token), "\(argv)")
        let handed = try #require(argv.split(separator: "\n").last.map(String.init))
        let fileURL = try #require(URL(string: handed))
        #expect(fileURL.isFileURL)
        let runtime = daemon.directory.appendingPathComponent("runtime/herald")
        #expect(fileURL.deletingLastPathComponent().standardizedFileURL.path == runtime.standardizedFileURL.path)
        let file = try FileManager.default.attributesOfItem(atPath: fileURL.path)
        let folder = try FileManager.default.attributesOfItem(atPath: runtime.path)
        #expect((file[FileAttributeKey.posixPermissions] as? Int) == 0o600)
        #expect((folder[FileAttributeKey.posixPermissions] as? Int) == 0o700)
        let page = try String(contentsOf: fileURL, encoding: .utf8)
        let code = try #require(page.firstRange(of: /hsc_[A-Za-z0-9_-]{43}/).map { String(page[$0]) })
        #expect(!argv.contains(code), "the code is in the file, not on the command line: \(argv)")
        #expect(page.contains(#"action="\#(credentials.url)/login""#))

        // The page's form, as the browser posts it from the file (Origin: null).
        let signedIn = try await RawPost(URL(string: credentials.url + "/login")!, form: "code=\(code)&next=%2F").answer()
        #expect(signedIn.status == 200)
        #expect(signedIn.setCookie?.hasPrefix("herald_session_") == true)
        #expect(!FileManager.default.fileExists(atPath: fileURL.path), "the page is deleted once used")
        await daemon.stop()
    }
}

/// A form `POST` from a local file, as a browser sends it: `Origin: null`, no cookie.
private struct RawPost {
    let url: URL
    let form: String

    init(_ url: URL, form: String) {
        self.url = url
        self.form = form
    }

    func answer() async throws -> (status: Int, setCookie: String?) {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = Data(form.utf8)
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.setValue("null", forHTTPHeaderField: "Origin")
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let (_, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, http.value(forHTTPHeaderField: "Set-Cookie"))
    }
}

/// A `GET` as a browser's first request sends it, without following a redirect
/// and without a cookie store.
private struct RawGet {
    private final class NoRedirects: NSObject, URLSessionTaskDelegate {
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }
    }

    let url: URL

    init(_ url: URL) {
        self.url = url
    }

    /// The answer's status and its `Set-Cookie` field, if any.
    func answer() async throws -> (status: Int, setCookie: String?) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        let session = URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let (_, response) = try await session.data(from: url)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, http.value(forHTTPHeaderField: "Set-Cookie"))
    }
}
