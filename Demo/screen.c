/* screen.c: VctDemoScreen, the abstract GObject every screen derives from: what they
 * share, in its instance private data: the view model, as the VctScreen it is (its
 * reload, `title`, `loading`, `did-error` and list), the view it reports to, the state a
 * view shows (title, alert, selected row, --select), the list's `items-changed`, row
 * numbers across sections (outline.c), anchors, the rows' reported changes, the end of
 * a change batch (the list's `changes-done`), the end of a reload; and the calls into
 * the subclass's virtual functions (screen-private.h), with the defaults of those it
 * may leave.
 *
 * Reloads: the model notifies `loading` true, then (in one dispatch of its scheduler) the
 * list's changes, `loading` false and, after a failure, `did-error`. So when `loading`
 * turns false the base ends the reload from a G_PRIORITY_HIGH idle, once the error, if
 * any, has come: RELOADED, or only the loading flag after a failure. The screen is
 * loading until then.
 *
 * The `items-changed` runs of one change batch come back to back, and the list emits
 * `changes-done` once the batch is out; the base reports the runs to the view there, as
 * one ROWS event.
 *
 * A row's in-place change comes as `notify` on its object, which the model may emit
 * before the list's changes of the same batch (a song that starts playing is notified,
 * then the songs not picked leave the list), never after its `changes-done`. So a screen
 * reports it with vct_demo_screen_report_row(), which keeps the row's place through the
 * list's changes and tells the view at `changes-done`, or before the screen's next event
 * if that comes first: the row number is then the row's place after the batch.
 *
 * The dispose stops whatever could report (the view, the list's and the model's handlers,
 * the subclass's among them, the idle); a subclass frees what it holds in its finalize,
 * which runs after that, and chains up to the base's, which drops the model and frees the
 * rest. */

#include "screen-private.h"

typedef struct {
  VctScreen        *model;              /* (owned) */
  VctDemoEventFunc  view;
  gpointer          view_data;
  VctListModel     *list;               /* (owned): the model's */
  gulong            items_changed_id;
  gulong            changes_done_id;
  VctDemoOutline    outline;
  gboolean          outline_stale;
  char             *title;              /* the last title reported */
  char             *alert;              /* the last error, until dismissed */
  gint64            selected;           /* the row selected last, -1 after a reload */
  gint64            select_after_load;  /* --select, -1 for none */
  gboolean          has_loaded;
  GPtrArray        *anchors;            /* (element-type VctDemoAnchor): not owned */
  GPtrArray        *reports;            /* (element-type VctDemoRowReport): not told yet */
  gboolean          rows_changed;       /* the list changed since the last ROWS */
  gboolean          title_shown;        /* a title has been reported */
  guint             reload_end_id;      /* the end of a reload, reported later */
  gboolean          reload_failed;
} VctDemoScreenPrivate;

static void vct_demo_screen_emit_loading (VctDemoScreen *screen);

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (VctDemoScreen, vct_demo_screen, G_TYPE_OBJECT)

/* A row's change, not told yet. */
typedef struct {
  VctDemoAnchor  anchor;
  char          *property;
  char          *value;
} VctDemoRowReport;

static void
vct_demo_row_report_free (gpointer data)
{
  VctDemoRowReport *report = data;

  g_free (report->property);
  g_free (report->value);
  g_free (report);
}

/* Tells the view, if there is one. */
static void
vct_demo_screen_tell (VctDemoScreen      *screen,
                      const VctDemoEvent *event)
{
  VctDemoScreenPrivate *priv = vct_demo_screen_get_instance_private (screen);

  if (priv->view != NULL)
    priv->view (screen, event, priv->view_data);
}

static void
vct_demo_screen_emit_simple (VctDemoScreen    *screen,
                             VctDemoEventKind  kind,
                             const char       *text,
                             gboolean          flag)
{
  VctDemoEvent event = { .kind = kind, .text = text, .flag = flag };

  vct_demo_screen_emit (screen, &event);
}

/* Tells the rows' changes reported so far, in order, each as a ROW event with the row's
 * number now (a row that left the list is not told). */
