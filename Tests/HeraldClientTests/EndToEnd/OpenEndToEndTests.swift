import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import HeraldClient
import Testing

/// `herald open` against a real `herald serve`: the address it prints signs a browser
/// in once, and carries a one-time code instead of the admin token.
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
        #expect(first.status == 303)
        #expect(first.setCookie?.hasPrefix("herald_session_") == true, "\(first)")
        let again = try await RawGet(address).answer()
        #expect(again.status == 401, "a code signs in once")
        #expect(again.setCookie == nil)
        await daemon.stop()
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
