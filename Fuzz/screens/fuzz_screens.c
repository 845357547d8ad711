/* Fuzz/screens/fuzz_screens.c: libFuzzer target for the screens' C API: the feed
 * (VctFeedModel over a custom VctFeedService), the song picker (VctSongPickerModel over a
 * custom VctSongService), and the list API under them (VctListModel, VctRow, VctBinding).
 *
 * Each input is a program of up to 64 steps: one byte picks an operation, the next bytes
 * its arguments. Up to two feeds and one song picker, each over its own custom service
 * whose functions queue their VctApiRequest for the program to complete, on the default
 * GMainContext of the fuzzer's thread, plus three worker threads completing requests later:
 *   new model; set / clear / replace each model and list callback (each with a counting
 *   notify); reload; complete the oldest fetch (a document made from the input: members
 *   and photos over three days, or songs; an error; garbage; a broken document) or the
 *   oldest follow (success or error), now or from a worker; press / select a row at a
 *   (section, position), in range or not; bind / unbind fake widgets; vct_row_observe and
 *   vct_binding_dispose; row refs kept across batches and read later; the picker's
 *   start / next / previous / finish_song / back; iterate or settle; ref + unref; the last
 *   unref (with fetches and follows in flight); a list reference of the program's own;
 *   dropping the program's service reference; tearing a model and its service down. An
 *   armed callback ends itself from inside its next call (reenter).
 * After every step and at the end it checks the contract of vctable.h:
 *   - every GDestroyNotify runs exactly once: a callback's when it is replaced or cleared
 *     (as it returns when that happens from inside it, never while it runs) or at the last
 *     unref, a binding's at unbind, rebind, an out-of-range bind, dispose or the list's last
 *     unref, a service's once every owner let go (never while the program or a model holds
 *     it), and no service function runs after it;
 *   - no callback after its notify, none after its model's (or its list's) last unref;
 *     every callback and service function on this thread;
 *   - lists: the sections-changed and items-changed runs, applied in order to a shadow
 *     copy (an added section with all its rows), give the getters' counts; every run and
 *     update names rows that exist now; press, select and bind return FALSE exactly when
 *     out of range; a feed has one "DayHeader" section per day, newest first; a picker one
 *     section; rows have their kind's documented properties; a member row's buttonHidden,
 *     buttonEnabled and spinning agree with its followState;
 *   - row changes: during a VctRowChangedFunc the getters answer as of the change, and two
 *     reports of followState or mode to one function carry different values;
 *   - follows: at most one request per member in flight, no more requests than presses
 *     that could start one (two presses while loading send one);
 *   - feeds: latest wins (rows only from a fetch sent after the last reload; an error only
 *     from a fetch no reload superseded in flight; each error once); the title and the list
 *     only ever go from "Loading..." and hidden to loaded;
 *   - both screens load after a reload call; the picker is PICKING, LISTENING or FINISHED,
 *     with its title; once the loop is idle, picking rows are selected or unselected (the
 *     button enabled iff one is selected), listening has none unselected and exactly one
 *     playing, finished none playing; select, start, next, previous, finish_song and back
 *     do what the header says and return FALSE exactly when it says.
 * Only what the header documents is checked. Built by Fuzz/run.sh like Fuzz/api/fuzz_api.c,
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
#define N_MODEL_SLOTS 6         /* a feed has 5 reports, the picker 6 */
#define N_LIST_SLOTS 4
#define N_WIDGETS 4
#define N_ROW_REFS 4
#define N_OBSERVERS 4
#define MAX_STEPS 64


typedef struct Model Model;

/* What a callback's lifetime is bound to. */
typedef enum {
  OWNER_MODEL,     /* a model's report: none after the model's last unref */
  OWNER_LIST,      /* a list callback or a widget binding: none after the list's last unref */
  OWNER_OBSERVER   /* vct_row_observe: until vct_binding_dispose */
} Owner;

typedef struct Observer Observer;

