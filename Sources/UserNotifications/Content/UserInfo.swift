import Foundation
import NotificationModel

/// A content's `userInfo` payload and its conversion to and from the engine's JSON.
struct UserInfo {
    var values: [AnyHashable: Any]

    init(_ values: [AnyHashable: Any] = [:]) {
        self.values = values
    }

    /// The payload read back from the engine: numbers and booleans as `NSNumber`,
    /// objects as `[String: Any]`, `null` as `NSNull`.
    init(json: [String: JSONValue]) {
        values = Dictionary(uniqueKeysWithValues: json.map { (AnyHashable($0.key), Self.value(of: $0.value)) })
    }

    /// The payload as JSON; throws ``UNError/Code/invalidUserInfo`` naming the first
    /// key or value JSON cannot hold.
    func json() throws -> [String: JSONValue] {
        try Self.object(values, path: "userInfo")
    }

    /// Whether both payloads hold the same JSON; payloads JSON cannot hold are
    /// compared as `NSDictionary`s.
    func isEqual(to other: UserInfo) -> Bool {
        if let json = try? json(), let otherJSON = try? other.json() { return json == otherJSON }
        return NSDictionary(dictionary: values).isEqual(to: other.values)
    }

    private static func value(of json: JSONValue) -> Any {
        switch json {
        case .null: NSNull()
        case .bool(let value): NSNumber(value: value)
        case .number(let value): number(value)
        case .string(let value): value
        case .array(let values): values.map(value(of:))
        case .object(let values): values.mapValues(value(of:))
        }
    }

    private static func number(_ value: Double) -> NSNumber {
        if value.rounded() == value, let integer = Int(exactly: value) { return NSNumber(value: integer) }
        return NSNumber(value: value)
    }

    private static func object(_ values: [AnyHashable: Any], path: String) throws -> [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        for (key, value) in values {
            guard let name = key.base as? String else {
                throw UNError(.invalidUserInfo, "\(path) has a key of type \(type(of: key.base)); keys must be strings")
            }
            object[name] = try json(value, path: "\(path)[\"\(name)\"]")
        }
        return object
    }

    private static func json(_ value: Any, path: String) throws -> JSONValue {
        if let string = value as? String { return .string(string) }
        if type(of: value) == Bool.self, let bool = value as? Bool { return .bool(bool) }
        if let integer = value as? any BinaryInteger { return .number(Double(integer)) }
        if let real = value as? any BinaryFloatingPoint { return try finite(Double(real), path: path) }
        if let number = value as? NSNumber { return try json(number, path: path) }
        if value is NSNull { return .null }
        if let array = value as? [Any] {
            return .array(try array.enumerated().map { try json($0.element, path: "\(path)[\($0.offset)]") })
        }
        if let object = value as? [AnyHashable: Any] { return .object(try Self.object(object, path: path)) }
        throw UNError(.invalidUserInfo, "\(path) is a \(type(of: value)), which JSON cannot hold")
    }

    private static func json(_ number: NSNumber, path: String) throws -> JSONValue {
        // Booleans are NSNumbers of type "c" (char), as Foundation's JSONSerialization treats them.
        if String(cString: number.objCType) == "c" { return .bool(number.boolValue) }
        return try finite(number.doubleValue, path: path)
    }

    private static func finite(_ value: Double, path: String) throws -> JSONValue {
        guard value.isFinite else { throw UNError(.invalidUserInfo, "\(path) is \(value), which JSON cannot hold") }
        return .number(value)
    }
}
