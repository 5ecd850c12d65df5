/// The `description` of an Apple-shaped class, in the form Apple's Objective-C
/// classes give theirs: `<UNNotificationRequest: 0x…; identifier: walk, content: <…>>`,
/// the class name and the object's address, then each property.
package enum ObjectDescription {
    /// `<Type: address; name: value, …>`; a `nil` value reads `(null)`, a
    /// `Bool` `YES` or `NO`, an array `(first, second)`.
    package static func of(_ object: AnyObject, _ properties: KeyValuePairs<String, Any?>) -> String {
        let fields = properties.map { "\($0.key): \(text($0.value))" }.joined(separator: ", ")
        return "<\(type(of: object)): \(Unmanaged.passUnretained(object).toOpaque()); \(fields)>"
    }

    /// A property's value as Apple's descriptions show it.
    package static func text(_ value: Any?) -> String {
        guard let value else { return "(null)" }
        if type(of: value) == Bool.self, let flag = value as? Bool { return flag ? "YES" : "NO" }
        if let items = value as? [Any] { return "(" + items.map { text($0) }.joined(separator: ", ") + ")" }
        return String(describing: value)
    }
}
