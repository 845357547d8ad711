/* Fuzz/screens/fuzz_screens.c: libFuzzer target for the screens' C API: the feed
 * (VctFeedModel over a custom VctFeedService), the song picker (VctSongPickerModel over a
 * custom VctSongService), and the list under them (VctListModel, a flat GListModel of
 * VctRow objects, with sections).
 *
 * Each input is a program of up to 64 steps: one byte picks an operation, the next bytes
 * its arguments. Up to two feeds and one song picker, each over its own custom service
 * whose functions queue their VctApiRequest for the program to complete, on the default
 * GMainContext of the fuzzer's thread, plus three worker threads completing requests later:
 *   new model; connect / disconnect / replace a handler of each model report (the signals
 *   and `notify::` properties that are the only way to listen to a screen, each handler
 *   with a counting destroy notify); connect / disconnect signal handlers on the list
 *   (items-changed, notify::n-items, each with a counting destroy notify); reload; complete the oldest fetch (a document made
 *   from the input: members and photos over three days, or songs; an error; garbage; a
 *   broken document) or the oldest follow (success or error), now or from a worker;
 *   g_list_model_get_item at a position (in range or not) then vct_row_press /
 *   vct_row_select; watch a row (held by ref, a `notify` handler) and unwatch it; row refs
 *   kept across batches, read, selected and pressed later (possibly stale); the picker's
 *   start / next / previous / finish_song / back; iterate or settle; ref + unref; the last
 *   unref (with fetches and follows in flight); a list reference of the program's own;
 *   dropping the program's service reference; tearing a model and its service down. An
 *   armed handler ends itself from inside its next call (reenter): a row's
 *   notify handler disconnects itself and drops its row (maybe the last ref), reloads, or
 *   drops the model; a list handler disconnects itself; a model handler replaces itself
 *   (disconnects itself, connects a new one) and reloads.
 * After every step and at the end it checks the contract of vctable.h:
 *   - every destroy notify runs exactly once: a model handler's when it is replaced or
 *     disconnected (as it returns when that happens from inside it, never while it runs)
 *     or at the model's last unref, a list or row handler's at its disconnect or its
 *     instance's finalization, a
 *     service's once every owner let go (never while the program or a model holds it),
 *     and no service function runs after it;
 *   - no handler after its notify, none after its model's (or its list's)
 *     last unref; every handler and service function on this thread;
 *   - lists: the items-changed runs, applied in order to a mirror (the row objects, held),
 *     give at rest the list itself (the same object at every position); while a run is
 *     emitted the list reads as that run left it; get_section partitions the list, a
 *     header starts its section; a feed has one "DayHeaderView" section per day, newest
 *     first; a picker one section; rows have their class's documented properties (no
 *     others);
 *     a member row's button-hidden, button-enabled and spinning agree with follow-state;
 *     get_item past the end is NULL;
 *   - row notify: names a property of the row's class; a member row notifies only
 *     follow-state, button-hidden, button-enabled, spinning, a song row only mode; inside
 *     it the row reads consistently, and two notifies of follow-state or mode to one
 *     handler carry different values;
 *   - follows: at most one request per member in flight, no more requests than presses
 *     that could start one (two presses while loading send one);
 *   - feeds: latest wins (rows only from a fetch sent after the reload before they were
 *     added; an error only from a fetch no reload superseded in flight; each error once);
 *     the title is "Loading..." while a reload is in flight and "Your Feeds" once one
 *     delivered; the list only ever goes from hidden to shown;
 *   - both screens load after a reload call, inside their own notify::loading handler too
 *     (where the flag reads as of the change being notified until the call); the picker is PICKING,
 *     LISTENING or FINISHED, with its title; once the loop is idle, picking rows are
 *     selected or unselected (the button enabled iff one is selected), listening has none
 *     unselected and exactly one playing, finished none playing; select, start, next,
 *     previous, finish_song and back do what the header says and return FALSE exactly
 *     when it says.
 * Only what the headers document is checked. Built by Fuzz/run.sh like Fuzz/api/fuzz_api.c,
 * against the same sanitized library. FUZZ_SCREENS_TRACE=1 prints each step of an input,
 * FUZZ_SCREENS_STATS=1 what a run exercised.
 */
#include <vctable.h>

#define FUZZ_TARGET "fuzz_screens"
#include "../common/fuzz-common.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N_MODELS 3          /* models[0] and models[1]: feeds; models[PICKER]: the song picker */
#define PICKER 2
#define N_MODEL_SLOTS 6         /* a feed has 5 reports, the picker 6: a handler slot each */
#define N_LIST_SLOTS 4          /* 0: the mirror's items-changed, 1: notify::n-items, 2–3: more items-changed */
#define N_WATCHERS 4
#define N_ROW_REFS 4
#define MAX_STEPS 64


typedef struct Model Model;

/* What a handler's lifetime is bound to. */
typedef enum {
  OWNER_MODEL,     /* a model's signal or notify:: handler: none after the model's last unref */
  OWNER_LIST,      /* a list signal handler: none after the list's finalization */
  OWNER_ROW        /* a row's notify handler: until disconnected */
} Owner;

typedef struct Watcher Watcher;

typedef struct
{
  Model    *model;
  Owner     owner;
  gint      notified;   /* atomic */
  guint     calls;
  int       slot;       /* a model or list handler's slot, else -1 */
  Watcher  *watcher;    /* a row notify handler's entry */
  gboolean  armed;      /* ends itself from inside its next call (see reenter) */
  guint     how;        /* what an armed row handler does: 0 drop itself, 1 + reload, 2 + drop the model */
  gint      last_state; /* a watcher's last follow-state seen (-1: none) */
  char     *last;       /* a watcher's last mode seen */
  gpointer  instance;   /* a list handler's list */
  guint     documents;  /* a watcher's model's documents when it started */
  gboolean  gone;       /* a list handler's list was finalized */
} Probe;

/* A service's user_data. */
typedef struct
{
  Model *model;
  gint   notified;   /* atomic */
} Service;

typedef struct
{
  VctApiRequest *request;
  guint          serial;   /* a fetch's */
  gint64         member;   /* a follow's */
} Pending;

/* Follow requests of one member of one feed. */
typedef struct
{
  guint sent;       /* requests the service received */
  guint completed;  /* requests the program completed (or handed to a worker) */
  guint eligible;   /* presses that could start one: the row was normal (or loading with
                     * nothing of this member left to complete, a completion racing) */
} Follows;

/* A row added by an items-changed run: its content must come from a fetch sent after
 * the last reload as of the run (checked at rest: inside the batch a held object may
 * still show its old content). */
typedef struct
{
  VctRow *row;
  guint64 reload_at;
} Added;

struct Model
{
  int           index;
  gboolean      in_use;
  gboolean      feed;
  gpointer      handle;        /* VctFeedModel * or VctSongPickerModel *; NULL after the last unref */
  VctListModel *list;          /* NULL once the program let go of it */
  VctListModel *list_object;   /* the list while it lives (a weak ref clears it), for the checks */
  gboolean      list_ref;      /* the program holds a list reference of its own */
  gpointer      service_ref;   /* the program's service reference; NULL once dropped */
  Service      *service;
  GQueue        fetches;       /* Pending *, oldest first */
  GQueue        follows;
  guint         serials;
  guint64       last_reload_at;  /* the tick of the last reload call */
  GArray       *reloads;       /* Reload: every reload call, in order */
  GHashTable   *sent_at;       /* fetch serial → the tick it was sent at */
  GHashTable   *delivered;     /* serials whose error was delivered */
  GHashTable   *follow_counts; /* member id → Follows * */
  guint         unknown_eligible;
  gboolean      follow_expected;  /* a member was pressed while normal, its request not here yet */
  Probe        *slots[N_MODEL_SLOTS];
  gulong        handlers[N_MODEL_SLOTS];
  Probe        *list_slots[N_LIST_SLOTS];
  gulong        list_handlers[N_LIST_SLOTS];
  GPtrArray    *mirror;        /* VctRow * (refs held), from the items-changed runs */
  gboolean      mirror_valid;  /* the mirror's handler connected since the last sync */
  GArray       *added;         /* Added: rows to check at rest */
  guint         documents;     /* documents completed: each may change a row's content in place */
  guint         documents_shown;  /* documents completed when the model was last seen settled (not
                                   * loading, no worker completing): those are delivered */
  guint         errors, max_errors;
  guint         details, max_details;
  guint         dismisses, max_dismisses;
  gboolean      loaded, shown;
  guint         in_loading_notify;  /* depth of this model's notify::loading handlers running */
};

typedef struct
{
  VctRow *row;
  Model  *model;
} RowRef;

typedef struct
{
  guint64  tick;
  gboolean loading;   /* a reload was in flight when it was called */
} Reload;

/* A row held by ref with a notify handler, as a view's widget holds the row it shows. */
struct Watcher
{
  VctRow *row;
  gulong  handler;
  Probe  *probe;
  Model  *model;
};


static GPtrArray   *probes;     /* every Probe of this input */
static GPtrArray   *services;   /* every Service of this input */
static Model        models[N_MODELS];
static RowRef       row_refs[N_ROW_REFS];
static Watcher      watchers[N_WATCHERS];
static GThread     *main_thread;
static GThreadPool *workers;
static gint         completions_in_flight;  /* atomic: pushed to a worker, not yet completed */
static guint64      step;
static guint64      tick;    /* orders reload calls and fetches sent, even within one step */
static gboolean     trace;   /* FUZZ_SCREENS_TRACE: print each step, to read a crash input */
static gboolean     reentering;  /* inside reenter's call */
static GPtrArray   *due;         /* probes ended from inside themselves: notified by the end of the step */
static GPtrArray   *list_probes; /* list handler probes whose list lives: Probe * */

/* How often the interesting paths ran: printed at exit when FUZZ_SCREENS_STATS is set, to
 * show a run's checks were not vacuous. */
static struct
{
  guint64 inputs, items_runs, n_items_notifies, held_notifies, follows_sent, follow_checks, watches, watch_changes,
          stale_ops, stale_reads, songs_checked, listening, finished, song_ops_checked, details, errors,
          mirror_checks, reentries, added_checked, duplicate_exemptions, reloads_as_of;
} stats;

static const char *const member_properties[] = { "name", "avatar-url", "avatar", "follow-state", "button-hidden", "button-enabled", "spinning", NULL };
static const char *const photo_properties[] = { "title", "description", "image-url", "image", "date", NULL };
static const char *const header_properties[] = { "title", NULL };
static const char *const song_properties[] = { "title", "subtitle", "duration", "mode", NULL };
static const char *const follow_properties[] = { "follow-state", "button-hidden", "button-enabled", "spinning", NULL };
static const char *const song_modes[] = { "selected", "unselected", "playable", "playing", NULL };

/* ------------------------------------------------------------------ probes */

static Probe *
probe_new (Model *m, Owner owner)
{
  Probe *p = g_new0 (Probe, 1);

  p->model = m;
  p->owner = owner;
  p->slot = -1;
  p->last_state = -1;
  g_ptr_array_add (probes, p);
  return p;
}

static void
probe_free (gpointer data)
{
  Probe *p = data;

  g_free (p->last);
  g_free (p);
}

static void
probe_notify (gpointer data)
{
  Probe *p = data;
  CHECK (g_atomic_int_add (&p->notified, 1) == 0, "a notify ran twice");
}

