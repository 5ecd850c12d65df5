package import CGIOLoader
import Synchronization

/// GLib's GIO, loaded when the desktop presenter starts rather than linked: the
/// GLib, GObject and GDBus functions Herald calls, found in `libgio-2.0.so.0` (with
/// the `libgobject-2.0.so.0` and `libglib-2.0.so.0` it loads), so that building
/// Herald needs none of GLib's headers.
///
/// Each function goes by its GLib name, `gio.g_variant_new_byte(1)`. A library is
/// loaded once and stays loaded (GLib cannot be unloaded safely).
@dynamicMemberLookup
package struct GIO: Sendable {
    /// The library every Linux desktop has: GLib's GIO (Debian's `libglib2.0-0`).
    package static let defaultLibrary = "libgio-2.0.so.0"

    /// The functions, filled once and never changed.
    nonisolated(unsafe) private let functions: UnsafePointer<HeraldGIO>
    /// The library the functions were found in, as ``load(_:)`` was given it.
    package let library: String

    private static let loaded = Mutex<[String: GIO]>([:])

    /// GIO from `library` (a name the dynamic loader finds, or a path).
    ///
    /// - Throws: ``DBusError/Code/desktopUnavailable`` when the library cannot be
    ///   opened or lacks one of the functions.
    package static func load(_ library: String = defaultLibrary) throws -> GIO {
        try loaded.withLock { loaded in
            if let gio = loaded[library] { return gio }
            let gio = try GIO(opening: library)
            loaded[library] = gio
            return gio
        }
    }

    private init(opening library: String) throws {
        let table = UnsafeMutablePointer<HeraldGIO>.allocate(capacity: 1)
        var detail = [CChar](repeating: 0, count: 512)
        let result = herald_gio_load(library, table, &detail, detail.count)
        guard result == HERALD_GIO_LOADED else {
            table.deallocate()
            throw Self.failure(result, library: library, detail: detail.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        }
        functions = UnsafePointer(table)
        self.library = library
    }

    private static func failure(_ result: HeraldGIOLoadResult, library: String, detail: String) -> DBusError {
        let need = "desktop notifications need GLib's GIO 2.40 or later (Debian and Ubuntu: libglib2.0-0; Fedora and Arch: glib2)"
        let what = result == HERALD_GIO_NO_SYMBOL ? "\(library) has no function \(detail)" : "cannot load \(library) (\(detail))"
        return DBusError(.desktopUnavailable, "\(what); \(need)")
    }

    /// A GLib function, by its name.
    package subscript<Function>(dynamicMember function: KeyPath<HeraldGIO, Function>) -> Function {
        functions.pointee[keyPath: function]
    }
}
