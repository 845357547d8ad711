/* vctable-private.h: the seam between the two halves of libVCTable.so, the C half
 * (Sources/VCTableGObject: the GObject classes, written as GLib writes them) and the
 * Swift core (Sources/VCTable).
 *
 * Internal: never installed, no part of the API. Programs include <vctable.h>
 * (CInterop/include), which the C half includes too. SwiftPM makes this directory the
 * clang module VCTableGObject (its generated module map), which the Swift core imports
 * with `internal import VCTableGObject`, so nothing declared here reaches the public
 * Swift API.
 *
 * The two directions cross differently:
 *
 * - Swift calls C through the G_GNUC_INTERNAL functions below (hidden: linked inside
 *   libVCTable.so, never exported).
 * - C calls Swift through one table of function pointers, VctCore, which the Swift core
 *   fills once and hands out from _vct_core(). That function is the library's only
 *   private export (listed in CInterop/vctable.symbols): a Swift @c function is exported
 *   whatever its access level in a debug build, so one entry point, rather than one per
 *   call, keeps the exports equal to the header's functions plus this one.
 *
 * The Swift core's objects cross as `gpointer core`: one retained reference, owned by the
 * GObject that holds it and dropped by the table's *_release in its finalize.
 *
 * A batch of a list, and the end of a table model's reload, cross once (one delivery:
 * VctListDelivery, VctTableDelivery); what a view reads while they are emitted, the C half
 * answers from what it holds (row records, the sections' table, the model's state), with
 * no call back into the core (ARCHITECTURE.md, "One delivery each way").
 *
 * This header is self-contained (GLib only), so the Swift side needs no search path to
 * import it.
 */
#ifndef VCTABLE_PRIVATE_H
#define VCTABLE_PRIVATE_H

/* Only libVCTable itself: its C half (VCTABLE_COMPILATION, Package.swift) or its Swift
 * core (the clang importer defines __swift__). */
#if !defined (VCTABLE_COMPILATION) && !defined (__swift__)
#error "vctable-private.h is internal to libVCTable: include <vctable.h>"
#endif

#include <glib-object.h>
#include <gio/gio.h>

G_BEGIN_DECLS

/* VctRowClassId: which VctRow subclass a row view model of the Swift core shows as. */
typedef enum {
  VCT_ROW_CLASS_GENERIC = 0,   /* a row type this header has no class for */
  VCT_ROW_CLASS_PHOTO,         /* PhotoCellViewModel */
  VCT_ROW_CLASS_MEMBER,        /* the feed's MemberRowViewModel */
  VCT_ROW_CLASS_FEED_PHOTO,    /* the feed's PhotoRowViewModel */
  VCT_ROW_CLASS_DAY_HEADER,    /* the feed's DayHeaderViewModel */
  VCT_ROW_CLASS_SONG           /* SongRowViewModel */
} VctRowClassId;

/* VctRowProperty: a row class's property, by the key vct-row-properties.h declares it
 * with (VCT_ROW_<CLASS>_<KEY>): what row_get reads and _vct_row_notify notifies. */
typedef enum {
#define VCT_ROW_PROPERTY(klass, key, name, value, extra) VCT_ROW_##klass##_##key,
#include "../vct-row-properties.h"
#undef VCT_ROW_PROPERTY
  VCT_ROW_N_PROPERTIES
} VctRowProperty;

/* VctRowValueType: what a row property holds (its VALUE in vct-row-properties.h). */
typedef enum {
  VCT_ROW_VALUE_STRING = 0,
  VCT_ROW_VALUE_INT64 = 1,
  VCT_ROW_VALUE_BOOLEAN = 2,
  VCT_ROW_VALUE_ENUM = 3,     /* the Swift view model gives the value's nick */
  VCT_ROW_VALUE_IMAGE = 4     /* a VctImage of the URL property @source; no Swift value */
} VctRowValueType;

