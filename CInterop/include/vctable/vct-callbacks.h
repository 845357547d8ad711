/* vct-callbacks.h: the callback types that more than one type takes.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * VctDidErrorFunc (the table model's error callback) and VctServiceFetchFunc (the feed
 * and song services). The feed and the song picker take no callbacks: they report
 * through their signals and `notify`.
 */

#ifndef VCT_CALLBACKS_H
#define VCT_CALLBACKS_H

#if !defined (__VCTABLE_H_INSIDE__) && !defined (VCTABLE_COMPILATION)
#error "Only <vctable.h> can be included directly."
#endif

#include <glib.h>
#include <vctable/vct-api.h>

G_BEGIN_DECLS

/**
 * VctDidErrorFunc:
 * @message: "An Error Occurred\n\n" followed by a description, valid during the call
 * @user_data: (closure): the data given to the setter
 *
 * Reports a failed reload, on the model's context thread. The model keeps its last good items.
 */
typedef void (*VctDidErrorFunc) (const char *message,
                                 gpointer    user_data);

/**
 * VctServiceFetchFunc:
 * @request: (transfer full): the call to complete, as for [callback@ApiGetPhotosFunc]
 * @user_data: (closure): the data given with the function
 *
 * Fetches a screen's document (the feeds, the songs) for a custom service. It runs on the
 * thread-default `GMainContext` of the thread that created the service.
 */
typedef void (*VctServiceFetchFunc) (VctApiRequest *request,
                                     gpointer       user_data);

G_END_DECLS

#endif /* VCT_CALLBACKS_H */
