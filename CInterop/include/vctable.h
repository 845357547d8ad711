/* vctable.h: the C API of VCTable, MVVM list view models for GLib main loops.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * Build a program with:  cc app.c $(pkg-config --cflags --libs vctable)
 *
 * Threads, in one place: every callback a model reports through runs later, on the
 * thread that iterates the model's GMainContext (the thread-default context of the
 * thread that created the model), never inline inside the call that caused it.
 * vct_screen_reload(), vct_table_model_reload_data(), vct_table_model_user_selected_cell(),
 * the vct_table_model_set_*() setters, g_object_ref() and g_object_unref() are safe from
 * any thread; the other getters are for the context's thread.
 *
 * Include only this header: the headers in vctable/ (one per type, each including those
 * it depends on) refuse to compile on their own, as GIO's do.
 */

#ifndef VCTABLE_H
#define VCTABLE_H

#define __VCTABLE_H_INSIDE__

#include <glib.h>
#include <gio/gio.h>

#include <vctable/vct-error.h>
#include <vctable/vct-api.h>
#include <vctable/vct-callbacks.h>
#include <vctable/vct-cell-data.h>
#include <vctable/vct-row.h>
#include <vctable/vct-photo-row.h>
#include <vctable/vct-member-row.h>
#include <vctable/vct-feed-photo-row.h>
#include <vctable/vct-day-header-row.h>
#include <vctable/vct-song-row.h>
#include <vctable/vct-image.h>
#include <vctable/vct-list-model.h>
#include <vctable/vct-screen.h>
#include <vctable/vct-table-model.h>
#include <vctable/vct-feed-photo.h>
#include <vctable/vct-feed-service.h>
#include <vctable/vct-feed-model.h>
#include <vctable/vct-song-service.h>
#include <vctable/vct-song-picker-model.h>

#undef __VCTABLE_H_INSIDE__

#endif /* VCTABLE_H */
