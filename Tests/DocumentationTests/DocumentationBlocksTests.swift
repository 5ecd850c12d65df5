import Foundation
import HeraldTestSupport
import Testing

/// Keeps the documents' examples compiled: each ```swift block of README.md and
/// docs/*.md must appear, line for line, in a Swift file of this target (or of the
/// WebView package's tests), where the compiler checks it and a test runs it. Editing
/// an example in a document without editing its compiled copy fails here.
@Suite("The documents' Swift examples", .offThePool)
struct DocumentationBlocksTests {
    @Test("Every swift block of README.md and docs/*.md is compiled")
    func everyBlockIsCompiled() throws {
        let blocks = try Documentation.blocks()
        #expect(blocks.count >= 16, "the documents were read: \(blocks.count) blocks")
        let sources = try Documentation.compiledSources()
        for block in blocks {
            let copies = sources.filter { ExampleMatching.file($0.value, holds: block) }.keys.sorted()
            #expect(
                !copies.isEmpty,
                """
                the swift block at \(block) is in no file of \(Documentation.exampleFolders.joined(separator: " or ")); \
                copy it there, into code that compiles (and runs), or fix the copy to match it
                """)
        }
    }

    @Test("A block is found only with every line, in order, and its imports")
    func matching() {
        let block = DocumentBlock(
            document: "docs/example.md", line: 1,
            lines: ["import Signals", "", "let scheduler = TestScheduler()", "    scheduler.advance(by: 1)"])
        let copy = ["import Foundation", "import Signals", "", "func example() {", "    let scheduler = TestScheduler()",
                    "", "    scheduler.advance(by: 1)", "}"]
        #expect(ExampleMatching.file(copy, holds: block))
        #expect(!ExampleMatching.file(copy.filter { $0 != "import Signals" }, holds: block))
        #expect(!ExampleMatching.file(copy.map { $0.replacingOccurrences(of: "by: 1", with: "by: 2") }, holds: block))
        #expect(!ExampleMatching.file(["import Signals", "scheduler.advance(by: 1)", "let scheduler = TestScheduler()"],
                                      holds: block))
    }

    @Test("Blocks are read from swift fences only, also indented ones")
    func extraction() {
        let text = """
            ```sh
            swift run herald serve
            ```
            - a list item:
              ```swift
              let a = 1
              ```
            ```swift
            let b = 2
            ```
            """
        let blocks = DocumentBlock.blocks(in: text, document: "x.md")
        #expect(blocks.map(\.body) == [["let a = 1"], ["let b = 2"]])
        #expect(blocks.map(\.line) == [5, 8])
    }
}
