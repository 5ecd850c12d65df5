// Finds GLib's GIO at run time: see CGIOLoader.h.
#include "CGIOLoader.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#define ENTRY(name) {#name, offsetof(HeraldGIO, name)}

/// Each function of HeraldGIO by its name and its place in the table.
static const struct {
    const char *name;
    size_t offset;
} entries[] = {
    ENTRY(g_free),
    ENTRY(g_error_free),
    ENTRY(g_error_matches),
    ENTRY(g_variant_type_new),
    ENTRY(g_variant_type_free),
    ENTRY(g_variant_new_byte),
    ENTRY(g_variant_new_boolean),
    ENTRY(g_variant_new_int32),
    ENTRY(g_variant_new_uint32),
    ENTRY(g_variant_new_int64),
    ENTRY(g_variant_new_uint64),
    ENTRY(g_variant_new_double),
    ENTRY(g_variant_new_string),
    ENTRY(g_variant_new_object_path),
    ENTRY(g_variant_new_variant),
    ENTRY(g_variant_new_tuple),
    ENTRY(g_variant_new_dict_entry),
    ENTRY(g_variant_new_array),
    ENTRY(g_variant_ref_sink),
    ENTRY(g_variant_unref),
    ENTRY(g_variant_get_type_string),
    ENTRY(g_variant_get_byte),
    ENTRY(g_variant_get_boolean),
    ENTRY(g_variant_get_int32),
    ENTRY(g_variant_get_uint32),
    ENTRY(g_variant_get_int64),
    ENTRY(g_variant_get_uint64),
    ENTRY(g_variant_get_double),
    ENTRY(g_variant_get_string),
    ENTRY(g_variant_get_variant),
    ENTRY(g_variant_n_children),
    ENTRY(g_variant_get_child_value),
    ENTRY(g_variant_new_fixed_array),
    ENTRY(g_variant_get_fixed_array),
    ENTRY(g_main_context_new),
    ENTRY(g_main_context_ref),
    ENTRY(g_main_context_unref),
    ENTRY(g_main_context_push_thread_default),
    ENTRY(g_main_context_pop_thread_default),
    ENTRY(g_main_context_is_owner),
    ENTRY(g_main_context_invoke_full),
    ENTRY(g_main_loop_new),
    ENTRY(g_main_loop_ref),
    ENTRY(g_main_loop_unref),
    ENTRY(g_main_loop_run),
    ENTRY(g_main_loop_quit),
    ENTRY(g_object_unref),
    ENTRY(g_signal_connect_data),
    ENTRY(g_signal_handler_disconnect),
    ENTRY(g_io_error_quark),
    ENTRY(g_dbus_error_is_remote_error),
    ENTRY(g_dbus_error_get_remote_error),
    ENTRY(g_dbus_connection_new_for_address_sync),
    ENTRY(g_dbus_connection_set_exit_on_close),
    ENTRY(g_dbus_connection_close_sync),
    ENTRY(g_dbus_connection_is_closed),
    ENTRY(g_dbus_connection_get_unique_name),
    ENTRY(g_dbus_connection_call_sync),
    ENTRY(g_dbus_connection_emit_signal),
    ENTRY(g_dbus_connection_signal_subscribe),
    ENTRY(g_dbus_connection_signal_unsubscribe),
    ENTRY(g_dbus_connection_call),
    ENTRY(g_dbus_connection_call_finish),
    ENTRY(g_dbus_node_info_new_for_xml),
    ENTRY(g_dbus_node_info_lookup_interface),
    ENTRY(g_dbus_node_info_unref),
    ENTRY(g_dbus_connection_register_object),
    ENTRY(g_dbus_connection_unregister_object),
    ENTRY(g_dbus_method_invocation_return_value),
    ENTRY(g_dbus_method_invocation_return_dbus_error),
    ENTRY(g_settings_schema_source_get_default),
    ENTRY(g_settings_schema_source_lookup),
    ENTRY(g_settings_schema_has_key),
    ENTRY(g_settings_schema_unref),
    ENTRY(g_settings_new_full),
    ENTRY(g_settings_get_boolean),
    ENTRY(g_keyfile_settings_backend_new),
};

HeraldGIOLoadResult herald_gio_load(const char *library, HeraldGIO *functions, char *detail, size_t capacity) {
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(detail, capacity, "%s", reason != NULL ? reason : library);
        return HERALD_GIO_NO_LIBRARY;
    }
    HeraldGIO found;
    for (size_t index = 0; index < sizeof entries / sizeof entries[0]; index++) {
        void *symbol = dlsym(handle, entries[index].name);
        if (symbol == NULL) {
            snprintf(detail, capacity, "%s", entries[index].name);
            dlclose(handle);
            return HERALD_GIO_NO_SYMBOL;
        }
        // POSIX guarantees that a function's address survives the trip through void *.
        memcpy((char *)&found + entries[index].offset, &symbol, sizeof symbol);
    }
    *functions = found;
    return HERALD_GIO_LOADED;
}