/* VctRowPropertyInfo: one entry of vct-row-properties.h, as vct-row.c's table holds it. */
typedef struct {
  VctRowClassId   class_id;
  const char     *name;        /* the GObject property's (kebab-case) */
  VctRowValueType value_type;
  gint            source;      /* an image's URL property (a VctRowProperty); -1 otherwise */
} VctRowPropertyInfo;

/* VctRowValue: one property's value in a record: @string for a STRING (NULL: absent) or
 * an ENUM (the value's nick), @integer for an INT64 or a BOOLEAN (0 or 1). An IMAGE has
 * none (both zero). */
typedef struct {
  const char *string;
  gint64      integer;
} VctRowValue;

/* VctScreenKind: which screen object screen_new makes (and _vct_screen_object_new). */
typedef enum {
  VCT_SCREEN_KIND_FEED = 0,         /* VctFeedModel over FeedViewModel */
  VCT_SCREEN_KIND_SONG_PICKER = 1   /* VctSongPickerModel over SongPickerViewModel */
} VctScreenKind;

/* VctScreenValue: what screen_dup_string (strings) and screen_get_int (the others) read
 * of a screen's core: VctScreen's, then each screen's own. */
typedef enum {
  VCT_SCREEN_VALUE_TITLE = 0,            /* string: VctScreen:title */
  VCT_SCREEN_VALUE_LOADING = 1,          /* gboolean: VctScreen:loading */
  VCT_SCREEN_VALUE_LIST_HIDDEN = 2,      /* gboolean: VctFeedModel:list-hidden */
  VCT_SCREEN_VALUE_STATE = 3,            /* VctSongPickerState: VctSongPickerModel:state */
  VCT_SCREEN_VALUE_BUTTON_TITLE = 4,     /* string: VctSongPickerModel:button-title */
  VCT_SCREEN_VALUE_BUTTON_ENABLED = 5    /* gboolean: VctSongPickerModel:button-enabled */
} VctScreenValue;

/* VctScreenAction: what screen_act does to a screen's core. */
typedef enum {
  VCT_SCREEN_ACTION_RELOAD = 0,          /* every screen */
  VCT_SCREEN_ACTION_START = 1,           /* the song picker's steps, from here on */
  VCT_SCREEN_ACTION_NEXT = 2,
  VCT_SCREEN_ACTION_PREVIOUS = 3,
  VCT_SCREEN_ACTION_FINISH_SONG = 4,
  VCT_SCREEN_ACTION_BACK = 5
} VctScreenAction;