static void
vct_demo_screen_flush_reports (VctDemoScreen *screen)
{
  VctDemoScreenPrivate *priv = vct_demo_screen_get_instance_private (screen);
  g_autoptr (GPtrArray) reports = NULL;

  if (priv->reports->len == 0)
    return;
  reports = g_steal_pointer (&priv->reports);
  priv->reports = g_ptr_array_new_with_free_func (vct_demo_row_report_free);
  for (guint i = 0; i < reports->len; i++)
    vct_demo_screen_remove_anchor (screen, &((VctDemoRowReport *) g_ptr_array_index (reports, i))->anchor);
  for (guint i = 0; i < reports->len; i++)
    {
      const VctDemoRowReport *report = g_ptr_array_index (reports, i);
      VctDemoEvent event = {
        .kind = VCT_DEMO_EVENT_ROW,
        .property = report->property,
        .text = report->value,
      };

      if (report->anchor.gone)
        continue;
      event.index = vct_demo_outline_row_at (vct_demo_screen_get_outline (screen), report->anchor.position);
      if (event.index != G_MAXUINT)
        vct_demo_screen_tell (screen, &event);
    }
}

/* ------------------------------------------------------------ the list's changes */

/* An anchor in a run where @removed items went and @added came at @position: after the
 * run it moves by their difference; inside the removed ones it is gone. */
static void
vct_demo_screen_shift (VctDemoAnchor *anchor,
                       guint          position,
                       guint          removed,
                       guint          added)
{
  if (anchor->position >= position + removed)
    anchor->position = anchor->position - removed + added;
  else if (anchor->position >= position)
    anchor->gone = TRUE;
}

static void
vct_demo_screen_on_items_changed (GListModel *list,
                                  guint       position,
                                  guint       removed,
                                  guint       added,
                                  gpointer    user_data)
{
  VctDemoScreen *screen = user_data;
  VctDemoScreenPrivate *priv = vct_demo_screen_get_instance_private (screen);

  (void) list;
  priv->outline_stale = TRUE;
  priv->rows_changed = TRUE;
  for (guint i = 0; i < priv->anchors->len; i++)
    vct_demo_screen_shift (g_ptr_array_index (priv->anchors, i), position, removed, added);
  VCT_DEMO_SCREEN_GET_CLASS (screen)->items_changed (screen, position, removed, added);
}

/* The batch is out: the rows' changes, then ROWS if the list changed. */
static void
vct_demo_screen_on_changes_done (VctListModel *list,
                                 gpointer      user_data)
{
  VctDemoScreen *screen = user_data;
  VctDemoScreenPrivate *priv = vct_demo_screen_get_instance_private (screen);

  (void) list;
  vct_demo_screen_flush_reports (screen);
  if (priv->rows_changed)
    {
      priv->rows_changed = FALSE;
      vct_demo_screen_emit_simple (screen, VCT_DEMO_EVENT_ROWS, NULL, FALSE);
    }
}

/* ---------------------------------------------------------------- the GObject */

static void
vct_demo_screen_real_reload (VctDemoScreen *screen)
{
  vct_screen_reload (vct_demo_screen_get_model (screen));
}

static gboolean
vct_demo_screen_real_claims_error (VctDemoScreen *screen)
{
  (void) screen;
  return FALSE;
}

static gboolean
vct_demo_screen_real_is_settled (VctDemoScreen *screen)
{
  (void) screen;
  return TRUE;
}

static gboolean
vct_demo_screen_real_is_list_hidden (VctDemoScreen *screen)
{
  (void) screen;
  return FALSE;
}

static gboolean
vct_demo_screen_real_select (VctDemoScreen  *screen,
                             guint           position,
                             VctRow         *row,
                             GError        **error)
{
  (void) screen;
  (void) position;
  (void) error;
  vct_row_select (row);
  return TRUE;
}

static gboolean
vct_demo_screen_real_press (VctDemoScreen  *screen,
                            guint           position,
                            VctRow         *row,
                            GError        **error)
{
  (void) screen;
  (void) position;
  (void) error;
  vct_row_press (row);
  return TRUE;
}

/* Enter on a row: what the class does to select it. */
static gboolean
vct_demo_screen_real_activate (VctDemoScreen  *screen,
                               guint           position,
                               VctRow         *row,
                               GError        **error)
{
  return VCT_DEMO_SCREEN_GET_CLASS (screen)->select (screen, position, row, error);
}

static const char *
vct_demo_screen_real_get_status (VctDemoScreen *screen,
                                 gboolean      *is_button,
                                 gboolean      *enabled)
{
  (void) screen;
  (void) is_button;
  (void) enabled;
  return NULL;
}

static void
vct_demo_screen_real_items_changed (VctDemoScreen *screen,
                                    guint          position,
                                    guint          removed,
                                    guint          added)
{
  (void) screen;
  (void) position;
  (void) removed;
  (void) added;
}

