/* screen.c: what every screen shares: the view it reports to, the state a view shows
 * (title, alert, selected row, --select), the list's change callbacks, row numbers across
 * sections, anchors, the end of a reload, and the dispatch to the screen's class.
 *
 * The list's callbacks of one change batch run back to back; the base reports them to the
 * view as one ROWS event from a G_PRIORITY_HIGH idle, which runs once the batch (and
 * whatever else the model's scheduler dispatched with it) is done and before the model's
 * next dispatch. Until then it remembers which rows the batch inserted, so an in-place
 * update of a row the same batch brought in is not taken for a change of a shown row. */

#include "screen-class.h"

typedef struct {
  guint section;
  guint position;  /* G_MAXUINT: the whole section was inserted */
  guint count;
} VctDemoInserted;

static void
vct_demo_screen_emit_simple (VctDemoScreen    *screen,
                             VctDemoEventKind  kind,
                             const char       *text,
                             gboolean          flag)
{
  VctDemoEvent event = { .kind = kind, .text = text, .flag = flag };

  vct_demo_screen_emit (screen, &event);
}

/* ------------------------------------------------------------ the list's changes */

static gboolean
vct_demo_screen_on_batch_end (gpointer user_data)
{
  VctDemoScreen *screen = user_data;

  screen->batch_end_id = 0;
  g_array_set_size (screen->inserted, 0);
  vct_demo_screen_emit_simple (screen, VCT_DEMO_EVENT_ROWS, NULL, FALSE);
  return G_SOURCE_REMOVE;
}

static void
vct_demo_screen_take_change (VctDemoScreen *screen)
{
  screen->outline_stale = TRUE;
  if (screen->batch_end_id == 0)
    screen->batch_end_id = g_idle_add_full (G_PRIORITY_HIGH, vct_demo_screen_on_batch_end, screen, NULL);
}

/* An anchor at @place in a run where @removed things went and @added came: after the run
 * it moves by their difference; inside the removed ones it is gone. */
static void
vct_demo_screen_shift (guint     *place,
                       gboolean  *gone,
                       guint      position,
                       guint      removed,
                       guint      added)
{
  if (*place >= position + removed)
    *place = *place - removed + added;
  else if (*place >= position)
    *gone = TRUE;
}

static void
vct_demo_screen_on_sections_changed (guint    position,
                                     guint    removed,
                                     guint    added,
                                     gpointer user_data)
{
  VctDemoScreen *screen = user_data;

  vct_demo_screen_take_change (screen);
  for (guint i = 0; i < screen->anchors->len; i++)
    {
      VctDemoAnchor *anchor = g_ptr_array_index (screen->anchors, i);

      vct_demo_screen_shift (&anchor->section, &anchor->gone, position, removed, added);
    }
  for (guint i = 0; i < added; i++)
    {
      VctDemoInserted range = { .section = position + i, .position = G_MAXUINT };

      g_array_append_val (screen->inserted, range);
    }
  if (screen->klass->sections_changed != NULL)
    screen->klass->sections_changed (screen, position, removed, added);
}

static void
vct_demo_screen_on_items_changed (guint    section,
                                  guint    position,
                                  guint    removed,
                                  guint    added,
                                  gpointer user_data)
{
  VctDemoScreen *screen = user_data;

  vct_demo_screen_take_change (screen);
  for (guint i = 0; i < screen->anchors->len; i++)
    {
      VctDemoAnchor *anchor = g_ptr_array_index (screen->anchors, i);

      if (anchor->section == section)
        vct_demo_screen_shift (&anchor->position, &anchor->gone, position, removed, added);
    }
  if (added > 0)
    {
      VctDemoInserted range = { .section = section, .position = position, .count = added };

      g_array_append_val (screen->inserted, range);
    }
  if (screen->klass->items_changed != NULL)
    screen->klass->items_changed (screen, section, position, removed, added);
}

static void
vct_demo_screen_on_section_updated (guint    section,
                                    gpointer user_data)
{
  (void) section;
  vct_demo_screen_take_change (user_data);
}

