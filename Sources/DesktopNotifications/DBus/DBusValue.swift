/// A D-Bus value as Herald writes and reads it: the Swift side of a `GVariant`.
///
/// Only the types the notification, logind and launcher-entry interfaces use are
/// written; reading turns any other type into ``unsupported(_:)`` with its type string,
/// so a malformed or unexpected signal is reported instead of crashing.
package enum DBusValue: Sendable, Hashable {
    case byte(UInt8)
    case boolean(Bool)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case variant(Box)
    /// An array of bytes (`ay`), written and read as one block.
    case bytes([UInt8])
    /// An array of values of one type, whose type string is `element`.
    case array([DBusValue], element: String)
    /// A dictionary of strings to variants (`a{sv}`), the type of hints and properties.
    case dictionary([String: DBusValue])
    case tuple([DBusValue])
    /// A value of a type Herald does not read, by its type string.
    case unsupported(String)

    /// The indirection a variant needs to hold a value of the same enum.
    package final class Box: Sendable, Hashable {
        package let value: DBusValue
        package init(_ value: DBusValue) { self.value = value }
        package static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value }
        package func hash(into hasher: inout Hasher) { hasher.combine(value) }
    }

    /// A variant holding `value`.
    package static func variant(_ value: DBusValue) -> DBusValue { .variant(Box(value)) }

    /// The D-Bus type string of the value, such as `"a{sv}"`.
    package var typeString: String {
        switch self {
        case .byte: "y"
        case .boolean: "b"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .variant: "v"
        case .bytes: "ay"
        case .array(_, let element): "a" + element
        case .dictionary: "a{sv}"
        case .tuple(let items): "(" + items.map(\.typeString).joined() + ")"
        case .unsupported(let type): type
        }
    }

    // MARK: Reading

    /// The string of a `s` or `o` value.
    package var string: String? {
        switch self {
        case .string(let text), .objectPath(let text): text
        default: nil
        }
    }

    /// The number of a `u` value.
    package var uint32: UInt32? {
        if case .uint32(let value) = self { value } else { nil }
    }

    /// The truth of a `b` value.
    package var boolean: Bool? {
        if case .boolean(let value) = self { value } else { nil }
    }

    /// The strings of an `as` value.
    package var strings: [String]? {
        guard case .array(let items, "s") = self else { return nil }
        return items.compactMap(\.string)
    }

    /// The bytes of an `ay` value.
    package var bytes: [UInt8]? {
        if case .bytes(let bytes) = self { bytes } else { nil }
    }

    /// The entries of an `a{sv}` value.
    package var dictionary: [String: DBusValue]? {
        if case .dictionary(let entries) = self { entries } else { nil }
    }

    /// The value inside a variant; any other value as it is.
    package var unwrapped: DBusValue {
        if case .variant(let box) = self { box.value.unwrapped } else { self }
    }
}
