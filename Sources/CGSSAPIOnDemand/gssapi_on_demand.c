#include "gssapi_on_demand.h"

#ifdef MSX_GSSAPI_ON_DEMAND
#include <dlfcn.h>
#include <pthread.h>

/* GSS_S_FAILURE: a routine error of 13 in the major status's routine-error field. */
#define MSX_GSS_S_FAILURE (13u << 16)

/* The host-based service name type, 1.2.840.113554.1.2.1.4. GSSAPI compares name types by value, so this copy
   stands for the library's own. */
static gss_OID_desc host_based_service = {10, "\x2a\x86\x48\x86\xf7\x12\x01\x02\x01\x04"};
MSX_GSSAPI_HIDDEN gss_OID GSS_C_NT_HOSTBASED_SERVICE = &host_based_service;

static void *library;
static pthread_once_t library_once = PTHREAD_ONCE_INIT;

static void load_library(void) {
    library = dlopen("libgssapi_krb5.so.2", RTLD_NOW | RTLD_LOCAL);
}

/* The library's function `name`, loading the library on the first call; NULL when it cannot be loaded. */
static void *resolve(const char *name) {
    pthread_once(&library_once, load_library);
    return library ? dlsym(library, name) : NULL;
}

static OM_uint32 unavailable(OM_uint32 *minor_status) {
    if (minor_status) *minor_status = 0;
    return MSX_GSS_S_FAILURE;
}

MSX_GSSAPI_HIDDEN OM_uint32 gss_init_sec_context(OM_uint32 *minor_status, gss_cred_id_t initiator_cred_handle,
                               gss_ctx_id_t *context_handle, gss_name_t target_name, gss_OID mech_type,
                               OM_uint32 req_flags, OM_uint32 time_req, gss_channel_bindings_t input_chan_bindings,
                               gss_buffer_t input_token, gss_OID *actual_mech_type, gss_buffer_t output_token,
                               OM_uint32 *ret_flags, OM_uint32 *time_rec) {
    OM_uint32 (*call)(OM_uint32 *, gss_cred_id_t, gss_ctx_id_t *, gss_name_t, gss_OID, OM_uint32, OM_uint32,
                      gss_channel_bindings_t, gss_buffer_t, gss_OID *, gss_buffer_t, OM_uint32 *, OM_uint32 *) =
        resolve("gss_init_sec_context");
    return call ? call(minor_status, initiator_cred_handle, context_handle, target_name, mech_type, req_flags, time_req,
                       input_chan_bindings, input_token, actual_mech_type, output_token, ret_flags, time_rec)
                : unavailable(minor_status);
}

MSX_GSSAPI_HIDDEN OM_uint32 gss_delete_sec_context(OM_uint32 *minor_status, gss_ctx_id_t *context_handle, gss_buffer_t output_token) {
    OM_uint32 (*call)(OM_uint32 *, gss_ctx_id_t *, gss_buffer_t) = resolve("gss_delete_sec_context");
    return call ? call(minor_status, context_handle, output_token) : unavailable(minor_status);
}

MSX_GSSAPI_HIDDEN OM_uint32 gss_display_status(OM_uint32 *minor_status, OM_uint32 status_value, int status_type, gss_OID mech_type,
                             OM_uint32 *message_context, gss_buffer_t status_string) {
    OM_uint32 (*call)(OM_uint32 *, OM_uint32, int, gss_OID, OM_uint32 *, gss_buffer_t) = resolve("gss_display_status");
    return call ? call(minor_status, status_value, status_type, mech_type, message_context, status_string)
                : unavailable(minor_status);
}

MSX_GSSAPI_HIDDEN OM_uint32 gss_import_name(OM_uint32 *minor_status, gss_buffer_t input_name_buffer, gss_OID input_name_type,
                          gss_name_t *output_name) {
    OM_uint32 (*call)(OM_uint32 *, gss_buffer_t, gss_OID, gss_name_t *) = resolve("gss_import_name");
    return call ? call(minor_status, input_name_buffer, input_name_type, output_name) : unavailable(minor_status);
}

MSX_GSSAPI_HIDDEN OM_uint32 gss_indicate_mechs(OM_uint32 *minor_status, gss_OID_set *mech_set) {
    OM_uint32 (*call)(OM_uint32 *, gss_OID_set *) = resolve("gss_indicate_mechs");
    return call ? call(minor_status, mech_set) : unavailable(minor_status);
}

MSX_GSSAPI_HIDDEN OM_uint32 gss_release_buffer(OM_uint32 *minor_status, gss_buffer_t buffer) {
    OM_uint32 (*call)(OM_uint32 *, gss_buffer_t) = resolve("gss_release_buffer");
    return call ? call(minor_status, buffer) : unavailable(minor_status);
}

MSX_GSSAPI_HIDDEN OM_uint32 gss_release_name(OM_uint32 *minor_status, gss_name_t *name) {
    OM_uint32 (*call)(OM_uint32 *, gss_name_t *) = resolve("gss_release_name");
    return call ? call(minor_status, name) : unavailable(minor_status);
}

MSX_GSSAPI_HIDDEN OM_uint32 gss_release_oid_set(OM_uint32 *minor_status, gss_OID_set *set) {
    OM_uint32 (*call)(OM_uint32 *, gss_OID_set *) = resolve("gss_release_oid_set");
    return call ? call(minor_status, set) : unavailable(minor_status);
}
#endif
