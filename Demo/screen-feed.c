/* screen-feed.c: the news feed (VctFeedModel): member rows with a follow button and photo
 * rows, in one section per day under a DayHeader, newest first.
 *
 * Reloads: the model reports `loading` true, then (in one dispatch of its scheduler) the
 * list, `list hidden` false, the title, `loading` false and, after a failure, the error.
 * So when `loading` turns false the screen ends the reload later
 * (vct_demo_screen_end_reload_later()), once the error, if any, has come.
 *
 * Follows: pressing a member row moves its button normal → loading → checked (or back to
 * normal, then an error). Their list updates coalesce (a fast follow may redraw once, as
 * checked), so the screen observes the pressed row itself (vct_row_observe), which hears
 * `followState` once per change, in order, and reads in that callback the value of the
 * change being reported (vctable.h: the row's getters answer as of the change). A follow
 * is settled once its outcome, and after a failure its error, have been reported.
 *
 * Details: the model's open-detail has no date, so each photo row selected or pressed
 * leaves its date in a queue, taken by the next open-detail (they come in order). */

#include "screens.h"

#include "screen-class.h"

typedef struct _VctDemoFeedScreen VctDemoFeedScreen;

/* One follow under way: the pressed row, where it is now, what it has reported. */
typedef struct {
  VctDemoFeedScreen *self;
  VctBinding        *binding;
  VctDemoAnchor      anchor;    /* the row's place now (a reload may move or remove it) */
} VctDemoFollow;

/* A photo row selected or pressed, whose detail is not reported yet. */
typedef struct {
  char *image_url;
  char *date;
} VctDemoOpening;

struct _VctDemoFeedScreen {
  VctDemoScreen  base;
  VctFeedModel  *model;
  GPtrArray     *follows;        /* (element-type VctDemoFollow): freed by their binding's notify */
  guint          errors_awaited; /* follows that failed, their error not reported yet */
  GQueue         openings;       /* (element-type VctDemoOpening) */
};

static void
vct_demo_feed_opening_free (gpointer data)
{
  VctDemoOpening *opening = data;

  g_free (opening->image_url);
  g_free (opening->date);
  g_free (opening);
}

/* ------------------------------------------------------------ the model's reports */

static void
vct_demo_feed_did_update_title (const char *title,
                                gpointer    user_data)
{
  VctDemoFeedScreen *self = user_data;

  vct_demo_screen_emit_title (&self->base, title);
}

static void
vct_demo_feed_did_change_loading (gboolean loading,
                                  gpointer user_data)
{
  VctDemoFeedScreen *self = user_data;

  if (loading)
    vct_demo_screen_emit_loading (&self->base);
  else
    vct_demo_screen_end_reload_later (&self->base);
}

static void
vct_demo_feed_did_change_list_hidden (gboolean hidden,
                                      gpointer user_data)
{
  VctDemoFeedScreen *self = user_data;
  VctDemoEvent event = { .kind = VCT_DEMO_EVENT_ROWS };

  (void) hidden;
  vct_demo_screen_emit (&self->base, &event);
}

static void
vct_demo_feed_did_error (const char *message,
                         gpointer    user_data)
{
  VctDemoFeedScreen *self = user_data;

  /* A failed follow's error comes after its row went back to normal; a reload's, in the
   * dispatch that turned `loading` false. (With both at once, the follow's is taken
   * first, so a follow never waits for an error that was counted as the reload's.) */
  if (self->errors_awaited > 0)
    self->errors_awaited--;
  else
    vct_demo_screen_fail_reload (&self->base);
  vct_demo_screen_emit_error (&self->base, message);
}

static void
vct_demo_feed_did_open_detail (gint64      photo_id,
                               const char *title,
                               const char *description,
                               const char *image_url,
                               gpointer    user_data)
{
  VctDemoFeedScreen *self = user_data;
  VctDemoOpening *opening = g_queue_pop_head (&self->openings);
  VctDemoDetail detail = {
    .id = photo_id,
    .title = title,
    .description = description,
    .image_url = image_url,
    .date = opening != NULL && g_strcmp0 (opening->image_url, image_url) == 0 ? opening->date : "",
  };
  VctDemoEvent event = { .kind = VCT_DEMO_EVENT_DETAIL, .detail = &detail };

  vct_demo_screen_emit (&self->base, &event);
  if (opening != NULL)
    vct_demo_feed_opening_free (opening);
}

/* ------------------------------------------------------------------- following */

static void
vct_demo_feed_follow_end (VctDemoFollow *follow)
{
  g_ptr_array_remove (follow->self->follows, follow);
  vct_demo_screen_remove_anchor (&follow->self->base, &follow->anchor);
  /* From inside the binding's function: its notify frees @follow as the function returns. */
  vct_binding_dispose (follow->binding);
}