/* A GClosureNotify for a signal handler's data. */
static void
probe_closure_notify (gpointer data, GClosure *closure)
{
  (void) closure;
  CHECK (g_thread_self () == main_thread, "a signal handler's destroy notify off the context thread");
  probe_notify (data);
}

static void reenter (Probe *p);
static void do_reload (Model *m);

static void
called (Probe *p)
{
  CHECK (g_thread_self () == main_thread, "a handler off the context thread");
  CHECK (!g_atomic_int_get (&p->notified), "model %d: a handler called after its notify", p->model->index);
  if (p->owner == OWNER_MODEL)
    CHECK (p->model->handle != NULL, "model %d: a handler after the model's last unref", p->model->index);
  if (p->owner == OWNER_LIST)
    CHECK (!p->gone, "model %d: a list handler after the list's finalization", p->model->index);
  p->calls++;
  if (p->armed)
    reenter (p);
}

/* A notify that must have run by now. */
static void
check_notified (Probe *p, const char *when)
{
  if (p != NULL)
    CHECK (g_atomic_int_get (&p->notified) == 1, "model %d: %s: its notify did not run", p->model->index, when);
}

static gboolean
in_list (const char *text, const char *const *values)
{
  for (; text != NULL && *values != NULL; values++)
    if (strcmp (text, *values) == 0)
      return TRUE;
  return FALSE;
}

/* ------------------------------------------------------------------ rows */

static char *
row_dup (VctRow *row, const char *property)
{
  char *text = NULL;

  g_object_get (row, property, &text, NULL);
  return text;
}

/* A feed row's identity as the documents make it: its kind and member or photo id (the
 * name or title without its serial tag); NULL for other rows. */
static char *
row_identity (VctRow *row)
{
  g_autofree char *text = NULL;

  if (!VCT_IS_MEMBER_ROW (row) && !VCT_IS_FEED_PHOTO_ROW (row))
    return NULL;
  text = row_dup (row, VCT_IS_MEMBER_ROW (row) ? "name" : "title");
  if (text == NULL)
    return NULL;
  if (strchr (text, '@') != NULL)
    *strchr (text, '@') = '\0';
  return g_strdup_printf ("%s:%s", vct_row_get_kind (row), text);
}

static gboolean
row_string_is (VctRow *row, const char *property, const char *value)
{
  g_autofree char *text = row_dup (row, property);
  return g_strcmp0 (text, value) == 0;
}

/* The item at @position, a new reference, or NULL past the end. */
static VctRow *
item_at (Model *m, guint position)
{
  return g_list_model_get_item (G_LIST_MODEL (m->list), position);
}

static guint
n_items (Model *m)
{
  return g_list_model_get_n_items (G_LIST_MODEL (m->list));
}

static const char *
follow_state_name (int state)
{
  return state == VCT_FOLLOW_STATE_NORMAL ? "normal" : state == VCT_FOLLOW_STATE_LOADING ? "loading"
       : state == VCT_FOLLOW_STATE_CHECKED ? "checked" : "(invalid)";
}

/* button-hidden, button-enabled and spinning agree with follow-state. A follow completing
 * on another thread may change the state between the reads: read again then, except
 * inside a notify handler (@as_of), where the row reads as of the change. */
static void
check_member_row (VctRow *row, gboolean as_of)
{
  for (int attempt = 0; attempt < 100; attempt++)
    {
      VctFollowState before = 0, after = 0;
      gboolean hidden = FALSE, enabled = FALSE, spinning = FALSE;
      gboolean loading, normal;

      g_object_get (row, "follow-state", &before, NULL);
      g_object_get (row, "button-hidden", &hidden, "button-enabled", &enabled, "spinning", &spinning, NULL);
      g_object_get (row, "follow-state", &after, NULL);
      CHECK (before == VCT_FOLLOW_STATE_NORMAL || before == VCT_FOLLOW_STATE_LOADING || before == VCT_FOLLOW_STATE_CHECKED,
             "a member row's follow-state is %d", before);
      if (before != after)
        {
          CHECK (!as_of, "inside a notify handler, follow-state read %s then %s", follow_state_name (before), follow_state_name (after));
          continue;
        }
      loading = before == VCT_FOLLOW_STATE_LOADING;
      normal = before == VCT_FOLLOW_STATE_NORMAL;
      CHECK (hidden == loading && spinning == loading && enabled == normal,
             "a member row in state %s has button-hidden %d, button-enabled %d, spinning %d", follow_state_name (before), hidden, enabled, spinning);
      return;
    }
}

static gboolean
is_day (const char *text)
{
  return text != NULL && strlen (text) == 10 && g_ascii_isdigit (text[0]) && g_ascii_isdigit (text[3]) && text[4] == '-' &&
         g_ascii_isdigit (text[5]) && g_ascii_isdigit (text[6]) && text[7] == '-' && g_ascii_isdigit (text[8]) && g_ascii_isdigit (text[9]);
}

/* The checks every row passes, in the list or kept by a ref: a kind and class of its
 * screen, its class's documented properties, each readable, no others invented. @idle:
 * the row is in the list and the loop is idle (no batch pending), so a song row's mode is
 * one the header lists (a row leaving the list may read "hidden" until its batch is
 * delivered). */
static void
check_row (Model *m, VctRow *row, gboolean idle, gboolean as_of)
{
  const char *kind = vct_row_get_kind (row);
  const char *const *expected = NULL;
  GObjectClass *klass;
  g_autofree GParamSpec **specs = NULL;
  guint n_specs = 0;
  VctRowRole role = vct_row_get_role (row);

  CHECK (VCT_IS_ROW (row), "model %d: an item that is not a VctRow", m->index);
  CHECK (kind != NULL, "model %d: a row without a kind", m->index);
  if (m->feed)
    {
      if (strcmp (kind, "MemberRowView") == 0)
        {
          expected = member_properties;
          CHECK (VCT_IS_MEMBER_ROW (row) && role == VCT_ROW_ROLE_ITEM, "a MemberRowView of type %s, role %d", G_OBJECT_TYPE_NAME (row), role);
        }
      else if (strcmp (kind, "PhotoRowView") == 0)
        {
          expected = photo_properties;
          CHECK (VCT_IS_FEED_PHOTO_ROW (row) && role == VCT_ROW_ROLE_ITEM, "a PhotoRowView of type %s, role %d", G_OBJECT_TYPE_NAME (row), role);
        }
      else if (strcmp (kind, "DayHeaderView") == 0)
        {
          expected = header_properties;
          CHECK (VCT_IS_DAY_HEADER_ROW (row) && role == VCT_ROW_ROLE_HEADER, "a DayHeaderView of type %s, role %d", G_OBJECT_TYPE_NAME (row), role);
        }
    }
  else if (strcmp (kind, "SongRowView") == 0)
    {
      expected = song_properties;
      CHECK (VCT_IS_SONG_ROW (row) && role == VCT_ROW_ROLE_ITEM, "a SongRowView of type %s, role %d", G_OBJECT_TYPE_NAME (row), role);
    }
  CHECK (expected != NULL, "model %d: a row of kind \"%s\"", m->index, kind);
  klass = G_OBJECT_GET_CLASS (row);
  for (const char *const *name = expected; *name != NULL; name++)
    CHECK (g_object_class_find_property (klass, *name) != NULL, "a %s without \"%s\"", kind, *name);
  CHECK (g_object_class_find_property (klass, "no-such-property") == NULL, "a %s has an unknown property", kind);
  specs = g_object_class_list_properties (klass, &n_specs);
  for (guint i = 0; i < n_specs; i++)
    {
      GParamSpec *spec = specs[i];
      g_auto (GValue) value = G_VALUE_INIT;

      /* the subclass's own properties are the documented ones (VctRow's are its base's) */
      CHECK (spec->owner_type != G_OBJECT_TYPE (row) || in_list (spec->name, expected), "a %s has the undocumented property \"%s\"",
             kind, spec->name);
      CHECK (spec->flags & G_PARAM_READABLE, "a %s's \"%s\" is not readable", kind, spec->name);
      g_value_init (&value, spec->value_type);
      g_object_get_property (G_OBJECT (row), spec->name, &value);
      if (G_VALUE_HOLDS_STRING (&value))
        CHECK (g_value_get_string (&value) != NULL, "a %s's \"%s\" reads as NULL", kind, spec->name);
    }

  if (strcmp (kind, "MemberRowView") == 0)
    check_member_row (row, as_of);
  else if (strcmp (kind, "DayHeaderView") == 0)
    {
      g_autofree char *day = row_dup (row, "title");
      CHECK (is_day (day), "a DayHeaderView titled \"%s\"", day);
    }
  else if (strcmp (kind, "SongRowView") == 0)
    {
      g_autofree char *mode = row_dup (row, "mode");
      CHECK (in_list (mode, song_modes) || (!idle && g_strcmp0 (mode, "hidden") == 0), "a song row in mode \"%s\"", mode);
    }
}

/* ------------------------------------------------------------------ model handlers */

/* notify::title of a feed, read in the handler (as of its change). */
static void
on_feed_title (GObject *model, GParamSpec *pspec, gpointer data)
{
  g_autofree char *title = vct_feed_model_dup_title (VCT_FEED_MODEL (model));

  (void) pspec;
  called (data);
  /* "Loading..." while a reload runs (every reload), "Your Feeds" once it delivered. */
  CHECK (g_strcmp0 (title, "Loading...") == 0 || g_strcmp0 (title, "Your Feeds") == 0, "the feed's title became \"%s\"", title);
}

/* notify:: of a boolean property (loading, button-enabled), read in the handler. */
static void
on_flag (GObject *model, GParamSpec *pspec, gpointer data)
{
  Probe *p = data;
  gboolean loading = strcmp (g_param_spec_get_name (pspec), "loading") == 0;
  gboolean value = 2;

  CHECK (G_PARAM_SPEC_VALUE_TYPE (pspec) == G_TYPE_BOOLEAN, "notify::%s is not a flag", g_param_spec_get_name (pspec));
  g_object_get (model, g_param_spec_get_name (pspec), &value, NULL);
  CHECK (value == TRUE || value == FALSE, "a flag read as %d", value);
  if (loading)
    p->model->in_loading_notify++;
  called (p);   /* an armed one reloads from in here (reenter) */
  if (loading)
    p->model->in_loading_notify--;
}

static void
on_list_hidden (GObject *model, GParamSpec *pspec, gpointer data)
{
  (void) pspec;
  called (data);
  /* Hidden until data first arrives: the one change there is. */
  CHECK (!vct_feed_model_is_list_hidden (VCT_FEED_MODEL (model)), "the feed's list became hidden again");
}

/* The serial of the fetch an error message came from ("fuzz error <serial>"): delivered
 * once, and for a feed not superseded: the first reload called after the fetch was sent
 * did not find it in flight. (An error decided before a reload call may still be reported
 * after it: the report runs later. Rows are reported as they are decided, so
 * check_latest_rows can be stricter.) */
