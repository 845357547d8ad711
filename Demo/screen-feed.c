/* screen-feed.c: VctDemoFeedScreen (a final VctDemoScreen), the news feed
 * (VctFeedModel): member rows (VctMemberRow) with a follow button and photo rows
 * (VctFeedPhotoRow), in one section per day under a day header (VctDayHeaderRow),
 * newest day first, each day in the service's order.
 *
 * Reloads, the title, loading and errors are the base's, through VctScreen (the title
 * is "Loading..." during a reload from the second on, then "Your Feeds"); the screen
 * adds `list-hidden` (false once the first reload delivers), which redraws the list. The
 * rows shown stay shown during a reload.
 *
 * Follows: pressing a member row moves its `follow-state` normal → loading → checked (or
 * back to normal, then an error), in place: the row keeps its object, which notifies
 * each change, in order, and answers in the handler with the value of the change being
 * notified. So the screen holds the pressed row and hears its `notify::follow-state`
 * until the outcome. A follow is settled once its outcome, and after a failure its
 * error, have been reported.
 *
 * Details: selecting or pressing a photo row makes the model emit `open-detail` with
 * the photo (its date too); the screen is settled once each has come.
 *
 * Its follows go in its finalize, after the base's dispose has stopped the reports. */

#include "screens.h"

#include "held.h"
#include "screen-private.h"

G_DECLARE_FINAL_TYPE (VctDemoFeedScreen, vct_demo_feed_screen, VCT_DEMO, FEED_SCREEN, VctDemoScreen)

/* One follow under way: the pressed row, held, and where it is now. */
typedef struct {
  VctDemoFeedScreen *self;
  VctDemoHeldRow    *held;
  VctDemoAnchor      anchor;    /* the row's place now (a reload may move or remove it) */
} VctDemoFollow;

struct _VctDemoFeedScreen {
  VctDemoScreen  parent_instance;
  GPtrArray     *follows;         /* (element-type VctDemoFollow) (owned) */
  guint          errors_awaited;  /* follows that failed, their error not reported yet */
  guint          details_awaited; /* photo rows selected or pressed, their detail not reported yet */
};

G_DEFINE_FINAL_TYPE (VctDemoFeedScreen, vct_demo_feed_screen, VCT_DEMO_TYPE_SCREEN)

#define VCT_DEMO_FEED_MODEL(screen) (VCT_FEED_MODEL (vct_demo_screen_get_model (VCT_DEMO_SCREEN (screen))))

/* ------------------------------------------------------------ the model's reports */

static void
vct_demo_feed_on_list_hidden (VctDemoFeedScreen *self)
{
  VctDemoEvent event = { .kind = VCT_DEMO_EVENT_ROWS };

  vct_demo_screen_emit (VCT_DEMO_SCREEN (self), &event);
}

/* A failed follow's error comes after its row went back to normal; a reload's, in the
 * dispatch that turned `loading` false. (With both at once, the follow's is taken first,
 * so a follow never waits for an error that was counted as the reload's.) */
static gboolean
vct_demo_feed_claims_error (VctDemoScreen *screen)
{
  VctDemoFeedScreen *self = VCT_DEMO_FEED_SCREEN (screen);

  if (self->errors_awaited == 0)
    return FALSE;
  self->errors_awaited--;
  return TRUE;
}

static void
vct_demo_feed_on_open_detail (VctDemoFeedScreen *self,
                              VctFeedPhoto      *photo)
{
  VctDemoDetail detail = {
    .id = vct_feed_photo_get_id (photo),
    .title = vct_feed_photo_get_title (photo),
    .description = vct_feed_photo_get_description (photo),
    .image_url = vct_feed_photo_get_url (photo),
    .date = vct_feed_photo_get_date (photo),
  };
  VctDemoEvent event = { .kind = VCT_DEMO_EVENT_DETAIL, .detail = &detail };

  if (self->details_awaited > 0)
    self->details_awaited--;
  vct_demo_screen_emit (VCT_DEMO_SCREEN (self), &event);
}

