// GLib's GIO, loaded at run time: the functions Herald's desktop presenter calls,
// found with dlopen/dlsym in libgio-2.0.so.0 (and the libgobject and libglib it
// loads), so that building Herald needs none of GLib's headers or libraries.
//
// The types are opaque, the enums and flags carry GLib's ABI values, and each
// function is a pointer with GLib's signature. Only non-variadic functions are
// here: a variadic one (g_variant_new with a format) cannot be called safely
// through a pointer typed without its varargs.
#ifndef CGIOLOADER_H
#define CGIOLOADER_H

#include <stddef.h>
#include <stdint.h>

#pragma clang assume_nonnull begin

// MARK: Opaque types (GVariant, GVariantType, GDBusConnection, GMainContext, GMainLoop,
// GDBusNodeInfo, GDBusInterfaceInfo, GDBusMethodInvocation, GAsyncResult,
// GSettingsSchemaSource, GSettingsSchema, GSettings)

typedef struct HGVariant HGVariant;
typedef struct HGVariantType HGVariantType;
typedef struct HGDBusConnection HGDBusConnection;
typedef struct HGMainContext HGMainContext;
typedef struct HGMainLoop HGMainLoop;
typedef struct HGDBusNodeInfo HGDBusNodeInfo;
typedef struct HGDBusInterfaceInfo HGDBusInterfaceInfo;
typedef struct HGDBusMethodInvocation HGDBusMethodInvocation;
typedef struct HGAsyncResult HGAsyncResult;
typedef struct HGSettingsSchemaSource HGSettingsSchemaSource;
typedef struct HGSettingsSchema HGSettingsSchema;
typedef struct HGSettings HGSettings;

/// GLib's GError, whose fields are public ABI.
typedef struct HGError {
    uint32_t domain;  // GQuark
    int32_t code;     // gint
    char *_Nullable message;
} HGError;

// MARK: Values of GLib's enums and flags (gio/gioenums.h, glib/gmain.h)

enum {
    HG_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT = 1 << 0,
    HG_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION = 1 << 3,
    HG_DBUS_CALL_FLAGS_NONE = 0,
    HG_DBUS_SIGNAL_FLAGS_NONE = 0,
    HG_IO_ERROR_TIMED_OUT = 24,
    HG_PRIORITY_DEFAULT = 0,
    HG_SOURCE_REMOVE = 0,
};

// MARK: Callbacks

typedef void (*HGDBusSignalCallback)(
    HGDBusConnection *_Nullable connection, const char *_Nullable sender, const char *_Nullable path,
    const char *_Nullable interface, const char *_Nullable member, HGVariant *_Nullable parameters,
    void *_Nullable data);
typedef void (*HGDestroyNotify)(void *_Nullable data);
typedef int32_t (*HGSourceFunc)(void *_Nullable data);
/// GDBusInterfaceMethodCallFunc: a call to an exported object; the handler owns
/// `invocation` and answers it exactly once, now or later, from any thread.
typedef void (*HGDBusMethodCallFunc)(
    HGDBusConnection *_Nullable connection, const char *_Nullable sender, const char *_Nullable path,
    const char *_Nullable interface, const char *_Nullable method, HGVariant *_Nullable parameters,
    HGDBusMethodInvocation *_Nullable invocation, void *_Nullable data);
/// GAsyncReadyCallback: `source` is the GDBusConnection the call was made on.
typedef void (*HGAsyncReadyCallback)(void *_Nullable source, HGAsyncResult *_Nullable result, void *_Nullable data);
/// The handler of GSettings' `changed` signal (a GCallback with this signature): the
/// key that changed.
typedef void (*HGSettingsChangedFunc)(HGSettings *_Nullable settings, const char *_Nullable key, void *_Nullable data);
/// GClosureNotify: frees a signal handler's data once the handler is disconnected.
typedef void (*HGClosureNotify)(void *_Nullable data, void *_Nullable closure);

