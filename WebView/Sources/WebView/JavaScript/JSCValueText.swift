internal import CWebKitGTK

/// Text out of a `JSCValue`.
enum JSCValueText {
    /// The value's JSON, as `JSON.stringify` gives it; `nil` for values without one.
    static func json(_ value: OpaquePointer) -> String? {
        guard let text = jsc_value_to_json(value, 0) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// The value converted to a string, as JavaScript's `String(value)` does.
    static func string(_ value: OpaquePointer) -> String {
        guard let text = jsc_value_to_string(value) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }
}