static void
vct_demo_feed_follow_changed (VctRow     *row,
                              const char *property,
                              gpointer    user_data)
{
  VctDemoFollow *follow = user_data;
  VctDemoFeedScreen *self = follow->self;
  g_autofree char *value = NULL;

  if (g_strcmp0 (property, "followState") != 0)
    return;
  value = vct_row_dup_string (row, "followState");
  if (!follow->anchor.gone)
    vct_demo_screen_emit_row (&self->base, follow->anchor.section, follow->anchor.position, "followState", value);
  if (g_strcmp0 (value, "loading") != 0)
    {
      if (g_strcmp0 (value, "normal") == 0)
        self->errors_awaited++;
      vct_demo_feed_follow_end (follow);
    }
}

/* Presses the follow button of a member row in state normal, and observes the row. */
static gboolean
vct_demo_feed_follow_row (VctDemoFeedScreen  *self,
                          guint               section,
                          guint               position,
                          GError            **error)
{
  VctRow *row = vct_list_model_get_item (self->base.list, section, position);
  g_autofree char *state = row != NULL ? vct_row_dup_string (row, "followState") : NULL;
  g_autofree char *name = row != NULL ? vct_row_dup_string (row, "name") : NULL;
  VctDemoFollow *follow;

  if (g_strcmp0 (state, "normal") != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   g_strcmp0 (state, "loading") == 0 ? "following %s is under way" : "%s is followed already",
                   name != NULL ? name : "the member");
      return FALSE;
    }
  follow = g_new0 (VctDemoFollow, 1);
  follow->self = self;
  follow->anchor = (VctDemoAnchor) { .section = section, .position = position };
  follow->binding = vct_row_observe (row, vct_demo_feed_follow_changed, follow, g_free);
  g_ptr_array_add (self->follows, follow);
  vct_demo_screen_add_anchor (&self->base, &follow->anchor);
  if (!vct_list_model_press (self->base.list, section, position))
    {
      g_ptr_array_remove (self->follows, follow);
      vct_demo_screen_remove_anchor (&self->base, &follow->anchor);
      vct_binding_dispose (follow->binding);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "the member's row is gone");
      return FALSE;
    }
  return TRUE;
}

static gboolean
vct_demo_feed_is_kind (VctDemoFeedScreen *self,
                       guint              section,
                       guint              position,
                       const char        *kind)
{
  return g_strcmp0 (vct_demo_screen_get_row_kind (&self->base, section, position), kind) == 0;
}

/* A photo row is about to be selected or pressed: keep its date for the detail. */
static void
vct_demo_feed_remember_opening (VctDemoFeedScreen *self,
                                guint              section,
                                guint              position)
{
  VctRow *row = vct_list_model_get_item (self->base.list, section, position);
  VctDemoOpening *opening = g_new0 (VctDemoOpening, 1);

  opening->image_url = vct_row_dup_string (row, "imageUrl");
  opening->date = vct_row_dup_string (row, "date");
  g_queue_push_tail (&self->openings, opening);
}

/* --------------------------------------------------------------- the screen class */

static void
vct_demo_feed_reload (VctDemoScreen *screen)
{
  vct_feed_model_reload (((VctDemoFeedScreen *) screen)->model);
}

static gboolean
vct_demo_feed_is_loading (VctDemoScreen *screen)
{
  return vct_feed_model_is_loading (((VctDemoFeedScreen *) screen)->model);
}

static gboolean
vct_demo_feed_is_settled (VctDemoScreen *screen)
{
  VctDemoFeedScreen *self = (VctDemoFeedScreen *) screen;

  return self->follows->len == 0 && self->errors_awaited == 0 && g_queue_is_empty (&self->openings);
}

static gboolean
vct_demo_feed_is_list_hidden (VctDemoScreen *screen)
{
  return vct_feed_model_is_list_hidden (((VctDemoFeedScreen *) screen)->model);
}

static gboolean
vct_demo_feed_select (VctDemoScreen  *screen,
                      guint           section,
                      guint           position,
                      GError        **error)
{
  VctDemoFeedScreen *self = (VctDemoFeedScreen *) screen;

  (void) error;
  if (vct_demo_feed_is_kind (self, section, position, "PhotoRow"))
    vct_demo_feed_remember_opening (self, section, position);
  return vct_list_model_select (screen->list, section, position);
}