/* VctCore: the Swift core's side of the seam (Sources/VCTable/CBridge/CCore.swift). */
typedef struct {
  /* Any core (a Swift class instance): drops the reference its object held. */
  void        (*core_release)      (gpointer core);
  /* A screen's core (CScreen): its object's dispose (ends the deliveries). Safe to
   * call twice. */
  void        (*core_dispose)      (gpointer core);
  /* A feed's or a song picker's core (CScreen): a copy of its view model's last error as
   * VctScreen:last-error answers it (the value being notified inside its `notify`), or
   * NULL. Transfer full. */
  GError     *(*screen_dup_last_error) (gpointer core);

  /* VctListModel: the sectioned list's core (CListModel). list_dispose ends its
   * deliveries (safe to call twice); list_act routes a row object's action (a
   * VctRowAction) to the view model at flat position @position of the list as the last
   * delivery left it, or with @position G_MAXUINT to the view model of the removed row of
   * identity @identity whose object a program holds (VctListDelivery.orphans). */
  void        (*list_dispose)      (gpointer core);
  void        (*list_release)      (gpointer core);
  void        (*list_act)          (gpointer core, guint position, gint action, guint64 identity);
  /* A live row's view model (VctRowRecord.core): its value of @key now, as a record value
   * (@value->string g_malloc'd, the receiver's); FALSE when it answers no such key. */
  gboolean    (*row_get)           (gpointer core, VctRowProperty key, VctRowValue *value);

  /* VctTableModel: CTableModel. */
  void        (*table_dispose)     (gpointer core);
  void        (*table_release)     (gpointer core);
  /* The items the last reload delivered, as a g_malloc'd array of @n_items
   * VctCellData (each transfer none: the core keeps it until the next reload is
   * delivered); free it with g_free(). NULL when there are none. On the context thread,
   * for a legacy didReloadData callback set after the reload's task made its items. */
  gpointer   *(*table_get_items)   (gpointer core, gsize *n_items);
  /* Whether a legacy didReloadData callback is set (it gets every item: the reload's task
   * makes their objects then, off the loop). Any thread. */
  void        (*table_set_wants_items) (gpointer core, gboolean wants);

  /* vct-api.c, vct-services.c: the constructors' Swift half, each returning the new
   * object (transfer full), its arguments checked. An unusable @uri gives, with
   * @or_failing, an API whose every reload fails with its error; without, NULL and
   * @error set. The function pointers are the public typedefs' (VctApiGetPhotosFunc…). */
  gpointer      (*api_new_for_uri)          (const char *uri, guint timeout_ms, gsize max_body_size,
                                             gboolean or_failing, GError **error);
  gpointer      (*api_new_custom)           (GCallback get_photos, gpointer user_data, GDestroyNotify notify);
  gpointer      (*feed_service_new_for_uri) (const char *uri);
  gpointer      (*feed_service_new_custom)  (GCallback get_feeds, GCallback follow, gpointer user_data,
                                             GDestroyNotify notify);
  gpointer      (*song_service_new_for_uri) (const char *uri);
  gpointer      (*song_service_new_custom)  (GCallback get_songs, gpointer user_data, GDestroyNotify notify);

  /* vct-api.c: a request's cancellable (transfer none), and its completion (the JSON is
   * copied; a GError of another domain becomes VCT_ERROR_FAILED). */
  gpointer      (*request_get_cancellable)  (gpointer core);
  void          (*request_return_json)      (gpointer core, const char *json, gsize length);
  void          (*request_return_error)     (gpointer core, const GError *error);

  /* vct-table-model.c: CTableModel. table_new makes a model object (transfer full) over
   * an API's core, or the factory's model when @api_core is NULL; table_reload starts a
   * reload (the C half reports its start itself: the title reset, loading); table_get_item
   * is the VctCellData of a delivered item (transfer none), made on first use;
   * table_get_list the core's list (transfer none). */
  gpointer      (*table_new)                (gpointer api_core);
  void          (*table_reload)             (gpointer core);
  gpointer      (*table_get_item)           (gpointer core, guint position);
  gpointer      (*table_get_list)           (gpointer core);

  /* vct-screen-object.c: the screens (VctFeedModel, VctSongPickerModel), one set of
   * entries for all, their arguments checked. screen_new makes the object (transfer full)
   * of @kind around a new view model of the service whose core is @service (a
   * VctFeedService's, a VctSongService's), or around the factory instance's when @service
   * is NULL. The other entries take the screen's core: a value read answers as of the
   * change whose notify is running, if any (CScreen.current); an action (reload, a step of
   * the picker) makes the reads answer the latest values once it returns
   * (CScreen.acting), and returns what the view model's call returned (TRUE for one that
   * returns nothing). A value or an action the screen does not have is a bug: the core
   * traps. */
  gpointer      (*screen_new)         (VctScreenKind kind, gpointer service);
  char         *(*screen_dup_string)  (gpointer core, VctScreenValue what);
  gint64        (*screen_get_int)     (gpointer core, VctScreenValue what);
  gpointer      (*screen_get_list)    (gpointer core);
  gboolean      (*screen_act)         (gpointer core, VctScreenAction action);

  /* vct-image-loader.c, vct-image.c: the image pipeline (CImageLoader: an ImagePipeline,
   * the shared one when @shared) and an image (CImage: an AsyncImage of @uri on the
   * calling thread's thread-default context, loaded by the pipeline of @loader_core,
   * reporting to @image weakly through _vct_image_store). Both cores go with
   * core_release. Loader values are VctImageLoaderValue; set takes the settable ones. */
  gpointer      (*image_loader_new)         (gboolean shared);
  guint64       (*image_loader_get)         (gpointer core, gint what);
  void          (*image_loader_set)         (gpointer core, gint what, guint64 value);
  void          (*image_loader_clear_cache) (gpointer core);
  gpointer      (*image_new)                (gpointer image, gpointer loader_core, const char *uri);
  void          (*image_bind)               (gpointer core, gint width, gint height);
  void          (*image_unbind)             (gpointer core);
  void          (*image_set_uri)            (gpointer core, const char *uri);
} VctCore;