static void
check_error_delivery (Model *m, const char *message)
{
  const char *tag = strstr (message, "fuzz error ");
  guint serial;
  gpointer sent;

  if (tag == NULL)
    return;
  serial = (guint) strtoul (tag + strlen ("fuzz error "), NULL, 10);
  CHECK (g_hash_table_lookup_extended (m->sent_at, GUINT_TO_POINTER (serial), NULL, &sent),
         "model %d: the error of fetch %u, never sent", m->index, serial);
  CHECK (!g_hash_table_contains (m->delivered, GUINT_TO_POINTER (serial)), "model %d: the error of fetch %u delivered twice", m->index, serial);
  for (guint i = 0; m->feed && i < m->reloads->len; i++)
    {
      Reload *reload = &g_array_index (m->reloads, Reload, i);

      if (reload->tick < (guint64) GPOINTER_TO_SIZE (sent))
        continue;
      CHECK (!reload->loading, "model %d: the error of fetch %u (sent at tick %" G_GUINT64_FORMAT ") delivered, superseded by a reload at tick %"
             G_GUINT64_FORMAT, m->index, serial, (guint64) GPOINTER_TO_SIZE (sent), reload->tick);
      break;
    }
  g_hash_table_add (m->delivered, GUINT_TO_POINTER (serial));
}

/* did-error. */
static void
on_error (GObject *model, const char *message, gpointer data)
{
  Probe *p = data;
  Model *m = p->model;

  (void) model;
  called (p);
  CHECK (message != NULL, "did-error with a NULL message");
  CHECK (g_str_has_prefix (message, "An Error Occurred\n\n"), "an error message without the prefix: %s", message);
  m->errors++;
  stats.errors++;
  CHECK (m->errors <= m->max_errors, "model %d: %u errors reported, %u failures made", m->index, m->errors, m->max_errors);
  check_error_delivery (m, message);
}

/* open-detail: a VctFeedPhoto. */
static void
on_open_detail (GObject *model, VctFeedPhoto *photo, gpointer data)
{
  Probe *p = data;

  (void) model;
  called (p);
  CHECK (VCT_IS_FEED_PHOTO (photo), "open-detail without a VctFeedPhoto");
  CHECK (vct_feed_photo_get_title (photo) != NULL && vct_feed_photo_get_description (photo) != NULL &&
         vct_feed_photo_get_url (photo) != NULL, "open-detail with a NULL string");
  p->model->details++;
  stats.details++;
  CHECK (p->model->details <= p->model->max_details, "model %d: %u open-detail reports, %u photo rows selected or pressed",
         p->model->index, p->model->details, p->model->max_details);
}

/* notify::state of the picker, read in the handler (as of its change). */
static void
on_picker_state (GObject *model, GParamSpec *pspec, gpointer data)
{
  VctSongPickerState state = vct_song_picker_model_get_state (VCT_SONG_PICKER_MODEL (model));

  (void) pspec;
  called (data);
  CHECK (state == VCT_SONG_PICKER_STATE_PICKING || state == VCT_SONG_PICKER_STATE_LISTENING || state == VCT_SONG_PICKER_STATE_FINISHED,
         "the picker reported state %d", state);
}

/* notify::title of the picker. */
static void
on_picker_title (GObject *model, GParamSpec *pspec, gpointer data)
{
  g_autofree char *title = vct_song_picker_model_dup_title (VCT_SONG_PICKER_MODEL (model));

  (void) pspec;
  called (data);
  CHECK (g_strcmp0 (title, "Pick meditation song") == 0 || g_strcmp0 (title, "Player") == 0, "the picker's title became \"%s\"", title);
}

/* dismiss. */
static void
on_dismiss (GObject *model, gpointer data)
{
  Probe *p = data;

  (void) model;
  called (p);
  p->model->dismisses++;
  CHECK (p->model->dismisses <= p->model->max_dismisses, "%u dismiss reports, %u backs while picking and sessions finished",
         p->model->dismisses, p->model->max_dismisses);
}

/* A slot's previous handler: notified now, or, replaced from inside itself, as it returns. */
static void
previous_ended (Probe *previous)
{
  if (reentering)
    g_ptr_array_add (due, previous);
  else
    check_notified (previous, "a replaced or disconnected handler");
}

/* The signal of each model handler slot, and its handler: a feed's five, the picker's six. */
static const struct
{
  const char *signal;
  GCallback   callback;
} feed_reports[N_MODEL_SLOTS - 1] = {
  { "notify::title", G_CALLBACK (on_feed_title) },
  { "notify::loading", G_CALLBACK (on_flag) },
  { "notify::list-hidden", G_CALLBACK (on_list_hidden) },
  { "did-error", G_CALLBACK (on_error) },
  { "open-detail", G_CALLBACK (on_open_detail) },
}, picker_reports[N_MODEL_SLOTS] = {
  { "notify::state", G_CALLBACK (on_picker_state) },
  { "notify::title", G_CALLBACK (on_picker_title) },
  { "notify::button-enabled", G_CALLBACK (on_flag) },
  { "dismiss", G_CALLBACK (on_dismiss) },
  { "did-error", G_CALLBACK (on_error) },
  { "notify::loading", G_CALLBACK (on_flag) },
};

/* Disconnects slot @slot's handler, if any (its notify runs now, or as it returns when
 * this runs from inside it), then, unless @clear, connects a new one (@armed: it replaces
 * itself from inside its next call). */
static void
set_model_slot (Model *m, int slot, gboolean clear, gboolean armed)
{
  Probe *previous = m->slots[slot];

  if (previous != NULL)
    {
      m->slots[slot] = NULL;
      g_signal_handler_disconnect (m->handle, m->handlers[slot]);
      m->handlers[slot] = 0;
      previous_ended (previous);
    }
  if (!clear)
    {
      Probe *p = probe_new (m, OWNER_MODEL);

      p->slot = slot;
      p->armed = armed;
      m->slots[slot] = p;
      if (m->feed)
        m->handlers[slot] = g_signal_connect_data (m->handle, feed_reports[slot].signal, feed_reports[slot].callback, p,
                                                   probe_closure_notify, 0);
      else
        m->handlers[slot] = g_signal_connect_data (m->handle, picker_reports[slot].signal, picker_reports[slot].callback, p,
                                                   probe_closure_notify, 0);
      CHECK (m->handlers[slot] != 0, "model %d: could not connect to %s", m->index,
             m->feed ? feed_reports[slot].signal : picker_reports[slot].signal);
    }
}

/* ------------------------------------------------------------------ list handlers */

/* A feed's rows carrying a fetch serial ("m1@7") come from a fetch sent after the last
 * reload as of the run that added them (latest wins). Checked at rest: inside a batch a
 * row object kept alive (by the mirror, a watcher, a ref) may show its old content until
 * the batch's runs are over. */
static void
check_latest_row (Model *m, VctRow *row, guint64 reload_at)
{
  const char *kind = vct_row_get_kind (row);
  g_autofree char *text = NULL;
  const char *tag;
  gpointer sent;
  guint serial;

  if (kind == NULL || (strcmp (kind, "MemberRowView") != 0 && strcmp (kind, "PhotoRowView") != 0))
    return;
  text = row_dup (row, strcmp (kind, "MemberRowView") == 0 ? "name" : "title");
  tag = text ? strchr (text, '@') : NULL;
  if (tag == NULL)
    return;
  serial = (guint) strtoul (tag + 1, NULL, 10);
  CHECK (g_hash_table_lookup_extended (m->sent_at, GUINT_TO_POINTER (serial), NULL, &sent),
         "model %d: a row of fetch %u, never sent", m->index, serial);
  CHECK ((guint64) GPOINTER_TO_SIZE (sent) > reload_at,
         "model %d: a row of fetch %u (sent at tick %" G_GUINT64_FORMAT ") added after a reload at tick %" G_GUINT64_FORMAT,
         m->index, serial, (guint64) GPOINTER_TO_SIZE (sent), reload_at);
  stats.added_checked++;
}

static void
check_added (Model *m)
{
  for (guint i = 0; i < m->added->len; i++)
    {
      Added *added = &g_array_index (m->added, Added, i);

      check_latest_row (m, added->row, added->reload_at);
      g_object_unref (added->row);
    }
  g_array_set_size (m->added, 0);
}

static void
mirror_clear (Model *m)
{
  if (m->mirror != NULL)
    g_ptr_array_set_size (m->mirror, 0);
  m->mirror_valid = FALSE;
}

/* The mirror starts from what the list shows now (between batches). */
static void
mirror_sync (Model *m)
{
  guint n;

  mirror_clear (m);
  if (m->list == NULL || m->list_slots[0] == NULL)
    return;
  n = n_items (m);
  for (guint i = 0; i < n; i++)
    {
      VctRow *row = item_at (m, i);

      CHECK (row != NULL, "model %d: no item %u below n-items %u", m->index, i, n);
      g_ptr_array_add (m->mirror, row);
    }
  m->mirror_valid = TRUE;
}

/* The items-changed handler keeping the mirror. */
static void
on_mirror_items_changed (GListModel *list, guint position, guint removed, guint added, gpointer data)
{
  Probe *p = data;
  Model *m = p->model;
  guint n;

  called (p);
  if (p->armed || g_atomic_int_get (&p->notified) || m->list_slots[0] != p || m->list != VCT_LIST_MODEL (list))
    return;   /* disconnected from inside itself just now, or the program let go of the list */
  n = g_list_model_get_n_items (list);
  CHECK (removed > 0 || added > 0, "model %d: an empty items-changed run at %u", m->index, position);
  /* "while each one is emitted the list reads as that run has left it" */
  CHECK (position + added <= n, "model %d: items-changed (%u, -%u, +%u) with %u items now", m->index, position, removed, added, n);
  if (m->mirror_valid)
    {
      CHECK (position + removed <= m->mirror->len, "model %d: items-changed (%u, -%u, +%u) on a copy of %u",
             m->index, position, removed, added, m->mirror->len);
      CHECK (n == m->mirror->len - removed + added, "model %d: items-changed (%u, -%u, +%u) on a copy of %u, the list has %u",
             m->index, position, removed, added, m->mirror->len, n);
      g_ptr_array_remove_range (m->mirror, position, removed);
    }
  for (guint i = 0; i < added; i++)
    {
      VctRow *row = g_list_model_get_item (list, position + i);

      CHECK (row != NULL, "model %d: items-changed (%u, -%u, +%u): no item %u", m->index, position, removed, added, position + i);
      if (m->feed)
        {
          Added entry = { g_object_ref (row), m->last_reload_at };
          g_array_append_val (m->added, entry);
        }
      if (m->mirror_valid)
        g_ptr_array_insert (m->mirror, (gint) (position + i), row);
      else
        g_object_unref (row);
    }
  if (trace)
    fprintf (stderr, "    model %d: items-changed (%u, -%u, +%u)\n", m->index, position, removed, added);
  stats.items_runs++;
}

/* Another items-changed handler: the run's range reads, its sections are in range. */
static void
on_items_changed (GListModel *list, guint position, guint removed, guint added, gpointer data)
{
  Probe *p = data;
  guint n, start = 0, end = 0;

  called (p);
  (void) removed;
  n = g_list_model_get_n_items (list);
  CHECK (position + added <= n, "model %d: items-changed (%u, -%u, +%u) with %u items now", p->model->index, position, removed, added, n);
  for (guint i = position; i < position + added; i++)
    {
      g_autoptr (VctRow) row = g_list_model_get_item (list, i);
      guint section = vct_list_model_get_section (VCT_LIST_MODEL (list), i, &start, &end);

      CHECK (row != NULL, "model %d: items-changed added item %u, no such item", p->model->index, i);
      CHECK (start <= i && i < end && end <= n && section < vct_list_model_get_n_sections (VCT_LIST_MODEL (list)),
             "model %d: inside a run, item %u is in section %u [%u, %u) of %u items", p->model->index, i, section, start, end, n);
    }
}

