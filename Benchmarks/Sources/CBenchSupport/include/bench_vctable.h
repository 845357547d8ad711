/* The public VCTable functions the Swift benchmarks call (section 5, the C face).
 *
 * They are C functions of libVCTable.so, declared by <vctable.h>. This package cannot put
 * CInterop/include on its Swift target's search path, and <vctable.h> needs GLib's
 * headers, so the few it uses are declared here as vctable.h declares them, with the
 * object types opaque and GLib's types spelled out (gssize is ptrdiff_t, gpointer void *).
 * The linker checks the names; Tests/C checks the header's own prototypes. */
#ifndef VCTABLE_BENCH_VCTABLE_H
#define VCTABLE_BENCH_VCTABLE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct _VctApi VctApi;
typedef struct _VctApiRequest VctApiRequest;
typedef struct _VctTableModel VctTableModel;
typedef struct _VctListModel VctListModel;

VctApi *vct_api_new_custom (void (*get_photos) (VctApiRequest *request, void *user_data),
                            void *user_data,
                            void (*notify) (void *user_data));
void vct_api_request_return_json (VctApiRequest *request, const char *json, ptrdiff_t length);
VctTableModel *vct_table_model_new_with_manager (VctApi *api);
VctListModel *vct_table_model_get_list (VctTableModel *model);
void vct_table_model_reload_data (VctTableModel *model);

#ifdef __cplusplus
}
#endif

#endif /* VCTABLE_BENCH_VCTABLE_H */
