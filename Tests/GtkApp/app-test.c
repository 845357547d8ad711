/* app-test.c: what the vctable-gtk tests share (app-test.h). */
#include "app-test.h"

GtkWidget *
app_test_find_named (GtkWidget  *root,
                     const char *name,
                     gboolean    mapped_only)
{
  if (mapped_only && !gtk_widget_get_mapped (root))
    return NULL;
  if (g_strcmp0 (gtk_widget_get_name (root), name) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = app_test_find_named (child, name, mapped_only);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_label (GtkWidget  *root,
            const char *text,
            gboolean    partial)
{
  if (!gtk_widget_get_mapped (root))
    return NULL;
  if (GTK_IS_LABEL (root))
    {
      const char *label = gtk_label_get_text (GTK_LABEL (root));
      if (partial ? strstr (label, text) != NULL : g_strcmp0 (label, text) == 0)
        return root;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label (child, text, partial);
      if (found != NULL)
        return found;
    }
  return NULL;
}

GtkWidget *
app_test_find_label (GtkWidget  *root,
                     const char *text)
{
  return find_label (root, text, FALSE);
}

gboolean
app_test_shows_text (GtkWidget  *root,
                     const char *text)
{
  return find_label (root, text, TRUE) != NULL;
}

GPtrArray *
app_test_row_labels (GtkWidget  *view,
                     const char *name)
{
  GPtrArray *texts = g_ptr_array_new ();

  /* GTK 4.8 keeps its row widgets in the list's order as the view's children. */
  for (GtkWidget *row = gtk_widget_get_first_child (view); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *label = app_test_find_named (row, name, TRUE);
      if (label != NULL && GTK_IS_LABEL (label))
        g_ptr_array_add (texts, (gpointer) gtk_label_get_text (GTK_LABEL (label)));
    }
  return texts;
}

const char *
app_test_row_label (GtkWidget  *view,
                    guint       index,
                    const char *name)
{
  g_autoptr (GPtrArray) texts = app_test_row_labels (view, name);

  return index < texts->len ? g_ptr_array_index (texts, index) : NULL;
}

typedef struct
{
  GtkWidget *widget;
  gint64     until;
} FrameWait;

static gboolean
frames_passed (gpointer data)
{
  FrameWait *wait = data;
  return gdk_frame_clock_get_frame_counter (gtk_widget_get_frame_clock (wait->widget)) >= wait->until;
}

/* Asks for one more frame: a drawn frame asks for no other, so a wait for several asks
 * again until they have passed (under valgrind a request made while a frame is being
 * drawn was seen to get no frame at all, the clock then idle for good). */
static gboolean
request_frame (gpointer data)
{
  GtkWidget *widget = data;

  gtk_widget_queue_draw (widget);
  gdk_frame_clock_request_phase (gtk_widget_get_frame_clock (widget), GDK_FRAME_CLOCK_PHASE_PAINT);
  return G_SOURCE_CONTINUE;
}

void
app_test_wait_frames (GtkWidget *widget,
                      guint      n)
{
  FrameWait wait = { widget, 0 };
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  guint again;

  g_assert_nonnull (clock);
  wait.until = gdk_frame_clock_get_frame_counter (clock) + n;
  request_frame (widget);
  again = g_timeout_add (50, request_frame, widget);
  app_test_wait (frames_passed, &wait);
  g_source_remove (again);
}

void
app_test_close_window (VctGtkWindow  *window,
                       GObject      **models)
{
  guint n = 0;

  while (models[n] != NULL)
    n++;
  for (guint i = 0; i < n; i++)
    g_object_add_weak_pointer (models[i], (gpointer *) &models[i]);
  gtk_window_destroy (GTK_WINDOW (window));
  for (guint i = 0; i < n; i++)
    {
      GObject *model = models[i];
      g_object_unref (model);   /* the test's reference: the last one */
      g_assert_null (models[i]);
    }
}
