/* vct-screen.h: VctScreen, what every screen's view model is (the table, the feed, the
 * song picker): a title, a loading flag, the last error, a list, a reload and an error
 * signal. Documented in Sources/VCTableGObject/vct-screen.c, as GIO documents
 * GListModel in glistmodel.c.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#ifndef VCT_SCREEN_H
#define VCT_SCREEN_H

#if !defined (__VCTABLE_H_INSIDE__) && !defined (VCTABLE_COMPILATION)
#error "Only <vctable.h> can be included directly."
#endif

#include <glib-object.h>
#include <vctable/vct-list-model.h>

G_BEGIN_DECLS

#define VCT_TYPE_SCREEN (vct_screen_get_type ())
G_DECLARE_INTERFACE (VctScreen, vct_screen, VCT, SCREEN, GObject)

struct _VctScreenInterface
{
  GTypeInterface g_iface;

  void          (*reload)         (VctScreen *screen);
  VctListModel *(*get_list)       (VctScreen *screen);
  char         *(*dup_title)      (VctScreen *screen);
  gboolean      (*is_loading)     (VctScreen *screen);
  GError       *(*dup_last_error) (VctScreen *screen);

  /*< private >*/
  gpointer padding[8];
};

void vct_screen_reload (VctScreen *screen);
VctListModel *vct_screen_get_list (VctScreen *screen);
char *vct_screen_dup_title (VctScreen *screen);
gboolean vct_screen_is_loading (VctScreen *screen);
GError *vct_screen_dup_last_error (VctScreen *screen);

G_END_DECLS

#endif /* VCT_SCREEN_H */
