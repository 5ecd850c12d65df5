import CGIOLoader

extension DBusValue {
    /// A new floating `GVariant` holding the value, which the call it is passed to
    /// takes over (GLib's floating reference).
    func makeVariant(_ gio: GIO) -> OpaquePointer {
        switch self {
        case .byte(let value): gio.g_variant_new_byte(value)
        case .boolean(let value): gio.g_variant_new_boolean(value ? 1 : 0)
        case .int32(let value): gio.g_variant_new_int32(value)
        case .uint32(let value): gio.g_variant_new_uint32(value)
        case .int64(let value): gio.g_variant_new_int64(value)
        case .uint64(let value): gio.g_variant_new_uint64(value)
        case .double(let value): gio.g_variant_new_double(value)
        case .string(let text): gio.g_variant_new_string(text.withoutNUL)
        case .objectPath(let path): gio.g_variant_new_object_path(path)
        case .variant(let box): gio.g_variant_new_variant(box.value.makeVariant(gio))
        case .bytes(let bytes): Self.makeBytes(bytes, gio)
        case .array(let items, let element): Self.makeArray(items.map { $0.makeVariant(gio) }, element: element, gio)
        case .dictionary(let entries): Self.makeArray(Self.entries(entries, gio), element: "{sv}", gio)
        case .tuple(let items): Self.makeTuple(items.map { $0.makeVariant(gio) }, gio)
        case .unsupported: gio.g_variant_new_tuple(nil, 0)
        }
    }

    private static func entries(_ entries: [String: DBusValue], _ gio: GIO) -> [OpaquePointer] {
        entries.sorted { $0.key < $1.key }.map { key, value in
            gio.g_variant_new_dict_entry(gio.g_variant_new_string(key.withoutNUL), gio.g_variant_new_variant(value.makeVariant(gio)))
        }
    }

    private static func makeArray(_ children: [OpaquePointer], element: String, _ gio: GIO) -> OpaquePointer {
        let type = gio.g_variant_type_new(element)
        defer { gio.g_variant_type_free(type) }
        return children.map { Optional($0) }.withUnsafeBufferPointer { buffer in
            gio.g_variant_new_array(type, buffer.baseAddress, buffer.count)
        }
    }

    private static func makeBytes(_ bytes: [UInt8], _ gio: GIO) -> OpaquePointer {
        let type = gio.g_variant_type_new("y")
        defer { gio.g_variant_type_free(type) }
        return bytes.withUnsafeBytes { buffer in gio.g_variant_new_fixed_array(type, buffer.baseAddress, buffer.count, 1) }
    }

    /// A tuple of `children`, taking them over.
    static func makeTuple(_ children: [OpaquePointer], _ gio: GIO) -> OpaquePointer {
        children.map { Optional($0) }.withUnsafeBufferPointer { buffer in
            gio.g_variant_new_tuple(buffer.baseAddress, buffer.count)
        }
    }

    /// The value written to a `GVariant` and read back, as a peer would read it.
    package func readBack(through gio: GIO) -> DBusValue {
        let variant = gio.g_variant_ref_sink(makeVariant(gio))
        defer { gio.g_variant_unref(variant) }
        return DBusValue(reading: variant, gio)
    }

    /// The value of a `GVariant`, which stays the caller's.
    init(reading variant: OpaquePointer, _ gio: GIO) {
        let type = String(cString: gio.g_variant_get_type_string(variant))
        switch type {
        case "y": self = .byte(gio.g_variant_get_byte(variant))
        case "b": self = .boolean(gio.g_variant_get_boolean(variant) != 0)
        case "i": self = .int32(gio.g_variant_get_int32(variant))
        case "u": self = .uint32(gio.g_variant_get_uint32(variant))
        case "x": self = .int64(gio.g_variant_get_int64(variant))
        case "t": self = .uint64(gio.g_variant_get_uint64(variant))
        case "d": self = .double(gio.g_variant_get_double(variant))
        case "s", "g": self = .string(String(cString: gio.g_variant_get_string(variant, nil)))
        case "o": self = .objectPath(String(cString: gio.g_variant_get_string(variant, nil)))
        case "v":
            let inner = gio.g_variant_get_variant(variant)
            defer { gio.g_variant_unref(inner) }
            self = .variant(DBusValue(reading: inner, gio))
        default: self = Self.container(variant, type: type, gio)
        }
    }

    private static func container(_ variant: OpaquePointer, type: String, _ gio: GIO) -> DBusValue {
        if type == "ay" {
            var count = 0
            guard let elements = gio.g_variant_get_fixed_array(variant, &count, 1), count > 0 else { return .bytes([]) }
            return .bytes(Array(UnsafeRawBufferPointer(start: elements, count: count)))
        }
        if type.hasPrefix("a{s") && type.hasSuffix("}") {
            var entries: [String: DBusValue] = [:]
            for entry in children(of: variant, gio) {
                if case .tuple(let pair) = entry, pair.count == 2, let key = pair[0].string { entries[key] = pair[1].unwrapped }
            }
            return .dictionary(entries)
        }
        if type.hasPrefix("a") { return .array(children(of: variant, gio), element: String(type.dropFirst())) }
        if type.hasPrefix("(") || type.hasPrefix("{") { return .tuple(children(of: variant, gio)) }
        return .unsupported(type)
    }

    /// The values of a container's children.
    static func children(of variant: OpaquePointer, _ gio: GIO) -> [DBusValue] {
        (0..<gio.g_variant_n_children(variant)).map { index in
            let child = gio.g_variant_get_child_value(variant, index)
            defer { gio.g_variant_unref(child) }
            return DBusValue(reading: child, gio)
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