static void
on_n_items (GObject *list, GParamSpec *pspec, gpointer data)
{
  Probe *p = data;
  Model *m = p->model;
  guint n = 0;

  called (p);
  CHECK (strcmp (g_param_spec_get_name (pspec), "n-items") == 0, "notify::n-items for \"%s\"", g_param_spec_get_name (pspec));
  g_object_get (list, "n-items", &n, NULL);
  CHECK (n == g_list_model_get_n_items (G_LIST_MODEL (list)), "model %d: n-items %u, get_n_items %u", m->index, n,
         g_list_model_get_n_items (G_LIST_MODEL (list)));
  if (m->mirror_valid && m->list == VCT_LIST_MODEL (list) && m->list_slots[0] != NULL)
    CHECK (n == m->mirror->len, "model %d: notify::n-items %u, the runs give %u", m->index, n, m->mirror->len);
  stats.n_items_notifies++;
}

/* The list was finalized: its handlers' notifies run by the end of the step, and none of
 * them is called any more. */
static void
on_list_finalized (gpointer data, GObject *where)
{
  Model *m = data;

  if (m->list_object == (VctListModel *) where)
    m->list_object = NULL;
  for (guint i = 0; i < list_probes->len;)
    {
      Probe *p = g_ptr_array_index (list_probes, i);

      if (p->instance == (gpointer) where)
        {
          p->gone = TRUE;
          g_ptr_array_add (due, p);
          g_ptr_array_remove_index_fast (list_probes, i);
        }
      else
        i++;
    }
}

static void
set_list_slot (Model *m, int slot, gboolean clear, gboolean armed)
{
  Probe *previous = m->list_slots[slot];
  Probe *p = NULL;

  if (previous != NULL)
    {
      m->list_slots[slot] = NULL;
      g_signal_handler_disconnect (m->list, m->list_handlers[slot]);
      m->list_handlers[slot] = 0;
      g_ptr_array_remove_fast (list_probes, previous);
      previous_ended (previous);
    }
  if (!clear)
    {
      p = probe_new (m, OWNER_LIST);
      p->slot = slot;
      p->armed = armed && slot != 0;   /* the mirror's handler only goes when cleared */
      p->instance = m->list;
      g_ptr_array_add (list_probes, p);
      m->list_slots[slot] = p;
      if (slot == 1)
        m->list_handlers[slot] = g_signal_connect_data (m->list, "notify::n-items", G_CALLBACK (on_n_items), p, probe_closure_notify, 0);
      else
        m->list_handlers[slot] = g_signal_connect_data (m->list, "items-changed",
                                                        slot == 0 ? G_CALLBACK (on_mirror_items_changed) : G_CALLBACK (on_items_changed),
                                                        p, probe_closure_notify, 0);
    }
  if (slot == 0)
    mirror_sync (m);
}

static void unwatch (Watcher *w);
static void model_last_unref (Model *m);

/* One documented call from inside a running handler, once per armed probe: a row's
 * notify handler disconnects itself and drops its row (maybe its last reference), then
 * maybe reloads or drops the model; a list handler disconnects itself; a model handler
 * replaces itself (disconnects itself, connects a new one) and reloads. Its notify must not run while the function runs, and must
 * have run when the step ends ("as it returns"); it is never called again. */
static void
reenter (Probe *p)
{
  Model *m = p->model;

  if (!p->armed)
    return;
  p->armed = FALSE;
  reentering = TRUE;
  if (p->owner == OWNER_ROW)
    {
      Watcher *w = p->watcher;

      CHECK (w->probe == p, "an unwatched row's handler called");
      unwatch (w);
      if (p->how % 3 == 1 && m->handle != NULL)
        do_reload (m);
      else if (p->how % 3 == 2 && m->handle != NULL)
        model_last_unref (m);
    }
  else if (p->owner == OWNER_LIST)
    {
      CHECK (m->list_slots[p->slot] == p, "an ended list handler called");
      set_list_slot (m, p->slot, TRUE, FALSE);
    }
  else
    {
      set_model_slot (m, p->slot, FALSE, FALSE);
      do_reload (m);
    }
  reentering = FALSE;
  CHECK (!g_atomic_int_get (&p->notified), "model %d: a notify ran while its function was running", m->index);
  if (p->owner != OWNER_ROW)
    g_ptr_array_add (due, p);
  stats.reentries++;
}

static void
check_due (void)
{
  for (guint i = 0; i < due->len; i++)
    check_notified (g_ptr_array_index (due, i), "a handler ended from inside itself, once it returned");
  g_ptr_array_set_size (due, 0);
}

/* A watched row's notify handler. */
static void
on_row_notify (GObject *object, GParamSpec *pspec, gpointer data)
{
  Probe *p = data;
  VctRow *row = VCT_ROW (object);
  const char *property = g_param_spec_get_name (pspec);
  const char *kind;
  gboolean armed = p->armed;

  p->armed = FALSE;
  called (p);
  p->armed = armed;
  CHECK (p->watcher != NULL && p->watcher->probe == p && p->watcher->row == row, "a notify for a row not watched by the handler");
  kind = vct_row_get_kind (row);
  stats.watch_changes++;
  CHECK (g_object_class_find_property (G_OBJECT_GET_CLASS (object), property) == pspec ||
         g_object_class_find_property (G_OBJECT_GET_CLASS (object), property) != NULL,
         "a notify of \"%s\", not a property of the %s", property, kind);
  /* In place, a member row changes only its follow state, a song row its mode; a new
   * document may change any content of a row whose identity stays (a member's new avatar,
   * a song's new title: "reported as notify on that object"). */
  if (g_strcmp0 (kind, "MemberRowView") == 0)
    CHECK (in_list (property, follow_properties) || (p->model->documents > p->documents && in_list (property, member_properties)),
           "a member row's \"%s\" changed, no document since it was watched", property);
  else if (g_strcmp0 (kind, "SongRowView") == 0)
    CHECK (strcmp (property, "mode") == 0 || (p->model->documents > p->documents && in_list (property, song_properties)),
           "a song row's \"%s\" changed, no document since it was watched", property);
  else
    CHECK (p->model->documents > p->documents && g_object_class_find_property (G_OBJECT_GET_CLASS (object), property) != NULL,
           "a %s's \"%s\" changed, no document since it was watched", kind, property);
  /* "every change is seen in order with its own values": two notifies of the state to
   * one handler carry different values. */
  if (strcmp (property, "follow-state") == 0)
    {
      VctFollowState state = 0;

      g_object_get (row, "follow-state", &state, NULL);
      if (trace)
        fprintf (stderr, "    watcher %d (%p): follow-state %s\n", (int) (p->watcher - watchers), (void *) row, follow_state_name (state));
      CHECK ((gint) state != p->last_state, "two notifies of follow-state to %s in a row", follow_state_name (state));
      p->last_state = (gint) state;
    }
  else if (strcmp (property, "mode") == 0)
    {
      char *value = row_dup (row, "mode");

      CHECK (g_strcmp0 (value, p->last) != 0, "two notifies of mode to \"%s\" in a row", value);
      g_free (p->last);
      p->last = value;
    }
  check_row (p->model, row, FALSE, TRUE);
  if (p->armed)
    reenter (p);   /* the last thing: the row may go */
}

/* Holds @row (a new reference is taken) with a notify handler, in watcher @i. */
static void
watch (Model *m, guint i, VctRow *row, gboolean armed, guint how)
{
  Watcher *w = &watchers[i];
  Probe *p;

  if (w->row != NULL)
    unwatch (w);
  p = probe_new (m, OWNER_ROW);
  p->watcher = w;
  p->armed = armed;
  p->how = how;
  p->documents = m->documents_shown;   /* one completed but not delivered yet may still change it */
  /* No last value yet: a change delivered after the watch starts may be one made before
   * it (the row read the newest value then), so the first notify may repeat it. */
  w->row = g_object_ref (row);
  w->probe = p;
  w->model = m;
  w->handler = g_signal_connect_data (row, "notify", G_CALLBACK (on_row_notify), p, probe_closure_notify, 0);
  stats.watches++;
}

/* Disconnects the handler (its notify runs now, or as the handler returns when called from
 * inside it) and drops the row. */
static void
unwatch (Watcher *w)
{
  Watcher gone = *w;

  memset (w, 0, sizeof *w);
  g_signal_handler_disconnect (gone.row, gone.handler);
  if (reentering)
    g_ptr_array_add (due, gone.probe);
  else
    check_notified (gone.probe, "an unwatched row's handler");
  g_object_unref (gone.row);
}

/* ------------------------------------------------------------------ the custom services */

static void
check_service_call (Service *sd)
{
  CHECK (g_thread_self () == main_thread, "a service function off the service's context thread");
  CHECK (!g_atomic_int_get (&sd->notified), "model %d: a service function called after the service's notify", sd->model->index);
}

static Follows *
follows_of (Model *m, gint64 member)
{
  Follows *f = g_hash_table_lookup (m->follow_counts, GSIZE_TO_POINTER ((gsize) member));

  if (f == NULL)
    {
      f = g_new0 (Follows, 1);
      g_hash_table_insert (m->follow_counts, GSIZE_TO_POINTER ((gsize) member), f);
    }
  return f;
}

static void
get_document (VctApiRequest *request, gpointer data)
{
  Service *sd = data;
  Model *m = sd->model;
  Pending *pending = g_new0 (Pending, 1);

  check_service_call (sd);
  pending->request = request;
  pending->serial = ++m->serials;
  g_hash_table_insert (m->sent_at, GUINT_TO_POINTER (pending->serial), GSIZE_TO_POINTER ((gsize) ++tick));
  g_queue_push_tail (&m->fetches, pending);
}

static void
follow_member (VctApiRequest *request, gint64 member, gpointer data)
{
  Service *sd = data;
  Model *m = sd->model;
  Pending *pending = g_new0 (Pending, 1);
  Follows *f;

  check_service_call (sd);
  m->follow_expected = FALSE;
  f = follows_of (m, member);
  f->sent++;
  CHECK (f->sent - f->completed == 1, "model %d: a second follow request for member %" G_GINT64_FORMAT " while one is in flight",
         m->index, member);
  CHECK (f->sent <= f->eligible + m->unknown_eligible,
         "model %d: follow request %u for member %" G_GINT64_FORMAT " after %u presses that could start one",
         m->index, f->sent, member, f->eligible + m->unknown_eligible);
  stats.follows_sent++;
  pending->request = request;
  pending->member = member;
  g_queue_push_tail (&m->follows, pending);
}

static void
service_notify (gpointer data)
{
  Service *sd = data;
  CHECK (g_atomic_int_add (&sd->notified, 1) == 0, "a service's notify ran twice");
  g_main_context_wakeup (NULL);
}


static void
complete_later (Completion *c)
{
  g_atomic_int_inc (&completions_in_flight);
  g_thread_pool_push (workers, c, NULL);
}

/* ------------------------------------------------------------------ documents */

static guint32
rng_next (guint32 *state)
{
  guint32 x = *state;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return *state = x;
}

/* Members (ids 1–4, so reloads meet them again) and photos over three days, sometimes an
 * entry of a type this version skips; names and titles carry the fetch's serial when
 * @seed's top bit is set. */
