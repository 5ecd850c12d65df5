@testable import HeraldServer
import Testing

@Suite("An add's body counted as it arrives: attachment bytes, other JSON, a batch's requests")
struct AddBodyScannerTests {
    /// `text` scanned in parts of `part` bytes: every split must count the same.
    static func scan(_ text: String, part: Int? = nil) -> AddBodyScanner {
        let bytes = Array(text.utf8)
        var scanner = AddBodyScanner()
        let size = part ?? max(bytes.count, 1)
        for start in stride(from: 0, to: bytes.count, by: size) {
            bytes[start..<min(start + size, bytes.count)].withUnsafeBytes { scanner.scan($0) }
        }
        return scanner
    }

    static func counts(_ text: String, part: Int? = nil) -> [Int] {
        let scanner = scan(text, part: part)
        return [scanner.attachmentBytes, scanner.jsonBytes, scanner.batchCount]
    }

    static let single = #"{"identifier":"r","content":{"title":"t","attachments":[{"identifier":"a","data":"QUJD"},{"data":"RA=="}]}}"#
    static let batch = #"{"requests":[{"identifier":"r","content":{"attachments":[{"data":"QUJD"}]}},{"identifier":"s"},[1],"x",7]}"#

    @Test("a request's attachment data is counted apart from the rest, the quotes in the JSON")
    func single() {
        let counts = Self.counts(Self.single)
        #expect(counts == [8, Self.single.utf8.count - 8, 0])
    }

    @Test("a batch's requests are counted, whatever their values; its attachment data is too")
    func batch() {
        #expect(Self.counts(Self.batch) == [4, Self.batch.utf8.count - 4, 5])
        #expect(Self.counts(#"{"requests":[]}"#)[2] == 0)
        #expect(Self.counts(#"{"requests":[ {} , {"requests":[{},{}]} ]}"#)[2] == 2, "only the top level's requests")
    }

    @Test("every split of the body into parts counts the same")
    func splits() {
        for text in [Self.single, Self.batch, #"{"content":{"attachments":[{"data":"a\"b\\c\u0041"}]}}"#] {
            let whole = Self.counts(text)
            for part in 1...9 {
                #expect(Self.counts(text, part: part) == whole, "parts of \(part) bytes of \(text)")
            }
        }
    }

    @Test("escapes in attachment data stay in the string: a quote after a backslash does not end it")
    func escapes() {
        let text = #"{"content":{"attachments":[{"data":"a\"b\\"}],"title":"x"}}"#
        #expect(Self.counts(text)[0] == #"a\"b\\"#.utf8.count)
    }

    @Test(
        "strings named data elsewhere, and a data key written with escapes, are JSON",
        arguments: [
            #"{"data":"QUJD"}"#,
            #"{"content":{"data":"QUJD"}}"#,
            #"{"content":{"attachments":[{"thumbnail":{"data":"QUJD"}}]}}"#,
            #"{"content":{"userInfo":{"attachments":[{"data":"QUJD"}]}}}"#,
            #"{"requests":[{"attachments":[{"data":"QUJD"}]}]}"#,
            #"{"content":{"attachments":[{"d\u0061ta":"QUJD"}]}}"#,
            #"{"content":{"attachments":[{"identifier":"data","x":"QUJD"}]}}"#,
        ])
    func notAttachmentData(_ text: String) {
        #expect(Self.counts(text)[0] == 0)
        #expect(Self.counts(text)[1] == text.utf8.count)
    }

    @Test("nesting deeper than it tracks is counted as JSON, and the levels above are found again")
    func deepNesting() {
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        let text = #"{"content":{"userInfo":{"x":"# + deep + #"},"attachments":[{"data":"QUJD"}]}}"#
        #expect(Self.counts(text)[0] == 4)
    }
}