/* VctImageLoaderValue: what image_loader_get reads (and image_loader_set writes, for the
 * limits). */
typedef enum {
  VCT_IMAGE_LOADER_MEMORY_LIMIT = 0,
  VCT_IMAGE_LOADER_MAX_TRANSFERS = 1,
  VCT_IMAGE_LOADER_MEMORY_USAGE = 2,
  VCT_IMAGE_LOADER_TRANSFERS_IN_FLIGHT = 3,
  VCT_IMAGE_LOADER_TRANSFERS_STARTED = 4,
  VCT_IMAGE_LOADER_DISK_CACHE_LIMIT = 5,  /* the process's, whichever loader */
  VCT_IMAGE_LOADER_TIMEOUT_MS = 6,
  VCT_IMAGE_LOADER_CANCEL_DELAY_MS = 7
} VctImageLoaderValue;

/* VctTableModelReport: what one delivery of the table model's core reports, as flags:
 * which properties to notify (in this order), then at most one signal. */
typedef enum {
  VCT_TABLE_MODEL_REPORT_TITLE_CHANGED   = 1 << 0,
  VCT_TABLE_MODEL_REPORT_LOADING_CHANGED = 1 << 1,
  VCT_TABLE_MODEL_REPORT_ERROR_CHANGED   = 1 << 2,
  VCT_TABLE_MODEL_REPORT_TITLE           = 1 << 3,  /* did-update-navigation-title (text) */
  VCT_TABLE_MODEL_REPORT_ERROR           = 1 << 4,  /* did-error (text) */
  VCT_TABLE_MODEL_REPORT_RELOADED        = 1 << 5   /* did-reload-data */
} VctTableModelReport;

#ifndef __swift__
/* Implemented by the Swift core (@c(_vct_core)); the same table on every call. */
const VctCore *_vct_core (void);

/* vct-object.c: _vct_core()'s table, once read. The C half reads the table through this:
 * _vct_core() is a Swift lazy global (a swift_once on every call), and get_item and
 * get_n_items run hundreds of thousands of times per reload under a GtkListView. */
G_GNUC_INTERNAL extern const VctCore *_vct_core_table;

static inline const VctCore *
vct_core (void)
{
  const VctCore *table = g_atomic_pointer_get (&_vct_core_table);

  if (G_UNLIKELY (table == NULL))
    {
      table = _vct_core ();
      g_atomic_pointer_set (&_vct_core_table, table);
    }
  return table;
}
#endif

/* ------------------------------------------------- implemented by the C half, for Swift */

/* ------------------------------------------------- rows and lists: one delivery a batch
 *
 * A list's content lives in the C half (vct-list-model.c): per flat position a row
 * record (its content, below) and a slot for its row object; the sections' table. The
 * core (CListModel) computes each batch and hands it over in one call,
 * _vct_list_model_deliver; the C half carries the records and the objects, emits every
 * items-changed, notify and changes-done, and answers get_item, get_n_items, the
 * sections and every row property itself, never calling the core while it emits. */