/* ------------------------------------------------------------------- following */

/* How a script prints a follow state: the old property's value ("loading"). */
static const char *
vct_demo_feed_follow_state_name (VctFollowState state)
{
  switch (state)
    {
    case VCT_FOLLOW_STATE_NORMAL:  return "normal";
    case VCT_FOLLOW_STATE_LOADING: return "loading";
    case VCT_FOLLOW_STATE_CHECKED: return "checked";
    default:                       return "unknown";
    }
}

static void
vct_demo_feed_follow_free (gpointer data)
{
  VctDemoFollow *follow = data;

  vct_demo_screen_remove_anchor (VCT_DEMO_SCREEN (follow->self), &follow->anchor);
  vct_demo_held_row_free (follow->held);
  g_free (follow);
}

/* The pressed row's follow state changed: report it; the outcome ends the follow. */
static void
vct_demo_feed_on_follow_state (VctRow        *row,
                               GParamSpec    *pspec,
                               VctDemoFollow *follow)
{
  VctDemoFeedScreen *self = follow->self;
  VctFollowState state;

  (void) pspec;
  g_object_get (row, "follow-state", &state, NULL);
  if (!follow->anchor.gone)
    vct_demo_screen_report_row (VCT_DEMO_SCREEN (self), follow->anchor.position, "followState",
                                vct_demo_feed_follow_state_name (state));
  if (state == VCT_FOLLOW_STATE_LOADING)
    return;
  if (state == VCT_FOLLOW_STATE_NORMAL)
    self->errors_awaited++;
  g_ptr_array_remove (self->follows, follow);
}

/* Presses the follow button of a member row in state normal, and holds the row. */
static gboolean
vct_demo_feed_follow_row (VctDemoFeedScreen  *self,
                          guint               position,
                          VctRow             *row,
                          GError            **error)
{
  VctFollowState state;
  g_autofree char *name = NULL;
  VctDemoFollow *follow;

  g_object_get (row, "follow-state", &state, "name", &name, NULL);
  if (state != VCT_FOLLOW_STATE_NORMAL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   state == VCT_FOLLOW_STATE_LOADING ? "following %s is under way" : "%s is followed already",
                   name != NULL ? name : "the member");
      return FALSE;
    }
  follow = g_new0 (VctDemoFollow, 1);
  follow->self = self;
  follow->anchor.position = position;
  follow->held = vct_demo_held_row_new (row, "notify::follow-state", G_CALLBACK (vct_demo_feed_on_follow_state), follow);
  vct_demo_screen_add_anchor (VCT_DEMO_SCREEN (self), &follow->anchor);
  g_ptr_array_add (self->follows, follow);
  vct_row_press (row);
  return TRUE;
}

/* ------------------------------------------------------------------- the class */

static gboolean
vct_demo_feed_is_settled (VctDemoScreen *screen)
{
  VctDemoFeedScreen *self = VCT_DEMO_FEED_SCREEN (screen);

  return self->follows->len == 0 && self->errors_awaited == 0 && self->details_awaited == 0;
}

static gboolean
vct_demo_feed_is_list_hidden (VctDemoScreen *screen)
{
  return vct_feed_model_is_list_hidden (VCT_DEMO_FEED_MODEL (screen));
}

/* A photo opens its detail; a member does nothing. */
static gboolean
vct_demo_feed_select (VctDemoScreen  *screen,
                      guint           position,
                      VctRow         *row,
                      GError        **error)
{
  VctDemoFeedScreen *self = VCT_DEMO_FEED_SCREEN (screen);

  (void) position;
  (void) error;
  if (VCT_IS_FEED_PHOTO_ROW (row))
    self->details_awaited++;
  vct_row_select (row);
  return TRUE;
}

