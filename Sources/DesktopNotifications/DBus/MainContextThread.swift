import CGIOLoader
import Foundation
import Synchronization

/// A GLib main context run by a thread of its own, where GDBus delivers the signals
/// and name-owner changes Herald subscribes to.
///
/// GDBus calls a subscription's callback in the main context that was the
/// thread-default when it subscribed, so subscribing happens on this thread
/// (``perform(_:)``), and no callback ever runs on Swift's cooperative pool.
final class MainContextThread: Sendable {
    nonisolated(unsafe) let context: OpaquePointer
    nonisolated(unsafe) private let loop: OpaquePointer
    private let gio: GIO

    /// Starts the thread and its loop through `gio`, named `name` for debuggers.
    init(name: String, gio: GIO) {
        self.gio = gio
        context = gio.g_main_context_new()
        loop = gio.g_main_loop_new(context, 0)
        let started = DispatchSemaphore(value: 0)
        // The thread holds references of its own: it may still be leaving the loop
        // when the last reference to this object goes.
        nonisolated(unsafe) let threadContext = gio.g_main_context_ref(context)
        nonisolated(unsafe) let threadLoop = gio.g_main_loop_ref(loop)
        let thread = Thread {
            gio.g_main_context_push_thread_default(threadContext)
            started.signal()
            gio.g_main_loop_run(threadLoop)
            gio.g_main_context_pop_thread_default(threadContext)
            gio.g_main_loop_unref(threadLoop)
            gio.g_main_context_unref(threadContext)
        }
        thread.name = name
        thread.start()
        started.wait()
    }

    /// Stops the loop; callbacks already queued are dropped with the context.
    func stop() {
        gio.g_main_loop_quit(loop)
    }

    deinit {
        gio.g_main_loop_quit(loop)
        gio.g_main_loop_unref(loop)
        gio.g_main_context_unref(context)
    }

    /// Runs `body` on the context's thread and waits for it; runs it at once when
    /// called from that thread.
    func perform<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        if gio.g_main_context_is_owner(context) != 0 { return body() }
        let result = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        let job = Job {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
        gio.g_main_context_invoke_full(
            context, Int32(HG_PRIORITY_DEFAULT), { data in
                Unmanaged<Job>.fromOpaque(data!).takeUnretainedValue().run()
                return Int32(HG_SOURCE_REMOVE)
            }, Unmanaged.passRetained(job).toOpaque(), { data in Unmanaged<Job>.fromOpaque(data!).release() })
        done.wait()
        return result.withLock { $0! }
    }

    /// Runs `body` on the context's thread without waiting for it; at once when
    /// called from that thread.
    func schedule(_ body: @escaping @Sendable () -> Void) {
        gio.g_main_context_invoke_full(
            context, Int32(HG_PRIORITY_DEFAULT), { data in
                Unmanaged<Job>.fromOpaque(data!).takeUnretainedValue().run()
                return Int32(HG_SOURCE_REMOVE)
            }, Unmanaged.passRetained(Job(body)).toOpaque(), { data in Unmanaged<Job>.fromOpaque(data!).release() })
    }

    /// A closure GLib holds through a pointer.
    private final class Job: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
