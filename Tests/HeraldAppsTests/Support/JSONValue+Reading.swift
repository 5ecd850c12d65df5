import HeraldApps
import NotificationEngine

/// Reading the apps' replies in tests.
extension JSONValue {
    /// The string at `key` of an object.
    func field(_ key: String) -> String? {
        self[key]?.stringValue
    }

    /// The value at `key` of an object.
    subscript(key: String) -> JSONValue? {
        guard case .object(let fields) = self else { return nil }
        return fields[key]
    }

    /// The elements of an array; empty for anything else.
    var elements: [JSONValue] {
        guard case .array(let elements) = self else { return [] }
        return elements
    }

    /// The Boolean, if this is one.
    var boolValue: Bool? {
        guard case .bool(let value) = self else { return nil }
        return value
    }
}

/// Runs `body` and returns the ``HeraldAppError`` it throws, or fails.
func appError(_ body: () async throws -> Void) async throws -> HeraldAppError {
    do {
        try await body()
    } catch let error as HeraldAppError {
        return error
    } catch {
        throw TestFailure("expected a HeraldAppError, got \(error)")
    }
    throw TestFailure("expected a HeraldAppError, nothing was thrown")
}