typedef struct
{
  Model    *model;
  Owner     owner;
  gint      notified;   /* atomic */
  guint     calls;
  int       slot;       /* a model or list callback's slot, else -1 */
  int       widget;     /* a binding's widget, else -1 */
  Observer *observer;   /* a row observer's entry */
  gboolean  armed;      /* ends itself from inside its next call (see reenter) */
  char     *last;       /* a binding's or observer's last followState / mode change, as of it */
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

struct Model
{
  int           index;
  gboolean      in_use;
  gboolean      feed;
  gpointer      handle;        /* VctFeedModel * or VctSongPickerModel *; NULL after the last unref */
  VctListModel *list;          /* NULL once the list is finalized */
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
  Probe        *list_slots[N_LIST_SLOTS];
  Probe        *binds[N_WIDGETS];
  GArray       *shadow;        /* guint rows per section, from the change runs */
  gboolean      shadow_valid;  /* both change callbacks set since the last sync */
  guint         errors, max_errors;
  guint         details, max_details;
  guint         dismisses, max_dismisses;
  gboolean      loaded, shown;
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

struct Observer
{
  VctBinding *binding;
  Probe      *probe;
  Model      *model;
};


static GPtrArray   *probes;     /* every Probe of this input */
static GPtrArray   *services;   /* every Service of this input */
static Model        models[N_MODELS];
static RowRef       row_refs[N_ROW_REFS];
static Observer     observers[N_OBSERVERS];
static char         widgets[N_WIDGETS];
static GThread     *main_thread;
static GThreadPool *workers;
static gint         completions_in_flight;  /* atomic: pushed to a worker, not yet completed */
static guint64      step;
static guint64      tick;    /* orders reload calls and fetches sent, even within one step */
static gboolean     in_bind;
static gboolean     trace;   /* FUZZ_SCREENS_TRACE: print each step, to read a crash input */
static gboolean     reentering;  /* inside reenter's call */
static GPtrArray   *due;         /* probes ended from inside themselves: notified by the end of the step */

/* How often the interesting paths ran: printed at exit when FUZZ_SCREENS_STATS is set, to
 * show a run's checks were not vacuous. */
static struct
{
  guint64 inputs, sections_runs, items_runs, item_updates, follows_sent, follow_checks, binds, bind_changes,
          observer_changes, stale_reads, songs_checked, listening, finished, song_ops_checked, details, errors,
          shadow_checks, reentries;
} stats;

static const char *const member_properties[] = { "name", "avatarUrl", "followState", "buttonHidden", "buttonEnabled", "spinning", NULL };
static const char *const photo_properties[] = { "title", "description", "imageUrl", "date", NULL };
static const char *const header_properties[] = { "title", NULL };
static const char *const song_properties[] = { "title", "subtitle", "duration", "mode", NULL };
static const char *const follow_properties[] = { "followState", "buttonHidden", "buttonEnabled", "spinning", NULL };
static const char *const song_modes[] = { "selected", "unselected", "playable", "playing", NULL };

/* ------------------------------------------------------------------ probes */

static Probe *
probe_new (Model *m, Owner owner)
{
  Probe *p = g_new0 (Probe, 1);

  p->model = m;
  p->owner = owner;
  p->slot = -1;
  p->widget = -1;
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

static void reenter (Probe *p);
static void do_reload (Model *m);

static void
called (Probe *p)
{
  CHECK (g_thread_self () == main_thread, "callback off the context thread");
  CHECK (!g_atomic_int_get (&p->notified), "model %d: a callback called after its notify", p->model->index);
  if (p->owner == OWNER_MODEL)
    CHECK (p->model->handle != NULL, "model %d: a callback after the model's last unref", p->model->index);
  if (p->owner == OWNER_LIST)
    CHECK (p->model->list != NULL, "model %d: a list callback after the list's last unref", p->model->index);
  p->calls++;
  if (p->armed && !(p->widget >= 0 && p->calls == 1))   /* not in a binding's first call, inside bind */
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

static gboolean
row_string_is (VctRow *row, const char *property, const char *value)
{
  g_autofree char *text = vct_row_dup_string (row, property);
  return g_strcmp0 (text, value) == 0;
}

/* buttonHidden, buttonEnabled and spinning agree with followState. A follow completing on
 * another thread may change the state between the reads: read again then, except inside a
 * row-change callback (@as_of), where the getters answer as of the change. */
static void
check_member_row (VctRow *row, gboolean as_of)
{
  for (int attempt = 0; attempt < 100; attempt++)
    {
      g_autofree char *before = vct_row_dup_string (row, "followState");
      gboolean hidden = vct_row_get_boolean (row, "buttonHidden");
      gboolean enabled = vct_row_get_boolean (row, "buttonEnabled");
      gboolean spinning = vct_row_get_boolean (row, "spinning");
      g_autofree char *after = vct_row_dup_string (row, "followState");
      gboolean loading, normal;

      CHECK (g_strcmp0 (before, "normal") == 0 || g_strcmp0 (before, "loading") == 0 || g_strcmp0 (before, "checked") == 0,
             "a member row's followState is \"%s\"", before ? before : "(null)");
      if (g_strcmp0 (before, after) != 0)
        {
          CHECK (!as_of, "inside a row-change callback, followState read \"%s\" then \"%s\"", before, after);
          continue;
        }
      loading = strcmp (before, "loading") == 0;
      normal = strcmp (before, "normal") == 0;
      CHECK (hidden == loading && spinning == loading && enabled == normal,
             "a member row in state \"%s\" has buttonHidden %d, buttonEnabled %d, spinning %d", before, hidden, enabled, spinning);
      return;
    }
}

static gboolean
is_day (const char *text)
{
  return text != NULL && strlen (text) == 10 && g_ascii_isdigit (text[0]) && g_ascii_isdigit (text[3]) && text[4] == '-' &&
         g_ascii_isdigit (text[5]) && g_ascii_isdigit (text[6]) && text[7] == '-' && g_ascii_isdigit (text[8]) && g_ascii_isdigit (text[9]);
}

/* The checks every row passes, in the list or kept by a ref: a kind of its screen, its
 * kind's documented properties, each readable, no others invented. @idle: the row is in
 * the list and the loop is idle (no batch pending), so a song row's mode is one the header
 * lists (a row leaving the list may read "hidden" until its batch is delivered). */
static void
check_row (Model *m, VctRow *row, gboolean idle, gboolean as_of)
{
  const char *kind = vct_row_get_kind (row);
  const char *const *expected = NULL;
  g_auto (GStrv) names = NULL;

  CHECK (kind != NULL, "model %d: a row without a kind", m->index);
  if (m->feed)
    expected = strcmp (kind, "MemberRow") == 0 ? member_properties : strcmp (kind, "PhotoRow") == 0 ? photo_properties
             : strcmp (kind, "DayHeader") == 0 ? header_properties : NULL;
  else
    expected = strcmp (kind, "SongRow") == 0 ? song_properties : NULL;
  CHECK (expected != NULL, "model %d: a row of kind \"%s\"", m->index, kind);
  for (const char *const *name = expected; *name != NULL; name++)
    CHECK (vct_row_get_property_type (row, *name) != VCT_PROPERTY_TYPE_NONE, "a %s without \"%s\"", kind, *name);
  names = vct_row_dup_property_names (row);
  CHECK (names != NULL, "a %s without property names", kind);
  for (char **name = names; *name != NULL; name++)
    {
      g_autofree char *text = vct_row_dup_string (row, *name);
      CHECK (vct_row_get_property_type (row, *name) != VCT_PROPERTY_TYPE_NONE, "a %s names \"%s\" but has no such property", kind, *name);
      CHECK (text != NULL, "a %s's \"%s\" reads as NULL", kind, *name);
    }
  CHECK (vct_row_get_property_type (row, "no such property") == VCT_PROPERTY_TYPE_NONE, "a %s has an unknown property", kind);
  CHECK (vct_row_dup_string (row, "no such property") == NULL, "a %s reads an unknown property", kind);
  CHECK (vct_row_get_int (row, "no such property") == 0 && !vct_row_get_boolean (row, "no such property"), "a %s reads an unknown property", kind);

  if (strcmp (kind, "MemberRow") == 0)
    check_member_row (row, as_of);
  else if (strcmp (kind, "DayHeader") == 0)
    {
      g_autofree char *day = vct_row_dup_string (row, "title");
      CHECK (is_day (day), "a DayHeader titled \"%s\"", day);
    }
  else if (strcmp (kind, "SongRow") == 0)
    {
      g_autofree char *mode = vct_row_dup_string (row, "mode");
      CHECK (in_list (mode, song_modes) || (!idle && g_strcmp0 (mode, "hidden") == 0), "a song row in mode \"%s\"", mode);
    }
}

/* ------------------------------------------------------------------ model callbacks */

static void
on_feed_title (const char *title, gpointer data)
{
  called (data);
  /* "Loading..." until the first load, then "Your Feeds": the one change there is. */
  CHECK (g_strcmp0 (title, "Your Feeds") == 0, "the feed's title became \"%s\"", title);
}

static void
on_boolean (gboolean value, gpointer data)
{
  called (data);
  CHECK (value == TRUE || value == FALSE, "a flag reported as %d", value);
}

static void
on_list_hidden (gboolean hidden, gpointer data)
{
  called (data);
  /* Hidden until data first arrives: the one change there is. */
  CHECK (hidden == FALSE, "the feed's list became hidden again");
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

static void
on_error (const char *message, gpointer data)
{
  Probe *p = data;
  Model *m = p->model;

  called (p);
  CHECK (g_str_has_prefix (message, "An Error Occurred\n\n"), "an error message without the prefix: %s", message);
  m->errors++;
  stats.errors++;
  CHECK (m->errors <= m->max_errors, "model %d: %u errors reported, %u failures made", m->index, m->errors, m->max_errors);
  check_error_delivery (m, message);
}

static void
on_open_detail (gint64 id, const char *title, const char *description, const char *image_url, gpointer data)
{
  Probe *p = data;

  (void) id;
  called (p);
  CHECK (title != NULL && description != NULL && image_url != NULL, "open-detail with a NULL string");
  p->model->details++;
  stats.details++;
  CHECK (p->model->details <= p->model->max_details, "model %d: %u open-detail reports, %u photo rows selected or pressed",
         p->model->index, p->model->details, p->model->max_details);
}

static void
on_picker_state (VctSongPickerState state, gpointer data)
{
  called (data);
  CHECK (state == VCT_SONG_PICKER_STATE_PICKING || state == VCT_SONG_PICKER_STATE_LISTENING || state == VCT_SONG_PICKER_STATE_FINISHED,
         "the picker reported state %d", state);
}

static void
on_picker_title (const char *title, gpointer data)
{
  called (data);
  CHECK (g_strcmp0 (title, "Pick meditation song") == 0 || g_strcmp0 (title, "Player") == 0, "the picker's title became \"%s\"", title);
}

static void
on_dismiss (gpointer data)
{
  Probe *p = data;

  called (p);
  p->model->dismisses++;
  CHECK (p->model->dismisses <= p->model->max_dismisses, "%u dismiss reports, %u backs while picking",
         p->model->dismisses, p->model->max_dismisses);
}

/* A slot's previous callback: notified now, or, replaced from inside itself, as it returns. */
static void
previous_ended (Probe *previous)
{
  if (reentering)
    g_ptr_array_add (due, previous);
  else
    check_notified (previous, "a replaced or cleared callback");
}

static void
set_model_slot (Model *m, int slot, gboolean clear, gboolean orphan_notify, gboolean armed)
{
  Probe *previous = m->slots[slot];
  Probe *p = NULL;
  GDestroyNotify notify = NULL;

  if (!clear || orphan_notify)
    {
      /* Cleared with a user_data and a notify (no function): the notify still runs once. */
      p = probe_new (m, OWNER_MODEL);
      p->slot = slot;
      p->armed = armed && !clear;
      notify = probe_notify;
    }
#define FUNC(f) (clear ? NULL : (f))
  if (m->feed)
    switch (slot)
      {
      case 0: vct_feed_model_set_did_update_title (m->handle, FUNC (on_feed_title), p, notify); break;
      case 1: vct_feed_model_set_did_change_loading (m->handle, FUNC (on_boolean), p, notify); break;
      case 2: vct_feed_model_set_did_change_list_hidden (m->handle, FUNC (on_list_hidden), p, notify); break;
      case 3: vct_feed_model_set_did_error (m->handle, FUNC (on_error), p, notify); break;
      case 4: vct_feed_model_set_did_open_detail (m->handle, FUNC (on_open_detail), p, notify); break;
      default: break;   /* a feed has no sixth report */
      }
  else
    switch (slot)
      {
      case 0: vct_song_picker_model_set_did_change_state (m->handle, FUNC (on_picker_state), p, notify); break;
      case 1: vct_song_picker_model_set_did_update_title (m->handle, FUNC (on_picker_title), p, notify); break;
      case 2: vct_song_picker_model_set_did_change_button_enabled (m->handle, FUNC (on_boolean), p, notify); break;
      case 3: vct_song_picker_model_set_did_dismiss (m->handle, FUNC (on_dismiss), p, notify); break;
      case 4: vct_song_picker_model_set_did_error (m->handle, FUNC (on_error), p, notify); break;
      default: vct_song_picker_model_set_did_change_loading (m->handle, FUNC (on_boolean), p, notify); break;
      }
#undef FUNC
  m->slots[slot] = clear ? NULL : p;
  previous_ended (previous);
}

/* ------------------------------------------------------------------ list callbacks */

/* Rows (section, from … to - 1) now: a feed's rows carrying a fetch serial ("m1@7")
 * come from a fetch sent after the last reload (latest wins). */
static void
check_latest_rows (Model *m, guint section, guint from, guint to)
{
  if (!m->feed)
    return;
  for (guint i = from; i < to; i++)
    {
      VctRow *row = vct_list_model_get_item (m->list, section, i);
      const char *kind = row ? vct_row_get_kind (row) : NULL;
      g_autofree char *text = NULL;
      const char *tag;
      gpointer sent;
      guint serial;

      if (kind == NULL || (strcmp (kind, "MemberRow") != 0 && strcmp (kind, "PhotoRow") != 0))
        continue;
      text = vct_row_dup_string (row, strcmp (kind, "MemberRow") == 0 ? "name" : "title");
      tag = text ? strchr (text, '@') : NULL;
      if (tag == NULL)
        continue;
      serial = (guint) strtoul (tag + 1, NULL, 10);
      CHECK (g_hash_table_lookup_extended (m->sent_at, GUINT_TO_POINTER (serial), NULL, &sent),
             "model %d: a row of fetch %u, never sent", m->index, serial);
      CHECK ((guint64) GPOINTER_TO_SIZE (sent) > m->last_reload_at,
             "model %d: a row of fetch %u (sent at tick %" G_GUINT64_FORMAT ") shown after a reload at tick %" G_GUINT64_FORMAT,
             m->index, serial, (guint64) GPOINTER_TO_SIZE (sent), m->last_reload_at);
    }
}

static void
on_sections_changed (guint position, guint removed, guint added, gpointer data)
{
  Probe *p = data;
  Model *m = p->model;
  guint n;

  called (p);
  n = vct_list_model_get_n_sections (m->list);
  CHECK (position + added <= n, "model %d: sections-changed (%u, -%u, +%u) with %u sections now", m->index, position, removed, added, n);
  if (m->shadow_valid)
    {
      CHECK (position + removed <= m->shadow->len, "model %d: sections-changed (%u, -%u, +%u) on a copy of %u sections",
             m->index, position, removed, added, m->shadow->len);
      if (removed > 0)
        g_array_remove_range (m->shadow, position, removed);
      for (guint i = 0; i < added; i++)
        {
          guint rows = vct_list_model_get_n_items (m->list, position + i);
          g_array_insert_val (m->shadow, position + i, rows);
        }
    }
  for (guint i = 0; i < added; i++)
    check_latest_rows (m, position + i, 0, vct_list_model_get_n_items (m->list, position + i));
  stats.sections_runs++;
}

static void
on_items_changed (guint section, guint position, guint removed, guint added, gpointer data)
{
  Probe *p = data;
  Model *m = p->model;
  guint n, rows;

  called (p);
  n = vct_list_model_get_n_sections (m->list);
  rows = vct_list_model_get_n_items (m->list, section);
  CHECK (section < n, "model %d: items-changed in section %u of %u", m->index, section, n);
  /* "the added rows are the list's rows at @position … @position + @added - 1 now" */
  CHECK (position + added <= rows, "model %d: items-changed (%u: %u, -%u, +%u) with %u rows now", m->index, section, position, removed, added, rows);
  if (m->shadow_valid)
    {
      guint *count;

      CHECK (section < m->shadow->len, "model %d: items-changed in section %u of a copy of %u", m->index, section, m->shadow->len);
      count = &g_array_index (m->shadow, guint, section);
      CHECK (position + removed <= *count, "model %d: items-changed (%u: %u, -%u, +%u) on a copy of %u rows",
             m->index, section, position, removed, added, *count);
      *count = *count - removed + added;
    }
  check_latest_rows (m, section, position, position + added);
  stats.items_runs++;
}

static void
on_section_updated (guint section, gpointer data)
{
  Probe *p = data;

  called (p);
  CHECK (section < vct_list_model_get_n_sections (p->model->list), "model %d: section-updated %u of %u",
         p->model->index, section, vct_list_model_get_n_sections (p->model->list));
}

static void
on_item_updated (guint section, guint position, gpointer data)
{
  Probe *p = data;

  called (p);
  CHECK (vct_list_model_get_item (p->model->list, section, position) != NULL, "model %d: item-updated (%u, %u), no such row",
         p->model->index, section, position);
  stats.item_updates++;
}

/* The shadow copy starts from what the list has told (the getters, between batches). */
static void
shadow_sync (Model *m)
{
  guint n = vct_list_model_get_n_sections (m->list);

  g_array_set_size (m->shadow, 0);
  for (guint s = 0; s < n; s++)
    {
      guint rows = vct_list_model_get_n_items (m->list, s);
      g_array_append_val (m->shadow, rows);
    }
  m->shadow_valid = m->list_slots[0] != NULL && m->list_slots[1] != NULL;
}

static void
set_list_slot (Model *m, int slot, gboolean clear, gboolean armed)
{
  Probe *previous = m->list_slots[slot];
  Probe *p = clear ? NULL : probe_new (m, OWNER_LIST);
  GDestroyNotify notify = p ? probe_notify : NULL;

  if (p != NULL)
    {
      p->slot = slot;
      p->armed = armed;
    }
  switch (slot)
    {
    case 0: vct_list_model_set_sections_changed (m->list, p ? on_sections_changed : NULL, p, notify); break;
    case 1: vct_list_model_set_items_changed (m->list, p ? on_items_changed : NULL, p, notify); break;
    case 2: vct_list_model_set_section_updated (m->list, p ? on_section_updated : NULL, p, notify); break;
    default: vct_list_model_set_item_updated (m->list, p ? on_item_updated : NULL, p, notify); break;
    }
  m->list_slots[slot] = p;
  previous_ended (previous);
  if (slot <= 1)
    shadow_sync (m);
}

/* One documented call from inside a running callback, once per armed probe: a row
 * observer disposes itself, a binding unbinds its widget, a list callback clears itself,
 * a model callback replaces itself and reloads. Its notify must not run while the
 * function runs, and must have run when the step ends ("as it returns"); it is never
 * called again. */
static void
reenter (Probe *p)
{
  Model *m = p->model;

  if (!p->armed)
    return;
  p->armed = FALSE;
  reentering = TRUE;
  if (p->owner == OWNER_OBSERVER)
    {
      Observer *o = p->observer;

      CHECK (o->probe == p, "a disposed row observer called");
      vct_binding_dispose (o->binding);
      memset (o, 0, sizeof *o);
    }
  else if (p->widget >= 0)
    {
      CHECK (m->binds[p->widget] == p, "an ended binding called");
      CHECK (vct_list_model_unbind (m->list, &widgets[p->widget]), "unbind from inside the binding's function returned FALSE");
      m->binds[p->widget] = NULL;
    }
  else if (p->owner == OWNER_LIST)
    set_list_slot (m, p->slot, TRUE, FALSE);
  else
    {
      set_model_slot (m, p->slot, FALSE, FALSE, FALSE);
      do_reload (m);
    }
  reentering = FALSE;
  CHECK (!g_atomic_int_get (&p->notified), "model %d: a notify ran while its function was running", m->index);
  g_ptr_array_add (due, p);
  stats.reentries++;
}

static void
check_due (void)
{
  for (guint i = 0; i < due->len; i++)
    check_notified (g_ptr_array_index (due, i), "a callback ended from inside itself, once it returned");
  g_ptr_array_set_size (due, 0);
}

/* A widget binding's or a row observer's function. */
static void
on_row_changed (VctRow *row, const char *property, gpointer data)
{
  Probe *p = data;
  const char *kind;

  called (p);
  CHECK (row != NULL, "a row change without its row");
  kind = vct_row_get_kind (row);
  if (property == NULL)
    CHECK (p->owner == OWNER_LIST && in_bind && p->calls == 1, "a NULL property outside a binding's first call");
  else
    {
      CHECK (p->owner == OWNER_OBSERVER || p->calls > 1, "a binding's first call names \"%s\", not NULL", property);
      if (p->owner == OWNER_OBSERVER)
        stats.observer_changes++;
      else
        stats.bind_changes++;
      CHECK (vct_row_get_property_type (row, property) != VCT_PROPERTY_TYPE_NONE, "a change of \"%s\", not a property of the row", property);
      if (g_strcmp0 (kind, "MemberRow") == 0)
        CHECK (in_list (property, follow_properties), "a member row's \"%s\" changed", property);
      else
        CHECK (g_strcmp0 (kind, "SongRow") == 0 && strcmp (property, "mode") == 0, "a %s's \"%s\" changed", kind, property);
      /* "every change is seen in order with its own values": two reports of the state
       * to one function carry different values. */
      if (strcmp (property, "followState") == 0 || strcmp (property, "mode") == 0)
        {
          char *value = vct_row_dup_string (row, property);

          CHECK (g_strcmp0 (value, p->last) != 0, "two changes of \"%s\" to \"%s\" in a row", property, value);
          g_free (p->last);
          p->last = value;
        }
    }
  check_row (p->model, row, FALSE, property != NULL);
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

/* Reloads @m (safe anywhere, from inside a callback too), remembering whether a reload
 * was in flight then: that one is superseded. */
static void
do_reload (Model *m)
{
  Reload reload = { ++tick, is_loading (m) };

  m->last_reload_at = reload.tick;
  g_array_append_val (m->reloads, reload);
  if (m->feed)
    vct_feed_model_reload (m->handle);
  else
    vct_song_picker_model_reload (m->handle);
  /* "whether a reload is in flight" */
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
  guint n = vct_list_model_get_n_items (m->list, 0);
  guint selected = 0, unselected = 0, playable = 0, playing = 0;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *mode = vct_row_dup_string (vct_list_model_get_item (m->list, 0, i), "mode");
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
      /* finish_song after the last song: nothing plays */
      CHECK (playing == 0, "finished with %u playing rows", playing);
      break;
    }
}

/* What the list shows, between batches: the shadow copy's counts, rows in range and
 * valid, a feed's day sections newest first, the picker's one section. */
static void
check_list (Model *m, gboolean idle)
{
  VctListModel *list = m->list;
  guint n = vct_list_model_get_n_sections (list);
  g_autofree char *previous_day = NULL;

  if (!m->feed)
    CHECK (n == 1, "the song picker's list has %u sections", n);
  stats.shadow_checks += m->shadow_valid;
  if (m->shadow_valid)
    CHECK (m->shadow->len == n, "model %d: the change runs give %u sections, the list %u", m->index, m->shadow->len, n);
  for (guint s = 0; s < n; s++)
    {
      guint rows = vct_list_model_get_n_items (list, s);
      VctRow *header = vct_list_model_get_header (list, s);
      g_autofree char *day = NULL;

      if (m->shadow_valid)
        CHECK (g_array_index (m->shadow, guint, s) == rows, "model %d: the change runs give section %u %u rows, the list %u",
               m->index, s, g_array_index (m->shadow, guint, s), rows);
      if (m->feed)
        {
          CHECK (header != NULL && g_strcmp0 (vct_row_get_kind (header), "DayHeader") == 0, "model %d: section %u without a DayHeader", m->index, s);
          check_row (m, header, idle, FALSE);
          day = vct_row_dup_string (header, "title");
          CHECK (previous_day == NULL || strcmp (previous_day, day) > 0, "model %d: day %s after day %s (newest first)", m->index, day, previous_day);
          CHECK (rows > 0, "model %d: the section of day %s has no row", m->index, day);
          g_free (previous_day);
          previous_day = g_strdup (day);
        }
      for (guint i = 0; i < rows; i++)
        {
          VctRow *row = vct_list_model_get_item (list, s, i);

          CHECK (row != NULL, "model %d: no row (%u, %u) below get_n_items %u", m->index, s, i, rows);
          check_row (m, row, idle, FALSE);
        }
      CHECK (vct_list_model_get_item (list, s, rows) == NULL, "model %d: a row past the end of section %u", m->index, s);
    }
  CHECK (vct_list_model_get_item (list, n, 0) == NULL && vct_list_model_get_n_items (list, n) == 0 &&
         vct_list_model_get_header (list, n) == NULL, "model %d: a section past the end", m->index);
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

      CHECK (g_strcmp0 (title, "Loading...") == 0 || g_strcmp0 (title, "Your Feeds") == 0, "the feed is titled \"%s\"", title);
      CHECK (!m->loaded || strcmp (title, "Your Feeds") == 0, "model %d: the title went back to \"%s\"", m->index, title);
      CHECK (!m->shown || !hidden, "model %d: the list was hidden again", m->index);
      m->loaded = strcmp (title, "Your Feeds") == 0;
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
  m->shadow = g_array_new (FALSE, TRUE, sizeof (guint));
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
      CHECK (vct_list_model_get_n_sections (m->list) == 0, "a new feed has sections");
    }
  else
    {
      m->service_ref = vct_song_service_new_custom (get_document, m->service, service_notify);
      m->handle = vct_song_picker_model_new (m->service_ref);
      m->list = vct_song_picker_model_get_list (m->handle);
      CHECK (vct_song_picker_model_get_state (m->handle) == VCT_SONG_PICKER_STATE_PICKING, "a new picker is not picking");
      CHECK (!vct_song_picker_model_is_loading (m->handle), "a new picker is loading");
      CHECK (!vct_song_picker_model_is_button_enabled (m->handle), "a new picker's button is enabled");
      CHECK (vct_list_model_get_n_sections (m->list) == 1 && vct_list_model_get_n_items (m->list, 0) == 0, "a new picker shows songs");
    }
  for (int slot = 0; slot < (m->feed ? N_MODEL_SLOTS - 1 : N_MODEL_SLOTS); slot++)
    set_model_slot (m, slot, FALSE, FALSE, FALSE);
  for (int slot = 0; slot < N_LIST_SLOTS; slot++)
    set_list_slot (m, slot, FALSE, FALSE);
}

/* The list's last reference went: every list callback's and binding's notify has run. */
static void
list_finalized (Model *m)
{
  m->list = NULL;
  m->shadow_valid = FALSE;
  for (int i = 0; i < N_LIST_SLOTS; i++)
    {
      check_notified (m->list_slots[i], "a list callback after the list's last unref");
      m->list_slots[i] = NULL;
    }
  for (int i = 0; i < N_WIDGETS; i++)
    {
      check_notified (m->binds[i], "a widget binding after the list's last unref");
      m->binds[i] = NULL;
    }
}

static void
model_last_unref (Model *m)
{
  gpointer handle = g_steal_pointer (&m->handle);
  gboolean list_goes = !m->list_ref;

  if (list_goes)
    m->list = NULL;
  if (m->feed)
    vct_feed_model_unref (handle);
  else
    vct_song_picker_model_unref (handle);
  /* "The last unref finalizes at once: every notify has run when it returns." */
  for (int i = 0; i < N_MODEL_SLOTS; i++)
    {
      check_notified (m->slots[i], "a callback after the model's last unref");
      m->slots[i] = NULL;
    }
  if (list_goes)
    list_finalized (m);
}

static void
drop_list_ref (Model *m)
{
  VctListModel *list = m->list;

  m->list_ref = FALSE;
  if (m->handle == NULL)
    m->list = NULL;
  vct_list_model_unref (list);
  if (m->handle == NULL)
    list_finalized (m);
}

static void
drop_service_ref (Model *m)
{
  gpointer service = g_steal_pointer (&m->service_ref);

  if (m->feed)
    vct_feed_service_unref (service);
  else
    vct_song_service_unref (service);
}

static void
observer_dispose (Observer *o)
{
  vct_binding_dispose (o->binding);
  check_notified (o->probe, "a disposed row observer");
  memset (o, 0, sizeof *o);
}

/* Lets go of everything of @m's (observers, rows, list, model, service), completes its
 * requests, and waits for the service's notify: then the slot is free again. */
static void
model_finish (Model *m)
{
  gint64 deadline;

  if (!m->in_use)
    return;
  for (int i = 0; i < N_OBSERVERS; i++)
    if (observers[i].binding != NULL && observers[i].model == m)
      observer_dispose (&observers[i]);
  for (int i = 0; i < N_ROW_REFS; i++)
    if (row_refs[i].row != NULL && row_refs[i].model == m)
      {
        vct_row_unref (row_refs[i].row);
        memset (&row_refs[i], 0, sizeof row_refs[i]);
      }
  if (m->list_ref)
    drop_list_ref (m);
  if (m->handle != NULL)
    model_last_unref (m);
  if (m->service_ref != NULL)
    drop_service_ref (m);
  /* Follows still running hold the service: complete whatever arrives until it goes. */
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (!g_atomic_int_get (&m->service->notified))
    {
      CHECK (g_get_monotonic_time () < deadline, "model %d: the service's notify never ran after every owner let go", m->index);
      complete_all (m);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (100);
    }
  complete_all (m);
  g_hash_table_unref (m->sent_at);
  g_hash_table_unref (m->delivered);
  g_hash_table_unref (m->follow_counts);
  g_array_unref (m->shadow);
  g_array_unref (m->reloads);
  memset (m, 0, sizeof *m);
}

/* ------------------------------------------------------------------ operations */

static guint
next_byte (const uint8_t *data, size_t size, size_t *at)
{
  return *at < size ? data[(*at)++] : 0;
}

/* A (section, position) from @b: mostly one in range, with the top bit anything. */
static gboolean
pick_position (Model *m, guint b, guint *section, guint *position)
{
  guint n = vct_list_model_get_n_sections (m->list), rows;

  if (b & 0x80 || n == 0)
    {
      *section = b & 3;
      *position = (b >> 2) & 15;
    }
  else
    {
      *section = b % n;
      rows = vct_list_model_get_n_items (m->list, *section);
      *position = rows ? (b >> 2) % rows : 0;
    }
  return *section < n && *position < vct_list_model_get_n_items (m->list, *section);
}

/* Counts a press or a selection that may start a follow or open a photo. */
static void
account_row (Model *m, VctRow *row, gboolean press)
{
  const char *kind = vct_row_get_kind (row);

  if (!m->feed || kind == NULL)
    return;
  if (strcmp (kind, "PhotoRow") == 0)
    m->max_details++;
  else if (press && strcmp (kind, "MemberRow") == 0)
    {
      g_autofree char *name = vct_row_dup_string (row, "name");
      g_autofree char *state = vct_row_dup_string (row, "followState");
      char *end = NULL;
      gint64 member = name && name[0] == 'm' ? g_ascii_strtoll (name + 1, &end, 10) : 0;

      if (end == NULL || end == name + 1 || (*end != '\0' && *end != '@'))
        m->unknown_eligible++;
      else
        {
          Follows *f = follows_of (m, member);
          if (g_strcmp0 (state, "normal") == 0 || (g_strcmp0 (state, "loading") == 0 && f->sent == f->completed))
            f->eligible++;
          if (g_strcmp0 (state, "normal") == 0)
            m->follow_expected = TRUE;
          stats.follow_checks++;
        }
    }
}

static void
op_press_or_select (Model *m, guint b, gboolean press, gboolean idle)
{
  guint section, position;
  gboolean expected = pick_position (m, b, &section, &position);
  VctRow *row = expected ? vct_list_model_get_item (m->list, section, position) : NULL;
  g_autofree char *mode = NULL;
  VctSongPickerState state = VCT_SONG_PICKER_STATE_PICKING;
  gboolean ok;

  if (row != NULL)
    account_row (m, row, press);
  if (row != NULL && !m->feed && m->handle != NULL)
    {
      mode = vct_row_dup_string (row, "mode");
      state = vct_song_picker_model_get_state (m->handle);
    }
  ok = press ? vct_list_model_press (m->list, section, position) : vct_list_model_select (m->list, section, position);
  CHECK (ok == expected, "model %d: %s (%u, %u) returned %d with %u sections", m->index, press ? "press" : "select",
         section, position, ok, vct_list_model_get_n_sections (m->list));
  /* The picker, idle (the row shown is the song's row now): selecting toggles it while
   * picking, plays a playable song while listening. */
  if (mode != NULL && !press && idle)
    {
      g_autofree char *after = vct_row_dup_string (row, "mode");

      if (state == VCT_SONG_PICKER_STATE_PICKING)
        CHECK (g_strcmp0 (after, strcmp (mode, "selected") == 0 ? "unselected" : "selected") == 0,
               "selecting a song in mode \"%s\" while picking left it \"%s\"", mode, after);
      else if (state == VCT_SONG_PICKER_STATE_LISTENING && strcmp (mode, "playable") == 0)
        CHECK (g_strcmp0 (after, "playing") == 0, "selecting a playable song while listening left it \"%s\"", after);
    }
}

/* The picker's row playing now (idle), or -1; its count in @n. */
static int
playing_index (Model *m, guint *n)
{
  *n = vct_list_model_get_n_items (m->list, 0);
  for (guint i = 0; i < *n; i++)
    if (row_string_is (vct_list_model_get_item (m->list, 0, i), "mode", "playing"))
      return (int) i;
  return -1;
}

static void
check_playing (Model *m, int index, const char *what)
{
  VctRow *row = vct_list_model_get_item (m->list, 0, (guint) index);
  CHECK (row != NULL && row_string_is (row, "mode", "playing"), "after %s, song %d is not playing", what, index);
}

/* start, next, previous, finish_song, back: @op 0–4. */
static void
op_song (Model *m, int op, gboolean idle)
{
  VctSongPickerState state = vct_song_picker_model_get_state (m->handle);
  gboolean listening = state == VCT_SONG_PICKER_STATE_LISTENING;
  guint n = 0;
  int playing = idle && listening ? playing_index (m, &n) : -1;
  VctRow *first_selected = NULL;
  gboolean ok;

  switch (op)
    {
    case 0: /* start: FALSE when not picking or nothing is selected */
      {
        gboolean enabled = vct_song_picker_model_is_button_enabled (m->handle);

        for (guint i = 0; idle && first_selected == NULL && i < vct_list_model_get_n_items (m->list, 0); i++)
          if (row_string_is (vct_list_model_get_item (m->list, 0, i), "mode", "selected"))
            first_selected = vct_list_model_get_item (m->list, 0, i);
        ok = vct_song_picker_model_start (m->handle);
        CHECK (ok == (state == VCT_SONG_PICKER_STATE_PICKING && enabled), "start returned %d in state %d with the button %s",
               ok, state, enabled ? "enabled" : "disabled");
        if (ok)
          {
            CHECK (vct_song_picker_model_get_state (m->handle) == VCT_SONG_PICKER_STATE_LISTENING, "not listening after start");
            if (first_selected != NULL)
              CHECK (row_string_is (first_selected, "mode", "playing"), "after start, the first selected song is not playing");
          }
      }
      break;
    case 1: /* next: FALSE when not listening or at the last song */
      ok = vct_song_picker_model_next (m->handle);
      CHECK (listening || !ok, "next returned TRUE in state %d", state);
      if (playing >= 0)
        {
          CHECK (ok == (playing + 1 < (int) n), "next returned %d at song %d of %u", ok, playing, n);
          if (ok)
            check_playing (m, playing + 1, "next");
          stats.song_ops_checked++;
        }
      break;
    case 2: /* previous: FALSE when not listening or at the first song */
      ok = vct_song_picker_model_previous (m->handle);
      CHECK (listening || !ok, "previous returned TRUE in state %d", state);
      if (playing >= 0)
        {
          CHECK (ok == (playing > 0), "previous returned %d at song %d of %u", ok, playing, n);
          if (ok)
            check_playing (m, playing - 1, "previous");
        }
      break;
    case 3: /* finish_song: FALSE when nothing is playing; FINISHED after the last */
      ok = vct_song_picker_model_finish_song (m->handle);
      CHECK (ok == listening, "finish_song returned %d in state %d", ok, state);
      if (playing >= 0)
        {
          if (playing + 1 < (int) n)
            check_playing (m, playing + 1, "finish_song");
          else
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

static void
op_bind (Model *m, guint w, guint b, gboolean armed)
{
  guint section, position;
  gboolean expected = pick_position (m, b, &section, &position);
  Probe *previous = m->binds[w];
  Probe *p = probe_new (m, OWNER_LIST);
  gboolean ok;

  p->widget = (int) w;
  p->armed = armed;
  in_bind = TRUE;
  ok = vct_list_model_bind (m->list, &widgets[w], section, position, on_row_changed, p, probe_notify);
  in_bind = FALSE;
  check_notified (previous, "a rebound widget's previous binding");
  CHECK (ok == expected, "model %d: bind (%u, %u) returned %d", m->index, section, position, ok);
  if (ok)
    {
      CHECK (p->calls == 1, "bind did not call the function now (%u calls)", p->calls);
      stats.binds++;
      m->binds[w] = p;
    }
  else
    {
      check_notified (p, "an out-of-range bind");
      m->binds[w] = NULL;
    }
}

static void
op_unbind (Model *m, guint w)
{
  gboolean bound = m->binds[w] != NULL;
  gboolean ok = vct_list_model_unbind (m->list, &widgets[w]);

  CHECK (ok == bound, "model %d: unbind returned %d for a widget %sbound", m->index, ok, bound ? "" : "not ");
  check_notified (m->binds[w], "an unbound widget's binding");
  m->binds[w] = NULL;
}

/* Observes a row of the list, or a row kept by a ref. */
static void
op_observe (Model *m, guint i, gboolean kept, gboolean armed, guint b)
{
  Observer *o = &observers[i];
  VctRow *row = NULL;
  Model *owner = m;
  guint section, position;

  if (kept && row_refs[i].row != NULL)
    {
      row = row_refs[i].row;
      owner = row_refs[i].model;
    }
  else if (!kept && m->list != NULL && pick_position (m, b, &section, &position))
    row = vct_list_model_get_item (m->list, section, position);
  if (row == NULL)
    return;
  if (o->binding != NULL)
    observer_dispose (o);
  o->probe = probe_new (owner, OWNER_OBSERVER);
  o->probe->observer = o;
  o->probe->armed = armed;
  o->model = owner;
  o->binding = vct_row_observe (row, on_row_changed, o->probe, probe_notify);
  CHECK (o->binding != NULL, "vct_row_observe returned NULL");
}

static void
op_row_ref (Model *m, guint i, gboolean header, guint b)
{
  guint section, position;
  VctRow *row;

  if (!pick_position (m, b, &section, &position) && !header)
    return;
  row = header ? vct_list_model_get_header (m->list, section) : vct_list_model_get_item (m->list, section, position);
  if (row == NULL)
    return;
  vct_row_unref (row_refs[i].row);
  row_refs[i].row = vct_row_ref (row);
  row_refs[i].model = m;
}

/* ------------------------------------------------------------------ the program */

enum {
  OP_NEW, OP_SET_CALLBACK, OP_CLEAR_CALLBACK, OP_SET_LIST_CALLBACK, OP_CLEAR_LIST_CALLBACK,
  OP_RELOAD, OP_RELOAD_AGAIN, OP_FETCH_NOW, OP_FETCH_LATER, OP_FOLLOW_NOW, OP_FOLLOW_LATER,
  OP_PRESS, OP_PRESS_AGAIN, OP_SELECT, OP_BIND, OP_UNBIND, OP_OBSERVE, OP_DISPOSE,
  OP_ROW_REF, OP_ROW_READ, OP_START, OP_NEXT, OP_PREVIOUS, OP_FINISH_SONG, OP_BACK,
  OP_ITERATE, OP_ITERATE_AGAIN, OP_REF_UNREF, OP_LAST_UNREF, OP_LIST_REF, OP_SERVICE, OP_SLEEP,
  N_OPS
};

static const char *const op_names[N_OPS] = {
  "new", "set-callback", "clear-callback", "set-list-callback", "clear-list-callback",
  "reload", "reload", "fetch-now", "fetch-later", "follow-now", "follow-later",
  "press", "press", "select", "bind", "unbind", "observe", "dispose",
  "row-ref", "row-read", "start", "next", "previous", "finish-song", "back",
  "iterate", "iterate", "ref-unref", "last-unref", "list-ref", "service", "sleep",
};

static void
print_stats (void)
{
  fprintf (stderr,
           "fuzz_screens: %" G_GUINT64_FORMAT " inputs; list runs: %" G_GUINT64_FORMAT " sections, %" G_GUINT64_FORMAT " items, %"
           G_GUINT64_FORMAT " row updates; follows: %" G_GUINT64_FORMAT " member presses, %" G_GUINT64_FORMAT " requests; %"
           G_GUINT64_FORMAT " binds, %" G_GUINT64_FORMAT " binding and %" G_GUINT64_FORMAT " observer changes, %" G_GUINT64_FORMAT
           " stale row reads; songs: %" G_GUINT64_FORMAT " idle checks, %" G_GUINT64_FORMAT " listening, %" G_GUINT64_FORMAT
           " finished, %" G_GUINT64_FORMAT " next checked; %" G_GUINT64_FORMAT " open-detail, %" G_GUINT64_FORMAT " errors; %"
           G_GUINT64_FORMAT " shadow comparisons, %" G_GUINT64_FORMAT " callbacks ended from inside\n",
           stats.inputs, stats.sections_runs, stats.items_runs, stats.item_updates, stats.follow_checks, stats.follows_sent,
           stats.binds, stats.bind_changes, stats.observer_changes, stats.stale_reads, stats.songs_checked, stats.listening,
           stats.finished, stats.song_ops_checked, stats.details, stats.errors, stats.shadow_checks, stats.reentries);
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
              set_model_slot (m, slot, op == OP_CLEAR_CALLBACK, sub / N_MODEL_SLOTS % 2, sub / N_MODEL_SLOTS % 2);
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
        case OP_BIND:
          {
            guint b = next_byte (data, size, &at);
            if (m->list)
              op_bind (m, sub % N_WIDGETS, b, sub / N_WIDGETS % 2);
          }
          break;
        case OP_UNBIND:
          if (m->list)
            op_unbind (m, sub % N_WIDGETS);
          break;
        case OP_OBSERVE:
          op_observe (m, sub % N_OBSERVERS, sub / N_OBSERVERS % 2, sub / N_OBSERVERS / 2 % 2,
                      sub / N_OBSERVERS % 2 ? 0 : next_byte (data, size, &at));
          break;
        case OP_DISPOSE:
          if (observers[sub % N_OBSERVERS].binding != NULL)
            observer_dispose (&observers[sub % N_OBSERVERS]);
          break;
        case OP_ROW_REF:
          {
            guint b = next_byte (data, size, &at);
            if (m->list)
              op_row_ref (m, sub % N_ROW_REFS, sub / N_ROW_REFS % 2, b);
          }
          break;
        case OP_ROW_READ:
          if (sub % 2 && row_refs[sub / 2 % N_ROW_REFS].row != NULL)
            {
              vct_row_unref (row_refs[sub / 2 % N_ROW_REFS].row);
              memset (&row_refs[sub / 2 % N_ROW_REFS], 0, sizeof (RowRef));
            }
          else
            /* Rows kept across later batches stay valid while ref'd. */
            for (int i = 0; i < N_ROW_REFS; i++)
              if (row_refs[i].row != NULL)
                {
                  check_row (row_refs[i].model, row_refs[i].row, FALSE, FALSE);
                  stats.stale_reads++;
                }
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
          if (m->handle && m->feed)
            vct_feed_model_unref (vct_feed_model_ref (m->handle));
          else if (m->handle)
            vct_song_picker_model_unref (vct_song_picker_model_ref (m->handle));
          if (m->list)
            vct_list_model_unref (vct_list_model_ref (m->list));
          if (m->service_ref && m->feed)
            vct_feed_service_unref (vct_feed_service_ref (m->service_ref));
          else if (m->service_ref)
            vct_song_service_unref (vct_song_service_ref (m->service_ref));
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
              vct_list_model_ref (m->list);
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
  for (int i = 0; i < N_OBSERVERS; i++)
    if (observers[i].binding != NULL)
      observer_dispose (&observers[i]);
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
  g_clear_pointer (&probes, g_ptr_array_unref);
  g_clear_pointer (&services, g_ptr_array_unref);
  return 0;
}
