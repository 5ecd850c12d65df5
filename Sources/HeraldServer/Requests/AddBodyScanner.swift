#if canImport(Glibc)
import Glibc
#endif

/// Reads the JSON of an add's body as it arrives, without decoding it, and counts
/// what ``UploadLimits`` bounds: the bytes of attachment data, the other bytes, and
/// the requests of a batch.
///
/// Attachment data is a string at `content.attachments[i].data` of the request, or of
/// a request of `requests[j]` for a batch, with its key written plainly (a key
/// written with escapes counts as JSON: a refusal, never a way around the limit).
/// The decoder decodes exactly these strings as attachment bytes, so what the
/// scanner counts as such can only become attachments. It checks no more of the JSON
/// than it needs: what is malformed is refused by the decoder afterwards.
struct AddBodyScanner {
    /// What a value is, from where it stands.
    enum Role: Equatable {
        case root, batch, request, content, attachments, attachment, attachmentData, other
    }

    private struct Frame {
        var role: Role
        var isObject: Bool
        /// In an object: the role of the value of the last key read.
        var valueRole: Role = .other
    }

    /// Frames deeper than this are counted only: nothing that far down is a request's.
    static let trackedDepth = 16

    /// Bytes outside attachment data, whitespace and punctuation included.
    private(set) var jsonBytes = 0
    /// Bytes of attachment data: the base64 between the quotes.
    private(set) var attachmentBytes = 0
    /// Values begun in the batch's `requests` array.
    private(set) var batchCount = 0

    private var stack: [Frame] = []
    /// Containers opened beyond ``trackedDepth``.
    private var untracked = 0
    /// In an object, whether the next string is a key.
    private var expectingKey = false
    /// Whether the next byte that is not whitespace or punctuation begins a value.
    private var awaitingValue = true
    private var string: StringState?

    private struct StringState {
        var isKey: Bool
        var role: Role
        var escaped = false
        /// A key's bytes, up to 16; `nil` once it is longer or has an escape.
        var key: [UInt8]? = []
    }

    /// Reads `bytes`, the body's next part.
    mutating func scan(_ bytes: UnsafeRawBufferPointer) {
        var index = 0
        while index < bytes.count {
            if string != nil {
                index = scanString(bytes, from: index)
            } else {
                scanStructure(bytes[index])
                index += 1
            }
        }
    }

    /// Reads string bytes from `start` up to the string's closing quote or the end of
    /// `bytes`, and returns where it stopped.
    private mutating func scanString(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        guard var state = string else { return start }
        if state.escaped {
            state.escaped = false
            state.key = nil
            count(1, in: state)
            string = state
            return start + 1
        }
        let rest = UnsafeRawBufferPointer(rebasing: bytes[start...])
        let quote = Self.find(UInt8(ascii: "\""), in: rest) ?? rest.count
        let backslash = Self.find(UInt8(ascii: "\\"), in: UnsafeRawBufferPointer(rebasing: rest[..<quote]))
        let end = backslash ?? quote
        if state.isKey, let key = state.key {
            state.key = end <= 16 - key.count ? key + rest[..<end] : nil
        }
        count(end, in: state)
        if backslash != nil {
            state.escaped = true
            count(1, in: state)
            string = state
            return start + end + 1
        }
        guard quote < rest.count else {
            string = state
            return start + end
        }
        jsonBytes += 1
        endString(state)
        return start + quote + 1
    }

    private mutating func endString(_ state: StringState) {
        string = nil
        guard state.isKey else { return }
        expectingKey = false
        if untracked == 0, let top = stack.indices.last {
            stack[top].valueRole = Self.role(of: state.key, in: stack[top].role)
        }
    }

    private mutating func count(_ count: Int, in state: StringState) {
        if state.role == .attachmentData, !state.isKey { attachmentBytes += count } else { jsonBytes += count }
    }

    private mutating func scanStructure(_ byte: UInt8) {
        jsonBytes += 1
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            break
        case UInt8(ascii: "\""):
            if expectingKey, untracked == 0, stack.last?.isObject == true {
                string = StringState(isKey: true, role: .other)
            } else {
                string = StringState(isKey: false, role: valueBegins())
            }
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            open(role: valueBegins(), isObject: byte == UInt8(ascii: "{"))
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            if untracked > 0 { untracked -= 1 } else if !stack.isEmpty { stack.removeLast() }
            awaitingValue = false
            expectingKey = false
        case UInt8(ascii: ":"):
            awaitingValue = true
        case UInt8(ascii: ","):
            let inObject = untracked == 0 && stack.last?.isObject == true
            expectingKey = inObject
            awaitingValue = !inObject
        default:
            _ = valueBegins()
        }
    }

    private mutating func open(role: Role, isObject: Bool) {
        if stack.count >= Self.trackedDepth || untracked > 0 {
            untracked += 1
        } else {
            stack.append(Frame(role: role, isObject: isObject))
        }
        expectingKey = isObject
        awaitingValue = !isObject
    }

    /// A value may begin here: its role, and the batch's count if it is one of its requests.
    private mutating func valueBegins() -> Role {
        guard awaitingValue else { return .other }
        awaitingValue = false
        guard untracked == 0 else { return .other }
        guard let top = stack.last else { return .root }
        if top.isObject { return top.valueRole }
        switch top.role {
        case .batch:
            batchCount += 1
            return .request
        case .attachments: return .attachment
        default: return .other
        }
    }

    /// The role of the value of `key` in an object whose role is `parent`.
    private static func role(of key: [UInt8]?, in parent: Role) -> Role {
        guard let key else { return .other }
        switch (parent, String(decoding: key, as: UTF8.self)) {
        case (.root, "requests"): return .batch
        case (.root, "content"), (.request, "content"): return .content
        case (.content, "attachments"): return .attachments
        case (.attachment, "data"): return .attachmentData
        default: return .other
        }
    }

    /// The index of the first `byte` in `bytes`.
    private static func find(_ byte: UInt8, in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress, !bytes.isEmpty,
            let found = memchr(base, Int32(byte), bytes.count)
        else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }
}