static void
vct_demo_screen_on_item_updated (guint    section,
                                 guint    position,
                                 gpointer user_data)
{
  VctDemoScreen *screen = user_data;

  vct_demo_screen_take_change (screen);
  if (screen->klass->item_updated != NULL)
    screen->klass->item_updated (screen, section, position);
}

/* ------------------------------------------------------- for the screens' classes */

/**
 * vct_demo_screen_construct:
 * @screen: the base, embedded first in a screen, zeroed
 * @klass: the screen's class
 * @list: (transfer none): the model's list; it must outlive the screen's finalize
 * @title: the title to show until the model reports one
 *
 * Sets up the base and listens to @list's changes.
 */
void
vct_demo_screen_construct (VctDemoScreen            *screen,
                           const VctDemoScreenClass *klass,
                           VctListModel             *list,
                           const char               *title)
{
  screen->klass = klass;
  screen->list = list;
  screen->title = g_strdup (title);
  screen->selected = -1;
  screen->select_after_load = -1;
  screen->inserted = g_array_new (FALSE, FALSE, sizeof (VctDemoInserted));
  screen->anchors = g_ptr_array_new ();
  vct_demo_outline_init (&screen->outline);
  screen->outline_stale = TRUE;
  vct_list_model_set_sections_changed (list, vct_demo_screen_on_sections_changed, screen, NULL);
  vct_list_model_set_items_changed (list, vct_demo_screen_on_items_changed, screen, NULL);
  vct_list_model_set_section_updated (list, vct_demo_screen_on_section_updated, screen, NULL);
  vct_list_model_set_item_updated (list, vct_demo_screen_on_item_updated, screen, NULL);
}

/**
 * vct_demo_screen_emit:
 * @screen: a screen
 * @event: what happened
 *
 * Tells the view, if there is one.
 */
void
vct_demo_screen_emit (VctDemoScreen      *screen,
                      const VctDemoEvent *event)
{
  if (screen->view != NULL)
    screen->view (screen, event, screen->view_data);
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
  screen->title_shown = TRUE;
  g_free (screen->title);
  screen->title = g_strdup (title);
  vct_demo_screen_emit_simple (screen, VCT_DEMO_EVENT_TITLE, screen->title, FALSE);
}

/**
 * vct_demo_screen_emit_loading:
 * @screen: a screen
 *
 * Reports whether the screen is loading now.
 */
void
vct_demo_screen_emit_loading (VctDemoScreen *screen)
{
  vct_demo_screen_emit_simple (screen, VCT_DEMO_EVENT_LOADING, NULL, vct_demo_screen_is_loading (screen));
}

/**
 * vct_demo_screen_emit_reloaded:
 * @screen: a screen
 *
 * Reports a delivered reload (the loading flag, then RELOADED) and, after the first one,
 * selects --select's row (a missing row is reported as a NOTICE).
 */
void
vct_demo_screen_emit_reloaded (VctDemoScreen *screen)
{
  gboolean first = !screen->has_loaded;

  screen->has_loaded = TRUE;
  vct_demo_screen_emit_loading (screen);
  vct_demo_screen_emit_simple (screen, VCT_DEMO_EVENT_RELOADED, NULL, FALSE);

  if (first && screen->select_after_load >= 0)
    {
      g_autoptr (GError) error = NULL;
      guint64 index = (guint64) screen->select_after_load;

      screen->select_after_load = -1;
      if (!vct_demo_screen_select (screen, index, &error))
        vct_demo_screen_emit_notice (screen, error->message);
    }
}

/**
 * vct_demo_screen_emit_error:
 * @screen: a screen
 * @message: the model's message
 *
 * Keeps @message as the alert to show, then reports the loading flag and the error.
 */
void
vct_demo_screen_emit_error (VctDemoScreen *screen,
                            const char    *message)
{
  g_free (screen->alert);
  screen->alert = g_strdup (message);
  vct_demo_screen_emit_loading (screen);
  vct_demo_screen_emit_simple (screen, VCT_DEMO_EVENT_ERROR, screen->alert, FALSE);
}

/**
 * vct_demo_screen_emit_row:
 * @screen: a screen
 * @section: the row's section now
 * @position: the row's position now
 * @property: the property that changed
 * @value: its value
 *
 * Reports a row property change that matters, with the row's number across sections.
 */