/// GDBusInterfaceVTable (GLib copies it when registering): the method handler, no
/// property handlers, and GLib's padding.
typedef struct HGDBusInterfaceVTable {
    HGDBusMethodCallFunc _Nullable method_call;
    void *_Nullable get_property;
    void *_Nullable set_property;
    void *_Nullable padding[8];
} HGDBusInterfaceVTable;

// MARK: The functions

/// GLib's functions Herald calls, each under its own name; filled by herald_gio_load.
typedef struct HeraldGIO {
    // GLib: memory and errors
    void (*_Nonnull g_free)(void *_Nullable memory);
    void (*_Nonnull g_error_free)(HGError *error);
    int32_t (*_Nonnull g_error_matches)(const HGError *_Nullable error, uint32_t domain, int32_t code);

    // GLib: variant types and variants
    HGVariantType *_Nonnull (*_Nonnull g_variant_type_new)(const char *type);
    void (*_Nonnull g_variant_type_free)(HGVariantType *type);
    HGVariant *_Nonnull (*_Nonnull g_variant_new_byte)(uint8_t value);
    HGVariant *_Nonnull (*_Nonnull g_variant_new_boolean)(int32_t value);
    HGVariant *_Nonnull (*_Nonnull g_variant_new_int32)(int32_t value);
    HGVariant *_Nonnull (*_Nonnull g_variant_new_uint32)(uint32_t value);
    HGVariant *_Nonnull (*_Nonnull g_variant_new_int64)(int64_t value);
    HGVariant *_Nonnull (*_Nonnull g_variant_new_uint64)(uint64_t value);
    HGVariant *_Nonnull (*_Nonnull g_variant_new_double)(double value);
    HGVariant *_Nonnull (*_Nonnull g_variant_new_string)(const char *text);
    HGVariant *_Nonnull (*_Nonnull g_variant_new_object_path)(const char *path);
    HGVariant *_Nonnull (*_Nonnull g_variant_new_variant)(HGVariant *value);
    HGVariant *_Nonnull (*_Nonnull g_variant_new_tuple)(HGVariant *const _Nullable *_Nullable children, size_t count);
    HGVariant *_Nonnull (*_Nonnull g_variant_new_dict_entry)(HGVariant *key, HGVariant *value);
    HGVariant *_Nonnull (*_Nonnull g_variant_new_array)(
        const HGVariantType *_Nullable element, HGVariant *const _Nullable *_Nullable children, size_t count);
    HGVariant *_Nonnull (*_Nonnull g_variant_ref_sink)(HGVariant *value);
    void (*_Nonnull g_variant_unref)(HGVariant *value);
    const char *_Nonnull (*_Nonnull g_variant_get_type_string)(HGVariant *value);
    uint8_t (*_Nonnull g_variant_get_byte)(HGVariant *value);
    int32_t (*_Nonnull g_variant_get_boolean)(HGVariant *value);
    int32_t (*_Nonnull g_variant_get_int32)(HGVariant *value);
    uint32_t (*_Nonnull g_variant_get_uint32)(HGVariant *value);
    int64_t (*_Nonnull g_variant_get_int64)(HGVariant *value);
    uint64_t (*_Nonnull g_variant_get_uint64)(HGVariant *value);
    double (*_Nonnull g_variant_get_double)(HGVariant *value);
    const char *_Nonnull (*_Nonnull g_variant_get_string)(HGVariant *value, size_t *_Nullable length);
    HGVariant *_Nonnull (*_Nonnull g_variant_get_variant)(HGVariant *value);
    size_t (*_Nonnull g_variant_n_children)(HGVariant *value);
    HGVariant *_Nonnull (*_Nonnull g_variant_get_child_value)(HGVariant *value, size_t index);
    HGVariant *_Nonnull (*_Nonnull g_variant_new_fixed_array)(
        const HGVariantType *element, const void *_Nullable elements, size_t count, size_t elementSize);
    const void *_Nullable (*_Nonnull g_variant_get_fixed_array)(HGVariant *value, size_t *count, size_t elementSize);

    // GLib: main contexts and loops
    HGMainContext *_Nonnull (*_Nonnull g_main_context_new)(void);
    HGMainContext *_Nonnull (*_Nonnull g_main_context_ref)(HGMainContext *context);
    void (*_Nonnull g_main_context_unref)(HGMainContext *context);
    void (*_Nonnull g_main_context_push_thread_default)(HGMainContext *_Nullable context);
    void (*_Nonnull g_main_context_pop_thread_default)(HGMainContext *_Nullable context);
    int32_t (*_Nonnull g_main_context_is_owner)(HGMainContext *_Nullable context);
    void (*_Nonnull g_main_context_invoke_full)(
        HGMainContext *_Nullable context, int32_t priority, HGSourceFunc function, void *_Nullable data,
        HGDestroyNotify _Nullable notify);
    HGMainLoop *_Nonnull (*_Nonnull g_main_loop_new)(HGMainContext *_Nullable context, int32_t isRunning);
    HGMainLoop *_Nonnull (*_Nonnull g_main_loop_ref)(HGMainLoop *loop);
    void (*_Nonnull g_main_loop_unref)(HGMainLoop *loop);
    void (*_Nonnull g_main_loop_run)(HGMainLoop *loop);
    void (*_Nonnull g_main_loop_quit)(HGMainLoop *loop);

    // GObject: references and signals
    void (*_Nonnull g_object_unref)(void *object);
    /// Connects `handler` (GCallback, typed here as the `changed` handler GSettings calls).
    unsigned long (*_Nonnull g_signal_connect_data)(
        void *instance, const char *detailedSignal, HGSettingsChangedFunc handler, void *_Nullable data,
        HGClosureNotify _Nullable destroyData, uint32_t flags);
    void (*_Nonnull g_signal_handler_disconnect)(void *instance, unsigned long handler);

    // GIO: errors and GDBus
    uint32_t (*_Nonnull g_io_error_quark)(void);
    int32_t (*_Nonnull g_dbus_error_is_remote_error)(const HGError *error);
    char *_Nullable (*_Nonnull g_dbus_error_get_remote_error)(const HGError *error);
    HGDBusConnection *_Nullable (*_Nonnull g_dbus_connection_new_for_address_sync)(
        const char *address, uint32_t flags, void *_Nullable observer, void *_Nullable cancellable,
        HGError *_Nullable *_Nullable error);
    void (*_Nonnull g_dbus_connection_set_exit_on_close)(HGDBusConnection *connection, int32_t exitOnClose);
    int32_t (*_Nonnull g_dbus_connection_close_sync)(
        HGDBusConnection *connection, void *_Nullable cancellable, HGError *_Nullable *_Nullable error);
    int32_t (*_Nonnull g_dbus_connection_is_closed)(HGDBusConnection *connection);
    const char *_Nullable (*_Nonnull g_dbus_connection_get_unique_name)(HGDBusConnection *connection);
    HGVariant *_Nullable (*_Nonnull g_dbus_connection_call_sync)(
        HGDBusConnection *connection, const char *_Nullable destination, const char *path, const char *interface,
        const char *method, HGVariant *_Nullable parameters, const HGVariantType *_Nullable replyType, uint32_t flags,
        int32_t timeoutMilliseconds, void *_Nullable cancellable, HGError *_Nullable *_Nullable error);
    int32_t (*_Nonnull g_dbus_connection_emit_signal)(
        HGDBusConnection *connection, const char *_Nullable destination, const char *path, const char *interface,
        const char *member, HGVariant *_Nullable parameters, HGError *_Nullable *_Nullable error);
    uint32_t (*_Nonnull g_dbus_connection_signal_subscribe)(
        HGDBusConnection *connection, const char *_Nullable sender, const char *_Nullable interface,
        const char *_Nullable member, const char *_Nullable path, const char *_Nullable arg0, uint32_t flags,
        HGDBusSignalCallback callback, void *_Nullable data, HGDestroyNotify _Nullable freeData);
    void (*_Nonnull g_dbus_connection_signal_unsubscribe)(HGDBusConnection *connection, uint32_t subscription);
    void (*_Nonnull g_dbus_connection_call)(
        HGDBusConnection *connection, const char *_Nullable destination, const char *path, const char *interface,
        const char *method, HGVariant *_Nullable parameters, const HGVariantType *_Nullable replyType, uint32_t flags,
        int32_t timeoutMilliseconds, void *_Nullable cancellable, HGAsyncReadyCallback _Nullable callback,
        void *_Nullable data);
    HGVariant *_Nullable (*_Nonnull g_dbus_connection_call_finish)(
        HGDBusConnection *connection, HGAsyncResult *result, HGError *_Nullable *_Nullable error);

    // GIO: exporting objects (introspection data, registration, answers)
    HGDBusNodeInfo *_Nullable (*_Nonnull g_dbus_node_info_new_for_xml)(const char *xml, HGError *_Nullable *_Nullable error);
    HGDBusInterfaceInfo *_Nullable (*_Nonnull g_dbus_node_info_lookup_interface)(HGDBusNodeInfo *info, const char *name);
    void (*_Nonnull g_dbus_node_info_unref)(HGDBusNodeInfo *info);
    uint32_t (*_Nonnull g_dbus_connection_register_object)(
        HGDBusConnection *connection, const char *path, HGDBusInterfaceInfo *interface,
        const HGDBusInterfaceVTable *_Nullable vtable, void *_Nullable data, HGDestroyNotify _Nullable freeData,
        HGError *_Nullable *_Nullable error);
    int32_t (*_Nonnull g_dbus_connection_unregister_object)(HGDBusConnection *connection, uint32_t registration);
    void (*_Nonnull g_dbus_method_invocation_return_value)(
        HGDBusMethodInvocation *invocation, HGVariant *_Nullable parameters);
    void (*_Nonnull g_dbus_method_invocation_return_dbus_error)(
        HGDBusMethodInvocation *invocation, const char *name, const char *message);

    // GIO: GSettings (a schema is looked up before g_settings_new_full: GLib aborts the
    // process for a schema that is not installed, or a key the schema lacks)
    HGSettingsSchemaSource *_Nullable (*_Nonnull g_settings_schema_source_get_default)(void);
    HGSettingsSchema *_Nullable (*_Nonnull g_settings_schema_source_lookup)(
        HGSettingsSchemaSource *source, const char *schema, int32_t recursive);
    int32_t (*_Nonnull g_settings_schema_has_key)(HGSettingsSchema *schema, const char *name);
    void (*_Nonnull g_settings_schema_unref)(HGSettingsSchema *schema);
    HGSettings *_Nonnull (*_Nonnull g_settings_new_full)(
        HGSettingsSchema *schema, void *_Nullable backend, const char *_Nullable path);
    int32_t (*_Nonnull g_settings_get_boolean)(HGSettings *settings, const char *key);
    /// A GSettingsBackend on one keyfile (`root` "/" and no group: the layout of
    /// GLib's default keyfile backend, `$XDG_CONFIG_HOME/glib-2.0/settings/keyfile`).
    void *_Nonnull (*_Nonnull g_keyfile_settings_backend_new)(
        const char *filename, const char *root, const char *_Nullable group);
} HeraldGIO;

/// How herald_gio_load went.
typedef enum HeraldGIOLoadResult {
    /// Every function was found.
    HERALD_GIO_LOADED = 0,
    /// The library could not be opened; `detail` holds dlerror's reason.
    HERALD_GIO_NO_LIBRARY = 1,
    /// The library lacks a function; `detail` holds its name.
    HERALD_GIO_NO_SYMBOL = 2,
} HeraldGIOLoadResult;

/// Opens `library` (libgio-2.0.so.0, or another name a test gives) and fills
/// `functions` with every function of HeraldGIO, looked up in the library and the
/// libraries it depends on. On failure nothing stays loaded and `detail` (of
/// `capacity` bytes) says why. A library loaded once stays loaded (GLib cannot be
/// unloaded safely).
HeraldGIOLoadResult herald_gio_load(const char *library, HeraldGIO *functions, char *detail, size_t capacity);

#pragma clang assume_nonnull end

#endif
