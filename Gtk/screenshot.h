/* screenshot.h: a widget rendered to a PNG file.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#ifndef VCT_GTK_SCREENSHOT_H
#define VCT_GTK_SCREENSHOT_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

gboolean vct_gtk_screenshot_save (GtkWidget   *widget,
                                  const char  *path,
                                  GError     **error);

G_END_DECLS

#endif /* VCT_GTK_SCREENSHOT_H */
