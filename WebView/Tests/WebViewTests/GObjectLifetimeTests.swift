import CWebKitGTK
import Foundation
import Testing
@_spi(Testing) import WebView
@testable import WebViewApps

extension WebViewTests {
    /// Signal handlers end with their instances, whoever connected them. A handler asked about
    /// on a finalized instance shows as a GLib critical, which fails the test (Support/GLibLog.swift).
    @Suite @MainActor
    struct GObjectLifetimes {
        @Test func aHandlerEndsWithItsInstance() {
            let handlersBefore = LiveObjects.handlers
            let button = GTK.button("Gone")
            _ = g_object_ref_sink(UnsafeMutableRawPointer(button))
            let actions = Actions()
            actions.on(button, "clicked") {}
            #expect(LiveObjects.handlers == handlersBefore + 1)

            g_object_unref(UnsafeMutableRawPointer(button))
            #expect(LiveObjects.handlers == handlersBefore, "the button's finalization destroyed its handler")
            actions.invalidate()
        }

        @Test func destroyingAWindowEndsTheHandlersOfItsWidgets() async throws {
            let handlersBefore = LiveObjects.handlers
            let window = GTK.window(title: "Gone", width: 200, height: 100)
            let button = GTK.button("Gone")
            gtk_window_set_child(GTK.asWindow(window), button)
            let actions = Actions()
            actions.on(button, "clicked") {}
            actions.onCloseRequest(window) {}
            gtk_window_present(GTK.asWindow(window))

            gtk_window_destroy(GTK.asWindow(window))
            try await waitUntil("GTK finalizes the window and its button") { LiveObjects.handlers == handlersBefore }
            actions.invalidate()
        }

        @Test func aWebViewsHandlersEndWithIt() {
            let handlersBefore = LiveObjects.handlers
            do {
                let webView = WebView()
                #expect(LiveObjects.handlers > handlersBefore)
                withExtendedLifetime(webView) {}
            }
            #expect(LiveObjects.handlers == handlersBefore)
        }
    }
}