/* Stops listening to the list and forgets the view: nothing is reported afterwards, not
 * even the rows' changes not told yet. */
static void
vct_demo_screen_dispose (GObject *object)
{
  VctDemoScreen *screen = VCT_DEMO_SCREEN (object);
  VctDemoScreenPrivate *priv = vct_demo_screen_get_instance_private (screen);

  priv->view = NULL;
  g_clear_signal_handler (&priv->items_changed_id, priv->list);
  g_clear_signal_handler (&priv->changes_done_id, priv->list);
  if (priv->model != NULL)
    g_signal_handlers_disconnect_by_data (priv->model, screen);
  g_clear_handle_id (&priv->reload_end_id, g_source_remove);

  G_OBJECT_CLASS (vct_demo_screen_parent_class)->dispose (object);
}

static void
vct_demo_screen_finalize (GObject *object)
{
  VctDemoScreen *screen = VCT_DEMO_SCREEN (object);
  VctDemoScreenPrivate *priv = vct_demo_screen_get_instance_private (screen);

  g_clear_object (&priv->list);
  g_clear_object (&priv->model);
  vct_demo_outline_clear (&priv->outline);
  g_ptr_array_unref (priv->reports);
  g_ptr_array_unref (priv->anchors);
  g_free (priv->title);
  g_free (priv->alert);

  G_OBJECT_CLASS (vct_demo_screen_parent_class)->finalize (object);
}

static void
vct_demo_screen_class_init (VctDemoScreenClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = vct_demo_screen_dispose;
  object_class->finalize = vct_demo_screen_finalize;

  klass->reload = vct_demo_screen_real_reload;
  klass->claims_error = vct_demo_screen_real_claims_error;
  klass->is_settled = vct_demo_screen_real_is_settled;
  klass->is_list_hidden = vct_demo_screen_real_is_list_hidden;
  klass->select = vct_demo_screen_real_select;
  klass->press = vct_demo_screen_real_press;
  klass->activate = vct_demo_screen_real_activate;
  klass->get_status = vct_demo_screen_real_get_status;
  klass->items_changed = vct_demo_screen_real_items_changed;
}

static void
vct_demo_screen_init (VctDemoScreen *screen)
{
  VctDemoScreenPrivate *priv = vct_demo_screen_get_instance_private (screen);

  priv->selected = -1;
  priv->select_after_load = -1;
  priv->anchors = g_ptr_array_new ();
  priv->reports = g_ptr_array_new_with_free_func (vct_demo_row_report_free);
  vct_demo_outline_init (&priv->outline);
  priv->outline_stale = TRUE;
}

/* ------------------------------------------------------------ for the subclasses */

static void vct_demo_screen_on_title   (VctDemoScreen *screen);
static void vct_demo_screen_on_loading (VctDemoScreen *screen);
static void vct_demo_screen_on_error   (VctDemoScreen *screen,
                                        const char    *message);

/**
 * vct_demo_screen_construct:
 * @screen: a screen just made with g_object_new()
 * @model: (transfer full): the screen's view model
 *
 * Gives the base its model, whose title it shows until the model reports one, and
 * listens to the model's list, `title` (unless the class reports titles itself),
 * `loading` and `did-error`.
 */
void
vct_demo_screen_construct (VctDemoScreen *screen,
                           VctScreen     *model)
{
  VctDemoScreenPrivate *priv;

  g_return_if_fail (VCT_DEMO_IS_SCREEN (screen));
  g_return_if_fail (VCT_IS_SCREEN (model));

  priv = vct_demo_screen_get_instance_private (screen);
  g_return_if_fail (priv->model == NULL);
  priv->model = model;
  priv->list = g_object_ref (vct_screen_get_list (model));
  priv->title = vct_screen_dup_title (model);
  priv->items_changed_id = g_signal_connect (priv->list, "items-changed",
                                             G_CALLBACK (vct_demo_screen_on_items_changed), screen);
  priv->changes_done_id = g_signal_connect (priv->list, "changes-done",
                                            G_CALLBACK (vct_demo_screen_on_changes_done), screen);
  if (!VCT_DEMO_SCREEN_GET_CLASS (screen)->titles_on_reload)
    g_signal_connect_swapped (model, "notify::title", G_CALLBACK (vct_demo_screen_on_title), screen);
  g_signal_connect_swapped (model, "notify::loading", G_CALLBACK (vct_demo_screen_on_loading), screen);
  g_signal_connect_swapped (model, "did-error", G_CALLBACK (vct_demo_screen_on_error), screen);
}