static char *
feed_document (guint serial, guint seed)
{
  guint32 r = ((seed + 1) * 2654435761u) ^ (serial * 40503u) ^ 0x9e3779b9u;
  GString *json = g_string_new ("[");
  guint n = rng_next (&r) % 6;

  for (guint i = 0; i < n; i++)
    {
      guint kind = rng_next (&r) % 8;
      guint day = 18 + rng_next (&r) % 3;
      guint hour = rng_next (&r) % 24;
      guint id = rng_next (&r);
      g_autofree char *tag = seed & 0x80 ? g_strdup_printf ("@%u", serial) : g_strdup ("");
      g_autofree char *date = rng_next (&r) % 5 == 0 ? g_strdup_printf ("2026-11-%02uT%02u:30:00+01:00", day, hour)
                                                     : g_strdup_printf ("2026-11-%02uT%02u:%02u:00Z", day, hour, id % 60);

      if (i > 0)
        g_string_append (json, ", ");
      if (kind < 4)
        {
          guint following = rng_next (&r) % 3;
          g_string_append_printf (json, "{\"type\": \"member\", \"id\": %u, \"name\": \"m%u%s\", \"avatarUrl\": \"a%u\", \"date\": \"%s\"%s}",
                                  1 + id % 4, 1 + id % 4, tag, id % 7, date,
                                  following == 0 ? ", \"following\": true" : following == 1 ? ", \"following\": false" : "");
        }
      else if (kind < 7)
        g_string_append_printf (json, "{\"type\": \"photo\", \"id\": %u, \"title\": \"p%u%s\", \"description\": \"d%u\", \"imageUrl\": \"i\", \"date\": \"%s\"}",
                                1 + id % 5, 1 + id % 5, tag, id % 3, date);
      else
        g_string_append_printf (json, "{\"type\": \"place\", \"id\": 9, \"name\": \"x\", \"date\": \"%s\"}", date);
    }
  g_string_append (json, "]");
  return g_string_free (json, FALSE);
}

/* Up to five of the songs 1–8 in some order (each id once), sometimes retitled. */
static char *
song_document (guint serial, guint seed)
{
  guint32 r = ((seed + 1) * 2654435761u) ^ (serial * 40503u) ^ 0x7f4a7c15u;
  guint ids[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
  GString *json = g_string_new ("[");
  guint n = rng_next (&r) % 6;

  for (guint i = 7; i > 0; i--)
    {
      guint j = rng_next (&r) % (i + 1), t = ids[i];
      ids[i] = ids[j];
      ids[j] = t;
    }
  for (guint i = 0; i < n; i++)
    g_string_append_printf (json, "%s{\"id\": %u, \"title\": \"s%u%s\", \"subtitle\": \"x\", \"duration\": %u}", i ? ", " : "",
                            ids[i], ids[i], rng_next (&r) % 4 == 0 ? "b" : "", rng_next (&r) % 700);
  g_string_append (json, "]");
  return g_string_free (json, FALSE);
}

/* A document that must fail: a missing or mistyped field, a bad date, not an array, empty. */
static char *
broken_document (gboolean feed, guint seed)
{
  static const char *const feeds[] = {
    "[{\"type\": \"member\", \"id\": 1, \"avatarUrl\": \"a\", \"date\": \"2026-11-20T10:00:00Z\"}]",
    "[{\"type\": \"photo\", \"id\": 1, \"title\": \"p\", \"description\": \"d\", \"imageUrl\": \"i\", \"date\": \"yesterday\"}]",
    "[{\"type\": \"member\", \"id\": \"1\", \"name\": \"m\", \"avatarUrl\": \"a\", \"date\": \"2026-11-20T10:00:00Z\"}]",
    "[{\"date\": \"2026-11-20T10:00:00Z\"}]",
    "{}", "[1]", "",
  };
  static const char *const songs[] = {
    "[{\"id\": 1, \"title\": \"s\", \"subtitle\": \"x\", \"duration\": -5}]",
    "[{\"id\": 1, \"subtitle\": \"x\", \"duration\": 5}]",
    "[{\"id\": 1.5, \"title\": \"s\", \"subtitle\": \"x\", \"duration\": 5}]",
    "{}", "[null]", "",
  };
  return g_strdup (feed ? feeds[seed % G_N_ELEMENTS (feeds)] : songs[seed % G_N_ELEMENTS (songs)]);
}

/* Takes the oldest fetch of @m and makes its completion (@how: 0 a document, 1 an error,
 * 2 garbage, 3 a broken document). */
static Completion *
take_fetch (Model *m, guint how, guint seed, const uint8_t *bytes, size_t length)
{
  Pending *pending = g_queue_pop_head (&m->fetches);
  Completion *c;

  if (pending == NULL)
    return NULL;
  c = g_new0 (Completion, 1);
  c->request = pending->request;
  switch (how % 4)
    {
    case 0:
      c->json = m->feed ? feed_document (pending->serial, seed) : song_document (pending->serial, seed);
      m->documents++;
      if (trace)
        fprintf (stderr, "  fetch %u: %s\n", pending->serial, c->json);
      break;
    case 1:
      c->error = g_error_new (how & 4 ? VCT_ERROR : G_IO_ERROR, (gint) (seed % 14), "fuzz error %u", pending->serial);
      m->max_errors++;
      break;
    case 2:
      /* Garbage never carries a serial tag. */
      c->json = g_strndup ((const char *) bytes, MIN (length, 32));
      g_strdelimit (c->json, "@", '_');
      m->max_errors++;
      break;
    default:
      c->json = broken_document (m->feed, seed);
      m->max_errors++;
      break;
    }
  g_free (pending);
  return c;
}

/* Takes the oldest follow of @m: success (any JSON) or an error. */
static Completion *
take_follow (Model *m, guint how)
{
  Pending *pending = g_queue_pop_head (&m->follows);
  Completion *c;

  if (pending == NULL)
    return NULL;
  follows_of (m, pending->member)->completed++;
  c = g_new0 (Completion, 1);
  c->request = pending->request;
  if (how % 2)
    {
      c->error = g_error_new (VCT_ERROR, VCT_ERROR_HTTP_STATUS, "fuzz follow error %" G_GINT64_FORMAT, pending->member);
      m->max_errors++;
    }
  else
    c->json = g_strdup (how & 2 ? "{}" : "null");
  g_free (pending);
  return c;
}

static void
complete_all (Model *m)
{
  Completion *c;

  while ((c = take_fetch (m, 0, 0, NULL, 0)) != NULL)
    fuzz_completion_complete (c);
  while ((c = take_follow (m, 0)) != NULL)
    fuzz_completion_complete (c);
}

static void
iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static gboolean
is_loading (Model *m)
{
  return m->handle != NULL && (m->feed ? vct_feed_model_is_loading (m->handle) : vct_song_picker_model_is_loading (m->handle));
}

/* Reloads @m (safe anywhere, from inside a handler too), remembering whether a reload
 * was in flight then: that one is superseded. */
static void
do_reload (Model *m)
{
  /* Inside a notify::loading handler of @m the getter answers as of the change being
   * notified (CScreen.current: the rule vct_feed_model_dup_title documents for the title
   * holds for every property of a screen): whether a reload was in flight cannot be read
   * there, so that reload counts as not superseding one (the lenient answer). From the
   * reload call on, the getters answer the latest values (CScreen.acting), so the flag
   * after the call is checked everywhere. */
  gboolean as_of = m->in_loading_notify > 0;
  Reload reload = { ++tick, !as_of && is_loading (m) };

  m->last_reload_at = reload.tick;
  g_array_append_val (m->reloads, reload);
  if (m->feed)
    vct_feed_model_reload (m->handle);
  else
    vct_song_picker_model_reload (m->handle);
  /* "whether a reload is in flight" */
  if (as_of)
    stats.reloads_as_of++;
  CHECK (is_loading (m), "model %d: not loading after a reload call", m->index);
}

/* Runs the loop until a fetch (@follow: a follow) of @m is there to complete, while one is
 * coming (a screen loading with none queued: its request is a hop away, or its document
 * is being decoded; a member pressed while normal), at most 100 ms. */
static void
await_request (Model *m, gboolean follow)
{
  gint64 deadline = g_get_monotonic_time () + 100 * 1000;
  GQueue *queue = follow ? &m->follows : &m->fetches;

  iterate ();
  while (g_queue_is_empty (queue) && (follow ? m->follow_expected : is_loading (m)) && g_get_monotonic_time () < deadline)
    {
      g_usleep (100);
      iterate ();
    }
  if (follow)
    m->follow_expected = FALSE;
}

/* Runs the loop until the workers are done and no screen waits for a delivery (loading
 * with no fetch left to complete), at most 100 ms. Only gives deliveries time: no check
 * depends on it. */
static void
settle (void)
{
  gint64 start = g_get_monotonic_time ();
  gboolean busy = TRUE;

  while (busy && g_get_monotonic_time () < start + 100 * 1000)
    {
      iterate ();
      busy = g_atomic_int_get (&completions_in_flight) > 0;
      for (int i = 0; i < N_MODELS; i++)
        {
          Model *m = &models[i];

          if (m->handle == NULL)
            continue;
          if (g_queue_is_empty (&m->fetches) && is_loading (m))
            busy = TRUE;
        }
      if (busy)
        g_usleep (200);
    }
  iterate ();
}

/* ------------------------------------------------------------------ invariants */

/* The song rows once the loop is idle: their modes agree with the state. */
static void
check_songs (Model *m)
{
  VctSongPickerState state = vct_song_picker_model_get_state (m->handle);
  guint n = n_items (m);
  guint selected = 0, unselected = 0, playable = 0, playing = 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (VctRow) row = item_at (m, i);
      g_autofree char *mode = row_dup (row, "mode");
      selected += g_strcmp0 (mode, "selected") == 0;
      unselected += g_strcmp0 (mode, "unselected") == 0;
      playable += g_strcmp0 (mode, "playable") == 0;
      playing += g_strcmp0 (mode, "playing") == 0;
    }
  stats.songs_checked += n > 0;
  stats.listening += state == VCT_SONG_PICKER_STATE_LISTENING;
  stats.finished += state == VCT_SONG_PICKER_STATE_FINISHED;
  switch (state)
    {
    case VCT_SONG_PICKER_STATE_PICKING:
      CHECK (playable == 0 && playing == 0, "picking with %u playable and %u playing rows", playable, playing);
      CHECK (vct_song_picker_model_is_button_enabled (m->handle) == (selected > 0),
             "picking with %u selected rows and the button %s", selected, selected ? "disabled" : "enabled");
      break;
    case VCT_SONG_PICKER_STATE_LISTENING:
      /* start "hides the unselected ones"; one song plays (next, previous, finish_song move it) */
      CHECK (unselected == 0 && playing == 1, "listening with %u unselected and %u playing rows", unselected, playing);
      break;
    default:
      /* next or finish_song after the last song: nothing plays */
      CHECK (playing == 0, "finished with %u playing rows", playing);
      break;
    }
}

/* What the list shows, between batches: the mirror is the list (the same objects), the
 * sections partition it, a header starts its section, a feed's day sections newest
 * first, the picker's one section, every row valid, the rows added by the runs from the
 * latest fetch. */
