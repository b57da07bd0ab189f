#ifndef MSX_GSSAPI_ON_DEMAND_H
#define MSX_GSSAPI_ON_DEMAND_H

#include <stddef.h>
#include <stdint.h>

/* The GSSAPI calls libgit2 makes for Negotiate (Kerberos) authentication over https, in RFC 2744's C binding.
   Where msx links libgit2's static archive (scripts/swift-static.sh: MSX_GSSAPI_ON_DEMAND), msx defines them:
   each loads the system's GSSAPI library (libgssapi_krb5.so.2) the first time one is called and passes the call on,
   so that no command maps it and the Kerberos libraries it needs at start-up. (msx offers libgit2 no default
   credentials, so libgit2 does not negotiate today; the calls are there because its archive refers to them.) When
   the library cannot be loaded, every call fails with GSS_S_FAILURE, which libgit2 reports as a failed negotiation.
   Not for use by msx's own code. */

/* Hidden: libgit2's static archive is linked to them, and the library, once loaded, keeps calling its own. */
#define MSX_GSSAPI_HIDDEN __attribute__((visibility("hidden")))

typedef uint32_t OM_uint32;
typedef struct gss_OID_desc_struct { OM_uint32 length; void *elements; } gss_OID_desc, *gss_OID;
typedef struct gss_OID_set_desc_struct { size_t count; gss_OID elements; } gss_OID_set_desc, *gss_OID_set;
typedef struct gss_buffer_desc_struct { size_t length; void *value; } gss_buffer_desc, *gss_buffer_t;
typedef struct gss_name_struct *gss_name_t;
typedef struct gss_cred_id_struct *gss_cred_id_t;
typedef struct gss_ctx_id_struct *gss_ctx_id_t;
typedef struct gss_channel_bindings_struct *gss_channel_bindings_t;

MSX_GSSAPI_HIDDEN extern gss_OID GSS_C_NT_HOSTBASED_SERVICE;

MSX_GSSAPI_HIDDEN OM_uint32 gss_init_sec_context(OM_uint32 *minor_status, gss_cred_id_t initiator_cred_handle,
                               gss_ctx_id_t *context_handle, gss_name_t target_name, gss_OID mech_type,
                               OM_uint32 req_flags, OM_uint32 time_req, gss_channel_bindings_t input_chan_bindings,
                               gss_buffer_t input_token, gss_OID *actual_mech_type, gss_buffer_t output_token,
                               OM_uint32 *ret_flags, OM_uint32 *time_rec);
MSX_GSSAPI_HIDDEN OM_uint32 gss_delete_sec_context(OM_uint32 *minor_status, gss_ctx_id_t *context_handle, gss_buffer_t output_token);
MSX_GSSAPI_HIDDEN OM_uint32 gss_display_status(OM_uint32 *minor_status, OM_uint32 status_value, int status_type, gss_OID mech_type,
                             OM_uint32 *message_context, gss_buffer_t status_string);
MSX_GSSAPI_HIDDEN OM_uint32 gss_import_name(OM_uint32 *minor_status, gss_buffer_t input_name_buffer, gss_OID input_name_type,
                          gss_name_t *output_name);
MSX_GSSAPI_HIDDEN OM_uint32 gss_indicate_mechs(OM_uint32 *minor_status, gss_OID_set *mech_set);
MSX_GSSAPI_HIDDEN OM_uint32 gss_release_buffer(OM_uint32 *minor_status, gss_buffer_t buffer);
MSX_GSSAPI_HIDDEN OM_uint32 gss_release_name(OM_uint32 *minor_status, gss_name_t *name);
MSX_GSSAPI_HIDDEN OM_uint32 gss_release_oid_set(OM_uint32 *minor_status, gss_OID_set *set);

#endif
