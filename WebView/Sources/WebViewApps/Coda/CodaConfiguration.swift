public import Foundation

/// What the Coda reader reads and how it trims the site, as a `Sendable` struct of defaults
/// taken from the tutorial (appcoda.com's markup).
public struct CodaConfiguration: Sendable, Hashable {
    /// The site's home page. Links to other hosts open in the system browser.
    public var site: URL
    /// CSS selectors of what to hide: the sidebar and the widget area after each post.
    public var hiddenSelectors = "div#sidebar, .after-post.widget-area"
    /// The CSS selector of a post on the home page.
    public var postSelector = "#content .post.type-post.status-publish"
    /// The CSS selector, inside a post, of the link with its title and URL.
    public var postLinkSelector = "h2.entry-title a"

    /// The configuration for `site`, with the tutorial's selectors.
    public init(site: URL) {
        self.site = site
    }

    /// The style sheet that hides ``hiddenSelectors``.
    var hidingStyleSheet: String {
        "\(hiddenSelectors) { display: none !important; }"
    }

    /// The document-end script that collects the posts and posts them to `didGetPosts`,
    /// as the tutorial's getPosts.js does.
    var postsScript: String {
        """
        (function () {
            var posts = document.querySelectorAll(\(jsonString(postSelector)));
            var found = [];
            for (var i = 0; i < posts.length; i++) {
                var link = posts[i].querySelector(\(jsonString(postLinkSelector)));
                if (link) found.push({ postTitle: link.textContent.trim(), postURL: link.href });
            }
            webkit.messageHandlers.\(CodaWindow.messageHandlerName).postMessage(found);
        })();
        """
    }

    private func jsonString(_ text: String) -> String {
        String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
    }
}

/// A post from the site's home page, as the posts script reports it.
public struct Post: Decodable, Sendable, Hashable {
    /// The post's title.
    public var postTitle: String
    /// The post's address (absolute).
    public var postURL: String

    /// Creates a post.
    public init(postTitle: String, postURL: String) {
        self.postTitle = postTitle
        self.postURL = postURL
    }
}
