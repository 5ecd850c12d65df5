public import Foundation

/// A JavaScript value as JSON: what ``WebView/evaluateJavaScript(_:)`` returns and what a
/// page posts to a script message handler.
///
/// ```swift
/// let count = try await webView.evaluateJavaScript("document.links.length")   // .number(3)
/// let title: String = try await webView.evaluateJavaScript("document.title", as: String.self)
/// ```
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses JSON text.
    ///
    /// - Throws: ``WebViewError/Code/invalidMessageBody`` when the text is not JSON.
    public init(json: Data) throws(WebViewError) {
        // JSONSerialization, then a walk over its objects: half the time of JSONDecoder, which
        // would try each case of this enum in turn, throwing, for every nested value.
        guard let object = try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed]) else {
            throw WebViewError(.invalidMessageBody, "not JSON: \(String(decoding: json.prefix(200), as: UTF8.self))")
        }
        self.init(serialized: object)
    }

    /// A value from JSONSerialization's objects. Its Booleans are NSNumbers of ObjC type
    /// `c` (char); its other numbers are not.
    private init(serialized object: Any) {
        switch object {
        case let string as String:
            self = .string(string)
        case let number as NSNumber:
            self = String(cString: number.objCType) == "c" ? .bool(number.boolValue) : .number(number.doubleValue)
        case let array as [Any]:
            self = .array(array.map(JSONValue.init(serialized:)))
        case let object as [String: Any]:
            self = .object(object.mapValues(JSONValue.init(serialized:)))
        default:
            self = .null
        }
    }

    /// The value as JSON text.
    public var json: Data {
        // Encoding a JSONValue cannot fail: every case has a JSON form.
        (try? JSONEncoder.sortedKeys.encode(self)) ?? Data("null".utf8)
    }

    /// Decodes the value as `type`.
    ///
    /// - Throws: ``WebViewError/Code/invalidMessageBody`` with the decoder's reason.
    public func decode<Value: Decodable>(_ type: Value.Type) throws(WebViewError) -> Value {
        do {
            return try JSONDecoder().decode(Value.self, from: json)
        } catch {
            throw WebViewError(.invalidMessageBody, "the value does not decode as \(Value.self): \(error)")
        }
    }
}

extension JSONValue: Codable {
    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value as the JSON it stands for.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let bool): try container.encode(bool)
        case .number(let number): try container.encode(number)
        case .string(let string): try container.encode(string)
        case .array(let array): try container.encode(array)
        case .object(let object): try container.encode(object)
        }
    }
}

/// Literals, for building and comparing values: `["posts": [1, "two", nil]]`.
extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral {
    /// `nil` is ``null``.
    public init(nilLiteral: ()) { self = .null }
    /// A Boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A number.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A whole number (JSON numbers are doubles).
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension JSONEncoder {
    static var sortedKeys: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
