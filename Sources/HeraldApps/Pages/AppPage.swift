import Foundation

/// An app's page: its HTML document and the script and style sheet it loads, served
/// at `/apps/{slug}/`, `/apps/{slug}/page.js` and `/apps/{slug}/page.css`.
///
/// The files are this module's resources, `Resources/{slug}/index.html`, `page.js`
/// and `page.css`: a plain ES module and a style sheet, no build step, no external
/// URL. They build on what the daemon serves every app page, `/ui/apps/app-page.js`
/// (calling the app's actions, its live connection, notices) and `/ui/apps/app-page.css`.
/// The document holds no inline script or style, so the daemon's
/// Content-Security-Policy can forbid them, and no per-request data: the page
/// fetches its state from the app's API.
public struct AppPage: Sendable {
    /// The HTML document. A comment at its top lists the element ids and classes
    /// browser tests can rely on.
    public let html: String
    /// The page's JavaScript, an ES module.
    public let script: String
    /// The page's CSS.
    public let style: String
}

extension AppPage {
    /// The page of the app whose URL segment is `slug`, read once from the module's resources.
    ///
    /// - Throws: ``HeraldAppError`` `pageMissing` when its files are not in the resource bundle.
    static func bundled(_ slug: String) throws -> AppPage {
        guard let page = try loaded.get()[slug] else {
            throw HeraldAppError.pageMissing("there is no page \(slug) in the HeraldApps resource bundle")
        }
        return page
    }

    /// Every page in the resources, by slug.
    private static let loaded = loadAll()

    private static func loadAll() -> Result<[String: AppPage], HeraldAppError> {
        guard let resources = Bundle.module.resourceURL else {
            return .failure(.pageMissing("the apps' pages are missing: HeraldApps has no resource bundle"))
        }
        // Linux's Foundation takes a bundle's `Resources` folder for its resource
        // folder, which here is the copied folder itself.
        let nested = resources.appendingPathComponent("Resources")
        let root = FileManager.default.fileExists(atPath: nested.path) ? nested : resources
        let folders = (try? FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: nil)) ?? []
        var pages: [String: AppPage] = [:]
        for folder in folders {
            guard let page = try? AppPage(folder: folder) else { continue }
            pages[folder.lastPathComponent] = page
        }
        return .success(pages)
    }

    private init(folder: URL) throws {
        func read(_ name: String) throws -> String {
            try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        self.init(html: try read("index.html"), script: try read("page.js"), style: try read("page.css"))
    }
}