/* VctRowRecord: what one row shows, as C reads it: immutable once delivered and
 * reference counted, in one g_malloc'd block: this header, then @n_values VctRowValue
 * (the values of keys @first_key, @first_key + 1, … of its class, in the order of
 * vct-row-properties.h), then the bytes of its strings. The Swift core writes a new one
 * in place (CRowRecord.swift) with @ref_count 1 and gives that reference away; the C half
 * drops it with _vct_row_record_unref (g_free at zero). */
typedef struct {
  gint          ref_count;   /* atomic */
  guint16       class_id;    /* a VctRowClassId */
  guint16       role;        /* a VctRowRole */
  const char   *kind;        /* interned (g_intern_string), or NULL */
  guint64       identity;    /* the row's identity (its section's, its role, its own):
                                what an object of a removed row is found back by */
  guint         first_key;   /* a VctRowProperty; 0 with no values */
  guint         n_values;
  gpointer      core;        /* a view model whose values change in place (CLiveRow), which
                                its row object reads at once outside its list's deliveries
                                (row_get); NULL for the others. core_release drops it once
                                the record goes, never inside a delivery. */
} VctRowRecord;

/* The values of @record (n_values of them, right after the header). */
#define VCT_ROW_RECORD_VALUES(record) ((VctRowValue *) ((VctRowRecord *) (record) + 1))

/* VctRowAction: what list_act does to a row's view model. */
typedef enum {
  VCT_ROW_ACTION_SELECT = 0,
  VCT_ROW_ACTION_PRESS = 1
} VctRowAction;

/* VctListRun: an items-changed, or one step of a batch (position in the new list's
 * numbering, front to back, as FlatSections.splices gives them). */
typedef struct {
  guint position;
  guint removed;
  guint added;
} VctListRun;

/* VctListMove: a row a batch moves, from its flat position before the batch to its flat
 * position after (ListBatch.moves, in flat positions). */
typedef struct {
  guint from;
  guint to;
} VctListMove;

/* VctListRecordAt: a record (transfer full) for a flat position. */
typedef struct {
  guint         position;
  VctRowRecord *record;
} VctListRecordAt;

/* VctListSection: one section of a list: its items are [@start, next section's @start),
 * its rows [@rows_start, @rows_end) (a header before them, a footer after them, if any);
 * @row_number rows come before it; @id is its identity's hash; @row_class the
 * VctRowClassId all its rows share, or -1 (mixed, or none): what a probe of one of its rows
 * knows without reading the row's record. */
typedef struct {
  guint   start;
  guint   rows_start;
  guint   rows_end;
  guint   row_number;
  guint64 id;
  gint    row_class;
} VctListSection;

/* VctListDelivery: one batch of a list, or a change in place (@changes_done FALSE), from
 * the core, on the list's context thread:
 *
 * - @before: new records for rows changed in place, at their positions before the
 *   batch (a row the batch then removes included): their objects notify first;
 * - @runs: the steps that turn the old list into the new one (every row outside them is
 *   kept, in order), @moves: the rows they remove and add back; the C half carries each
 *   kept or moved row's record and object along, and finds the objects of removed rows
 *   that are still held back for added rows of the same identity;
 * - @emitted: the items-changed to emit (the runs, or one covering them,
 *   FlatEmission.shape);
 * - @records: records (transfer full) for new positions: every added row that is not a
 *   move, and every kept or moved row whose content changed; a carried object whose
 *   record changes notifies what differs, after the runs;
 * - @sections (@n_sections, @n_rows rows): the new list's table; @n_items its length.
 *
 * The C half answers in @orphaned (the old positions of the removed rows whose objects
 * are still held, which the core keeps the view models of for their actions) and
 * @orphans (the identities of every such row still held after the batch: the core lets
 * the others go), both g_malloc'd (NULL when empty), the core's to g_free.
 *
 * A batch with no runs changes rows in place only. */
