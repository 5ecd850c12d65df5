import Foundation
import NotificationModel

/// Converts an iOS `userInfo` dictionary to the engine's JSON payload and back.
///
/// Accepted values are those JSON can hold: strings, numbers (Swift integers and
/// floating-point numbers, `NSNumber`), booleans, `NSNull`, arrays and
/// dictionaries with string keys, nested to any depth. A property-list value
/// JSON cannot hold (`Date`, `Data`) or a key that is not a string is refused
/// with ``NotificationError/Code/invalidPayload``. On the way back numbers come
/// out as `NSNumber` (so `as? Int` and `as? Double` both work, as on iOS),
/// booleans as `Bool`, `null` as `NSNull`.
enum UserInfoCoding {
    /// The JSON form of a `userInfo` dictionary.
    static func json(from userInfo: [AnyHashable: Any]) throws -> [String: JSONValue] {
        try object(userInfo, path: "userInfo")
    }

    /// The `userInfo` dictionary of a JSON payload.
    static func userInfo(from json: [String: JSONValue]) -> [AnyHashable: Any] {
        var result: [AnyHashable: Any] = [:]
        for (key, value) in json {
            result[AnyHashable(key)] = any(value)
        }
        return result
    }

    private static func object(_ dictionary: [AnyHashable: Any], path: String) throws -> [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        for (key, value) in dictionary {
            guard let name = key.base as? String else {
                throw NotificationError(
                    .invalidPayload, "\(path) has a key that is not a string: \(key) (\(type(of: key.base)))")
            }
            result[name] = try json(value, path: "\(path)[\"\(name)\"]")
        }
        return result
    }

    private static func json(_ value: Any, path: String) throws -> JSONValue {
        if let scalar = try scalar(value, path: path) { return scalar }
        switch value {
        case let array as [Any]:
            return .array(try array.enumerated().map { try json($0.element, path: "\(path)[\($0.offset)]") })
        case let dictionary as [AnyHashable: Any]:
            return .object(try object(dictionary, path: path))
        default:
            throw NotificationError(
                .invalidPayload,
                "\(path) is a \(type(of: value)), which JSON cannot hold "
                    + "(use strings, numbers, booleans, NSNull, arrays and dictionaries)")
        }
    }

    /// The value as a JSON scalar, or `nil` if it is not one.
    private static func scalar(_ value: Any, path: String) throws -> JSONValue? {
        switch value {
        case let string as String:
            return .string(string)
        case let bool as Bool where type(of: value) == Bool.self:
            return .bool(bool)
        case let integer as any BinaryInteger:
            return .number(Double(integer))
        case let real as any BinaryFloatingPoint:
            return try number(Double(real), path: path)
        case let number as NSNumber:
            return isBoolean(number) ? .bool(number.boolValue) : try self.number(number.doubleValue, path: path)
        case is NSNull:
            return .null
        default:
            return nil
        }
    }

    private static func number(_ value: Double, path: String) throws -> JSONValue {
        guard value.isFinite else {
            throw NotificationError(.invalidPayload, "\(path) is \(value), which JSON cannot hold")
        }
        return .number(value)
    }

    /// Whether an `NSNumber` holds a boolean (`NSNumber(value: true)`), not a
    /// one-byte integer.
    private static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c" && String(describing: type(of: number)).contains("Boolean")
    }

    private static func any(_ value: JSONValue) -> Any {
        switch value {
        case .null: NSNull()
        case .bool(let bool): bool
        case .number(let number): NSNumber(value: number)
        case .string(let string): string
        case .array(let array): array.map(any)
        case .object(let object): userInfo(from: object)
        }
    }
}