/** vct_demo_screen_get_model: Returns: (transfer none): the screen's view model */
VctScreen *
vct_demo_screen_get_model (VctDemoScreen *screen)
{
  VctDemoScreenPrivate *priv;

  g_return_val_if_fail (VCT_DEMO_IS_SCREEN (screen), NULL);

  priv = vct_demo_screen_get_instance_private (screen);
  return priv->model;
}

/**
 * vct_demo_screen_emit:
 * @screen: a screen
 * @event: what happened
 *
 * Tells the view, if there is one, after the rows' changes reported before.
 */
void
vct_demo_screen_emit (VctDemoScreen      *screen,
                      const VctDemoEvent *event)
{
  g_return_if_fail (VCT_DEMO_IS_SCREEN (screen));
  g_return_if_fail (event != NULL);

  vct_demo_screen_flush_reports (screen);
  vct_demo_screen_tell (screen, event);
}

/**
 * vct_demo_screen_emit_title:
 * @screen: a screen
 * @title: the title the model reports
 *
 * Keeps @title as the one to show and reports it.
 */
void
vct_demo_screen_emit_title (VctDemoScreen *screen,
                            const char    *title)
{
  VctDemoScreenPrivate *priv;

  g_return_if_fail (VCT_DEMO_IS_SCREEN (screen));

  priv = vct_demo_screen_get_instance_private (screen);
  priv->title_shown = TRUE;
  g_free (priv->title);
  priv->title = g_strdup (title);
  vct_demo_screen_emit_simple (screen, VCT_DEMO_EVENT_TITLE, priv->title, FALSE);
}

/* Reports whether the screen is loading now. */
static void
vct_demo_screen_emit_loading (VctDemoScreen *screen)
{
  vct_demo_screen_emit_simple (screen, VCT_DEMO_EVENT_LOADING, NULL, vct_demo_screen_is_loading (screen));
}

/* Reports a delivered reload (the loading flag, then RELOADED) and, after the first one,
 * selects --select's row (a missing row is reported as a NOTICE). */
static void
vct_demo_screen_emit_reloaded (VctDemoScreen *screen)
{
  VctDemoScreenPrivate *priv = vct_demo_screen_get_instance_private (screen);
  gboolean first;

  first = !priv->has_loaded;
  priv->has_loaded = TRUE;
  vct_demo_screen_emit_loading (screen);
  vct_demo_screen_emit_simple (screen, VCT_DEMO_EVENT_RELOADED, NULL, FALSE);

  if (first && priv->select_after_load >= 0)
    {
      g_autoptr (GError) error = NULL;
      guint64 index = (guint64) priv->select_after_load;

      priv->select_after_load = -1;
      if (!vct_demo_screen_select (screen, index, &error))
        vct_demo_screen_emit_notice (screen, error->message);
    }
}

/* The model's title changed (the classes that do not report titles themselves). */
static void
vct_demo_screen_on_title (VctDemoScreen *screen)
{
  g_autofree char *title = vct_screen_dup_title (vct_demo_screen_get_model (screen));

  vct_demo_screen_emit_title (screen, title);
}

/* An error: a reload's ends it as failed, unless the subclass claims it (a follow's).
 * The alert keeps @message; the loading flag and the error are reported. */
static void
vct_demo_screen_on_error (VctDemoScreen *screen,
                          const char    *message)
{
  VctDemoScreenPrivate *priv = vct_demo_screen_get_instance_private (screen);

  if (!VCT_DEMO_SCREEN_GET_CLASS (screen)->claims_error (screen) && priv->reload_end_id != 0)
    priv->reload_failed = TRUE;
  g_free (priv->alert);
  priv->alert = g_strdup (message);
  vct_demo_screen_emit_loading (screen);
  vct_demo_screen_emit_simple (screen, VCT_DEMO_EVENT_ERROR, priv->alert, FALSE);
}

/**
 * vct_demo_screen_report_row:
 * @screen: a screen
 * @position: the row's flat position now
 * @property: the property that changed, as the view names it ("mode")
 * @value: its value
 *
 * Reports a row property change that matters, as a ROW event with the row's number
 * after the list's changes of the same batch (see the top of this file).
 */
void
vct_demo_screen_report_row (VctDemoScreen *screen,
                            guint          position,
                            const char    *property,
                            const char    *value)
{
  VctDemoScreenPrivate *priv;
  VctDemoRowReport *report;

  g_return_if_fail (VCT_DEMO_IS_SCREEN (screen));

  priv = vct_demo_screen_get_instance_private (screen);
  report = g_new0 (VctDemoRowReport, 1);
  report->anchor.position = position;
  report->property = g_strdup (property);
  report->value = g_strdup (value);
  g_ptr_array_add (priv->reports, report);
  vct_demo_screen_add_anchor (screen, &report->anchor);
}

