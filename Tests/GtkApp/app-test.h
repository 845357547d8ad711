/* app-test.h: what the vctable-gtk tests share: reading the widget tree GTK built, and
 * driving the loop to what it shows.
 *
 * The tests compile the app's page and window files (every Gtk/ source but main.c) and build the
 * window with vct_gtk_window_new() over models of their own (custom APIs and
 * services), so the data, its timing and its errors are in the test's hands. They read
 * what is on screen: labels, buttons, spinners found in the widget tree.
 */
#ifndef VCT_GTK_APP_TEST_H
#define VCT_GTK_APP_TEST_H

#include <gtk/gtk.h>
#include <vctable.h>

#include "../../Gtk/window.h"
#include "../C/common/vct-test.h"

G_BEGIN_DECLS

/* The first descendant of @root (itself included) named @name (gtk_widget_set_name),
 * depth first, or NULL. With @mapped_only, hidden subtrees are skipped. */
GtkWidget *app_test_find_named (GtkWidget *root, const char *name, gboolean mapped_only);

/* The first mapped GtkLabel under @root whose text is @text, or NULL. */
GtkWidget *app_test_find_label (GtkWidget *root, const char *text);

/* Whether a mapped GtkLabel under @root contains @text. */
gboolean app_test_shows_text (GtkWidget *root, const char *text);

/* The texts of the mapped labels named @name of @view's rows, in the rows' order
 * (transfer container: the strings are the labels'). */
GPtrArray *app_test_row_labels (GtkWidget *view, const char *name);

/* The text of the mapped label named @name in the @index-th shown row of @view, or NULL. */
const char *app_test_row_label (GtkWidget *view, guint index, const char *name);

/* Iterates the default context until @cond holds, with the standard guard. */
#define app_test_wait(cond, data) run_until (NULL, (cond), (data), VCT_TEST_TIMEOUT_MS)

/* Waits until @widget's frame clock has drawn @n more frames. */
void app_test_wait_frames (GtkWidget *widget, guint n);

/* Destroys @window and checks, with weak pointers, that every model in @models
 * (NULL-terminated) is finalized once the test's own references are dropped: the
 * caller passes its references, this drops them. */
void app_test_close_window (VctGtkWindow *window, GObject **models);

G_END_DECLS

#endif /* VCT_GTK_APP_TEST_H */