/* The row's control: a member's follow button; a photo opens its detail. */
static gboolean
vct_demo_feed_press (VctDemoScreen  *screen,
                     guint           position,
                     VctRow         *row,
                     GError        **error)
{
  VctDemoFeedScreen *self = VCT_DEMO_FEED_SCREEN (screen);

  if (VCT_IS_MEMBER_ROW (row))
    return vct_demo_feed_follow_row (self, position, row, error);
  if (VCT_IS_FEED_PHOTO_ROW (row))
    self->details_awaited++;
  vct_row_press (row);
  return TRUE;
}

static gboolean
vct_demo_feed_follow (VctDemoScreen  *screen,
                      guint           position,
                      VctRow         *row,
                      GError        **error)
{
  if (!VCT_IS_MEMBER_ROW (row))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "row %u is not a member",
                   vct_demo_outline_row_at (vct_demo_screen_get_outline (screen), position));
      return FALSE;
    }
  return vct_demo_feed_follow_row (VCT_DEMO_FEED_SCREEN (screen), position, row, error);
}

static void
vct_demo_feed_screen_finalize (GObject *object)
{
  VctDemoFeedScreen *self = VCT_DEMO_FEED_SCREEN (object);

  g_clear_pointer (&self->follows, g_ptr_array_unref);

  G_OBJECT_CLASS (vct_demo_feed_screen_parent_class)->finalize (object);
}

static const VctDemoCommand vct_demo_feed_commands[] = {
  { "follow", "N", "follow the member in row N: \"row N: followState loading\", then\n"
    "                       \"... checked\", or \"... normal\" and \"error: ...\" (the next\n"
    "                       command waits for that)", vct_demo_feed_follow },
  { NULL, NULL, NULL, NULL }
};

static void
vct_demo_feed_screen_class_init (VctDemoFeedScreenClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  VctDemoScreenClass *screen_class = VCT_DEMO_SCREEN_CLASS (klass);

  object_class->finalize = vct_demo_feed_screen_finalize;

  screen_class->name = "feed";
  screen_class->loading_text = "Loading feeds...";
  screen_class->empty_text = "No feeds.";
  screen_class->commands = vct_demo_feed_commands;
  screen_class->is_settled = vct_demo_feed_is_settled;
  screen_class->is_list_hidden = vct_demo_feed_is_list_hidden;
  screen_class->select = vct_demo_feed_select;
  screen_class->press = vct_demo_feed_press;
  screen_class->activate = vct_demo_feed_press;
  screen_class->claims_error = vct_demo_feed_claims_error;
}

static void
vct_demo_feed_screen_init (VctDemoFeedScreen *self)
{
  self->follows = g_ptr_array_new_with_free_func (vct_demo_feed_follow_free);
}

/**
 * vct_demo_feed_screen_new:
 * @uri: (nullable): the feeds document; %NULL for the factory's choice
 *   (VCTABLE_FEEDS_URL or the bundled fixture). Over HTTP, follows are POSTs to
 *   `members/<id>/follow` beside it.
 * @timeout_ms: unused: the feed service has the library's timeout
 * @max_body_size: unused: the feed service has the library's size limit
 * @error: return location for an invalid @uri
 *
 * Returns: (transfer full) (nullable): the screen, or %NULL with @error set
 */
VctDemoScreen *
vct_demo_feed_screen_new (const char  *uri,
                          guint        timeout_ms,
                          gsize        max_body_size,
                          GError     **error)
{
  VctDemoFeedScreen *self;
  VctFeedModel *model;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  (void) timeout_ms;
  (void) max_body_size;
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

  self = g_object_new (VCT_DEMO_TYPE_FEED_SCREEN, NULL);
  vct_demo_screen_construct (VCT_DEMO_SCREEN (self), VCT_SCREEN (model));
  g_signal_connect_swapped (model, "notify::list-hidden", G_CALLBACK (vct_demo_feed_on_list_hidden), self);
  g_signal_connect_swapped (model, "open-detail", G_CALLBACK (vct_demo_feed_on_open_detail), self);
  return VCT_DEMO_SCREEN (self);
}
