import Foundation
import HTTPTypes
import HeraldAPI
import HeraldApps
@testable import HeraldServer
import Hummingbird
import NotificationModel
import HummingbirdTesting
import Synchronization
import Testing

@Suite("The OpenAPI document: served, and in step with the router")
struct OpenAPIDocumentTests {
    @Test("/openapi.yaml is served as YAML, without a credential")
    func served() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let answer = try await client.call(.get, "/openapi.yaml")
            #expect(answer.status == .ok)
            let type = try #require(answer.headers[.contentType])
            #expect(type.hasPrefix("application/yaml"))
            let text = String(decoding: answer.body, as: UTF8.self)
            #expect(text.hasPrefix("openapi: 3.1.0\n"))
            #expect(OpenAPIOutline(text).version == HeraldDaemon.version)
        }
    }

    @Test("every route of the router is documented, and every documented operation is a route")
    func routesMatch() async throws {
        let daemon = try TestDaemon()
        let document = try await Self.document(of: daemon)
        let routes = Set(try daemon.daemon.makeRouter().routes.map { "\($0.method.rawValue) \($0.path.description)" })
        let documented = Set(document.operations.map { "\($0.method) \($0.path)" })
        #expect(routes.count > 30)
        #expect(routes.subtracting(documented).sorted() == [], "routes the document does not describe")
        #expect(documented.subtracting(routes).sorted() == [], "documented operations the router does not have")
    }

    @Test("every $ref names a component the document defines, and every operation answers with statuses")
    func referencesResolve() async throws {
        let document = try await Self.document(of: try TestDaemon())
        #expect(!document.references.isEmpty)
        for reference in document.references {
            #expect(document.components.contains(reference), "\(reference) is not defined")
        }
        #expect(document.components.contains("schemas/Error"))
        #expect(document.components.contains("securitySchemes/bearerAuth"))
        #expect(document.components.contains("securitySchemes/adminCookie"))
        #expect(document.components.contains("securitySchemes/sessionKey"))
        for operation in document.operations {
            #expect(!operation.statuses.isEmpty, "\(operation.method) \(operation.path) lists no response")
        }
    }

    @Test("each operation documents the statuses its route answers in the tests of the fixes")
    func statusesOfFixes() async throws {
        let document = try await Self.document(of: try TestDaemon())
        func statuses(_ method: String, _ path: String) -> Set<String> {
            document.operations.first { $0.method == method && $0.path == path }?.statuses ?? []
        }
        #expect(statuses("GET", "/v1/events").isSuperset(of: ["101", "401", "403", "426"]))
        #expect(statuses("GET", "/apps/{slug}/events").isSuperset(of: ["101", "426"]))
        #expect(statuses("POST", "/v1/apps/{app}/requests").isSuperset(of: ["201", "400", "403", "409", "413", "422", "503"]))
        #expect(statuses("GET", "/v1/deliveries/{deliveryID}").isSuperset(of: ["200", "404"]))
        #expect(statuses("POST", "/v1/sessions/codes") == ["201", "401", "403"])
        #expect(statuses("POST", "/v1/sessions/pages") == ["201", "400", "401", "403"])
        #expect(statuses("GET", "/login").isSuperset(of: ["200", "401"]))
        #expect(statuses("POST", "/login").isSuperset(of: ["200", "303", "403"]))
    }

    @Test("the document's event types and error codes are the Swift enums' names, in the same order")
    func enumsMatchSwift() async throws {
        let text = try await Self.text(of: TestDaemon())
        #expect(
            OpenAPIOutline.enumValues(in: text, at: ["components", "schemas", "Event", "properties", "type"])
                == API.Event.Kind.Name.allCases.map(\.rawValue))
        #expect(
            OpenAPIOutline.enumValues(
                in: text, at: ["components", "schemas", "Error", "properties", "error", "properties", "code"])
                == API.ErrorCode.allCases.map(\.rawValue))
    }

    @Test("every engine error code and every bundled app's error code has its own wire name")
    func everyCodeHasAWireName() {
        for code in NotificationError.Code.allCases {
            #expect(API.ErrorCode(rawValue: code.description) != nil, "\(code) has no API.ErrorCode")
            #expect(API.ErrorCode(code).notificationErrorCode == code)
        }
        for code in HeraldAppError.Code.allCases {
            #expect(API.ErrorCode(code).rawValue == code.rawValue)
        }
    }

    static func text(of daemon: TestDaemon) async throws -> String {
        let text = Mutex("")
        try await daemon.withRouter { client in
            let answer = try await client.call(.get, "/openapi.yaml")
            text.withLock { $0 = String(decoding: answer.body, as: UTF8.self) }
        }
        return text.withLock { $0 }
    }

    static func document(of daemon: TestDaemon) async throws -> OpenAPIOutline {
        OpenAPIOutline(try await text(of: daemon))
    }
}