static void
check_list (Model *m, gboolean idle)
{
  VctListModel *list = m->list;
  guint n = n_items (m), sections = vct_list_model_get_n_sections (list), expected_section = 0, end = 0, start = 0;
  g_autofree char *previous_day = NULL;
  guint64 n_property = 0;
  guint n_prop = 0;

  g_object_get (list, "n-items", &n_prop, NULL);
  n_property = n_prop;
  CHECK (n_property == n, "model %d: n-items %u, get_n_items %u", m->index, n_prop, n);
  if (!m->feed)
    CHECK (sections == 1, "the song picker's list has %u sections", sections);
  stats.mirror_checks += m->mirror_valid;
  if (m->mirror_valid)
    CHECK (m->mirror->len == n, "model %d: the change runs give %u items, the list %u", m->index, m->mirror->len, n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (VctRow) row = item_at (m, i);
      guint section, s_start = 0, s_end = 0;

      CHECK (row != NULL, "model %d: no item %u below n-items %u", m->index, i, n);
      if (m->mirror_valid && row != g_ptr_array_index (m->mirror, i))
        {
          /* Known library limitation (see the report and Tests/C/test-list-model.c,
           * /list-model/duplicate-ids): rows of one identity in one section with different
           * content share a cache entry; inside a run the shared object is handed out, at
           * rest another one. Only the identity is compared for those. */
          VctRow *held = g_ptr_array_index (m->mirror, i);
          g_autofree char *key = row_identity (row);
          g_autofree char *held_key = row_identity (held);
          guint s_start = 0, s_end = 0, twins = 0;

          vct_list_model_get_section (list, i, &s_start, &s_end);
          for (guint k = s_start; k < s_end && key != NULL; k++)
            {
              g_autoptr (VctRow) other = item_at (m, k);
              g_autofree char *other_key = row_identity (other);

              twins += g_strcmp0 (other_key, key) == 0;
            }
          CHECK (key != NULL && g_strcmp0 (key, held_key) == 0 && twins >= 2,
                 "model %d: item %u is another object than the runs left there (%s, %s), its identity %s once in its section",
                 m->index, i, key ? key : vct_row_get_kind (row), held_key ? held_key : vct_row_get_kind (held), twins >= 2 ? "more than" : "only");
          stats.duplicate_exemptions++;
        }
      check_row (m, row, idle, FALSE);
      section = vct_list_model_get_section (list, i, &s_start, &s_end);
      if (i == end)
        {
          /* a new section starts here */
          CHECK (s_start == i && s_end > i && section == expected_section,
                 "model %d: item %u starts section %u [%u, %u), expected section %u", m->index, i, section, s_start, s_end, expected_section);
          start = s_start;
          end = s_end;
          expected_section++;
          if (m->feed)
            {
              g_autofree char *day = row_dup (row, "title");

              CHECK (vct_row_get_role (row) == VCT_ROW_ROLE_HEADER && g_strcmp0 (vct_row_get_kind (row), "DayHeaderView") == 0,
                     "model %d: section %u starts with a %s, role %d", m->index, section, vct_row_get_kind (row), vct_row_get_role (row));
              CHECK (previous_day == NULL || strcmp (previous_day, day) > 0, "model %d: day %s after day %s (newest first)", m->index, day, previous_day);
              CHECK (s_end - s_start >= 2, "model %d: the section of day %s has no row", m->index, day);
              g_free (previous_day);
              previous_day = g_strdup (day);
            }
        }
      else
        {
          CHECK (s_start == start && s_end == end && section == expected_section - 1,
                 "model %d: item %u in section %u [%u, %u), expected section %u [%u, %u)", m->index, i, section, s_start, s_end,
                 expected_section - 1, start, end);
          CHECK (vct_row_get_role (row) != VCT_ROW_ROLE_HEADER, "model %d: a header at %u, inside its section [%u, %u)", m->index, i, start, end);
        }
      CHECK (vct_row_get_role (row) != VCT_ROW_ROLE_FOOTER || i + 1 == end, "model %d: a footer at %u, not last of [%u, %u)", m->index, i, start, end);
    }
  CHECK (end == n, "model %d: the last section ends at %u of %u", m->index, end, n);
  if (n > 0 || m->feed)
    CHECK (expected_section == sections, "model %d: %u sections by get_section, get_n_sections %u", m->index, expected_section, sections);
  {
    guint s_start = 0, s_end = 0;
    guint section = vct_list_model_get_section (list, n, &s_start, &s_end);

    CHECK (section == sections && s_start == n && s_end == n, "model %d: get_section past the end: %u [%u, %u) with %u items, %u sections",
           m->index, section, s_start, s_end, n, sections);
  }
  CHECK (g_list_model_get_item (G_LIST_MODEL (list), n) == NULL, "model %d: an item past the end", m->index);
  CHECK (g_list_model_get_item (G_LIST_MODEL (list), n + 1000) == NULL, "model %d: an item far past the end", m->index);
  check_added (m);
  if (!m->feed && idle && m->handle != NULL)
    check_songs (m);
}

static void
check_screen (Model *m)
{
  if (m->feed)
    {
      g_autofree char *title = vct_feed_model_dup_title (m->handle);
      gboolean hidden = vct_feed_model_is_list_hidden (m->handle);

      gboolean loading = vct_feed_model_is_loading (m->handle);

      CHECK (g_strcmp0 (title, "Loading...") == 0 || g_strcmp0 (title, "Your Feeds") == 0, "the feed is titled \"%s\"", title);
      CHECK (!loading || strcmp (title, "Loading...") == 0, "model %d: a reload in flight, titled \"%s\"", m->index, title);
      CHECK (loading || !m->loaded || strcmp (title, "Your Feeds") == 0, "model %d: no reload in flight after a load, titled \"%s\"",
             m->index, title);
      CHECK (!m->shown || !hidden, "model %d: the list was hidden again", m->index);
      m->loaded = m->loaded || strcmp (title, "Your Feeds") == 0;
      m->shown = !hidden;
    }
  else
    {
      VctSongPickerState state = vct_song_picker_model_get_state (m->handle);
      g_autofree char *title = vct_song_picker_model_dup_title (m->handle);

      CHECK (state == VCT_SONG_PICKER_STATE_PICKING || state == VCT_SONG_PICKER_STATE_LISTENING || state == VCT_SONG_PICKER_STATE_FINISHED,
             "the picker is in state %d", state);
      CHECK (g_strcmp0 (title, "Pick meditation song") == 0 || g_strcmp0 (title, "Player") == 0, "the picker is titled \"%s\"", title);
      if (state != VCT_SONG_PICKER_STATE_FINISHED)
        CHECK (g_strcmp0 (title, state == VCT_SONG_PICKER_STATE_PICKING ? "Pick meditation song" : "Player") == 0,
               "the picker in state %d is titled \"%s\"", state, title);
      CHECK (g_strcmp0 (vct_song_picker_model_get_button_title (m->handle), "START MEDITATION SESSION") == 0, "the button's title");
    }
}

static void
check_models (gboolean idle)
{
  for (int i = 0; i < N_MODELS; i++)
    {
      Model *m = &models[i];

      if (!m->in_use)
        continue;
      if (m->handle != NULL || m->service_ref != NULL)
        CHECK (!g_atomic_int_get (&m->service->notified), "model %d: the service's notify ran while %s held it", m->index,
               m->handle ? "the model" : "the program");
      if (m->list != NULL)
        check_list (m, idle);
      if (m->handle != NULL)
        check_screen (m);
      if (m->handle != NULL && !is_loading (m) && g_atomic_int_get (&completions_in_flight) == 0)
        m->documents_shown = m->documents;
    }
}

/* ------------------------------------------------------------------ models */

static void
model_new (Model *m, int index)
{
  memset (m, 0, sizeof *m);
  m->index = index;
  m->feed = index != PICKER;
  m->in_use = TRUE;
  m->service = g_new0 (Service, 1);
  m->service->model = m;
  g_ptr_array_add (services, m->service);
  m->sent_at = g_hash_table_new (NULL, NULL);
  m->delivered = g_hash_table_new (NULL, NULL);
  m->follow_counts = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  m->mirror = g_ptr_array_new_with_free_func (g_object_unref);
  m->added = g_array_new (FALSE, TRUE, sizeof (Added));
  m->reloads = g_array_new (FALSE, TRUE, sizeof (Reload));
  g_queue_init (&m->fetches);
  g_queue_init (&m->follows);
  if (m->feed)
    {
      g_autofree char *title = NULL;

      m->service_ref = vct_feed_service_new_custom (get_document, follow_member, m->service, service_notify);
      m->handle = vct_feed_model_new (m->service_ref);
      m->list = vct_feed_model_get_list (m->handle);
      title = vct_feed_model_dup_title (m->handle);
      CHECK (g_strcmp0 (title, "Loading...") == 0 && vct_feed_model_is_list_hidden (m->handle), "a new feed is not loading and hidden");
      CHECK (vct_list_model_get_n_sections (m->list) == 0 && n_items (m) == 0, "a new feed has sections");
    }
  else
    {
      m->service_ref = vct_song_service_new_custom (get_document, m->service, service_notify);
      m->handle = vct_song_picker_model_new (m->service_ref);
      m->list = vct_song_picker_model_get_list (m->handle);
      CHECK (vct_song_picker_model_get_state (m->handle) == VCT_SONG_PICKER_STATE_PICKING, "a new picker is not picking");
      CHECK (!vct_song_picker_model_is_loading (m->handle), "a new picker is loading");
      CHECK (!vct_song_picker_model_is_button_enabled (m->handle), "a new picker's button is enabled");
      CHECK (vct_list_model_get_n_sections (m->list) == 1 && n_items (m) == 0, "a new picker shows songs");
    }
  for (int slot = 0; slot < (m->feed ? N_MODEL_SLOTS - 1 : N_MODEL_SLOTS); slot++)
    set_model_slot (m, slot, FALSE, FALSE);
  m->list_object = m->list;
  g_object_weak_ref (G_OBJECT (m->list), on_list_finalized, m);
  CHECK (G_IS_LIST_MODEL (m->list) && g_list_model_get_item_type (G_LIST_MODEL (m->list)) == VCT_TYPE_ROW, "the list is not a GListModel of rows");
  for (int slot = 0; slot < N_LIST_SLOTS; slot++)
    set_list_slot (m, slot, FALSE, FALSE);
}

/* The program lets go of the list (the model and the program's reference are gone): the
 * mirror and the slots go; the handlers stay connected until the list's finalization
 * (on_list_finalized checks their notifies then). */
static void
list_let_go (Model *m)
{
  m->list = NULL;
  mirror_clear (m);
  for (int i = 0; i < N_LIST_SLOTS; i++)
    m->list_slots[i] = NULL;
}

static void
model_last_unref (Model *m)
{
  gpointer handle = g_steal_pointer (&m->handle);
  gboolean list_goes = !m->list_ref;

  if (list_goes)
    list_let_go (m);
  g_object_unref (handle);
  /* "The last unref finalizes it at once: its signal handlers are disconnected (their
   * destroy notifies have run) when it returns." */
  for (int i = 0; i < N_MODEL_SLOTS; i++)
    {
      check_notified (m->slots[i], "a model handler after the model's last unref");
      m->slots[i] = NULL;
      m->handlers[i] = 0;
    }
}

static void
drop_list_ref (Model *m)
{
  VctListModel *list = m->list;

  m->list_ref = FALSE;
  if (m->handle == NULL)
    list_let_go (m);
  g_object_unref (list);
}

