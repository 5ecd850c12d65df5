import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NotificationEngine

/// The web UI's files (`/ui/...`: the notification center, the sign-in page, and
/// what every app page and the center share) and the OpenAPI document
/// (``SessionRoutes`` signs browsers in).
struct WebRoutes {
    let files: StaticFiles

    func add(to router: Router<HeraldRequestContext>) {
        router.get("v1/health") { _, _ in
            JSONResponse(["status": "ok", "version": HeraldDaemon.version])
        }
        router.get("openapi.yaml") { _, _ in try files.response(for: "openapi.yaml") }
        // The center's service worker, at the root so that its scope is the whole daemon; it
        // holds no data, and a browser fetches it again without the tab's key.
        router.get("push-worker.js") { _, _ in
            var response = try files.response(for: "ui/center/push-worker.js")
            response.headers[.cacheControl] = "no-cache"
            return response
        }
        router.get { _, context in
            guard context.mayOpenPages else { return try files.signInPage() }
            return try files.response(for: "ui/center/index.html")
        }
        // Every file is in a folder: center/ (the center's page, style sheet and
        // modules), signin/ (the sign-in page), common/ (what the center and the
        // apps' pages both use), apps/ (what every app page shares).
        router.get("ui/:folder/:file") { _, context in
            try files.response(for: "ui/\(try context.pathParameter("folder"))/\(try context.pathParameter("file"))")
        }
    }
}

/// Files served as they are, read once from the module's resources.
struct StaticFiles: Sendable {
    private let files: [String: (data: Data, type: String)]

    /// Loads every file under the module's `Resources` folder.
    init() throws {
        guard let resources = Bundle.module.resourceURL else {
            throw DaemonError("the daemon's web files are missing from its resource bundle")
        }
        // Linux's Foundation takes a bundle's `Resources` folder for its resource
        // folder, which here is the copied folder itself.
        let nested = resources.appendingPathComponent("Resources")
        let root = FileManager.default.fileExists(atPath: nested.path) ? nested : resources
        var files: [String: (Data, String)] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let path = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            files[path] = (try Data(contentsOf: url), Self.contentType(of: url.pathExtension))
        }
        self.files = files
    }

    /// The sign-in page, `ui/signin/signin.html`, with 401: what a browser gets for a page
    /// it asked for without a session, or for a sign-in that was refused.
    func signInPage() throws -> Response {
        var response = try response(for: "ui/signin/signin.html")
        response.status = .unauthorized
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// What a sign-in answers: `templates/signed-in.html` (not served as it is: the
    /// `ui/` route serves only `ui/`) holding the session's `key`,
    /// which its script keeps in the tab's `sessionStorage`, and `next`, where it goes
    /// on to. `no-store`: no cache keeps the key.
    func signedInPage(key: String, next: String) throws -> Response {
        guard let file = files["templates/signed-in.html"] else {
            throw ServerError.notFound("there is no file templates/signed-in.html")
        }
        let html = String(decoding: file.data, as: UTF8.self)
            .replacingOccurrences(of: "{{key}}", with: MarkupText.escaped(key))
            .replacingOccurrences(of: "{{next}}", with: MarkupText.escaped(next))
        return Response(
            status: .ok, headers: [.contentType: file.type, .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    func response(for path: String) throws -> Response {
        guard let file = files[path] else { throw ServerError.notFound("there is no file \(path)") }
        return Response(
            status: .ok, headers: [.contentType: file.type, .cacheControl: "no-cache"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.data)))
    }

    private static func contentType(of pathExtension: String) -> String {
        switch pathExtension {
        case "html": "text/html; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "yaml": "application/yaml; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        default: "application/octet-stream"
        }
    }
}