/* The row's control: a member's follow button; a photo opens its detail. */
static gboolean
vct_demo_feed_press (VctDemoScreen  *screen,
                     guint           section,
                     guint           position,
                     GError        **error)
{
  VctDemoFeedScreen *self = (VctDemoFeedScreen *) screen;

  if (vct_demo_feed_is_kind (self, section, position, "MemberRow"))
    return vct_demo_feed_follow_row (self, section, position, error);
  if (vct_demo_feed_is_kind (self, section, position, "PhotoRow"))
    vct_demo_feed_remember_opening (self, section, position);
  return vct_list_model_press (screen->list, section, position);
}

static gboolean
vct_demo_feed_follow (VctDemoScreen  *screen,
                      guint           section,
                      guint           position,
                      GError        **error)
{
  VctDemoFeedScreen *self = (VctDemoFeedScreen *) screen;
  const VctDemoOutline *outline = vct_demo_screen_get_outline (screen);

  if (!vct_demo_feed_is_kind (self, section, position, "MemberRow"))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "row %u is not a member",
                   vct_demo_outline_row_number (outline, section, position));
      return FALSE;
    }
  return vct_demo_feed_follow_row (self, section, position, error);
}

static void
vct_demo_feed_finalize (VctDemoScreen *screen)
{
  VctDemoFeedScreen *self = (VctDemoFeedScreen *) screen;

  while (self->follows->len > 0)
    {
      VctDemoFollow *follow = g_ptr_array_steal_index (self->follows, self->follows->len - 1);

      vct_demo_screen_remove_anchor (screen, &follow->anchor);
      vct_binding_dispose (follow->binding);
    }
  g_ptr_array_unref (self->follows);
  g_queue_clear_full (&self->openings, vct_demo_feed_opening_free);
  g_clear_pointer (&self->model, vct_feed_model_unref);
}

static const VctDemoCommand vct_demo_feed_commands[] = {
  { "follow", "N", "follow the member in row N: \"row N: followState loading\", then\n"
    "                       \"... checked\", or \"... normal\" and \"error: ...\" (the next\n"
    "                       command waits for that)", vct_demo_feed_follow },
  { NULL, NULL, NULL, NULL }
};

const VctDemoScreenClass vct_demo_feed_class = {
  .name = "feed",
  .loading_text = "Loading feeds...",
  .empty_text = "No feeds.",
  .commands = vct_demo_feed_commands,
  .reload = vct_demo_feed_reload,
  .is_loading = vct_demo_feed_is_loading,
  .is_settled = vct_demo_feed_is_settled,
  .is_list_hidden = vct_demo_feed_is_list_hidden,
  .select = vct_demo_feed_select,
  .press = vct_demo_feed_press,
  .activate = vct_demo_feed_press,
  .finalize = vct_demo_feed_finalize,
};

/**
 * vct_demo_feed_screen_new:
 * @uri: (nullable): the feeds document; %NULL for the factory's choice
 *   (VCTABLE_FEEDS_URL or the bundled fixture). Over HTTP, follows are POSTs to
 *   `members/<id>/follow` beside it.
 * @timeout_ms: unused: the feed service has the library's timeout
 * @error: return location for an invalid @uri
 *
 * Returns: (transfer full) (nullable): the screen, or %NULL with @error set
 */
VctDemoScreen *
vct_demo_feed_screen_new (const char  *uri,
                          guint        timeout_ms,
                          GError     **error)
{
  VctDemoFeedScreen *self;
  VctFeedModel *model;
  g_autofree char *title = NULL;

  (void) timeout_ms;
  if (uri == NULL)
    model = vct_feed_model_factory_instance ();
  else
    {
      g_autoptr (VctFeedService) service = NULL;

      if (!vct_demo_screens_check_uri (uri, "feeds", error))
        return NULL;
      service = vct_feed_service_new_for_uri (uri);
      model = vct_feed_model_new (service);
    }

  self = g_new0 (VctDemoFeedScreen, 1);
  self->model = model;
  self->follows = g_ptr_array_new ();
  g_queue_init (&self->openings);
  title = vct_feed_model_dup_title (model);
  vct_demo_screen_construct (&self->base, &vct_demo_feed_class, vct_feed_model_get_list (model), title);
  vct_feed_model_set_did_update_title (model, vct_demo_feed_did_update_title, self, NULL);
  vct_feed_model_set_did_change_loading (model, vct_demo_feed_did_change_loading, self, NULL);
  vct_feed_model_set_did_change_list_hidden (model, vct_demo_feed_did_change_list_hidden, self, NULL);
  vct_feed_model_set_did_error (model, vct_demo_feed_did_error, self, NULL);
  vct_feed_model_set_did_open_detail (model, vct_demo_feed_did_open_detail, self, NULL);
  return &self->base;
}
