// WebKitGTK 6.0, GTK 4 and GLib for Swift.
#include <gtk/gtk.h>
#include <webkit/webkit.h>
#include <jsc/jsc.h>
#include <glib-unix.h>

// libdispatch's run-loop integration (what CoreFoundation's run loop uses): a file
// descriptor that becomes readable when the main queue has work, and the call that drains
// it on the main thread. Declared here because Dispatch does not export them to Swift.
int _dispatch_get_main_queue_handle_4CF(void);
void _dispatch_main_queue_callback_4CF(void *msg);