void
vct_demo_screen_emit_row (VctDemoScreen *screen,
                          guint          section,
                          guint          position,
                          const char    *property,
                          const char    *value)
{
  const VctDemoOutline *outline = vct_demo_screen_get_outline (screen);
  VctDemoEvent event = {
    .kind = VCT_DEMO_EVENT_ROW,
    .index = vct_demo_outline_row_number (outline, section, position),
    .property = property,
    .text = value,
  };

  if (event.index != G_MAXUINT)
    vct_demo_screen_emit (screen, &event);
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
  vct_demo_screen_emit_simple (screen, VCT_DEMO_EVENT_NOTICE, text, FALSE);
}

static gboolean
vct_demo_screen_on_reload_end (gpointer user_data)
{
  VctDemoScreen *screen = user_data;

  screen->reload_end_id = 0;
  if (screen->reload_failed)
    vct_demo_screen_emit_loading (screen);
  else
    vct_demo_screen_emit_reloaded (screen);
  return G_SOURCE_REMOVE;
}

/**
 * vct_demo_screen_end_reload_later:
 * @screen: a screen
 *
 * A reload is over, but its error, if any, may come later in the same dispatch of the
 * model's scheduler: report it from a G_PRIORITY_HIGH idle, which runs once that dispatch
 * is done: RELOADED, or only the loading flag after vct_demo_screen_fail_reload(). The
 * screen is loading until then.
 */
void
vct_demo_screen_end_reload_later (VctDemoScreen *screen)
{
  screen->reload_failed = FALSE;
  if (screen->reload_end_id == 0)
    screen->reload_end_id = g_idle_add_full (G_PRIORITY_HIGH, vct_demo_screen_on_reload_end, screen, NULL);
}

/**
 * vct_demo_screen_fail_reload:
 * @screen: a screen
 *
 * The reload being ended failed (its error is being reported).
 *
 * Returns: whether a reload was being ended
 */
gboolean
vct_demo_screen_fail_reload (VctDemoScreen *screen)
{
  if (screen->reload_end_id == 0)
    return FALSE;
  screen->reload_failed = TRUE;
  return TRUE;
}

/**
 * vct_demo_screen_is_new_row:
 * @screen: a screen
 * @section: a section
 * @position: a row of it
 *
 * Returns: whether the change batch being delivered inserted this row
 */
gboolean
vct_demo_screen_is_new_row (VctDemoScreen *screen,
                            guint          section,
                            guint          position)
{
  for (guint i = 0; i < screen->inserted->len; i++)
    {
      const VctDemoInserted *range = &g_array_index (screen->inserted, VctDemoInserted, i);

      if (range->section != section)
        continue;
      if (range->position == G_MAXUINT
          || (position >= range->position && position - range->position < range->count))
        return TRUE;
    }
  return FALSE;
}

/**
 * vct_demo_screen_get_row_kind:
 * @screen: a screen
 * @section: a section
 * @position: a row of it
 *
 * Returns: (transfer none) (nullable): the row's kind, valid until the next change batch
 */
const char *
vct_demo_screen_get_row_kind (VctDemoScreen *screen,
                              guint          section,
                              guint          position)
{
  VctRow *row = vct_list_model_get_item (screen->list, section, position);

  return row != NULL ? vct_row_get_kind (row) : NULL;
}

/* ---------------------------------------------------------------- for the views */

/**
 * vct_demo_screen_free:
 * @screen: (transfer full) (nullable): a screen
 *
 * Stops listening to the list, drops the model (nothing is reported afterwards) and
 * frees the screen.
 */
void
vct_demo_screen_free (VctDemoScreen *screen)
{
  if (screen == NULL)
    return;
  screen->view = NULL;
  vct_list_model_set_sections_changed (screen->list, NULL, NULL, NULL);
  vct_list_model_set_items_changed (screen->list, NULL, NULL, NULL);
  vct_list_model_set_section_updated (screen->list, NULL, NULL, NULL);
  vct_list_model_set_item_updated (screen->list, NULL, NULL, NULL);
  g_clear_handle_id (&screen->batch_end_id, g_source_remove);
  g_clear_handle_id (&screen->reload_end_id, g_source_remove);
  screen->klass->finalize (screen);
  vct_demo_outline_clear (&screen->outline);
  g_array_unref (screen->inserted);
  g_ptr_array_unref (screen->anchors);
  g_free (screen->title);
  g_free (screen->alert);
  g_free (screen);
}

