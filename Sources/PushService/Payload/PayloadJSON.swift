import Foundation
import NotificationModel

/// A push's body parsed as JSON (RFC 8259, UTF-8) into the ``JSONValue``s the
/// engine keeps, in one pass over its bytes: numbers as `Double`, of two equal
/// keys the last counts, and a comma may end an object or array, as Foundation's
/// `JSONSerialization` reads them on an Apple device and on Linux.
///
/// Parsing takes time in proportion to the body, however it nests (decoding
/// ``JSONValue`` with `JSONDecoder` takes time in proportion to the body times its
/// nesting: 0.9 s for a kilobyte of arrays 500 deep on this project's machine,
/// which a hostile provider could use), and a payload nested deeper than
/// ``maximumDepth`` containers is refused, as the engine decodes what it stores
/// with `JSONDecoder`. It replaces `JSONSerialization` and the conversion of its
/// objects, which took most of a push's parsing time.
enum PayloadJSON {
    /// The most containers (objects and arrays, the payload itself included)
    /// nested in one another; a payload of Apple's examples nests three.
    static let maximumDepth = 32

    /// `data` as a JSON object.
    ///
    /// - Throws: `PayloadTooLarge` for JSON nested deeper than ``maximumDepth``;
    ///   `PayloadEmpty` for data that is not JSON (not UTF-8, a control character
    ///   in a string, a lone surrogate, …) or not an object.
    static func object(_ data: Data) throws(APNsRefusal) -> [String: JSONValue] {
        let parsed: JSONValue
        do {
            parsed = try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) throws(Failure) in
                var reader = Reader(bytes: bytes.bindMemory(to: UInt8.self))
                return try reader.document()
            }
        } catch Failure.tooDeep {
            throw APNsRefusal(
                .payloadTooLarge, "the payload nests more than \(maximumDepth) objects and arrays in one another")
        } catch {
            throw APNsRefusal(.payloadEmpty, "the payload is not JSON")
        }
        guard case .object(let object) = parsed else {
            throw APNsRefusal(.payloadEmpty, "the payload is JSON but not an object")
        }
        return object
    }

    enum Failure: Error {
        case tooDeep
        case malformed
    }

    /// The parser: a position in the bytes and the containers open around it.
    struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var depth = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        /// The one value of the document, between optional whitespace (after a
        /// UTF-8 byte order mark, which `JSONSerialization` skips too).
        mutating func document() throws(Failure) -> JSONValue {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
            let value = try self.value()
            skipWhitespace()
            guard index == bytes.count else { throw .malformed }
            return value
        }

        mutating func value() throws(Failure) -> JSONValue {
            skipWhitespace()
            guard index < bytes.count else { throw .malformed }
            switch bytes[index] {
            case UInt8(ascii: "{"): return .object(try object())
            case UInt8(ascii: "["): return .array(try array())
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            default: return .number(try number())
            }
        }

        private mutating func object() throws(Failure) -> [String: JSONValue] {
            try open()
            var object: [String: JSONValue] = [:]
            skipWhitespace()
            if consume(UInt8(ascii: "}")) { return close(object) }
            repeat {
                skipWhitespace()
                if !object.isEmpty, consume(UInt8(ascii: "}")) { return close(object) }  // after a trailing comma
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw .malformed }
                let key = try string()
                skipWhitespace()
                guard consume(UInt8(ascii: ":")) else { throw .malformed }
                object[key] = try value()
                skipWhitespace()
            } while consume(UInt8(ascii: ","))
            guard consume(UInt8(ascii: "}")) else { throw .malformed }
            return close(object)
        }

        private mutating func array() throws(Failure) -> [JSONValue] {
            try open()
            var array: [JSONValue] = []
            skipWhitespace()
            if consume(UInt8(ascii: "]")) { return close(array) }
            repeat {
                skipWhitespace()
                if !array.isEmpty, consume(UInt8(ascii: "]")) { return close(array) }  // after a trailing comma
                array.append(try value())
                skipWhitespace()
            } while consume(UInt8(ascii: ","))
            guard consume(UInt8(ascii: "]")) else { throw .malformed }
            return close(array)
        }

        /// Steps into a container past its opening bracket.
        private mutating func open() throws(Failure) {
            depth += 1
            guard depth <= PayloadJSON.maximumDepth else { throw .tooDeep }
            index += 1
        }

        private mutating func close<T>(_ container: T) -> T {
            depth -= 1
            return container
        }

        /// A string, from its opening quote past its closing one. Bytes outside
        /// escapes are copied as they are and checked as UTF-8 at the end.
        private mutating func string() throws(Failure) -> String {
            index += 1
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let text = try Self.text(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                    index += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") { return try escapedString(from: start) }
                guard byte >= 0x20 else { throw .malformed }
                index += 1
            }
            throw .malformed
        }

        /// The rest of a string that holds an escape, its bytes gathered one by one.
        private mutating func escapedString(from start: Int) throws(Failure) -> String {
            var utf8 = Array(bytes[start..<index])
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return try Self.text(utf8)
                case UInt8(ascii: "\\"):
                    try unescape(into: &utf8)
                case ..<0x20:
                    throw .malformed
                default:
                    utf8.append(byte)
                }
            }
            throw .malformed
        }

        /// One escape, after its backslash, appended as UTF-8.
        private mutating func unescape(into utf8: inout [UInt8]) throws(Failure) {
            guard index < bytes.count else { throw .malformed }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"): utf8.append(contentsOf: try unicodeScalar().utf8)
            default: throw .malformed
            }
        }

        /// A `\u` escape's scalar, after its `u`: a surrogate pair is two escapes;
        /// a surrogate alone is refused.
        private mutating func unicodeScalar() throws(Failure) -> Unicode.Scalar {
            let first = try hexQuad()
            var value = UInt32(first)
            if (0xD800...0xDBFF).contains(first) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw .malformed }
                index += 2
                let second = try hexQuad()
                guard (0xDC00...0xDFFF).contains(second) else { throw .malformed }
                value = 0x10000 + (UInt32(first - 0xD800) << 10) + UInt32(second - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else { throw .malformed }
            return scalar
        }

        private mutating func hexQuad() throws(Failure) -> UInt16 {
            guard index + 4 <= bytes.count else { throw .malformed }
            var value: UInt16 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw .malformed
                }
                value = value << 4 | UInt16(digit)
                index += 1
            }
            return value
        }

        /// A number as JSON spells it (`-`, digits without a leading zero, a
        /// fraction, an exponent), read as the nearest `Double`; one past its range
        /// is refused, as `JSONSerialization` refuses it.
        private mutating func number() throws(Failure) -> Double {
            let start = index
            _ = consume(UInt8(ascii: "-"))
            // One zero, or digits that do not start with one.
            if !consume(UInt8(ascii: "0")) {
                guard digits() > 0 else { throw .malformed }
            }
            if consume(UInt8(ascii: ".")) {
                guard digits() > 0 else { throw .malformed }
            }
            if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
                guard digits() > 0 else { throw .malformed }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            guard let number = Double(text), number.isFinite else { throw .malformed }
            return number
        }

        /// Steps over decimal digits; how many.
        private mutating func digits() -> Int {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - start
        }

        private mutating func literal(_ word: StaticString) throws(Failure) {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count,
                UnsafeBufferPointer(rebasing: bytes[index..<index + count]).elementsEqual(
                    UnsafeBufferPointer(start: word.utf8Start, count: count))
            else { throw .malformed }
            index += count
        }

        /// Steps over `byte` if it is next.
        private mutating func consume(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        private mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }

        /// UTF-8 bytes as a string; ill-formed UTF-8 is refused.
        private static func text(_ utf8: some Collection<UInt8>) throws(Failure) -> String {
            guard let text = String(validating: utf8, as: UTF8.self) else { throw .malformed }
            return text
        }
    }
}