/**
 * vct_demo_screen_emit_notice:
 * @screen: a screen
 * @text: the problem
 *
 * Reports a problem of the demo's own (not the model's).
 */
void
vct_demo_screen_emit_notice (VctDemoScreen *screen,
                             const char    *text)
{
  g_return_if_fail (VCT_DEMO_IS_SCREEN (screen));

  vct_demo_screen_emit_simple (screen, VCT_DEMO_EVENT_NOTICE, text, FALSE);
}

static gboolean
vct_demo_screen_on_reload_end (gpointer user_data)
{
  VctDemoScreen *screen = user_data;
  VctDemoScreenPrivate *priv = vct_demo_screen_get_instance_private (screen);

  priv->reload_end_id = 0;
  if (priv->reload_failed)
    vct_demo_screen_emit_loading (screen);
  else
    vct_demo_screen_emit_reloaded (screen);
  return G_SOURCE_REMOVE;
}

/* `loading` changed: true is reported now; false ends the reload later (see the top). */
static void
vct_demo_screen_on_loading (VctDemoScreen *screen)
{
  VctDemoScreenPrivate *priv = vct_demo_screen_get_instance_private (screen);

  if (vct_screen_is_loading (priv->model))
    {
      vct_demo_screen_emit_loading (screen);
      return;
    }
  priv->reload_failed = FALSE;
  if (priv->reload_end_id == 0)
    priv->reload_end_id = g_idle_add_full (G_PRIORITY_HIGH, vct_demo_screen_on_reload_end, screen, NULL);
}

/* ---------------------------------------------------------------- for the views */

/** vct_demo_screen_get_name: Returns: the screen's name on the command line ("photos") */
const char *
vct_demo_screen_get_name (VctDemoScreen *screen)
{
  g_return_val_if_fail (VCT_DEMO_IS_SCREEN (screen), NULL);

  return VCT_DEMO_SCREEN_GET_CLASS (screen)->name;
}

/**
 * vct_demo_screen_set_view:
 * @screen: a screen
 * @func: (nullable): who hears the events
 * @user_data: data for @func
 */
void
vct_demo_screen_set_view (VctDemoScreen    *screen,
                          VctDemoEventFunc  func,
                          gpointer          user_data)
{
  VctDemoScreenPrivate *priv;

  g_return_if_fail (VCT_DEMO_IS_SCREEN (screen));

  priv = vct_demo_screen_get_instance_private (screen);
  priv->view = func;
  priv->view_data = user_data;
}

/** vct_demo_screen_get_list: Returns: (transfer none): the screen's rows */
VctListModel *
vct_demo_screen_get_list (VctDemoScreen *screen)
{
  VctDemoScreenPrivate *priv;

  g_return_val_if_fail (VCT_DEMO_IS_SCREEN (screen), NULL);

  priv = vct_demo_screen_get_instance_private (screen);
  return priv->list;
}

/**
 * vct_demo_screen_get_outline:
 * @screen: a screen
 *
 * Returns: (transfer none): where the list's rows and headers are, as of the last
 *   change batch; valid until the next one
 */
const VctDemoOutline *
vct_demo_screen_get_outline (VctDemoScreen *screen)
{
  VctDemoScreenPrivate *priv;

  g_return_val_if_fail (VCT_DEMO_IS_SCREEN (screen), NULL);

  priv = vct_demo_screen_get_instance_private (screen);
  if (priv->outline_stale)
    {
      vct_demo_outline_update (&priv->outline, priv->list);
      priv->outline_stale = FALSE;
    }
  return &priv->outline;
}

/* The flat position of row @index, or %FALSE with a "no row N" error. */
static gboolean
vct_demo_screen_find_row (VctDemoScreen  *screen,
                          guint64         index,
                          guint          *position,
                          GError        **error)
{
  const VctDemoOutline *outline = vct_demo_screen_get_outline (screen);

  if (index <= G_MAXUINT && vct_demo_outline_find_row (outline, (guint) index, NULL, position))
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "no row %" G_GUINT64_FORMAT, index);
  return FALSE;
}

/**
 * vct_demo_screen_add_anchor:
 * @screen: a screen
 * @anchor: (transfer none): a row's place, kept by its owner until removed
 *
 * Keeps @anchor on its row through the list's changes, until
 * vct_demo_screen_remove_anchor().
 */
