// GLib, GObject and GIO (GDBus) for Swift: what Herald's desktop presenter talks
// to the session and system buses with.
#include <gio/gio.h>
