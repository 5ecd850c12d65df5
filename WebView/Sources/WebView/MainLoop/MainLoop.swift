internal import CWebKitGTK
internal import Dispatch
internal import Foundation

/// The GLib main loop that GTK and WebKit need, run so that Swift concurrency keeps working.
///
/// GTK and WebKit must be used from one thread, the one that initialised them, and they do
/// their work from a GLib main loop on it. Swift's main actor and `DispatchQueue.main` run
/// their jobs on the process's main thread too, but only when something drains Dispatch's
/// main queue: `dispatch_main()` or a run loop. `MainLoop` makes the GLib loop that thing:
/// it watches libdispatch's main-queue handle (an eventfd, the same one CoreFoundation's run
/// loop watches) as a GLib source, reads it, and drains the queue on the main thread. So while
/// GTK runs, `@MainActor` tasks, `Task.sleep` and `DispatchQueue.main` blocks run on the main
/// thread between GTK's own events, and GLib callbacks may call `@MainActor` code directly.
///
/// Call it from the top level of an executable's `main.swift` (which runs on the main thread);
/// the top level must not `await`, or Swift would park the main thread in `dispatch_main()`:
///
/// ```swift
/// import WebView
///
/// try MainLoop.prepare()                  // GTK needs a display: a clear error without one
/// let window = BrowserWindow(url: nil)    // any @MainActor code
/// window.present()
/// MainLoop.run()                          // until MainLoop.quit()
/// ```
@MainActor
public enum MainLoop {
    private static var loop: OpaquePointer?

    /// Whether ``prepare()`` has run: GTK is initialised and Dispatch's main queue drains
    /// from the GLib loop.
    public private(set) static var isPrepared = false

    /// Initialises GTK on the main thread and connects Dispatch's main queue to the GLib loop.
    /// Calling it again does nothing.
    ///
    /// - Throws: ``WebViewError/Code/noDisplay`` when GTK cannot open a display (no `DISPLAY`
    ///   or `WAYLAND_DISPLAY`; run under `xvfb-run -a` on a headless machine).
    public static func prepare() throws(WebViewError) {
        guard !isPrepared else { return }
        guard Thread.isMainThread else {
            preconditionFailure("MainLoop.prepare() must be called on the process's main thread")
        }
        guard gtk_init_check() != 0 else {
            throw WebViewError(.noDisplay, "GTK could not open a display; set DISPLAY or WAYLAND_DISPLAY, or run under xvfb-run -a")
        }
        watchDispatchMainQueue()
        isPrepared = true
    }

    /// Runs the GLib main loop on the main thread until ``quit()``. ``prepare()`` must have run.
    ///
    /// `run()` may be called again after it returns.
    public static func run() {
        precondition(isPrepared, "MainLoop.run() before MainLoop.prepare()")
        let loop = g_main_loop_new(nil, 0)
        Self.loop = loop
        g_main_loop_run(loop)
        Self.loop = nil
        g_main_loop_unref(loop)
    }

    /// Ends the innermost ``run()`` once the current callback returns. Does nothing when no
    /// loop runs.
    public static func quit() {
        guard let loop else { return }
        g_main_loop_quit(loop)
    }

    /// A GLib source on libdispatch's main-queue eventfd. The eventfd must be read before
    /// draining: a readable fd left unread keeps the GLib loop spinning at full CPU.
    private static func watchDispatchMainQueue() {
        let handle = _dispatch_get_main_queue_handle_4CF()
        _ = g_unix_fd_add(handle, G_IO_IN, { fd, _, _ in
            var counter: UInt64 = 0
            _ = read(fd, &counter, MemoryLayout<UInt64>.size)
            _dispatch_main_queue_callback_4CF(nil)
            return 1  // G_SOURCE_CONTINUE
        }, nil)
    }
}