static void
drop_service_ref (Model *m)
{
  g_clear_object (&m->service_ref);
}

/* Lets go of everything of @m's (watchers, rows, list, model, service), completes its
 * requests, and waits for the service's notify and the list's finalization: then the slot
 * is free again. */
static void
model_finish (Model *m)
{
  gint64 deadline;

  if (!m->in_use)
    return;
  for (int i = 0; i < N_WATCHERS; i++)
    if (watchers[i].row != NULL && watchers[i].model == m)
      unwatch (&watchers[i]);
  for (int i = 0; i < N_ROW_REFS; i++)
    if (row_refs[i].row != NULL && row_refs[i].model == m)
      {
        g_object_unref (row_refs[i].row);
        memset (&row_refs[i], 0, sizeof row_refs[i]);
      }
  check_added (m);
  if (m->list_ref)
    drop_list_ref (m);
  if (m->handle != NULL)
    model_last_unref (m);
  if (m->service_ref != NULL)
    drop_service_ref (m);
  /* Follows still running hold the service: complete whatever arrives until it goes. */
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (!g_atomic_int_get (&m->service->notified) || m->list_object != NULL)
    {
      CHECK (g_get_monotonic_time () < deadline, "model %d: the service's notify never ran, or the list never went, after every owner let go",
             m->index);
      complete_all (m);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (100);
    }
  complete_all (m);
  check_added (m);
  g_hash_table_unref (m->sent_at);
  g_hash_table_unref (m->delivered);
  g_hash_table_unref (m->follow_counts);
  g_ptr_array_unref (m->mirror);
  g_array_unref (m->added);
  g_array_unref (m->reloads);
  memset (m, 0, sizeof *m);
}

/* ------------------------------------------------------------------ operations */

static guint
next_byte (const uint8_t *data, size_t size, size_t *at)
{
  return *at < size ? data[(*at)++] : 0;
}

/* A flat position from @b: mostly one in range, with the top bit anything. */
static gboolean
pick_position (Model *m, guint b, guint *position)
{
  guint n = n_items (m);

  if (b & 0x80 || n == 0)
    *position = b & 0x7f;
  else
    *position = b % n;
  return *position < n;
}

/* Counts a press or a selection that may start a follow or open a photo. */
static void
account_row (Model *m, VctRow *row, gboolean press)
{
  const char *kind = vct_row_get_kind (row);

  if (!m->feed || kind == NULL)
    return;
  if (strcmp (kind, "PhotoRowView") == 0)
    m->max_details++;
  else if (press && strcmp (kind, "MemberRowView") == 0)
    {
      g_autofree char *name = row_dup (row, "name");
      VctFollowState state = 0;
      char *end = NULL;
      gint64 member = name && name[0] == 'm' ? g_ascii_strtoll (name + 1, &end, 10) : 0;

      g_object_get (row, "follow-state", &state, NULL);
      if (end == NULL || end == name + 1 || (*end != '\0' && *end != '@'))
        m->unknown_eligible++;
      else
        {
          Follows *f = follows_of (m, member);
          if (state == VCT_FOLLOW_STATE_NORMAL || (state == VCT_FOLLOW_STATE_LOADING && f->sent == f->completed))
            f->eligible++;
          if (state == VCT_FOLLOW_STATE_NORMAL)
            m->follow_expected = TRUE;
          stats.follow_checks++;
        }
    }
}

/* A command's effects are reported later on the context thread: runs the loop, and says
 * whether nothing but the command can have changed the rows meanwhile (no worker was
 * completing a request). */
static gboolean
settled_after_command (void)
{
  gboolean quiet = g_atomic_int_get (&completions_in_flight) == 0;

  iterate ();
  return quiet && g_atomic_int_get (&completions_in_flight) == 0;
}

static void
op_press_or_select (Model *m, guint b, gboolean press, gboolean idle)
{
  guint position;
  gboolean expected = pick_position (m, b, &position);
  g_autoptr (VctRow) row = item_at (m, position);
  g_autofree char *mode = NULL;
  VctSongPickerState state = VCT_SONG_PICKER_STATE_PICKING;
  gboolean quiet = g_atomic_int_get (&completions_in_flight) == 0;

  CHECK ((row != NULL) == expected, "model %d: get_item (%u) gave %p with %u items", m->index, position, (void *) row, n_items (m));
  if (row == NULL)
    return;
  account_row (m, row, press);
  if (!m->feed && m->handle != NULL)
    {
      mode = row_dup (row, "mode");
      state = vct_song_picker_model_get_state (m->handle);
    }
  if (press)
    vct_row_press (row);
  else
    vct_row_select (row);
  /* The picker, idle (the row object is the song's row while it stays): selecting toggles
   * it while picking, plays a playable song while listening. */
  if (mode != NULL && !press && idle && quiet && !is_loading (m) && settled_after_command ())
    {
      g_autofree char *after = row_dup (row, "mode");

      if (state == VCT_SONG_PICKER_STATE_PICKING)
        CHECK (g_strcmp0 (after, strcmp (mode, "selected") == 0 ? "unselected" : "selected") == 0,
               "selecting a song in mode \"%s\" while picking left it \"%s\"", mode, after);
      else if (state == VCT_SONG_PICKER_STATE_LISTENING && strcmp (mode, "playable") == 0)
        CHECK (g_strcmp0 (after, "playing") == 0, "selecting a playable song while listening left it \"%s\"", after);
      stats.song_ops_checked++;
    }
}

/* The picker's row playing now (idle), or -1; its count in @n. */
static int
playing_index (Model *m, guint *n)
{
  *n = n_items (m);
  for (guint i = 0; i < *n; i++)
    {
      g_autoptr (VctRow) row = item_at (m, i);

      if (row_string_is (row, "mode", "playing"))
        return (int) i;
    }
  return -1;
}

static void
check_playing (Model *m, int index, const char *what)
{
  g_autoptr (VctRow) row = item_at (m, (guint) index);
  CHECK (row != NULL && row_string_is (row, "mode", "playing"), "after %s, song %d is not playing", what, index);
}

/* start, next, previous, finish_song, back: @op 0–4. */
static void
op_song (Model *m, int op, gboolean idle)
{
  VctSongPickerState state = vct_song_picker_model_get_state (m->handle);
  gboolean listening = state == VCT_SONG_PICKER_STATE_LISTENING;
  guint n = 0;
  /* Positions are only checked with no reload of the picker in flight: its delivery may
   * come while the command settles, and an insert at the top moves the playing song. */
  int playing = idle && listening && !is_loading (m) ? playing_index (m, &n) : -1;
  g_autoptr (VctRow) first_selected = NULL;
  gboolean ok;

  switch (op)
    {
    case 0: /* start: FALSE when not picking or nothing is selected */
      {
        gboolean enabled = vct_song_picker_model_is_button_enabled (m->handle);

        for (guint i = 0; idle && first_selected == NULL && i < n_items (m); i++)
          {
            VctRow *row = item_at (m, i);

            if (row_string_is (row, "mode", "selected"))
              first_selected = g_steal_pointer (&row);
            g_clear_object (&row);
          }
        ok = vct_song_picker_model_start (m->handle);
        CHECK (ok == (state == VCT_SONG_PICKER_STATE_PICKING && enabled), "start returned %d in state %d with the button %s",
               ok, state, enabled ? "enabled" : "disabled");
        if (ok)
          {
            CHECK (vct_song_picker_model_get_state (m->handle) == VCT_SONG_PICKER_STATE_LISTENING, "not listening after start");
            if (first_selected != NULL && settled_after_command ())
              CHECK (row_string_is (first_selected, "mode", "playing"), "after start, the first selected song is not playing");
          }
      }
      break;
    case 1: /* next: FALSE when not listening; at the last song FINISHED, then dismiss */
      ok = vct_song_picker_model_next (m->handle);
      CHECK (ok == listening, "next returned %d in state %d", ok, state);
      if (ok && vct_song_picker_model_get_state (m->handle) == VCT_SONG_PICKER_STATE_FINISHED)
        m->max_dismisses++;
      if (playing >= 0)
        {
          if (playing + 1 < (int) n && settled_after_command ())
            check_playing (m, playing + 1, "next");
          else if (playing + 1 >= (int) n)
            CHECK (vct_song_picker_model_get_state (m->handle) == VCT_SONG_PICKER_STATE_FINISHED, "not finished after next at the last song");
          stats.song_ops_checked++;
        }
      break;
    case 2: /* previous: FALSE when not listening or at the first song */
      ok = vct_song_picker_model_previous (m->handle);
      CHECK (listening || !ok, "previous returned TRUE in state %d", state);
      if (playing >= 0)
        {
          CHECK (ok == (playing > 0), "previous returned %d at song %d of %u", ok, playing, n);
          if (ok && settled_after_command ())
            check_playing (m, playing - 1, "previous");
        }
      break;
    case 3: /* finish_song: FALSE when not listening; at the last song FINISHED, then dismiss */
      ok = vct_song_picker_model_finish_song (m->handle);
      CHECK (ok == listening, "finish_song returned %d in state %d", ok, state);
      if (ok && vct_song_picker_model_get_state (m->handle) == VCT_SONG_PICKER_STATE_FINISHED)
        m->max_dismisses++;
      if (playing >= 0)
        {
          if (playing + 1 < (int) n && settled_after_command ())
            check_playing (m, playing + 1, "finish_song");
          else if (playing + 1 >= (int) n)
            CHECK (vct_song_picker_model_get_state (m->handle) == VCT_SONG_PICKER_STATE_FINISHED, "not finished after the last song");
        }
      break;
    default: /* back: to picking; from picking, dismiss */
      if (state == VCT_SONG_PICKER_STATE_PICKING)
        m->max_dismisses++;
      vct_song_picker_model_back (m->handle);
      CHECK (vct_song_picker_model_get_state (m->handle) == VCT_SONG_PICKER_STATE_PICKING, "not picking after back");
      break;
    }
}

/* Watches a row of the list (@kept: a row kept by a ref, possibly stale). */
static void
op_watch (Model *m, guint i, gboolean kept, gboolean armed, guint how, guint b)
{
  g_autoptr (VctRow) row = NULL;
  Model *owner = m;
  guint position;

  if (kept && row_refs[i % N_ROW_REFS].row != NULL)
    {
      row = g_object_ref (row_refs[i % N_ROW_REFS].row);
      owner = row_refs[i % N_ROW_REFS].model;
    }
  else if (!kept && m->list != NULL && pick_position (m, b, &position))
    row = item_at (m, position);
  if (row == NULL)
    return;
  watch (owner, i, row, armed, how);
}

static void
op_row_ref (Model *m, guint i, guint b)
{
  guint position;
  VctRow *row;

  if (!pick_position (m, b, &position))
    return;
  row = item_at (m, position);
  CHECK (row != NULL, "model %d: no item %u in range", m->index, position);
  g_clear_object (&row_refs[i].row);
  row_refs[i].row = row;
  row_refs[i].model = m;
}

/* Reads, selects or presses the rows kept by refs, in the list or stale. */
static void
op_row_use (guint how)
{
  for (int i = 0; i < N_ROW_REFS; i++)
    {
      RowRef *r = &row_refs[i];

      if (r->row == NULL)
        continue;
      check_row (r->model, r->row, FALSE, FALSE);
      stats.stale_reads++;
      if (how == 1 || how == 2)
        {
          account_row (r->model, r->row, how == 2);
          if (how == 2)
            vct_row_press (r->row);
          else
            vct_row_select (r->row);
          stats.stale_ops++;
        }
    }
}