void
vct_demo_screen_add_anchor (VctDemoScreen *screen,
                            VctDemoAnchor *anchor)
{
  VctDemoScreenPrivate *priv;

  g_return_if_fail (VCT_DEMO_IS_SCREEN (screen));
  g_return_if_fail (anchor != NULL);

  priv = vct_demo_screen_get_instance_private (screen);
  g_ptr_array_add (priv->anchors, anchor);
}

/**
 * vct_demo_screen_remove_anchor:
 * @screen: a screen
 * @anchor: an anchor added before
 */
void
vct_demo_screen_remove_anchor (VctDemoScreen *screen,
                               VctDemoAnchor *anchor)
{
  VctDemoScreenPrivate *priv;

  g_return_if_fail (VCT_DEMO_IS_SCREEN (screen));

  priv = vct_demo_screen_get_instance_private (screen);
  g_ptr_array_remove (priv->anchors, anchor);
}

/**
 * vct_demo_screen_set_anchor:
 * @screen: a screen
 * @anchor: an anchor
 * @index: the row number it is to follow (an empty list: the first row to come)
 */
void
vct_demo_screen_set_anchor (VctDemoScreen *screen,
                            VctDemoAnchor *anchor,
                            guint          index)
{
  g_return_if_fail (VCT_DEMO_IS_SCREEN (screen));
  g_return_if_fail (anchor != NULL);

  anchor->gone = FALSE;
  if (!vct_demo_outline_find_row (vct_demo_screen_get_outline (screen), index, NULL, &anchor->position))
    anchor->position = 0;
}

/**
 * vct_demo_screen_get_anchor:
 * @screen: a screen
 * @anchor: an anchor
 *
 * Returns: the row number of the anchor's row now (if it is gone, of the row at its
 *   place, or the last row before that place), or G_MAXUINT when the list has no row
 */
guint
vct_demo_screen_get_anchor (VctDemoScreen       *screen,
                            const VctDemoAnchor *anchor)
{
  g_return_val_if_fail (VCT_DEMO_IS_SCREEN (screen), G_MAXUINT);
  g_return_val_if_fail (anchor != NULL, G_MAXUINT);

  return vct_demo_outline_row_near (vct_demo_screen_get_outline (screen), anchor->position);
}

/**
 * vct_demo_screen_reload:
 * @screen: a screen
 *
 * Asks the model to reload; the selection mark goes.
 */
void
vct_demo_screen_reload (VctDemoScreen *screen)
{
  VctDemoScreenPrivate *priv;

  g_return_if_fail (VCT_DEMO_IS_SCREEN (screen));

  priv = vct_demo_screen_get_instance_private (screen);
  priv->selected = -1;
  /* A model that reports titles only as they change: show the first one now. */
  if (!VCT_DEMO_SCREEN_GET_CLASS (screen)->titles_on_reload && !priv->title_shown)
    {
      g_autofree char *title = g_strdup (priv->title);

      vct_demo_screen_emit_title (screen, title);
    }
  VCT_DEMO_SCREEN_GET_CLASS (screen)->reload (screen);
  vct_demo_screen_emit_loading (screen);
}

/* Runs @func on row @index; a selection (not a press) becomes the selected row. */
static gboolean
vct_demo_screen_on_row (VctDemoScreen   *screen,
                        VctDemoRowFunc   func,
                        gboolean         selects,
                        guint64          index,
                        GError         **error)
{
  VctDemoScreenPrivate *priv = vct_demo_screen_get_instance_private (screen);
  guint position;
  g_autoptr (VctRow) row = NULL;

  if (!vct_demo_screen_find_row (screen, index, &position, error))
    return FALSE;
  row = g_list_model_get_item (G_LIST_MODEL (priv->list), position);
  if (!func (screen, position, row, error))
    return FALSE;
  if (selects)
    priv->selected = (gint64) index;
  return TRUE;
}

/**
 * vct_demo_screen_select:
 * @screen: a screen
 * @index: a row number across sections
 * @error: return location for an error ("no row N")
 *
 * Tells the row's view model it was selected (a tap): what follows is the screen's.
 *
 * Returns: %TRUE, or %FALSE with @error set
 */