typedef struct {
  gboolean               changes_done;  /* a batch: changes-done ends it */
  guint                  n_items;
  guint                  n_rows;
  const VctListSection  *sections;
  guint                  n_sections;
  const VctListRun      *runs;
  guint                  n_runs;
  const VctListRun      *emitted;
  guint                  n_emitted;
  const VctListMove     *moves;
  guint                  n_moves;
  const VctListRecordAt *before;
  guint                  n_before;
  const VctListRecordAt *records;
  guint                  n_records;
  guint                 *orphaned;    /* out */
  guint                  n_orphaned;  /* out */
  guint64               *orphans;     /* out */
  guint                  n_orphans;   /* out */
} VctListDelivery;

/* vct-row.c: drops a reference to @record (NULL: nothing). Any thread. */
G_GNUC_INTERNAL void _vct_row_record_unref (VctRowRecord *record);

/* vct-row.c: a new row object of @record's class showing @record (transfer full),
 * outside any list (its actions do nothing). Transfer full. For the core's
 * tests (RowClassPropertiesTests). */
G_GNUC_INTERNAL gpointer _vct_row_new (VctRowRecord *record);

/* vct-row.c: the entry of vct-row-properties.h whose key is @key (static), or NULL past
 * the last. */
G_GNUC_INTERNAL const VctRowPropertyInfo *_vct_row_property_get_info (guint key);

/* vct-list-model.c: a new list object that owns @core (list_dispose runs in its
 * dispose, list_release in its finalize), holding @initial's rows (a record for each of
 * its @n_items positions; no runs: nothing is emitted). Transfer full. */
G_GNUC_INTERNAL gpointer _vct_list_model_new (gpointer core, const VctListDelivery *initial);

/* vct-list-model.c: applies and emits one batch (its records are the list's from now
 * on), then changes-done, on the list's context thread. The one call of a batch. */
G_GNUC_INTERNAL void _vct_list_model_deliver (gpointer list, VctListDelivery *delivery);

#define VCT_LIST_MODEL_KEEP_MS 100

/* VctTableDelivery: the end of one reload of a table model (CTableModel), in one call:
 * its list's batch (emitted first), then what the model reports: @report is
 * VCT_TABLE_MODEL_REPORT_RELOADED or _ERROR (with @text, did-error's message); @loading
 * and @error (NULL: none) are the model's state after it, @n_items its items' count;
 * @items (NULL: made on demand, table_get_items) the VctCellData of every item for a
 * legacy didReloadData callback, made in the reload's task. Everything is the core's,
 * for the call. */
typedef struct {
  VctTableModelReport  report;
  const char          *text;
  gboolean             loading;
  const GError        *error;
  guint                n_items;
  gpointer             list;       /* the model's VctListModel, with @list_delivery */
  VctListDelivery     *list_delivery;
  gpointer            *items;
  gsize                n_boxes;
} VctTableDelivery;

/* vct-table-model.c: a new model object that owns @core (table_dispose runs in its
 * dispose, table_release in its finalize), bound to the calling thread's thread-default
 * context, and answers @title (the Swift VCTableModel's, its one source) until a
 * selection reports another; a reload reports it again. Transfer full. */
G_GNUC_INTERNAL gpointer _vct_table_model_new (gpointer core, const char *title);

/* vct-table-model.c: queues @title's report (a selection's: did-update-navigation-title),
 * in order with the reports the C half makes itself. Any thread. */
G_GNUC_INTERNAL void _vct_table_model_queue_title (gpointer model, const char *title);

/* vct-table-model.c: one reload's end, on the model's context thread: the reports the
 * C half queued (a reload's start, a selection) go first, then @delivery: the list's
 * batch, the legacy callback (holding no reference to @model: one that drops the last
 * disposes it, and nothing follows), the notifies of what changed, the signal. Takes
 * @model's reference (transfer full). */