/// What the tests read from the OpenAPI document, found line by line: the
/// document's own layout (two spaces per level, as written) is what it parses,
/// so a document laid out otherwise fails the tests rather than passing them.
struct OpenAPIOutline {
    struct Operation: Hashable {
        var method: String
        var path: String
        var statuses: Set<String>
    }

    var version: String?
    var operations: [Operation] = []
    /// `schemas/Error`, `responses/NotFound`, …: each component defined.
    var components: Set<String> = []
    /// Each component a `$ref` names, in the same form.
    var references: Set<String> = []

    static let methods: Set<String> = ["get", "put", "post", "delete", "patch", "head", "options", "trace"]

    init(_ text: String) {
        var section = ""
        var path: String?
        var componentKind: String?
        var inInfo = false
        var inResponses = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) {
            let trimmed = line.drop { $0 == " " }
            let indent = line.count - trimmed.count
            guard !trimmed.hasPrefix("#") else { continue }
            if let reference = Self.reference(in: line) { references.insert(reference) }
            if indent == 0 {
                section = String(trimmed.prefix { $0 != ":" })
                inInfo = section == "info"
                continue
            }
            if inInfo, indent == 2, trimmed.hasPrefix("version:") {
                version = trimmed.dropFirst("version:".count).trimmingCharacters(in: .whitespaces)
            }
            switch (section, indent) {
            case ("paths", 2):
                path = trimmed.hasSuffix(":") ? String(trimmed.dropLast()) : nil
                inResponses = false
            case ("paths", 4):
                let key = String(trimmed.prefix { $0 != ":" })
                if let path, Self.methods.contains(key) {
                    operations.append(Operation(method: key.uppercased(), path: path, statuses: []))
                }
                inResponses = false
            case ("paths", 6):
                inResponses = trimmed.hasPrefix("responses:") && !operations.isEmpty
            case ("paths", 8) where inResponses:
                let key = trimmed.prefix { $0 != ":" }.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                if Int(key) != nil { operations[operations.count - 1].statuses.insert(key) }
            case ("components", 2):
                componentKind = String(trimmed.prefix { $0 != ":" })
            case ("components", 4):
                if let componentKind { components.insert("\(componentKind)/\(trimmed.prefix { $0 != ":" })") }
            default:
                break
            }
        }
    }

    /// The values of the `enum` at the end of `keys` (each key nested below the
    /// one before), written as a flow list: `enum: [a, b]`, over one line or several.
    static func enumValues(in text: String, at keys: [String]) -> [String]? {
        var remaining = keys[...]
        var indent = -1
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)[...]
        while let line = lines.popFirst() {
            let trimmed = line.drop { $0 == " " }
            let depth = line.count - trimmed.count
            let key = trimmed.prefix { $0 != ":" }
            if remaining.isEmpty {
                guard depth > indent else { return nil }
                guard key == "enum" else { continue }
                var list = String(trimmed.dropFirst("enum:".count))
                while !list.contains("]"), let next = lines.popFirst() { list += next }
                return list.components(separatedBy: CharacterSet(charactersIn: "[], ")).filter { !$0.isEmpty }
            }
            if let first = remaining.first, key == first, depth > indent {
                indent = depth
                remaining = remaining.dropFirst()
            }
        }
        return nil
    }

    /// The component a line's `$ref: "#/components/kind/Name"` names.
    private static func reference(in line: String) -> String? {
        guard let range = line.range(of: "$ref: \"#/components/") else { return nil }
        let rest = line[range.upperBound...]
        return String(rest.prefix { $0 != "\"" })
    }
}
