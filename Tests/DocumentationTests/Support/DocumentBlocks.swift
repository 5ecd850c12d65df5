import Foundation

/// A fenced `swift` block of a Markdown document.
struct DocumentBlock: Sendable, CustomStringConvertible {
    /// The document, relative to the package's root, such as `docs/engine.md`.
    var document: String
    /// The line of the opening fence, counting from 1.
    var line: Int
    /// The block's lines, without the fences.
    var lines: [String]

    var description: String { "\(document):\(line)" }

    /// The block's `import` lines, trimmed: a compiled copy has them at the top of its file.
    var imports: [String] {
        lines.map(ExampleMatching.trimmed).filter(ExampleMatching.isImport)
    }

    /// The block's other lines, trimmed, blank lines left out: what a compiled copy
    /// holds in this order, one after the other.
    var body: [String] {
        lines.map(ExampleMatching.trimmed).filter { !$0.isEmpty && !ExampleMatching.isImport($0) }
    }

    /// Every block of `text` whose fence's info string is `swift`.
    static func blocks(in text: String, document: String) -> [DocumentBlock] {
        var blocks: [DocumentBlock] = []
        var open: DocumentBlock?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = ExampleMatching.trimmed(String(line))
            if var block = open {
                if trimmed.hasPrefix("```") {
                    blocks.append(block)
                    open = nil
                } else {
                    block.lines.append(String(line))
                    open = block
                }
            } else if trimmed.hasPrefix("```") {
                let info = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces)
                open = DocumentBlock(document: document, line: index + 1, lines: [])
                if info.split(separator: " ").first.map(String.init) != "swift" {
                    open?.document = ""   // another language: skipped, but its fence still closes it
                }
            }
        }
        return blocks.filter { !$0.document.isEmpty }
    }
}

/// How a document's block is found in the compiled sources: line by line, each line
/// trimmed of the white space around it (a copy may sit inside a function, indented
/// deeper), blank lines left out. The block's imports must be in the same file.
enum ExampleMatching {
    static func trimmed(_ line: String) -> String {
        line.trimmingCharacters(in: .whitespaces)
    }

    static func isImport(_ line: String) -> Bool {
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: "import") else { return false }
        return words[..<index].allSatisfy { $0.hasPrefix("@") || ["public", "package", "internal"].contains($0) }
    }

    /// Whether `file`'s lines hold `block`: its body as consecutive lines, and each of its imports.
    static func file(_ file: [String], holds block: DocumentBlock) -> Bool {
        let lines = file.map(trimmed).filter { !$0.isEmpty }
        let body = block.body
        guard Set(block.imports).isSubset(of: Set(lines)) else { return false }
        guard !body.isEmpty else { return true }
        guard lines.count >= body.count else { return false }
        return (0...(lines.count - body.count)).contains { start in
            lines[start] == body[0] && Array(lines[start..<(start + body.count)]) == body
        }
    }
}

/// The package's documents and the sources that compile their examples.
enum Documentation {
    /// The package's root directory.
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// `README.md` and every `docs/*.md`, relative to the root.
    static func documents() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
        return ["README.md"] + docs
    }

    /// Every `swift` block of the documents.
    static func blocks() throws -> [DocumentBlock] {
        try documents().flatMap { document in
            let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
            return DocumentBlock.blocks(in: text, document: document)
        }
    }

    /// The folders whose Swift files hold the compiled copies: this target's, and the
    /// WebView package's test executable (the WebView examples need WebKitGTK).
    static let exampleFolders = ["Tests/DocumentationTests", "WebView/Tests/WebViewTests"]

    /// Each Swift file of the example folders, by its path relative to the root, as lines.
    static func compiledSources() throws -> [String: [String]] {
        var sources: [String: [String]] = [:]
        for folder in exampleFolders {
            let url = root.appendingPathComponent(folder)
            guard let files = FileManager.default.enumerator(atPath: url.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8)
                sources["\(folder)/\(file)"] = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            }
        }
        return sources
    }
}
