#include "xml_converters.h"

#ifdef MSX_ONE_ICU
/* Only the version suffix of the installed ICU (U_ICU_ENTRY_POINT_RENAME): its declarations would make these
   functions visible to shared libraries. The types are ICU's C ABI: pointers, 32-bit enums, UTF-16 units. */
#include <stdint.h>
#include <unicode/uvernum.h>

#define HIDDEN __attribute__((visibility("hidden")))

typedef struct Converter Converter;
typedef int32_t ErrorCode;
typedef uint16_t Unit;
typedef int8_t Flag;
/* A callback as ICU takes it; passed through, never called here. */
typedef void (*Callback)(void);

Converter *swift_ucnv_open(const char *name, ErrorCode *error);
void swift_ucnv_close(Converter *converter);
void swift_ucnv_convertEx(Converter *target_converter, Converter *source_converter, char **target, const char *target_limit,
                          const char **source, const char *source_limit, Unit *pivot_start, Unit **pivot_source,
                          Unit **pivot_target, const Unit *pivot_limit, Flag reset, Flag flush, ErrorCode *error);
void swift_ucnv_setFromUCallBack(Converter *converter, Callback action, const void *context, Callback *old_action,
                                 const void **old_context, ErrorCode *error);
void swift_ucnv_setToUCallBack(Converter *converter, Callback action, const void *context, Callback *old_action,
                               const void **old_context, ErrorCode *error);
void swift_UCNV_FROM_U_CALLBACK_STOP(const void *context, void *arguments, const Unit *units, int32_t length,
                                     int32_t code_point, int32_t reason, ErrorCode *error);
void swift_UCNV_TO_U_CALLBACK_STOP(const void *context, void *arguments, const char *units, int32_t length, int32_t reason,
                                   ErrorCode *error);

HIDDEN Converter *U_ICU_ENTRY_POINT_RENAME(ucnv_open)(const char *name, ErrorCode *error) {
    return swift_ucnv_open(name, error);
}

HIDDEN void U_ICU_ENTRY_POINT_RENAME(ucnv_close)(Converter *converter) {
    swift_ucnv_close(converter);
}

HIDDEN void U_ICU_ENTRY_POINT_RENAME(ucnv_convertEx)(Converter *target_converter, Converter *source_converter, char **target,
                                                     const char *target_limit, const char **source, const char *source_limit,
                                                     Unit *pivot_start, Unit **pivot_source, Unit **pivot_target,
                                                     const Unit *pivot_limit, Flag reset, Flag flush, ErrorCode *error) {
    swift_ucnv_convertEx(target_converter, source_converter, target, target_limit, source, source_limit, pivot_start,
                         pivot_source, pivot_target, pivot_limit, reset, flush, error);
}

HIDDEN void U_ICU_ENTRY_POINT_RENAME(ucnv_setFromUCallBack)(Converter *converter, Callback action, const void *context,
                                                            Callback *old_action, const void **old_context, ErrorCode *error) {
    swift_ucnv_setFromUCallBack(converter, action, context, old_action, old_context, error);
}

HIDDEN void U_ICU_ENTRY_POINT_RENAME(ucnv_setToUCallBack)(Converter *converter, Callback action, const void *context,
                                                          Callback *old_action, const void **old_context, ErrorCode *error) {
    swift_ucnv_setToUCallBack(converter, action, context, old_action, old_context, error);
}

HIDDEN void U_ICU_ENTRY_POINT_RENAME(UCNV_FROM_U_CALLBACK_STOP)(const void *context, void *arguments, const Unit *units,
                                                                int32_t length, int32_t code_point, int32_t reason,
                                                                ErrorCode *error) {
    swift_UCNV_FROM_U_CALLBACK_STOP(context, arguments, units, length, code_point, reason, error);
}

HIDDEN void U_ICU_ENTRY_POINT_RENAME(UCNV_TO_U_CALLBACK_STOP)(const void *context, void *arguments, const char *units,
                                                              int32_t length, int32_t reason, ErrorCode *error) {
    swift_UCNV_TO_U_CALLBACK_STOP(context, arguments, units, length, reason, error);
}
#endif