gboolean
vct_demo_screen_select (VctDemoScreen  *screen,
                        guint64         index,
                        GError        **error)
{
  g_return_val_if_fail (VCT_DEMO_IS_SCREEN (screen), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return vct_demo_screen_on_row (screen, VCT_DEMO_SCREEN_GET_CLASS (screen)->select, TRUE, index, error);
}

/**
 * vct_demo_screen_press:
 * @screen: a screen
 * @index: a row number across sections
 * @error: return location for an error
 *
 * Presses the row's control (a follow button).
 *
 * Returns: %TRUE, or %FALSE with @error set
 */
gboolean
vct_demo_screen_press (VctDemoScreen  *screen,
                       guint64         index,
                       GError        **error)
{
  g_return_val_if_fail (VCT_DEMO_IS_SCREEN (screen), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return vct_demo_screen_on_row (screen, VCT_DEMO_SCREEN_GET_CLASS (screen)->press, FALSE, index, error);
}

/**
 * vct_demo_screen_activate:
 * @screen: a screen
 * @index: a row number across sections
 * @error: return location for an error
 *
 * What Enter or a click does on the row: selecting it, unless the screen says otherwise.
 *
 * Returns: %TRUE, or %FALSE with @error set
 */
gboolean
vct_demo_screen_activate (VctDemoScreen  *screen,
                          guint64         index,
                          GError        **error)
{
  g_return_val_if_fail (VCT_DEMO_IS_SCREEN (screen), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return vct_demo_screen_on_row (screen, VCT_DEMO_SCREEN_GET_CLASS (screen)->activate, TRUE, index, error);
}

/**
 * vct_demo_screen_find_command:
 * @screen: a screen
 * @name: a command's name ("start")
 *
 * Returns: (nullable): the screen's command, or %NULL when it has none of that name
 */
const VctDemoCommand *
vct_demo_screen_find_command (VctDemoScreen *screen,
                              const char    *name)
{
  g_return_val_if_fail (VCT_DEMO_IS_SCREEN (screen), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  for (const VctDemoCommand *command = VCT_DEMO_SCREEN_GET_CLASS (screen)->commands;
       command != NULL && command->name != NULL; command++)
    if (g_str_equal (command->name, name))
      return command;
  return NULL;
}

/** vct_demo_screen_command_takes_row: Returns: whether @command runs on a row */
gboolean
vct_demo_screen_command_takes_row (const VctDemoCommand *command)
{
  g_return_val_if_fail (command != NULL, FALSE);

  return command->args != NULL;
}

/**
 * vct_demo_screen_run_command:
 * @screen: a screen
 * @command: one of its commands
 * @index: the row, for a command that takes one (ignored otherwise)
 * @error: return location for why it could not run ("no previous song")
 *
 * Returns: %TRUE, or %FALSE with @error set
 */
gboolean
vct_demo_screen_run_command (VctDemoScreen         *screen,
                             const VctDemoCommand  *command,
                             guint64                index,
                             GError               **error)
{
  g_return_val_if_fail (VCT_DEMO_IS_SCREEN (screen), FALSE);
  g_return_val_if_fail (command != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!vct_demo_screen_command_takes_row (command))
    return command->run (screen, 0, NULL, error);
  return vct_demo_screen_on_row (screen, command->run, FALSE, index, error);
}

/**
 * vct_demo_screen_select_after_load:
 * @screen: a screen
 * @index: the row to select once the first reload delivers, or -1 for none
 *
 * Arranges --select: a row that does not exist then is reported as a NOTICE.
 */
void
vct_demo_screen_select_after_load (VctDemoScreen *screen,
                                   gint64         index)
{
  VctDemoScreenPrivate *priv;

  g_return_if_fail (VCT_DEMO_IS_SCREEN (screen));

  priv = vct_demo_screen_get_instance_private (screen);
  priv->select_after_load = index;
}

/** vct_demo_screen_get_title: Returns: (transfer none): the title to show */
const char *
vct_demo_screen_get_title (VctDemoScreen *screen)
{
  VctDemoScreenPrivate *priv;

  g_return_val_if_fail (VCT_DEMO_IS_SCREEN (screen), NULL);

  priv = vct_demo_screen_get_instance_private (screen);
  return priv->title;
}

/** vct_demo_screen_is_loading: Returns: whether a reload is in flight, not yet reported */
gboolean
vct_demo_screen_is_loading (VctDemoScreen *screen)
{
  VctDemoScreenPrivate *priv;

  g_return_val_if_fail (VCT_DEMO_IS_SCREEN (screen), FALSE);

  priv = vct_demo_screen_get_instance_private (screen);
  return vct_screen_is_loading (priv->model) || priv->reload_end_id != 0;
}

/**
 * vct_demo_screen_is_settled:
 * @screen: a screen
 *
 * Returns: whether everything asked for (a title after a select, a follow's outcome, a
 *   row's change) has been reported, so what a view printed or drew is up to date
 */
gboolean
vct_demo_screen_is_settled (VctDemoScreen *screen)
{
  VctDemoScreenPrivate *priv;

  g_return_val_if_fail (VCT_DEMO_IS_SCREEN (screen), FALSE);

  priv = vct_demo_screen_get_instance_private (screen);
  return priv->reports->len == 0 && VCT_DEMO_SCREEN_GET_CLASS (screen)->is_settled (screen);
}

/** vct_demo_screen_is_list_hidden: Returns: whether the list is hidden (no data yet) */
gboolean
vct_demo_screen_is_list_hidden (VctDemoScreen *screen)
{
  g_return_val_if_fail (VCT_DEMO_IS_SCREEN (screen), FALSE);

  return VCT_DEMO_SCREEN_GET_CLASS (screen)->is_list_hidden (screen);
}

/** vct_demo_screen_has_loaded: Returns: whether a reload has delivered */
gboolean
vct_demo_screen_has_loaded (VctDemoScreen *screen)
{
  VctDemoScreenPrivate *priv;

  g_return_val_if_fail (VCT_DEMO_IS_SCREEN (screen), FALSE);

  priv = vct_demo_screen_get_instance_private (screen);
  return priv->has_loaded;
}

/** vct_demo_screen_marks_selection: Returns: whether the list marks the selected row */
gboolean
vct_demo_screen_marks_selection (VctDemoScreen *screen)
{
  g_return_val_if_fail (VCT_DEMO_IS_SCREEN (screen), FALSE);

  return VCT_DEMO_SCREEN_GET_CLASS (screen)->marks_selection;
}

/** vct_demo_screen_get_selected: Returns: the row selected last, or -1 */
gint64
vct_demo_screen_get_selected (VctDemoScreen *screen)
{
  VctDemoScreenPrivate *priv;

  g_return_val_if_fail (VCT_DEMO_IS_SCREEN (screen), -1);

  priv = vct_demo_screen_get_instance_private (screen);
  return priv->selected;
}

/** vct_demo_screen_get_loading_text: Returns: the spinner's text ("Loading photos...") */
const char *
vct_demo_screen_get_loading_text (VctDemoScreen *screen)
{
  g_return_val_if_fail (VCT_DEMO_IS_SCREEN (screen), NULL);

  return VCT_DEMO_SCREEN_GET_CLASS (screen)->loading_text;
}

/** vct_demo_screen_get_empty_text: Returns: what an empty list shows ("No photos.") */
const char *
vct_demo_screen_get_empty_text (VctDemoScreen *screen)
{
  g_return_val_if_fail (VCT_DEMO_IS_SCREEN (screen), NULL);

  return VCT_DEMO_SCREEN_GET_CLASS (screen)->empty_text;
}

/**
 * vct_demo_screen_get_status:
 * @screen: a screen
 * @is_button: (out): whether the line is a button
 * @enabled: (out): whether the button can be pressed
 *
 * Returns: (nullable): the line under the list (the song picker's button, or what plays),
 *   or %NULL for none
 */
const char *
vct_demo_screen_get_status (VctDemoScreen *screen,
                            gboolean      *is_button,
                            gboolean      *enabled)
{
  g_return_val_if_fail (VCT_DEMO_IS_SCREEN (screen), NULL);
  g_return_val_if_fail (is_button != NULL, NULL);
  g_return_val_if_fail (enabled != NULL, NULL);

  *is_button = FALSE;
  *enabled = FALSE;
  return VCT_DEMO_SCREEN_GET_CLASS (screen)->get_status (screen, is_button, enabled);
}

/** vct_demo_screen_get_alert: Returns: (nullable): the error to show until dismissed */
const char *
vct_demo_screen_get_alert (VctDemoScreen *screen)
{
  VctDemoScreenPrivate *priv;

  g_return_val_if_fail (VCT_DEMO_IS_SCREEN (screen), NULL);

  priv = vct_demo_screen_get_instance_private (screen);
  return priv->alert;
}

/** vct_demo_screen_dismiss_alert: the alert's OK button. */
void
vct_demo_screen_dismiss_alert (VctDemoScreen *screen)
{
  VctDemoScreenPrivate *priv;

  g_return_if_fail (VCT_DEMO_IS_SCREEN (screen));

  priv = vct_demo_screen_get_instance_private (screen);
  g_clear_pointer (&priv->alert, g_free);
}
