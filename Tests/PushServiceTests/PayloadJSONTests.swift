import Foundation
import HeraldTestSupport
import NotificationModel
import Testing

@testable import PushService

/// The push's one-pass JSON parser against Foundation's `JSONSerialization`, which
/// an Apple device parses payloads with: the same values for what both take, a
/// refusal for what `JSONSerialization` refuses.
struct PayloadJSONTests {
    /// What `JSONSerialization` makes of `data`, as ``JSONValue``s; `nil` when it refuses it.
    static func oracle(_ data: Data) -> JSONValue? {
        guard let parsed = try? JSONSerialization.jsonObject(with: data) else { return nil }
        return convert(parsed)
    }

    private static func convert(_ parsed: Any) -> JSONValue {
        switch parsed {
        case let string as String:
            return .string(string)
        case let number as NSNumber:
            let isBool = ObjectIdentifier(type(of: number)) == ObjectIdentifier(type(of: NSNumber(value: true)))
            return isBool ? .bool(number.boolValue) : .number(number.doubleValue)
        case let array as [Any]:
            return .array(array.map(convert))
        case let object as [String: Any]:
            return .object(object.mapValues(convert))
        default:
            return .null
        }
    }

    @Test(arguments: [
        #"{}"#, #" { } "#, "\u{FEFF}{}", #"{"a":1,"a":2}"#, #"{"n":[0,-0,1.5,-2.25e3,1E-2,123456789012345678901234567890]}"#,
        #"{"s":"\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00 ☃"}"#, #"{"t":true,"f":false,"z":null,"e":[],"o":{}}"#,
        "{\n\t\"a\" :\r\n [ 1 , { \"b\" : [ ] } ] }", #"{"k\u0000ey":"v"}"#, #"{"big":1.7976931348623157e308,"tiny":5e-324}"#,
        #"{"a":1,}"#, #"{"a":[1,],"b":{"c":2 , } , }"#,
        #"{"deep":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}"#,
    ])
    func sameValues(_ json: String) throws {
        let data = Data(json.utf8)
        let expected = try #require(Self.oracle(data), "JSONSerialization takes \(json)")
        #expect(.object(try PayloadJSON.object(data)) == expected)
    }

    @Test(arguments: [
        "", "{", "}", #"{"a"}"#, #"{"a":}"#, #"{,"a":1}"#, #"{"a":1 "b":2}"#, #"{"a":[,1]}"#, #"{"a":[1,,]}"#, #"{"a":[,]}"#,
        #"{,}"#, #"{"a":1,,}"#,
        #"{a:1}"#, #"{"a":01}"#, #"{"a":1.}"#, #"{"a":.5}"#, #"{"a":+1}"#, #"{"a":-}"#, #"{"a":1e}"#, #"{"a":1e+}"#,
        #"{"a":NaN}"#, #"{"a":Infinity}"#, #"{"a":tru}"#, #"{"a":nul}"#, #"{"a":"\x"}"#, #"{"a":"\u12"}"#,
        #"{"a":"\udc00"}"#, #"{"a":"\ud800\u0041"}"#, "{\"a\":\"tab\there\"}", #"{"a":"open}"#, #"{} x"#, #"{"a":1e999}"#,
        #"{"a":1}/*c*/"#,
    ])
    func refusedByBoth(_ json: String) {
        let data = Data(json.utf8)
        #expect(Self.oracle(data).flatMap { if case .object = $0 { $0 } else { nil } } == nil, "JSONSerialization refuses \(json)")
        #expect(throws: APNsRefusal.self) { try PayloadJSON.object(data) }
    }

    @Test("random payloads, written compactly and with whitespace, read as JSONSerialization reads them")
    func randomPayloads() throws {
        var generator = SeededGenerator(seed: 0x5EED_F00D)
        for round in 0..<2_000 {
            let value = JSONValue.object(Self.randomObject(depth: 0, using: &generator))
            var options: JSONSerialization.WritingOptions = [.fragmentsAllowed]
            if round.isMultiple(of: 2) { options.insert(.prettyPrinted) }
            if round.isMultiple(of: 3) { options.insert(.withoutEscapingSlashes) }
            let data = try JSONSerialization.data(withJSONObject: Self.foundationObject(value), options: options)
            let parsed = try PayloadJSON.object(data)
            #expect(.object(parsed) == Self.oracle(data), "\(String(decoding: data, as: UTF8.self))")
            #expect(.object(parsed) == value)
        }
    }

    private static func randomObject(depth: Int, using generator: inout SeededGenerator) -> [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        for _ in 0..<Int.random(in: 0...4, using: &generator) {
            object[randomString(using: &generator)] = randomValue(depth: depth + 1, using: &generator)
        }
        return object
    }

    private static func randomValue(depth: Int, using generator: inout SeededGenerator) -> JSONValue {
        let kinds = depth < 6 ? 7 : 5
        switch Int.random(in: 0..<kinds, using: &generator) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .number(Double(Int.random(in: -1_000_000...1_000_000, using: &generator)) / 64)
        case 3, 4: return .string(randomString(using: &generator))
        case 5: return .array((0..<Int.random(in: 0...4, using: &generator)).map { _ in randomValue(depth: depth + 1, using: &generator) })
        default: return .object(randomObject(depth: depth, using: &generator))
        }
    }

    private static let alphabet: [Character] = Array("aZ09 _-/\\\"\n\t\u{1}é日本👋🏽\u{7F}\u{2028}")

    private static func randomString(using generator: inout SeededGenerator) -> String {
        String((0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
    }

    private static func foundationObject(_ value: JSONValue) -> Any {
        switch value {
        case .null: NSNull()
        case .bool(let bool): bool
        case .number(let number): number
        case .string(let string): string
        case .array(let array): array.map(foundationObject)
        case .object(let object): object.mapValues(foundationObject)
        }
    }
}