/** vct_demo_screen_get_name: Returns: the screen's name on the command line ("photos") */
const char *
vct_demo_screen_get_name (VctDemoScreen *screen)
{
  return screen->klass->name;
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
  screen->view = func;
  screen->view_data = user_data;
}

/** vct_demo_screen_get_list: Returns: (transfer none): the screen's rows */
VctListModel *
vct_demo_screen_get_list (VctDemoScreen *screen)
{
  return screen->list;
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
  if (screen->outline_stale)
    {
      vct_demo_outline_update (&screen->outline, screen->list);
      screen->outline_stale = FALSE;
    }
  return &screen->outline;
}

/**
 * vct_demo_screen_find_row:
 * @screen: a screen
 * @index: a row number across sections
 * @section: (out): its section
 * @position: (out): its position there
 * @error: return location for a "no row N" error
 *
 * Returns: %TRUE, or %FALSE with @error set when there is no such row
 */
gboolean
vct_demo_screen_find_row (VctDemoScreen  *screen,
                          guint64         index,
                          guint          *section,
                          guint          *position,
                          GError        **error)
{
  const VctDemoOutline *outline = vct_demo_screen_get_outline (screen);

  if (index <= G_MAXUINT && vct_demo_outline_find_row (outline, (guint) index, section, position))
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
  g_ptr_array_add (screen->anchors, anchor);
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
  g_ptr_array_remove (screen->anchors, anchor);
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
  anchor->gone = FALSE;
  if (!vct_demo_outline_find_row (vct_demo_screen_get_outline (screen), index, &anchor->section, &anchor->position))
    anchor->section = anchor->position = 0;
}

/**
 * vct_demo_screen_get_anchor:
 * @screen: a screen
 * @anchor: an anchor
 *
 * Returns: the row number of the anchor's row now (where it was, if it is gone, or the
 *   last row before that place), or G_MAXUINT when the list has no row there or before
 */
guint
vct_demo_screen_get_anchor (VctDemoScreen       *screen,
                            const VctDemoAnchor *anchor)
{
  const VctDemoOutline *outline = vct_demo_screen_get_outline (screen);
  const VctDemoOutlineSection *section;
  guint index;

  if (outline->n_rows == 0)
    return G_MAXUINT;
  if (anchor->section >= outline->sections->len)
    return outline->n_rows - 1;
  section = &g_array_index (outline->sections, VctDemoOutlineSection, anchor->section);
  index = section->first_row + MIN (anchor->position, section->n_rows);
  /* Past its section's last row (it was removed): the row before that place. */
  if (anchor->position >= section->n_rows)
    return index > 0 ? index - 1 : 0;
  return index;
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
  screen->selected = -1;
  /* A model that reports titles only as they change: show the first one now. */
  if (!screen->klass->titles_on_reload && !screen->title_shown)
    {
      g_autofree char *title = g_strdup (screen->title);

      vct_demo_screen_emit_title (screen, title);
    }
  screen->klass->reload (screen);
  vct_demo_screen_emit_loading (screen);
}

typedef gboolean (*VctDemoRowFunc) (VctDemoScreen *screen, guint section, guint position, GError **error);

static gboolean
vct_demo_screen_list_select (VctDemoScreen  *screen,
                             guint           section,
                             guint           position,
                             GError        **error)
{
  (void) error;
  return vct_list_model_select (screen->list, section, position);
}

static gboolean
vct_demo_screen_list_press (VctDemoScreen  *screen,
                            guint           section,
                            guint           position,
                            GError        **error)
{
  (void) error;
  return vct_list_model_press (screen->list, section, position);
}

