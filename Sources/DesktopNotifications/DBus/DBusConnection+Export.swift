import CGIOLoader
import Synchronization

/// Serving on the bus: exporting an object, owning a name, and calls that wait
/// without holding a thread (for peers that may first have to be started).
extension DBusConnection {
    /// Exports the interface `interface` of the introspection `xml` at `path`:
    /// `handler` gets each call on the connection's own thread, and must return at
    /// once (answering later is fine). GDBus answers calls whose arguments do not
    /// match the XML with `InvalidArgs`, and `Introspect` itself.
    ///
    /// - Throws: ``DBusError`` for XML that does not parse or lacks `interface`, or a
    ///   path that has an object already.
    package func export(
        _ xml: String, interface: String, path: String, handler: @escaping @Sendable (DBusMethodCall) -> Void
    ) throws {
        let object = ExportedObject(handler, gio: gio)
        nonisolated(unsafe) let connection = connection
        let gio = gio
        let result: Result<UInt32, DBusError> = main.perform {
            var error: UnsafeMutablePointer<HGError>?
            guard let node = gio.g_dbus_node_info_new_for_xml(xml, &error) else {
                return .failure(DBusError(taking: error, gio: gio, "the introspection XML of \(interface)"))
            }
            defer { gio.g_dbus_node_info_unref(node) }
            guard let info = gio.g_dbus_node_info_lookup_interface(node, interface) else {
                return .failure(DBusError(.callFailed, "the introspection XML has no interface \(interface)"))
            }
            var vtable = HGDBusInterfaceVTable()
            vtable.method_call = { _, sender, _, interface, method, parameters, invocation, data in
                let object = Unmanaged<ExportedObject>.fromOpaque(data!).takeUnretainedValue()
                object.handler(
                    DBusMethodCall(
                        sender: sender.map { String(cString: $0) } ?? "", interface: interface.map { String(cString: $0) } ?? "",
                        method: method.map { String(cString: $0) } ?? "",
                        arguments: parameters.map { DBusValue.children(of: $0, object.gio) } ?? [], invocation: invocation!,
                        gio: object.gio))
            }
            let box = Unmanaged.passRetained(object).toOpaque()
            let id = gio.g_dbus_connection_register_object(
                connection, path, info, &vtable, box, { data in Unmanaged<ExportedObject>.fromOpaque(data!).release() }, &error)
            return id == 0 ? .failure(DBusError(taking: error, gio: gio, "exporting \(path)")) : .success(id)
        }
        _ = try result.get()
    }

    /// Takes the well-known `name`, unless another connection has it (it is not
    /// queued for); the bus gives it back when the connection closes.
    ///
    /// - Throws: ``DBusError`` `callFailed` when another connection owns `name`, or the bus refuses it.
    package func requestName(_ name: String) throws {
        let doNotQueue: UInt32 = 4
        let reply = try call(
            "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", method: "RequestName",
            arguments: [.string(name), .uint32(doNotQueue)], replyType: "(u)")
        // 1: now the primary owner; 4: was already.
        guard let result = reply.first?.uint32, result == 1 || result == 4 else {
            throw DBusError(.callFailed, "\(name) is owned by another connection on the bus")
        }
    }

    /// Calls `method` and waits for its reply's values without holding a thread: the
    /// bus starts `destination` first when it is activatable and not running. At most
    /// `timeout`; a cancelled task stops waiting at once.
    ///
    /// - Throws: ``DBusError`` when the call fails or times out (`serviceUnknown` when
    ///   nobody owns `destination` and it cannot be started), `CancellationError`.
    package func send(
        _ destination: String, path: String, interface: String, method: String, arguments: [DBusValue] = [],
        replyType: String? = nil, timeout: Duration
    ) async throws -> [DBusValue] {
        let pending = PendingCall(gio: gio, what: "\(interface).\(method) on \(destination)")
        nonisolated(unsafe) let connection = connection
        let gio = gio
        let milliseconds = Int32(clamping: timeout.components.seconds * 1_000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                pending.set(continuation)
                // Issued on the connection's thread, whose context then runs the callback.
                main.schedule {
                    let parameters = DBusValue.makeTuple(arguments.map { $0.makeVariant(gio) }, gio)
                    let type = replyType.map { gio.g_variant_type_new($0) }
                    defer { type.map { gio.g_variant_type_free($0) } }
                    gio.g_dbus_connection_call(
                        connection, destination, path, interface, method, parameters, type, UInt32(HG_DBUS_CALL_FLAGS_NONE),
                        milliseconds, nil,
                        { source, result, data in
                            Unmanaged<PendingCall>.fromOpaque(data!).takeRetainedValue().finish(source, result)
                        }, Unmanaged.passRetained(pending).toOpaque())
                }
            }
        } onCancel: {
            pending.resume(.failure(CancellationError()))
        }
    }

    /// An exported object's handler, which GLib holds through a pointer.
    private final class ExportedObject: Sendable {
        let handler: @Sendable (DBusMethodCall) -> Void
        let gio: GIO
        init(_ handler: @escaping @Sendable (DBusMethodCall) -> Void, gio: GIO) {
            self.handler = handler
            self.gio = gio
        }
    }

    /// A call sent and not yet answered: its waiter, resumed once, by the reply or a cancellation.
    private final class PendingCall: Sendable {
        private let gio: GIO
        private let what: String
        private let waiter = Mutex<(continuation: CheckedContinuation<[DBusValue], any Error>?, early: Result<[DBusValue], any Error>?)>((nil, nil))

        init(gio: GIO, what: String) {
            self.gio = gio
            self.what = what
        }

        func set(_ continuation: CheckedContinuation<[DBusValue], any Error>) {
            let early = waiter.withLock { waiter in
                if waiter.early == nil { waiter.continuation = continuation }
                return waiter.early
            }
            if let early { continuation.resume(with: early) }
        }

        func resume(_ result: Result<[DBusValue], any Error>) {
            let continuation = waiter.withLock { waiter in
                defer { waiter.continuation = nil }
                if waiter.continuation == nil && waiter.early == nil { waiter.early = result }
                return waiter.continuation
            }
            continuation?.resume(with: result)
        }

        /// Reads the reply GDBus got for the call.
        func finish(_ source: UnsafeMutableRawPointer?, _ result: OpaquePointer?) {
            var error: UnsafeMutablePointer<HGError>?
            guard let source, let result, let reply = gio.g_dbus_connection_call_finish(OpaquePointer(source), result, &error) else {
                return resume(.failure(DBusError(taking: error, gio: gio, what)))
            }
            defer { gio.g_variant_unref(reply) }
            resume(.success(DBusValue.children(of: reply, gio)))
        }
    }
}