G_GNUC_INTERNAL void _vct_table_model_deliver (gpointer model, const VctTableDelivery *delivery);

/* vct-api.c: new objects owning @core (core_release runs in their
 * finalize; transfer full), and the core of an object (NULL for anything else). */
G_GNUC_INTERNAL gpointer _vct_api_new (gpointer core);
G_GNUC_INTERNAL gpointer _vct_api_get_core (gconstpointer api);
G_GNUC_INTERNAL gpointer _vct_api_request_new (gpointer core);

/* vct-cell-data.c: a new VctCellData (transfer full) holding copies of the strings; and
 * a cell's fields (borrowed strings, valid while it lives), FALSE for anything else. */
G_GNUC_INTERNAL gpointer _vct_cell_data_new  (gint64 id, gint64 album_id, const char *title,
                                              const char *url, const char *thumbnail_url);
G_GNUC_INTERNAL gboolean _vct_cell_data_read (gconstpointer cell, gint64 *id, gint64 *album_id,
                                              const char **title, const char **url,
                                              const char **thumbnail_url);

/* vct-services.c: the same for the services. */
G_GNUC_INTERNAL gpointer _vct_feed_service_new (gpointer core);
G_GNUC_INTERNAL gpointer _vct_feed_service_get_core (gconstpointer service);
G_GNUC_INTERNAL gpointer _vct_song_service_new (gpointer core);
G_GNUC_INTERNAL gpointer _vct_song_service_get_core (gconstpointer service);

/* vct-screen-object.c: a new screen object of @kind that owns @core (core_dispose runs in
 * its dispose, core_release in its finalize). Transfer full. */
G_GNUC_INTERNAL gpointer _vct_screen_object_new (VctScreenKind kind, gpointer core);

/* vct-screen.c: VctScreen::did-error on @screen (a VctScreen), by the signal's id. On
 * the context thread. */
G_GNUC_INTERNAL void _vct_screen_emit_did_error (gpointer screen, const char *message);

/* vct-feed-photo.c: a new VctFeedPhoto (transfer full); @unix_seconds is its date. */
G_GNUC_INTERNAL gpointer _vct_feed_photo_new (gint64 id, const char *title, const char *description,
                                              const char *url, gint64 unix_seconds);

/* vct-object.c: g_object_notify and g_signal_emit_by_name, for the Swift core. */
G_GNUC_INTERNAL void _vct_object_notify      (gpointer object, const char *property);
G_GNUC_INTERNAL void _vct_object_emit        (gpointer object, const char *signal);
G_GNUC_INTERNAL void _vct_object_emit_object (gpointer object, const char *signal, gpointer argument);

/* vct-image-decode.c: @length bytes at @data decoded to a GdkPixbuf (transfer full) that
 * fits @max_width × @max_height (0: unbounded on that side), never enlarged; an image of
 * more than @max_pixels pixels is refused from its header (VCT_ERROR_IMAGE_TOO_LARGE),
 * anything not a whole image is VCT_ERROR_INVALID_IMAGE. @uri names it in messages. Any
 * thread. */
G_GNUC_INTERNAL gpointer _vct_image_decode (const guint8 *data, gsize length, int max_width,
                                            int max_height, gint64 max_pixels, const char *uri,
                                            GError **error);

/* vct-image-decode.c: a GdkPixbuf's size and the bytes of its pixels. */
G_GNUC_INTERNAL void _vct_image_pixbuf_describe (gpointer pixbuf, int *width, int *height,
                                                 gsize *byte_length);

/* vct-image-loader.c: the core of a VctImageLoader. */
G_GNUC_INTERNAL gpointer _vct_image_loader_get_core (gpointer loader);

/* vct-image.c: what the image's core reports (a VctImageState, the pixbuf or NULL, the
 * error or NULL), stored and notified; and a row's new URI for its image (notified, then
 * told to the core). On the image's context thread. */
