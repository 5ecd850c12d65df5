import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The web notification center's files and the OpenAPI document (``SessionRoutes``
/// signs browsers in).
struct WebRoutes {
    let files: StaticFiles

    func add(to router: Router<HeraldRequestContext>) {
        router.get("v1/health") { _, _ in
            JSONResponse(["status": "ok", "version": HeraldDaemon.version])
        }
        router.get("openapi.yaml") { _, _ in try files.response(for: "openapi.yaml") }
        router.get { _, context in
            guard context.principal != nil else {
                return Self.page(status: .unauthorized, Self.signInPage)
            }
            return try files.response(for: "ui/index.html")
        }
        router.get("ui/:file") { _, context in
            try files.response(for: "ui/" + (try context.pathParameter("file")))
        }
    }

    static func page(status: HTTPResponse.Status, _ html: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    static let signInPage = """
        <!doctype html><html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1"><title>Herald — sign in</title>
        <link rel="stylesheet" href="/ui/signin.css"></head>
        <body><main><h1>Herald</h1><p>Run <code>herald open</code>, or open the address that
        <code>herald serve</code> printed when it started: it signs this browser in. The address is
        also in the daemon's log, and the credential is in <code>admin-token</code> in the data
        directory.</p></main></body></html>
        """
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
