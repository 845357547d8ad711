/* screenshot.c: a widget rendered to a PNG file.
 *
 * The widget's GtkWidgetPaintable is snapshotted into a render node, which the renderer
 * of the widget's surface (GL or Cairo, whichever GTK chose) turns into a texture; GDK
 * saves that. What is on screen, without a screen grab.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#include "screenshot.h"

/**
 * vct_gtk_screenshot_save:
 * @widget: a mapped widget (a window: its header bar and content)
 * @path: the PNG file to write
 * @error: return location for an error, or %NULL
 *
 * Renders @widget at its current size and saves it as a PNG.
 *
 * Returns: %FALSE with @error set when @widget is not drawn or the file cannot be written
 */
gboolean
vct_gtk_screenshot_save (GtkWidget   *widget,
                         const char  *path,
                         GError     **error)
{
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  g_autoptr (GdkPaintable) paintable = NULL;
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  GtkSnapshot *snapshot;
  GtkNative *native;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  native = gtk_widget_get_native (widget);
  if (!gtk_widget_get_mapped (widget) || native == NULL || width <= 0 || height <= 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s is not shown: no screenshot",
                   G_OBJECT_TYPE_NAME (widget));
      return FALSE;
    }

  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s drew nothing", G_OBJECT_TYPE_NAME (widget));
      return FALSE;
    }
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (native), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (!gdk_texture_save_to_png (texture, path))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "could not write %s", path);
      return FALSE;
    }
  return TRUE;
}
