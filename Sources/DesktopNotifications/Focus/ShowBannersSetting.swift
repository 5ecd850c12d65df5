import CGIOLoader
import Foundation
import Synchronization

/// GNOME's Do Not Disturb: the GSettings key `show-banners` of
/// `org.gnome.desktop.notifications`, false while Do Not Disturb is on, read at once
/// and followed through the settings' `changed` signal.
///
/// The schema is looked up in GLib's default schema source before anything is made
/// of it, since GLib aborts the process for a schema that is not installed or a key
/// it lacks: without either there is no GNOME source, and the initializer returns `nil`.
///
/// Every GSettings object is made and followed on one GLib main context for the
/// whole process (``thread(for:)``): GLib makes its default settings backend once,
/// and the keyfile backend watches its file from the context it was made in, so a
/// context of each monitor's own would go deaf with the first monitor stopped.
final class ShowBannersSetting: Sendable {
    /// The schema GNOME keeps its notification settings in.
    static let schema = "org.gnome.desktop.notifications"
    /// The key that is false while Do Not Disturb is on.
    static let key = "show-banners"

    private let gio: GIO
    private let thread: MainContextThread
    nonisolated(unsafe) private let settings: OpaquePointer
    private let handler: UInt

    /// Follows `show-banners` of `schema`, from the desktop's settings store or, when
    /// `keyfile` names one, from that file (laid out as GLib's keyfile backend lays
    /// out `$XDG_CONFIG_HOME/glib-2.0/settings/keyfile`). `changed` gets whether Do
    /// Not Disturb is on: once before this returns, then at each change, always on
    /// the settings' thread. `nil` when `schema` is not installed or lacks the key.
    init?(gio: GIO, schema: String = schema, keyfile: String? = nil, changed: @escaping @Sendable (Bool) -> Void) {
        let thread = Self.thread(for: gio)
        let observer = Observer(gio: gio, changed: changed)
        guard let made = thread.perform({ Self.make(gio: gio, schema: schema, keyfile: keyfile, observer: observer) }) else {
            return nil
        }
        self.gio = gio
        self.thread = thread
        settings = made.settings
        handler = made.handler
    }

    deinit {
        nonisolated(unsafe) let settings = UnsafeMutableRawPointer(settings)
        let gio = gio
        let handler = handler
        thread.perform {
            gio.g_signal_handler_disconnect(settings, handler)
            gio.g_object_unref(settings)
        }
    }

    // MARK: Making the settings, on the settings' thread

    /// The settings made and the `changed` handler connected to them.
    private struct Made: @unchecked Sendable {
        let settings: OpaquePointer
        let handler: UInt
    }

    private static func make(gio: GIO, schema name: String, keyfile: String?, observer: Observer) -> Made? {
        guard let source = gio.g_settings_schema_source_get_default(),
            let schema = gio.g_settings_schema_source_lookup(source, name, 1)
        else { return nil }
        defer { gio.g_settings_schema_unref(schema) }
        guard gio.g_settings_schema_has_key(schema, key) != 0 else { return nil }
        let backend = keyfile.map { gio.g_keyfile_settings_backend_new($0, "/", nil) }
        let settings = gio.g_settings_new_full(schema, backend, nil)
        backend.map { gio.g_object_unref($0) }
        let handler = gio.g_signal_connect_data(
            UnsafeMutableRawPointer(settings), "changed::" + key,
            { settings, _, data in
                guard let settings, let data else { return }
                Unmanaged<Observer>.fromOpaque(data).takeUnretainedValue().read(settings)
            },
            Unmanaged.passRetained(observer).toOpaque(),
            { data, _ in data.map { Unmanaged<Observer>.fromOpaque($0).release() } },
            0)
        // Read after connecting: GSettings signals a change only of a key read while a
        // handler of it was connected.
        observer.read(settings)
        return Made(settings: settings, handler: handler)
    }

    /// What a change is told to, which GLib holds through a pointer.
    private final class Observer: Sendable {
        let gio: GIO
        let changed: @Sendable (Bool) -> Void

        init(gio: GIO, changed: @escaping @Sendable (Bool) -> Void) {
            self.gio = gio
            self.changed = changed
        }

        /// Reads `show-banners` off `settings` and tells whether Do Not Disturb is on.
        func read(_ settings: OpaquePointer) {
            changed(gio.g_settings_get_boolean(settings, ShowBannersSetting.key) == 0)
        }
    }

    // MARK: The settings' thread

    private static let threads = Mutex<[String: MainContextThread]>([:])

    /// The thread whose GLib main context makes and follows every GSettings object
    /// of `gio`'s library, started at the first and running as long as the process.
    static func thread(for gio: GIO) -> MainContextThread {
        threads.withLock { threads in
            if let thread = threads[gio.library] { return thread }
            let thread = MainContextThread(name: "herald.gsettings", gio: gio)
            threads[gio.library] = thread
            return thread
        }
    }
}
