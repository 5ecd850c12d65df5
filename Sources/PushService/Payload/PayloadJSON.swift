import Foundation
import NotificationModel

/// A push's body parsed as JSON, the way an Apple device parses it (Foundation's
/// `JSONSerialization`: of two equal keys the last counts), into the
/// ``JSONValue``s the engine keeps.
///
/// `JSONSerialization` takes time in proportion to the body; decoding
/// ``JSONValue`` with `JSONDecoder` takes time in proportion to the body times
/// its nesting (0.9 s for a kilobyte of arrays 500 deep on this project's
/// machine, against 0.4 ms for `JSONSerialization`), which a hostile provider
/// could use.
/// Values are therefore converted here, and a payload nested deeper than
/// ``maximumDepth`` containers is refused, as the engine decodes what it
/// stores with `JSONDecoder`.
enum PayloadJSON {
    /// The most containers (objects and arrays, the payload itself included)
    /// nested in one another; a payload of Apple's examples nests three.
    static let maximumDepth = 32

    /// `data` as a JSON object.
    ///
    /// - Throws: `PayloadTooLarge` for JSON nested deeper than ``maximumDepth``;
    ///   `PayloadEmpty` for data that is not JSON or not an object.
    static func object(_ data: Data) throws(APNsRefusal) -> [String: JSONValue] {
        guard depth(of: data) <= maximumDepth else {
            throw APNsRefusal(
                .payloadTooLarge, "the payload nests more than \(maximumDepth) objects and arrays in one another")
        }
        guard let parsed = try? JSONSerialization.jsonObject(with: data) else {
            throw APNsRefusal(.payloadEmpty, "the payload is not JSON")
        }
        guard case .object(let object) = value(parsed) else {
            throw APNsRefusal(.payloadEmpty, "the payload is JSON but not an object")
        }
        return object
    }

    /// How deeply `data`'s objects and arrays nest: the most brackets open at
    /// once outside strings. Exact for JSON; for anything else, a number that
    /// only decides which of the two refusals it gets.
    static func depth(of data: Data) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in data {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: continue
            }
            deepest = max(deepest, depth)
        }
        return deepest
    }

    /// The class of `JSONSerialization`'s `true` and `false`, which are numbers too.
    static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    /// What `JSONSerialization` parsed, as a ``JSONValue``.
    static func value(_ parsed: Any) -> JSONValue {
        switch parsed {
        case let string as String:
            .string(string)
        case let number as NSNumber:
            ObjectIdentifier(type(of: number)) == booleanClass ? .bool(number.boolValue) : .number(number.doubleValue)
        case let array as [Any]:
            .array(array.map(value))
        case let object as [String: Any]:
            .object(object.mapValues(value))
        default:
            .null
        }
    }
}