/* Runs @func on row @index; a selection (not a press) becomes the selected row. */
static gboolean
vct_demo_screen_on_row (VctDemoScreen   *screen,
                        VctDemoRowFunc   func,
                        gboolean         selects,
                        guint64          index,
                        GError         **error)
{
  guint section;
  guint position;

  if (!vct_demo_screen_find_row (screen, index, &section, &position, error))
    return FALSE;
  if (!func (screen, section, position, error))
    return FALSE;
  if (selects)
    screen->selected = (gint64) index;
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
  VctDemoRowFunc func = screen->klass->select != NULL ? screen->klass->select : vct_demo_screen_list_select;

  return vct_demo_screen_on_row (screen, func, TRUE, index, error);
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
  VctDemoRowFunc func = screen->klass->press != NULL ? screen->klass->press : vct_demo_screen_list_press;

  return vct_demo_screen_on_row (screen, func, FALSE, index, error);
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
  if (screen->klass->activate == NULL)
    return vct_demo_screen_select (screen, index, error);
  return vct_demo_screen_on_row (screen, screen->klass->activate, TRUE, index, error);
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
  for (const VctDemoCommand *command = screen->klass->commands;
       command != NULL && command->name != NULL; command++)
    if (g_str_equal (command->name, name))
      return command;
  return NULL;
}

/** vct_demo_screen_command_takes_row: Returns: whether @command runs on a row */
gboolean
vct_demo_screen_command_takes_row (const VctDemoCommand *command)
{
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
  guint section = 0;
  guint position = 0;

  if (vct_demo_screen_command_takes_row (command)
      && !vct_demo_screen_find_row (screen, index, &section, &position, error))
    return FALSE;
  return command->run (screen, section, position, error);
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
  screen->select_after_load = index;
}

/** vct_demo_screen_get_title: Returns: (transfer none): the title to show */
const char *
vct_demo_screen_get_title (VctDemoScreen *screen)
{
  return screen->title;
}

/** vct_demo_screen_is_loading: Returns: whether a reload is in flight, not yet reported */
gboolean
vct_demo_screen_is_loading (VctDemoScreen *screen)
{
  return screen->klass->is_loading (screen) || screen->reload_end_id != 0;
}

/**
 * vct_demo_screen_is_settled:
 * @screen: a screen
 *
 * Returns: whether everything asked for (a title after a select, a follow's outcome) has
 *   been reported, so what a view printed or drew is up to date
 */
gboolean
vct_demo_screen_is_settled (VctDemoScreen *screen)
{
  return screen->klass->is_settled == NULL || screen->klass->is_settled (screen);
}

/** vct_demo_screen_is_list_hidden: Returns: whether the list is hidden (no data yet) */
gboolean
vct_demo_screen_is_list_hidden (VctDemoScreen *screen)
{
  return screen->klass->is_list_hidden != NULL && screen->klass->is_list_hidden (screen);
}

/** vct_demo_screen_has_loaded: Returns: whether a reload has delivered */
gboolean
vct_demo_screen_has_loaded (VctDemoScreen *screen)
{
  return screen->has_loaded;
}

/** vct_demo_screen_marks_selection: Returns: whether the list marks the selected row */
gboolean
vct_demo_screen_marks_selection (VctDemoScreen *screen)
{
  return screen->klass->marks_selection;
}

/** vct_demo_screen_get_selected: Returns: the row selected last, or -1 */
gint64
vct_demo_screen_get_selected (VctDemoScreen *screen)
{
  return screen->selected;
}

/** vct_demo_screen_get_loading_text: Returns: the spinner's text ("Loading photos...") */
const char *
vct_demo_screen_get_loading_text (VctDemoScreen *screen)
{
  return screen->klass->loading_text;
}

/** vct_demo_screen_get_empty_text: Returns: what an empty list shows ("No photos.") */
const char *
vct_demo_screen_get_empty_text (VctDemoScreen *screen)
{
  return screen->klass->empty_text;
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
  *is_button = FALSE;
  *enabled = FALSE;
  if (screen->klass->get_status == NULL)
    return NULL;
  return screen->klass->get_status (screen, is_button, enabled);
}

/** vct_demo_screen_get_alert: Returns: (nullable): the error to show until dismissed */
const char *
vct_demo_screen_get_alert (VctDemoScreen *screen)
{
  return screen->alert;
}

/** vct_demo_screen_dismiss_alert: the alert's OK button. */
void
vct_demo_screen_dismiss_alert (VctDemoScreen *screen)
{
  g_clear_pointer (&screen->alert, g_free);
}
