import CGIO

extension DBusValue {
    /// A new floating `GVariant` holding the value, which the call it is passed to
    /// takes over (GLib's floating reference).
    func makeVariant() -> OpaquePointer {
        switch self {
        case .byte(let value): g_variant_new_byte(value)
        case .boolean(let value): g_variant_new_boolean(value ? 1 : 0)
        case .int32(let value): g_variant_new_int32(value)
        case .uint32(let value): g_variant_new_uint32(value)
        case .int64(let value): g_variant_new_int64(gint64(value))
        case .uint64(let value): g_variant_new_uint64(guint64(value))
        case .double(let value): g_variant_new_double(value)
        case .string(let text): g_variant_new_string(text.withoutNUL)
        case .objectPath(let path): g_variant_new_object_path(path)
        case .variant(let box): g_variant_new_variant(box.value.makeVariant())
        case .array(let items, let element): Self.makeArray(items.map { $0.makeVariant() }, element: element)
        case .dictionary(let entries): Self.makeArray(Self.entries(entries), element: "{sv}")
        case .tuple(let items): Self.makeTuple(items.map { $0.makeVariant() })
        case .unsupported: g_variant_new_tuple(nil, 0)
        }
    }

    private static func entries(_ entries: [String: DBusValue]) -> [OpaquePointer] {
        entries.sorted { $0.key < $1.key }.map { key, value in
            g_variant_new_dict_entry(g_variant_new_string(key.withoutNUL), g_variant_new_variant(value.makeVariant()))
        }
    }

    private static func makeArray(_ children: [OpaquePointer], element: String) -> OpaquePointer {
        let type = g_variant_type_new(element)
        defer { g_variant_type_free(type) }
        return children.map { Optional($0) }.withUnsafeBufferPointer { buffer in
            g_variant_new_array(type, buffer.baseAddress, gsize(buffer.count))
        }
    }

    /// A tuple of `children`, taking them over.
    static func makeTuple(_ children: [OpaquePointer]) -> OpaquePointer {
        children.map { Optional($0) }.withUnsafeBufferPointer { buffer in
            g_variant_new_tuple(buffer.baseAddress, gsize(buffer.count))
        }
    }

    /// The value written to a `GVariant` and read back, as a peer would read it.
    package func readBack() -> DBusValue {
        let variant = g_variant_ref_sink(makeVariant())!
        defer { g_variant_unref(variant) }
        return DBusValue(reading: variant)
    }

    /// The value of a `GVariant`, which stays the caller's.
    init(reading variant: OpaquePointer) {
        let type = String(cString: g_variant_get_type_string(variant))
        switch type {
        case "y": self = .byte(g_variant_get_byte(variant))
        case "b": self = .boolean(g_variant_get_boolean(variant) != 0)
        case "i": self = .int32(g_variant_get_int32(variant))
        case "u": self = .uint32(g_variant_get_uint32(variant))
        case "x": self = .int64(Int64(g_variant_get_int64(variant)))
        case "t": self = .uint64(UInt64(g_variant_get_uint64(variant)))
        case "d": self = .double(g_variant_get_double(variant))
        case "s", "g": self = .string(String(cString: g_variant_get_string(variant, nil)))
        case "o": self = .objectPath(String(cString: g_variant_get_string(variant, nil)))
        case "v":
            let inner = g_variant_get_variant(variant)!
            defer { g_variant_unref(inner) }
            self = .variant(DBusValue(reading: inner))
        default: self = Self.container(variant, type: type)
        }
    }

    private static func container(_ variant: OpaquePointer, type: String) -> DBusValue {
        if type.hasPrefix("a{s") && type.hasSuffix("}") {
            var entries: [String: DBusValue] = [:]
            for entry in children(of: variant) {
                if case .tuple(let pair) = entry, pair.count == 2, let key = pair[0].string { entries[key] = pair[1].unwrapped }
            }
            return .dictionary(entries)
        }
        if type.hasPrefix("a") { return .array(children(of: variant), element: String(type.dropFirst())) }
        if type.hasPrefix("(") || type.hasPrefix("{") { return .tuple(children(of: variant)) }
        return .unsupported(type)
    }

    /// The values of a container's children.
    static func children(of variant: OpaquePointer) -> [DBusValue] {
        (0..<g_variant_n_children(variant)).map { index in
            let child = g_variant_get_child_value(variant, index)!
            defer { g_variant_unref(child) }
            return DBusValue(reading: child)
        }
    }
}

extension String {
    /// The text up to its first NUL, which a D-Bus string cannot hold.
    var withoutNUL: String {
        guard let end = firstIndex(of: "\0") else { return self }
        return String(self[..<end])
    }
}
