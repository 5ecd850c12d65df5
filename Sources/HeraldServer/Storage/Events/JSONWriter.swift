import Foundation
import HeraldAPI
import NotificationEngine

/// A JSON text written by hand, byte by byte, as `API.encoder()` writes it:
/// keys in the order the caller gives (callers give them sorted), strings escaped
/// as JSON requires and `/` left as is, integral numbers without a fraction, dates
/// as ISO 8601 with milliseconds. For the event stream (``EventJSON``), whose every
/// event is encoded as it happens.
///
/// A separator goes before a key or an element unless it opens its object or
/// array, so callers write `{`, their fields, `}` and nothing else.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 1_024) {
        bytes.reserveCapacity(capacity)
    }

    /// The text written so far.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Writes `text` as it is: punctuation and literals.
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Writes `json`, a JSON value this daemon wrote earlier, as it is.
    mutating func verbatim(_ json: String) {
        bytes.append(contentsOf: json.utf8)
    }

    /// Writes the key of the next field of the open object.
    mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        raw(name)
        bytes.append(contentsOf: #"":"#.utf8)
    }

    /// Writes a separator unless the open object or array has nothing yet.
    mutating func separate() {
        if let last = bytes.last, last != UInt8(ascii: "{"), last != UInt8(ascii: "[") {
            bytes.append(UInt8(ascii: ","))
        }
    }

    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var start = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: utf8[start..<index])
                escape(byte)
                start = index + 1
            }
            bytes.append(contentsOf: utf8[start...])
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
        case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
        case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
        case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
        case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
        case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
        case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
        default:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: #"\u00"#.utf8)
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0x0F)])
        }
    }

    mutating func strings(_ values: [String]) {
        bytes.append(UInt8(ascii: "["))
        for value in values {
            separate()
            string(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    mutating func int(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    /// A finite number, integral ones without a fraction; JSON has no other.
    ///
    /// - Throws: `EncodingError.invalidValue` for an infinity or NaN, as `JSONEncoder` does.
    mutating func number(_ value: Double) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(value) is not a JSON number"))
        }
        if value.rounded() == value, abs(value) < 1e15 {
            int(Int(value))
        } else {
            bytes.append(contentsOf: value.description.utf8)
        }
    }

    /// A date as `API.encoder()` writes it: ISO 8601 in UTC, with milliseconds.
    mutating func date(_ value: Date) {
        string(value.formatted(Self.timestamp))
    }

    private static let timestamp = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    mutating func json(_ value: JSONValue) throws {
        switch value {
        case .null: raw("null")
        case .bool(let value): bool(value)
        case .number(let value): try number(value)
        case .string(let value): string(value)
        case .array(let values):
            bytes.append(UInt8(ascii: "["))
            for value in values {
                separate()
                try json(value)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let fields): try object(fields)
        }
    }

    /// An object of JSON values, its keys sorted.
    mutating func object(_ fields: [String: JSONValue]) throws {
        bytes.append(UInt8(ascii: "{"))
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
            separate()
            string(key)
            bytes.append(UInt8(ascii: ":"))
            try json(value)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Writes `value` as `API.encoder()` encodes it: for the parts of an event
    /// that are rare or seldom large (categories, actions, attachments…).
    mutating func encoded(_ value: some Encodable) throws {
        bytes.append(contentsOf: try API.encoder().encode(value))
    }
}