/* ------------------------------------------------------------------ the program */

enum {
  OP_NEW, OP_SET_CALLBACK, OP_CLEAR_CALLBACK, OP_SET_LIST_CALLBACK, OP_CLEAR_LIST_CALLBACK,
  OP_RELOAD, OP_RELOAD_AGAIN, OP_FETCH_NOW, OP_FETCH_LATER, OP_FOLLOW_NOW, OP_FOLLOW_LATER,
  OP_PRESS, OP_PRESS_AGAIN, OP_SELECT, OP_WATCH, OP_UNWATCH, OP_WATCH_KEPT, OP_UNWATCH_AGAIN,
  OP_ROW_REF, OP_ROW_USE, OP_START, OP_NEXT, OP_PREVIOUS, OP_FINISH_SONG, OP_BACK,
  OP_ITERATE, OP_ITERATE_AGAIN, OP_REF_UNREF, OP_LAST_UNREF, OP_LIST_REF, OP_SERVICE, OP_SLEEP,
  N_OPS
};

static const char *const op_names[N_OPS] = {
  "new", "connect-model-handler", "disconnect-model-handler", "connect-list-handler", "disconnect-list-handler",
  "reload", "reload", "fetch-now", "fetch-later", "follow-now", "follow-later",
  "press", "press", "select", "watch", "unwatch", "watch-kept", "unwatch",
  "row-ref", "row-use", "start", "next", "previous", "finish-song", "back",
  "iterate", "iterate", "ref-unref", "last-unref", "list-ref", "service", "sleep",
};

static void
print_stats (void)
{
  fprintf (stderr,
           "fuzz_screens: %" G_GUINT64_FORMAT " inputs; list: %" G_GUINT64_FORMAT " items-changed runs, %" G_GUINT64_FORMAT
           " n-items notifies, %" G_GUINT64_FORMAT " mirror comparisons, %" G_GUINT64_FORMAT " added rows checked; follows: %"
           G_GUINT64_FORMAT " member presses, %" G_GUINT64_FORMAT " requests; %" G_GUINT64_FORMAT " watches, %" G_GUINT64_FORMAT
           " row notifies, %" G_GUINT64_FORMAT " kept-row reads, %" G_GUINT64_FORMAT " kept-row selects and presses; songs: %"
           G_GUINT64_FORMAT " idle checks, %" G_GUINT64_FORMAT " listening, %" G_GUINT64_FORMAT " finished, %" G_GUINT64_FORMAT
           " commands checked; %" G_GUINT64_FORMAT " open-detail, %" G_GUINT64_FORMAT " errors; %" G_GUINT64_FORMAT
           " handlers ended from inside, %" G_GUINT64_FORMAT " duplicate-identity rows compared by identity only, %"
           G_GUINT64_FORMAT " reloads inside notify::loading\n",
           stats.inputs, stats.items_runs, stats.n_items_notifies, stats.mirror_checks, stats.added_checked, stats.follow_checks,
           stats.follows_sent, stats.watches, stats.watch_changes, stats.stale_reads, stats.stale_ops, stats.songs_checked,
           stats.listening, stats.finished, stats.song_ops_checked, stats.details, stats.errors, stats.reentries, stats.duplicate_exemptions,
           stats.reloads_as_of);
}

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  (void) argc;
  (void) argv;
  main_thread = g_thread_self ();
  workers = g_thread_pool_new (fuzz_completion_worker, &completions_in_flight, 3, FALSE, NULL);
  if (g_getenv ("FUZZ_SCREENS_STATS") != NULL)
    atexit (print_stats);
  trace = g_getenv ("FUZZ_SCREENS_TRACE") != NULL;
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  size_t at = 0;
  guint steps = 0;
  gboolean idle = FALSE;
  gint64 deadline;

  probes = g_ptr_array_new_with_free_func (probe_free);
  services = g_ptr_array_new_with_free_func (g_free);
  due = g_ptr_array_new ();
  list_probes = g_ptr_array_new ();
  step = 1;
  tick = 0;
  stats.inputs++;
  model_new (&models[0], 0);
  model_new (&models[PICKER], PICKER);

  while (at < size && steps++ < MAX_STEPS)
    {
      guint op = data[at++] % N_OPS;
      guint arg = next_byte (data, size, &at);
      guint sub = arg / N_MODELS;
      Model *m = &models[arg % N_MODELS];
      gboolean was_idle = idle;
      Completion *c;

      step++;
      idle = FALSE;
      if (op >= OP_START && op <= OP_BACK)
        m = &models[PICKER];
      else if (!m->in_use && op != OP_NEW)
        for (int i = 0; i < N_MODELS && !m->in_use; i++)
          m = &models[i];
      if (trace)
        fprintf (stderr, "step %" G_GUINT64_FORMAT ": %s model %d sub %u (byte %zu)%s\n", step, op_names[op], (int) (m - models), sub,
                 at - 2, m->in_use || op == OP_NEW ? "" : ": skipped");
      if (!m->in_use && op != OP_NEW)
        continue;
      switch (op)
        {
        case OP_NEW:
          if (!m->in_use)
            model_new (m, (int) (m - models));
          break;
        case OP_SET_CALLBACK:
        case OP_CLEAR_CALLBACK:
          if (m->handle)
            {
              int slot = (int) (sub % N_MODEL_SLOTS);

              if (m->feed && slot == N_MODEL_SLOTS - 1)   /* a feed has no sixth report: its loading one */
                slot = 1;
              set_model_slot (m, slot, op == OP_CLEAR_CALLBACK, sub / N_MODEL_SLOTS % 2);
            }
          break;
        case OP_SET_LIST_CALLBACK:
        case OP_CLEAR_LIST_CALLBACK:
          if (m->list)
            set_list_slot (m, (int) (sub % N_LIST_SLOTS), op == OP_CLEAR_LIST_CALLBACK, sub / N_LIST_SLOTS % 2);
          break;
        case OP_RELOAD:
        case OP_RELOAD_AGAIN:
          if (m->handle)
            do_reload (m);
          break;
        case OP_FETCH_NOW:
        case OP_FETCH_LATER:
          {
            guint how = next_byte (data, size, &at);
            guint seed = next_byte (data, size, &at);

            await_request (m, FALSE);
            if ((c = take_fetch (m, how, seed, data + at, size - at)) == NULL)
              break;
            if (op == OP_FETCH_NOW)
              fuzz_completion_complete (c);
            else
              complete_later (c);
          }
          break;
        case OP_FOLLOW_NOW:
        case OP_FOLLOW_LATER:
          await_request (m, TRUE);
          if ((c = take_follow (m, sub)) == NULL)
            break;
          if (op == OP_FOLLOW_NOW)
            fuzz_completion_complete (c);
          else
            complete_later (c);
          break;
        case OP_PRESS:
        case OP_PRESS_AGAIN:
        case OP_SELECT:
          {
            guint b = next_byte (data, size, &at);
            if (m->list)
              op_press_or_select (m, b, op != OP_SELECT, was_idle);
          }
          break;
        case OP_WATCH:
          {
            guint b = next_byte (data, size, &at);
            if (m->list)
              op_watch (m, sub % N_WATCHERS, FALSE, sub / N_WATCHERS % 2, sub / N_WATCHERS / 2, b);
          }
          break;
        case OP_WATCH_KEPT:
          op_watch (m, sub % N_WATCHERS, TRUE, sub / N_WATCHERS % 2, sub / N_WATCHERS / 2, 0);
          break;
        case OP_UNWATCH:
        case OP_UNWATCH_AGAIN:
          if (watchers[sub % N_WATCHERS].row != NULL)
            unwatch (&watchers[sub % N_WATCHERS]);
          break;
        case OP_ROW_REF:
          {
            guint b = next_byte (data, size, &at);
            if (m->list)
              op_row_ref (m, sub % N_ROW_REFS, b);
          }
          break;
        case OP_ROW_USE:
          if (sub % 2 && row_refs[sub / 2 % N_ROW_REFS].row != NULL)
            {
              g_object_unref (row_refs[sub / 2 % N_ROW_REFS].row);
              memset (&row_refs[sub / 2 % N_ROW_REFS], 0, sizeof (RowRef));
            }
          else
            /* Rows kept across later batches stay valid while ref'd; selecting or
             * pressing a stale one does nothing (or still acts while its model lives). */
            op_row_use (sub / 2 % 3);
          idle = was_idle;
          break;
        case OP_START:
        case OP_NEXT:
        case OP_PREVIOUS:
        case OP_FINISH_SONG:
        case OP_BACK:
          if (m->handle)
            op_song (m, (int) (op - OP_START), was_idle);
          break;
        case OP_ITERATE:
        case OP_ITERATE_AGAIN:
          iterate ();
          idle = TRUE;
          break;
        case OP_REF_UNREF: /* references that are not the last */
          if (m->handle)
            g_object_unref (g_object_ref (m->handle));
          if (m->list)
            g_object_unref (g_object_ref (m->list));
          if (m->service_ref)
            g_object_unref (g_object_ref (m->service_ref));
          break;
        case OP_LAST_UNREF:
          if (m->handle && sub % 2 == 0)
            model_last_unref (m);
          break;
        case OP_LIST_REF: /* a list reference of the program's own, kept past the model */
          if (m->list_ref)
            drop_list_ref (m);
          else if (m->list)
            {
              g_object_ref (m->list);
              m->list_ref = TRUE;
            }
          break;
        case OP_SERVICE:
          if (sub % 4 == 0)
            model_finish (m);
          else if (m->service_ref)
            drop_service_ref (m);
          break;
        default: /* let the loop and the workers run a little, or until the feeds settle */
          if (sub < 8)
            {
              g_usleep (sub * 100);
              iterate ();
            }
          else
            settle ();
          idle = TRUE;
          break;
        }
      check_due ();
      check_models (idle);
    }

  iterate ();
  check_due ();
  check_models (TRUE);
  for (int i = 0; i < N_MODELS; i++)
    model_finish (&models[i]);
  for (int i = 0; i < N_WATCHERS; i++)
    if (watchers[i].row != NULL)
      unwatch (&watchers[i]);
  for (int i = 0; i < N_ROW_REFS; i++)
    g_clear_object (&row_refs[i].row);
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (g_atomic_int_get (&completions_in_flight) > 0)
    {
      CHECK (g_get_monotonic_time () < deadline, "a worker never completed its request");
      g_usleep (100);
    }
  iterate ();
  for (guint i = 0; i < probes->len; i++)
    {
      Probe *p = g_ptr_array_index (probes, i);
      CHECK (g_atomic_int_get (&p->notified) == 1, "a notify did not run exactly once (%d)", g_atomic_int_get (&p->notified));
    }
  for (guint i = 0; i < services->len; i++)
    {
      Service *sd = g_ptr_array_index (services, i);
      CHECK (g_atomic_int_get (&sd->notified) == 1, "a service's notify did not run exactly once");
    }
  check_due ();
  g_clear_pointer (&due, g_ptr_array_unref);
  g_clear_pointer (&list_probes, g_ptr_array_unref);
  g_clear_pointer (&probes, g_ptr_array_unref);
  g_clear_pointer (&services, g_ptr_array_unref);
  return 0;
}