G_GNUC_INTERNAL void _vct_image_store   (gpointer image, gint state, gpointer pixbuf,
                                         const GError *error);
G_GNUC_INTERNAL void _vct_image_set_uri (gpointer image, const char *uri);

/* vct-soup.c: libsoup-3.0, loaded (dlopen) on the first HTTP transfer rather than linked:
 * the functions the Swift core calls, on libsoup's opaque types. The values of libsoup's
 * enumerations the core and vct-soup.c compare with, as libsoup 3 defines them. */
typedef struct _VctSoupSession VctSoupSession;
typedef struct _VctSoupMessage VctSoupMessage;
typedef struct _VctSoupMessageHeaders VctSoupMessageHeaders;
typedef struct _VctSoupCache VctSoupCache;

#define VCT_SOUP_ENCODING_CONTENT_LENGTH 2              /* SOUP_ENCODING_CONTENT_LENGTH */
#define VCT_SOUP_CACHE_SINGLE_USER 0                    /* SOUP_CACHE_SINGLE_USER */
#define VCT_SOUP_SESSION_ERROR_TOO_MANY_REDIRECTS 2     /* SOUP_SESSION_ERROR_TOO_MANY_REDIRECTS */
#define VCT_SOUP_SESSION_ERROR_REDIRECT_NO_LOCATION 4   /* SOUP_SESSION_ERROR_REDIRECT_NO_LOCATION */
#define VCT_SOUP_SESSION_ERROR_REDIRECT_BAD_URI 5       /* SOUP_SESSION_ERROR_REDIRECT_BAD_URI */

/* soup_session_new_with_options ("max-conns", @max_conns, "max-conns-per-host", …): up to
 * @max_conns_per_host connections to one host, @max_conns in all. */
G_GNUC_INTERNAL VctSoupSession *_vct_soup_session_new (int max_conns, int max_conns_per_host);
G_GNUC_INTERNAL void _vct_soup_session_add_feature (VctSoupSession *session, gpointer feature);
G_GNUC_INTERNAL void _vct_soup_session_send_async (VctSoupSession *session, VctSoupMessage *message,
                                                   int io_priority, GCancellable *cancellable,
                                                   GAsyncReadyCallback callback, gpointer user_data);
G_GNUC_INTERNAL GInputStream *_vct_soup_session_send_finish (VctSoupSession *session, GAsyncResult *result,
                                                             GError **error);
/* soup_session_error_quark(), without loading libsoup. */
G_GNUC_INTERNAL GQuark _vct_soup_session_error_quark (void);
G_GNUC_INTERNAL VctSoupMessage *_vct_soup_message_new (const char *method, const char *uri);
/* soup_message_disable_feature (@message, SOUP_TYPE_CACHE). */
G_GNUC_INTERNAL void _vct_soup_message_disable_cache (VctSoupMessage *message);
G_GNUC_INTERNAL guint _vct_soup_message_get_status (VctSoupMessage *message);
G_GNUC_INTERNAL const char *_vct_soup_message_get_reason_phrase (VctSoupMessage *message);
/* TRUE and the response's Content-Length in @length when its encoding is
 * SOUP_ENCODING_CONTENT_LENGTH; FALSE otherwise. */
G_GNUC_INTERNAL gboolean _vct_soup_message_get_content_length (VctSoupMessage *message, gint64 *length);
/* soup_cache_new (@directory, SOUP_CACHE_SINGLE_USER). */
G_GNUC_INTERNAL VctSoupCache *_vct_soup_cache_new (const char *directory);
G_GNUC_INTERNAL void _vct_soup_cache_set_max_size (VctSoupCache *cache, guint max_size);
G_GNUC_INTERNAL void _vct_soup_cache_load (VctSoupCache *cache);
G_GNUC_INTERNAL void _vct_soup_cache_dump (VctSoupCache *cache);

G_END_DECLS

#endif /* VCTABLE_PRIVATE_H */
