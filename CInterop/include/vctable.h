/* vctable.h: the C API of VCTable, MVVM list view models for GLib main loops.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * Build a program with:  cc app.c $(pkg-config --cflags --libs vctable)
 *
 * Threads, in one place: every callback a model reports through runs later, on the
 * thread that iterates the model's GMainContext (the thread-default context of the
 * thread that created the model), never inline inside the call that caused it.
 * vct_table_model_reload_data(), vct_table_model_user_selected_cell(), the
 * vct_table_model_set_*() setters and every _ref()/_unref() are safe from any thread;
 * the other getters are for the context's thread.
 */

#ifndef VCTABLE_H
#define VCTABLE_H

#include <glib.h>
#include <gio/gio.h>

G_BEGIN_DECLS

/**
 * VctApi:
 *
 * Where a [class@TableModel] fetches photos from: the original's `MyAPI`.
 *
 * An immutable `GObject` with no properties; safe to share between threads and models.
 * Create one with [ctor@Api.new_for_uri] or [ctor@Api.new_custom].
 */
#define VCT_TYPE_API (vct_api_get_type ())
G_DECLARE_FINAL_TYPE (VctApi, vct_api, VCT, API, GObject)

/**
 * VctApiRequest:
 *
 * One get-photos call to a custom [class@Api]: a `GObject` the custom API receives with
 * a reference it owns, and completes exactly once, from any thread, with
 * [method@ApiRequest.return_json] or [method@ApiRequest.return_error], which take that
 * reference.
 */
#define VCT_TYPE_API_REQUEST (vct_api_request_get_type ())
G_DECLARE_FINAL_TYPE (VctApiRequest, vct_api_request, VCT, API_REQUEST, GObject)

/**
 * VctTableModel:
 *
 * The photo table's view model: the original's `VCTableModel`, as a `GObject`.
 *
 * It asks its [struct@Api] for photos, shows them as [class@PhotoRow] objects in its
 * [class@ListModel] ([method@TableModel.get_list]) and reports back through three
 * signals named after the original's blocks, each emitted later on the model's
 * `GMainContext` (the thread-default context of the thread that created it):
 * [signal@TableModel::did-update-navigation-title], [signal@TableModel::did-reload-data]
 * (the rows are in the list by then) and [signal@TableModel::did-error]. Its state is in
 * three read-only properties with `notify`: [property@TableModel:title],
 * [property@TableModel:loading] and [property@TableModel:last-error].
 *
 * The block-style setters ([method@TableModel.set_did_reload_data] and the others) are
 * the original's API: each sets one callback, run just before the matching signal.
 *
 * Connect to the signals on the context thread (GTK's rule). The commands
 * ([method@TableModel.reload_data], [method@TableModel.user_selected_cell]) and the
 * setters are safe from any thread.
 */
#define VCT_TYPE_TABLE_MODEL (vct_table_model_get_type ())
G_DECLARE_FINAL_TYPE (VctTableModel, vct_table_model, VCT, TABLE_MODEL, GObject)

/**
 * VctCellData:
 *
 * One photo: the original's `VCTableCellData`, as an immutable `GObject` with read-only
 * properties `id`, `album-id`, `title`, `url` and `thumbnail-url`; safe to read and to
 * pass between threads.
 */
#define VCT_TYPE_CELL_DATA (vct_cell_data_get_type ())
G_DECLARE_FINAL_TYPE (VctCellData, vct_cell_data, VCT, CELL_DATA, GObject)

/**
 * VCT_ERROR:
 *
 * The error domain of VCTable: codes are in [enum@Error].
 */
#define VCT_ERROR (vct_error_quark ())

/**
 * VctError:
 * @VCT_ERROR_FAILED: a failure with no more specific code, such as one a custom API reported
 * @VCT_ERROR_INVALID_URI: the URI is not an `http://`, `https://` or `file://` URI
 * @VCT_ERROR_CONNECTION_FAILED: the server could not be reached (refused, unreachable, TLS)
 * @VCT_ERROR_TIMED_OUT: the request did not complete within its timeout
 * @VCT_ERROR_HTTP_STATUS: the server answered with a status outside 200–299
 * @VCT_ERROR_BODY_TOO_LARGE: the body is larger than the size limit
 * @VCT_ERROR_TRUNCATED_BODY: the connection ended before the whole body arrived
 * @VCT_ERROR_EMPTY_RESPONSE: the body is empty
 * @VCT_ERROR_INVALID_JSON: the body is not JSON
 * @VCT_ERROR_NOT_AN_ARRAY: the JSON document is not an array
 * @VCT_ERROR_WRONG_FIELD_TYPE: an element or a field has the wrong JSON type
 * @VCT_ERROR_MISSING_FIELD: a required field is missing or null
 * @VCT_ERROR_FILE_UNREADABLE: the file could not be read
 * @VCT_ERROR_CANCELLED: the request was cancelled
 *
 * Why a reload failed: one code per failure kind, in the %VCT_ERROR domain. The values
 * are the raw values of the Swift `VCTableError.Code`.
 */
typedef enum {
  VCT_ERROR_FAILED = 0,
  VCT_ERROR_INVALID_URI = 1,
  VCT_ERROR_CONNECTION_FAILED = 2,
  VCT_ERROR_TIMED_OUT = 3,
  VCT_ERROR_HTTP_STATUS = 4,
  VCT_ERROR_BODY_TOO_LARGE = 5,
  VCT_ERROR_TRUNCATED_BODY = 6,
  VCT_ERROR_EMPTY_RESPONSE = 7,
  VCT_ERROR_INVALID_JSON = 8,
  VCT_ERROR_NOT_AN_ARRAY = 9,
  VCT_ERROR_WRONG_FIELD_TYPE = 10,
  VCT_ERROR_MISSING_FIELD = 11,
  VCT_ERROR_FILE_UNREADABLE = 12,
  VCT_ERROR_CANCELLED = 13
} VctError;

/**
 * vct_error_quark:
 *
 * The quark of the %VCT_ERROR domain.
 *
 * Returns: the error domain quark
 */
GQuark vct_error_quark (void);

/**
 * VCT_TYPE_ERROR:
 *
 * The `GType` of [enum@Error], for a `GValue` or a property: see [func@error_get_type].
 */
#define VCT_TYPE_ERROR (vct_error_get_type ())

/**
 * vct_error_get_type:
 *
 * Registers [enum@Error] as an enumeration type on the first call (from any thread), as
 * `glib-mkenums` output does: the type is named "VctError", each value's name is its C
 * name (`VCT_ERROR_INVALID_JSON`) and its nick that name without the prefix, in lower
 * case with dashes ("invalid-json").
 *
 * Returns: the GType of [enum@Error]
 */
GType vct_error_get_type (void) G_GNUC_CONST;

/* ---------------------------------------------------------------- VctApi */

/**
 * VctApiGetPhotosFunc:
 * @request: (transfer full): the call to complete; owned by the function until it
 *   completes it
 * @user_data: (closure): the data given to [func@Api.new_custom]
 *
 * Fetches the photos document for one reload. The function (or whatever it hands
 * @request to) must complete @request exactly once, now or later, from any thread, with
 * [method@ApiRequest.return_json] or [method@ApiRequest.return_error]. It runs on the
 * thread-default `GMainContext` of the thread that called [func@Api.new_custom].
 */
typedef void (*VctApiGetPhotosFunc) (VctApiRequest *request,
                                     gpointer       user_data);

/**
 * vct_api_new_for_uri:
 * @uri: an `http://`, `https://` or `file://` URI
 *
 * Creates the live API: HTTP(S) through libsoup-3.0 (GLib proxy and TLS settings
 * apply, redirects are followed), files through GIO, on VCTable's own I/O thread, with
 * a 30 s timeout and a 64 MiB size limit. An unusable @uri is not an error here: every
 * reload then fails with %VCT_ERROR_INVALID_URI (use [func@Api.new_for_uri_full] to
 * check it at once).
 *
 * Returns: (transfer full): a new API; free with [method@Api.unref]
 */
VctApi *vct_api_new_for_uri (const char *uri);

/**
 * vct_api_new_for_uri_full:
 * @uri: an `http://`, `https://` or `file://` URI
 * @timeout_ms: how long a whole transfer may take, in milliseconds; 0 for the default (30 000)
 * @max_body_size: the largest body accepted, in bytes; 0 for the default (64 MiB)
 * @error: return location for a %VCT_ERROR_INVALID_URI error, or %NULL
 *
 * Like [func@Api.new_for_uri], with a timeout and a size limit of your choice, and
 * checking @uri now.
 *
 * Returns: (transfer full) (nullable): a new API, or %NULL with @error set
 */
VctApi *vct_api_new_for_uri_full (const char  *uri,
                                  guint        timeout_ms,
                                  gsize        max_body_size,
                                  GError     **error);

/**
 * vct_api_new_custom:
 * @get_photos: (scope notified) (closure user_data): called once per reload
 * @user_data: data for @get_photos
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Creates an API whose photos come from your code: a test double, or a transport of your
 * own. The JSON you return goes through the same decoding and the same errors as HTTP.
 *
 * @get_photos is called on the thread-default `GMainContext` of the calling thread.
 * @notify runs exactly once, on whichever thread drops the last reference: after the
 * last [method@Api.unref] and once every model using the API is finalized and every
 * request is completed or abandoned. Nothing is called after it.
 *
 * Returns: (transfer full): a new API; free with [method@Api.unref]
 */
VctApi *vct_api_new_custom (VctApiGetPhotosFunc get_photos,
                            gpointer            user_data,
                            GDestroyNotify      notify);

/**
 * vct_api_ref:
 * @api: an API
 *
 * Adds a reference. Safe from any thread.
 *
 * Returns: (transfer full): @api
 */
VctApi *vct_api_ref (VctApi *api);

/**
 * vct_api_unref:
 * @api: (nullable) (transfer full): an API, or %NULL
 *
 * Drops a reference; %NULL is ignored. Safe from any thread.
 */
void vct_api_unref (VctApi *api);

/**
 * vct_api_request_get_cancellable:
 * @request: a pending request
 *
 * The request's cancellable: it is cancelled when the reload is superseded or its model
 * is finalized, so a custom API can stop early (it must still complete @request).
 *
 * Returns: (transfer none): the cancellable, valid until @request is completed
 */
GCancellable *vct_api_request_get_cancellable (VctApiRequest *request);

/**
 * vct_api_request_return_json:
 * @request: (transfer full): the request to complete; freed by this call
 * @json: (array length=length) (element-type guint8): the photos document
 * @length: the length of @json in bytes, or -1 when @json is NUL-terminated
 *
 * Completes @request with the photos document, which is copied. Safe from any thread.
 * A request that was superseded or abandoned can still be completed: the result is
 * dropped. Completing a request twice is a programming error.
 */
void vct_api_request_return_json (VctApiRequest *request,
                                  const char    *json,
                                  gssize         length);

/**
 * vct_api_request_return_error:
 * @request: (transfer full): the request to complete; freed by this call
 * @error: (transfer none): why the fetch failed
 *
 * Completes @request with a failure. Its message appears in the model's `didError`
 * text; a %VCT_ERROR code is kept, any other domain becomes %VCT_ERROR_FAILED. Safe from
 * any thread; a superseded or abandoned request can still be completed.
 */
void vct_api_request_return_error (VctApiRequest *request,
                                   const GError  *error);

/* ----------------------------------------------------------- VctCellData */

/**
 * vct_cell_data_get_id:
 * @cell: a cell
 *
 * Returns: the photo's `id`, the row's identity
 */
gint64 vct_cell_data_get_id (VctCellData *cell);

/**
 * vct_cell_data_get_album_id:
 * @cell: a cell
 *
 * Returns: the photo's `albumId`
 */
gint64 vct_cell_data_get_album_id (VctCellData *cell);

/**
 * vct_cell_data_get_title:
 * @cell: a cell
 *
 * Returns: (transfer none): the photo's title (UTF-8), valid while @cell lives
 */
const char *vct_cell_data_get_title (VctCellData *cell);

/**
 * vct_cell_data_get_url:
 * @cell: a cell
 *
 * Returns: (transfer none): the full-size image URL, valid while @cell lives
 */
const char *vct_cell_data_get_url (VctCellData *cell);

/**
 * vct_cell_data_get_thumbnail_url:
 * @cell: a cell
 *
 * Returns: (transfer none): the thumbnail URL, valid while @cell lives
 */
const char *vct_cell_data_get_thumbnail_url (VctCellData *cell);

/**
 * vct_cell_data_ref:
 * @cell: a cell
 *
 * Adds a reference, to keep a cell past the next reload. Safe from any thread.
 *
 * Returns: (transfer full): @cell
 */
VctCellData *vct_cell_data_ref (VctCellData *cell);

/**
 * vct_cell_data_unref:
 * @cell: (nullable) (transfer full): a cell, or %NULL
 *
 * Drops a reference; %NULL is ignored. Safe from any thread.
 */
void vct_cell_data_unref (VctCellData *cell);

/* --------------------------------------------------------- VctTableModel */

/**
 * VctDidReloadDataFunc:
 * @items: (array length=n_items) (transfer none): the new items, valid during the call
 *   (and, each, until the next reload is delivered; [method@CellData.ref] keeps one longer)
 * @n_items: how many items there are
 * @user_data: (closure): the data given to the setter
 *
 * Reports a successful reload, on the model's context thread.
 */
typedef void (*VctDidReloadDataFunc) (VctCellData *const *items,
                                      gsize               n_items,
                                      gpointer            user_data);

/**
 * VctDidErrorFunc:
 * @message: "An Error Occurred\n\n" followed by a description, valid during the call
 * @user_data: (closure): the data given to the setter
 *
 * Reports a failed reload, on the model's context thread. The model keeps its last good items.
 */
typedef void (*VctDidErrorFunc) (const char *message,
                                 gpointer    user_data);

/**
 * VctDidUpdateNavigationTitleFunc:
 * @title: the title to show, valid during the call
 * @user_data: (closure): the data given to the setter
 *
 * Reports a new navigation title, on the model's context thread: the model's title when a
 * reload starts, a cell's title when it is selected.
 */
typedef void (*VctDidUpdateNavigationTitleFunc) (const char *title,
                                                 gpointer    user_data);

/**
 * vct_table_model_new_with_manager:
 * @api: (transfer none): where photos come from; the model keeps a reference
 *
 * Creates a model bound to the calling thread's thread-default `GMainContext` (the
 * global default context when none was pushed): its callbacks run there.
 *
 * Returns: (transfer full): a new model; free with [method@TableModel.unref]
 */
VctTableModel *vct_table_model_new_with_manager (VctApi *api);

/**
 * vct_table_model_factory_instance:
 *
 * Assembles the screen's model with its default API (the original's `VCTable+Factory`):
 * the URI (or absolute path) in the environment variable `VCTABLE_PHOTOS_URL` when set,
 * otherwise the photos fixture installed with VCTable (5000 records), so everything
 * works offline. Bound like [func@TableModel.new_with_manager].
 *
 * Returns: (transfer full): a new model; free with [method@TableModel.unref]
 */
VctTableModel *vct_table_model_factory_instance (void);

/**
 * vct_table_model_ref:
 * @model: a model
 *
 * g_object_ref() under the original C API's name (kept for existing programs). Safe
 * from any thread.
 *
 * Returns: (transfer full): @model
 */
VctTableModel *vct_table_model_ref (VctTableModel *model);

/**
 * vct_table_model_unref:
 * @model: (nullable) (transfer full): a model, or %NULL
 *
 * g_object_unref() under the original C API's name; %NULL is ignored. Safe from any
 * thread. The last reference disposes and finalizes the model at once: its request is cancelled, nothing is delivered afterwards, and every
 * callback's notify has run when this returns (when it is called from inside a callback,
 * that callback's own notify runs as the callback returns).
 */
void vct_table_model_unref (VctTableModel *model);

/**
 * vct_table_model_get_title: (get-property title)
 * @model: a model
 *
 * The navigation title the model last reported: "MVVM Table View Example" until a
 * reload or a selection reports another. Call on the context thread.
 *
 * Returns: (transfer none): the title, valid until the title next changes
 */
const char *vct_table_model_get_title (VctTableModel *model);

/**
 * vct_table_model_reload_data:
 * @model: a model
 *
 * Reloads: reports the title reset through `didUpdateNavigationTitle`, fetches through
 * the model's API, then reports `didReloadData` or `didError`. A reload in flight is
 * superseded: it is cancelled (its request may never be sent) and its result is never
 * delivered. Safe from any thread.
 */
void vct_table_model_reload_data (VctTableModel *model);

/**
 * vct_table_model_user_selected_cell:
 * @model: a model
 * @cell: (transfer none): the selected cell
 *
 * Reports @cell's title through `didUpdateNavigationTitle`. Safe from any thread.
 */
void vct_table_model_user_selected_cell (VctTableModel *model,
                                        VctCellData   *cell);

/**
 * vct_table_model_get_n_items:
 * @model: a model
 *
 * How many items the last successful reload delivered (kept after an error). Call on
 * the model's context thread.
 *
 * Returns: the number of items
 */
guint vct_table_model_get_n_items (VctTableModel *model);

/**
 * vct_table_model_get_item:
 * @model: a model
 * @position: an index below [method@TableModel.get_n_items]
 *
 * The item at @position, for a virtualized view. Call on the model's context thread.
 *
 * Returns: (transfer none) (nullable): the item, valid until the next reload is
 *   delivered, or %NULL when @position is out of range
 */
VctCellData *vct_table_model_get_item (VctTableModel *model,
                                       guint          position);

/**
 * vct_table_model_is_loading:
 * @model: a model
 *
 * Returns: whether a reload is in flight
 */
gboolean vct_table_model_is_loading (VctTableModel *model);

/**
 * vct_table_model_get_last_error:
 * @model: a model
 *
 * The error of the last reload, when it failed. Call on the model's context thread.
 *
 * Returns: (transfer full) (nullable): a copy of the error in the %VCT_ERROR domain, or
 *   %NULL when the last delivered reload succeeded (or none was delivered)
 */
GError *vct_table_model_get_last_error (VctTableModel *model);

/**
 * vct_table_model_set_did_reload_data:
 * @model: a model
 * @func: (nullable) (scope notified) (closure user_data): the callback, or %NULL to clear it
 * @user_data: data for @func
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Sets the callback for successful reloads, replacing the previous one, whose notify
 * runs now (or, when replaced from inside itself, as it returns). After this returns the
 * previous callback is never called again, even for a delivery already queued. @notify
 * runs exactly once: when the callback is replaced, cleared or the model is finalized.
 * Safe from any thread.
 */
void vct_table_model_set_did_reload_data (VctTableModel        *model,
                                          VctDidReloadDataFunc  func,
                                          gpointer              user_data,
                                          GDestroyNotify        notify);

/**
 * vct_table_model_set_did_error:
 * @model: a model
 * @func: (nullable) (scope notified) (closure user_data): the callback, or %NULL to clear it
 * @user_data: data for @func
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Sets the callback for failed reloads; as [method@TableModel.set_did_reload_data].
 */
void vct_table_model_set_did_error (VctTableModel   *model,
                                    VctDidErrorFunc  func,
                                    gpointer         user_data,
                                    GDestroyNotify   notify);

/**
 * vct_table_model_set_did_update_navigation_title:
 * @model: a model
 * @func: (nullable) (scope notified) (closure user_data): the callback, or %NULL to clear it
 * @user_data: data for @func
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Sets the callback for navigation titles; as [method@TableModel.set_did_reload_data].
 */
void vct_table_model_set_did_update_navigation_title (VctTableModel                   *model,
                                                      VctDidUpdateNavigationTitleFunc  func,
                                                      gpointer                         user_data,
                                                      GDestroyNotify                   notify);

#ifdef __BLOCKS__
/**
 * vct_table_model_set_did_reload_data_block:
 * @model: a model
 * @block: (nullable): the callback, or %NULL to clear it
 *
 * Sets the reload callback as a block (`clang -fblocks`; link with `-lBlocksRuntime`).
 * The block is copied here and released exactly once, like a notify.
 */
void vct_table_model_set_did_reload_data_block (VctTableModel *model,
                                                void (^block) (VctCellData *const *items, gsize n_items));

/**
 * vct_table_model_set_did_error_block:
 * @model: a model
 * @block: (nullable): the callback, or %NULL to clear it
 *
 * Sets the error callback as a block; copied here, released exactly once.
 */
void vct_table_model_set_did_error_block (VctTableModel *model,
                                          void (^block) (const char *message));

/**
 * vct_table_model_set_did_update_navigation_title_block:
 * @model: a model
 * @block: (nullable): the callback, or %NULL to clear it
 *
 * Sets the title callback as a block; copied here, released exactly once.
 */
void vct_table_model_set_did_update_navigation_title_block (VctTableModel *model,
                                                            void (^block) (const char *title));
#endif

/* ------------------------------------------------------------ lists */

/**
 * VctListModel:
 *
 * The rows of a screen as a [iface@Gio.ListModel] of [class@Row] objects, ready for
 * `GtkListView` (`gtk_no_selection_new (g_object_ref (G_LIST_MODEL (list)))`).
 *
 * The list is sectioned; its flat order is, section by section, the header (if any), the
 * rows, the footer (if any), and [method@ListModel.get_section] tells where each section
 * starts and ends. A reload is reported as the fewest `items-changed` runs the diff
 * finds: applied in order they turn a consumer's copy into the new list, and while each
 * one is emitted the list reads as that run has left it (GTK's rule), so a view may read
 * items inside its handler. A row whose content changes but whose identity stays (same
 * photo id, same member) keeps its object and is reported as `notify` on that object,
 * not as a remove and an add.
 *
 * Row objects are made on demand by g_list_model_get_item() and cached weakly: the list
 * keeps no row alive, so a reload of 100 000 photos makes no 100 000 objects, and a view
 * holding a row gets the same object back while the row's identity stays.
 *
 * Signals and `notify` are emitted on the list's context thread (the thread-default
 * context of the thread that created its model); read it there too.
 *
 * The sectioned getters and callbacks below ([method@ListModel.get_item],
 * [method@ListModel.set_items_changed], [method@ListModel.bind], …) are the API before
 * `GListModel`: they stay until the demo and the screens have moved to the flat list.
 */
#define VCT_TYPE_LIST_MODEL (vct_list_model_get_type ())
G_DECLARE_FINAL_TYPE (VctListModel, vct_list_model, VCT, LIST_MODEL, GObject)

/**
 * VctRow:
 *
 * One row, section header or section footer of a [class@ListModel]: an abstract
 * `GObject`, one subclass per kind of row ([class@PhotoRow], [class@MemberRow],
 * [class@FeedPhotoRow], [class@DayHeaderRow], [class@SongRow]), each with read-only
 * properties that emit `notify` on the list's context thread when they change.
 *
 * A row object lives as long as its holders' references; it shows the row with its
 * identity in the list (a photo's id, a member's id), whatever the row's position.
 */
#define VCT_TYPE_ROW (vct_row_get_type ())
G_DECLARE_DERIVABLE_TYPE (VctRow, vct_row, VCT, ROW, GObject)

/**
 * VctRowClass:
 * @parent_class: the parent class
 *
 * The class of [class@Row]. Subclasses are made by VCTable for the row types of its
 * screens; the padding keeps room for virtual methods.
 */
struct _VctRowClass
{
  GObjectClass parent_class;

  /*< private >*/
  gpointer padding[8];
};

/**
 * VCT_TYPE_PHOTO_ROW:
 *
 * The `GType` of [class@PhotoRow].
 */
#define VCT_TYPE_PHOTO_ROW (vct_photo_row_get_type ())
/**
 * VctPhotoRow:
 *
 * A row of the photo table (kind "PhotoCell"): properties `entry` (the row's text,
 * "id. title"), `title`, `id`, `album-id`, `url` and `thumbnail-url`. Selecting it
 * ([method@Row.select]) is the original's cell tap: the table's title becomes the
 * photo's title.
 */
G_DECLARE_FINAL_TYPE (VctPhotoRow, vct_photo_row, VCT, PHOTO_ROW, VctRow)

/**
 * VCT_TYPE_MEMBER_ROW:
 *
 * The `GType` of [class@MemberRow].
 */
#define VCT_TYPE_MEMBER_ROW (vct_member_row_get_type ())
/**
 * VctMemberRow:
 *
 * A member row of the feed: properties `name`, `avatar-url`, `follow-state`
 * ([enum@FollowState]), `button-hidden`, `button-enabled` and `spinning`. Pressing it
 * ([method@Row.press]) is the follow button.
 */
G_DECLARE_FINAL_TYPE (VctMemberRow, vct_member_row, VCT, MEMBER_ROW, VctRow)

/**
 * VCT_TYPE_FEED_PHOTO_ROW:
 *
 * The `GType` of [class@FeedPhotoRow].
 */
#define VCT_TYPE_FEED_PHOTO_ROW (vct_feed_photo_row_get_type ())
/**
 * VctFeedPhotoRow:
 *
 * A photo row of the feed: properties `title`, `description`, `image-url` and `date`.
 * Selecting it opens the photo's detail.
 */
G_DECLARE_FINAL_TYPE (VctFeedPhotoRow, vct_feed_photo_row, VCT, FEED_PHOTO_ROW, VctRow)

/**
 * VCT_TYPE_DAY_HEADER_ROW:
 *
 * The `GType` of [class@DayHeaderRow].
 */
#define VCT_TYPE_DAY_HEADER_ROW (vct_day_header_row_get_type ())
/**
 * VctDayHeaderRow:
 *
 * The header of one day of the feed (role [enum@RowRole.HEADER]): property `title`.
 */
G_DECLARE_FINAL_TYPE (VctDayHeaderRow, vct_day_header_row, VCT, DAY_HEADER_ROW, VctRow)

/**
 * VCT_TYPE_SONG_ROW:
 *
 * The `GType` of [class@SongRow].
 */
#define VCT_TYPE_SONG_ROW (vct_song_row_get_type ())
/**
 * VctSongRow:
 *
 * A song of the song picker: properties `title`, `subtitle`, `duration` (as text,
 * as text) and `mode` (the Swift `SongMode`'s name: "selected" or "unselected" while
 * picking; "playing", "playable" or "hidden" while listening).
 */
G_DECLARE_FINAL_TYPE (VctSongRow, vct_song_row, VCT, SONG_ROW, VctRow)

/**
 * VctBinding:
 *
 * An observer of one row's property changes, ended with [method@Binding.dispose].
 */
typedef struct _VctBinding VctBinding;

/**
 * VctPropertyType:
 * @VCT_PROPERTY_TYPE_NONE: no such property
 * @VCT_PROPERTY_TYPE_STRING: a UTF-8 string
 * @VCT_PROPERTY_TYPE_INT: a 64-bit integer
 * @VCT_PROPERTY_TYPE_BOOLEAN: a boolean
 *
 * The type of a row property: none for a missing one, then the cases of the Swift
 * `PropertyValue` (`string`, `integer`, `boolean`), in order.
 */
typedef enum {
  VCT_PROPERTY_TYPE_NONE = 0,
  VCT_PROPERTY_TYPE_STRING = 1,
  VCT_PROPERTY_TYPE_INT = 2,
  VCT_PROPERTY_TYPE_BOOLEAN = 3
} VctPropertyType;

/**
 * VCT_TYPE_PROPERTY_TYPE:
 *
 * The `GType` of [enum@PropertyType]: see [func@property_type_get_type].
 */
#define VCT_TYPE_PROPERTY_TYPE (vct_property_type_get_type ())

/**
 * vct_property_type_get_type:
 *
 * Registers [enum@PropertyType] ("VctPropertyType"; nicks "none", "string", "int",
 * "boolean") on the first call, from any thread.
 *
 * Returns: the GType of [enum@PropertyType]
 */
GType vct_property_type_get_type (void) G_GNUC_CONST;

/**
 * VctRowRole:
 * @VCT_ROW_ROLE_ITEM: one of the section's rows ([method@ListModel.get_item])
 * @VCT_ROW_ROLE_HEADER: the section's header ([method@ListModel.get_header])
 * @VCT_ROW_ROLE_FOOTER: the section's footer ([method@ListModel.get_footer])
 *
 * Where a row view model shows in its section. The values match, in order, the cases of
 * the Swift `RowRole` (`row`, `header`, `footer`).
 */
typedef enum {
  VCT_ROW_ROLE_ITEM = 0,
  VCT_ROW_ROLE_HEADER = 1,
  VCT_ROW_ROLE_FOOTER = 2
} VctRowRole;

/**
 * VCT_TYPE_ROW_ROLE:
 *
 * The `GType` of [enum@RowRole]: see [func@row_role_get_type].
 */
#define VCT_TYPE_ROW_ROLE (vct_row_role_get_type ())

/**
 * vct_row_role_get_type:
 *
 * Registers [enum@RowRole] ("VctRowRole"; nicks "item", "header", "footer") on the first
 * call, from any thread.
 *
 * Returns: the GType of [enum@RowRole]
 */
GType vct_row_role_get_type (void) G_GNUC_CONST;

/**
 * vct_row_select:
 * @row: a row
 *
 * Reports "row selected" to the row's view model, which decides what happens (the photo
 * table's row changes the table's title; a feed photo opens its detail). Safe from any
 * thread; what it causes is reported later on the context thread.
 */
void vct_row_select (VctRow *row);

/**
 * vct_row_press:
 * @row: a row
 *
 * Reports "the row's control was pressed" (the feed's follow button) to the row's view
 * model. Safe from any thread.
 */
void vct_row_press (VctRow *row);

/**
 * vct_row_get_role:
 * @row: a row
 *
 * Returns: where @row shows in its section (the `role` property)
 */
VctRowRole vct_row_get_role (VctRow *row);

/**
 * vct_list_model_get_section:
 * @list: a list
 * @position: a flat position (less than the list's `n-items`)
 * @out_start: (out) (optional): the flat position of the section's first item
 * @out_end: (out) (optional): the flat position just after the section's last item
 *
 * The half-open range `[start, end)` of the section that holds @position, as GTK
 * 4.12's `gtk_section_model_get_section()` answers. For a @position past the end, both
 * are the item count (GTK's rule).
 *
 * Returns: the index of the section, or the section count when @position is past the end
 */
guint vct_list_model_get_section (VctListModel *list,
                                  guint         position,
                                  guint        *out_start,
                                  guint        *out_end);

/**
 * VctSectionsChangedFunc:
 * @position: the first section that changed
 * @removed: how many sections were removed there
 * @added: how many sections were added there (each with all its rows)
 * @user_data: (closure): the data given to the setter
 *
 * One contiguous run of section changes. A batch's section runs come first, in an order
 * a consumer can apply one by one to its own copy.
 */
typedef void (*VctSectionsChangedFunc) (guint    position,
                                        guint    removed,
                                        guint    added,
                                        gpointer user_data);

/**
 * VctItemsChangedFunc:
 * @section: the section, in the list's current numbering
 * @position: the first row that changed
 * @removed: how many rows were removed there
 * @added: how many rows were added there
 * @user_data: (closure): the data given to the setter
 *
 * One contiguous run of row changes, as `GListModel::items-changed` reports it. Applied
 * in order after the batch's section runs, they turn a consumer's copy into the new list;
 * the added rows are the list's rows at @position … @position + @added - 1 now.
 */
typedef void (*VctItemsChangedFunc) (guint    section,
                                     guint    position,
                                     guint    removed,
                                     guint    added,
                                     gpointer user_data);

/**
 * VctSectionUpdatedFunc:
 * @section: the section whose header or footer changed content in place
 * @user_data: (closure): the data given to the setter
 */
typedef void (*VctSectionUpdatedFunc) (guint    section,
                                       gpointer user_data);

/**
 * VctItemUpdatedFunc:
 * @section: the row's section
 * @position: the row whose content changed in place (same identity): redraw only it
 * @user_data: (closure): the data given to the setter
 */
typedef void (*VctItemUpdatedFunc) (guint    section,
                                    guint    position,
                                    gpointer user_data);

/**
 * VctRowChangedFunc:
 * @row: (transfer none): the row
 * @property: (nullable): the property that changed, or %NULL for "draw everything"
 *   (the first call of a binding)
 * @user_data: (closure): the data given with the function
 *
 * Reports a row property change, on the list's context thread. Changes are delivered
 * later, so the row may have changed again meanwhile: during the call, @row's getters
 * ([method@Row.dup_string] and the others) answer as of this change, so every change is
 * seen in order with its own values (a follow's "loading", then its "checked").
 */
typedef void (*VctRowChangedFunc) (VctRow     *row,
                                   const char *property,
                                   gpointer    user_data);

/**
 * vct_list_model_ref:
 * @list: a list
 *
 * Adds a reference. Safe from any thread.
 *
 * Returns: (transfer full): @list
 */
VctListModel *vct_list_model_ref (VctListModel *list);

/**
 * vct_list_model_unref:
 * @list: (nullable) (transfer full): a list, or %NULL
 *
 * Drops a reference; the last one (counting the reference its owning model holds) runs
 * every callback's and binding's notify and delivers nothing afterwards.
 */
void vct_list_model_unref (VctListModel *list);

/**
 * vct_list_model_get_n_sections:
 * @list: a list
 *
 * Returns: how many sections the view has been told about
 */
guint vct_list_model_get_n_sections (VctListModel *list);

/**
 * vct_list_model_get_n_items:
 * @list: a list
 * @section: a section index
 *
 * Returns: how many rows @section has (0 when out of range)
 */
guint vct_list_model_get_n_items (VctListModel *list,
                                  guint         section);

/**
 * vct_list_model_get_item:
 * @list: a list
 * @section: a section index
 * @position: a row index
 *
 * Returns: (transfer none) (nullable): the row, valid until the next change batch is
 *   delivered ([method@Row.ref] to keep it), or %NULL when out of range
 */
VctRow *vct_list_model_get_item (VctListModel *list,
                                 guint         section,
                                 guint         position);

/**
 * vct_list_model_get_header:
 * @list: a list
 * @section: a section index
 *
 * Returns: (transfer none) (nullable): the section's header, or %NULL
 */
VctRow *vct_list_model_get_header (VctListModel *list,
                                   guint         section);

/**
 * vct_list_model_get_footer:
 * @list: a list
 * @section: a section index
 *
 * Returns: (transfer none) (nullable): the section's footer, or %NULL
 */
VctRow *vct_list_model_get_footer (VctListModel *list,
                                   guint         section);

/**
 * vct_list_model_select:
 * @list: a list
 * @section: a section index
 * @position: a row index
 *
 * Reports "row selected" to the row's view model, which decides what happens (the photo
 * table's row changes the navigation title). Call on the context thread.
 *
 * Returns: %FALSE when the position is out of range
 */
gboolean vct_list_model_select (VctListModel *list,
                                guint         section,
                                guint         position);

/**
 * vct_list_model_press:
 * @list: a list
 * @section: a section index
 * @position: a row index
 *
 * Reports "the row's control was pressed" (a follow button) to the row's view model.
 *
 * Returns: %FALSE when the position is out of range
 */
gboolean vct_list_model_press (VctListModel *list,
                               guint         section,
                               guint         position);

/**
 * vct_list_model_set_sections_changed:
 * @list: a list
 * @func: (nullable) (scope notified) (closure user_data): the callback, or %NULL to clear it
 * @user_data: data for @func
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Sets the section-runs callback; same rules as [method@TableModel.set_did_reload_data].
 */
void vct_list_model_set_sections_changed (VctListModel           *list,
                                          VctSectionsChangedFunc  func,
                                          gpointer                user_data,
                                          GDestroyNotify          notify);

/**
 * vct_list_model_set_items_changed:
 * @list: a list
 * @func: (nullable) (scope notified) (closure user_data): the callback, or %NULL to clear it
 * @user_data: data for @func
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Sets the row-runs callback (`items-changed`); same rules as
 * [method@TableModel.set_did_reload_data].
 */
void vct_list_model_set_items_changed (VctListModel        *list,
                                       VctItemsChangedFunc  func,
                                       gpointer             user_data,
                                       GDestroyNotify       notify);

/**
 * vct_list_model_set_section_updated:
 * @list: a list
 * @func: (nullable) (scope notified) (closure user_data): the callback, or %NULL to clear it
 * @user_data: data for @func
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Sets the header/footer-updated callback.
 */
void vct_list_model_set_section_updated (VctListModel          *list,
                                         VctSectionUpdatedFunc  func,
                                         gpointer               user_data,
                                         GDestroyNotify         notify);

/**
 * vct_list_model_set_item_updated:
 * @list: a list
 * @func: (nullable) (scope notified) (closure user_data): the callback, or %NULL to clear it
 * @user_data: data for @func
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Sets the row-updated-in-place callback: redraw only that row.
 */
void vct_list_model_set_item_updated (VctListModel       *list,
                                      VctItemUpdatedFunc  func,
                                      gpointer            user_data,
                                      GDestroyNotify      notify);

/**
 * vct_list_model_bind:
 * @list: a list
 * @widget: (not nullable): your recycled widget (any pointer identifying it)
 * @section: a section index
 * @position: a row index
 * @func: (scope notified) (closure user_data): called now with a %NULL property, then on
 *   every property change of the row
 * @user_data: data for @func
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Binds the row at (@section, @position) to @widget, ending @widget's previous binding
 * first, so no change of the row it showed before reaches it. The binding ends at
 * [method@ListModel.unbind], at the next bind of @widget, or when the list is finalized;
 * @notify runs exactly once then. Call on the context thread.
 *
 * Returns: %FALSE (having run @notify) when the position is out of range
 */
gboolean vct_list_model_bind (VctListModel      *list,
                              gpointer           widget,
                              guint              section,
                              guint              position,
                              VctRowChangedFunc  func,
                              gpointer           user_data,
                              GDestroyNotify     notify);

/**
 * vct_list_model_unbind:
 * @list: a list
 * @widget: a widget given to [method@ListModel.bind]
 *
 * Ends @widget's binding; its notify runs now. Call on the context thread.
 *
 * Returns: whether @widget was bound
 */
gboolean vct_list_model_unbind (VctListModel *list,
                                gpointer      widget);

/**
 * vct_row_ref:
 * @row: a row
 *
 * Returns: (transfer full): @row, kept past the next change batch
 */
VctRow *vct_row_ref (VctRow *row);

/**
 * vct_row_unref:
 * @row: (nullable) (transfer full): a row, or %NULL
 */
void vct_row_unref (VctRow *row);

/**
 * vct_row_get_kind:
 * @row: a row
 *
 * Returns: (transfer none) (nullable): the row's kind, the name of the widget that shows
 *   it (the photo table's rows: "PhotoCell"), valid while @row lives
 */
const char *vct_row_get_kind (VctRow *row);

/**
 * vct_row_dup_property_names:
 * @row: a row
 *
 * Returns: (transfer full) (array zero-terminated=1): the property names, in display
 *   order; free with g_strfreev()
 */
char **vct_row_dup_property_names (VctRow *row);

/**
 * vct_row_get_property_type:
 * @row: a row
 * @property: a property name
 *
 * Returns: the property's type, %VCT_PROPERTY_TYPE_NONE when @row has no such property
 */
VctPropertyType vct_row_get_property_type (VctRow     *row,
                                           const char *property);

/**
 * vct_row_dup_string:
 * @row: a row
 * @property: a property name
 *
 * Returns: (transfer full) (nullable): the property as text (integers and booleans
 *   formatted), or %NULL when there is no such property; free with g_free()
 */
char *vct_row_dup_string (VctRow     *row,
                          const char *property);

/**
 * vct_row_get_int:
 * @row: a row
 * @property: a property name
 *
 * Returns: the integer property (a boolean reads as 0 or 1), or 0
 */
gint64 vct_row_get_int (VctRow     *row,
                        const char *property);

/**
 * vct_row_get_boolean:
 * @row: a row
 * @property: a property name
 *
 * Returns: the boolean property (an integer reads as non-zero), or %FALSE
 */
gboolean vct_row_get_boolean (VctRow     *row,
                              const char *property);

/**
 * vct_row_observe:
 * @row: a row
 * @func: (scope notified) (closure user_data): called with each changed property's name
 * @user_data: data for @func
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Observes @row's property changes, on the list's context thread, until
 * [method@Binding.dispose].
 *
 * Returns: (transfer full): the binding; end it with [method@Binding.dispose]
 */
VctBinding *vct_row_observe (VctRow            *row,
                             VctRowChangedFunc  func,
                             gpointer           user_data,
                             GDestroyNotify     notify);

/**
 * vct_binding_dispose:
 * @binding: (nullable) (transfer full): a binding, or %NULL
 *
 * Ends @binding and frees it: its function is never called again and its notify runs
 * now (or, from inside the function, as it returns).
 */
void vct_binding_dispose (VctBinding *binding);

/**
 * vct_table_model_get_list:
 * @model: a model
 *
 * The photo table's rows as a list: one section of "PhotoCell" rows with properties
 * `entry`, `title`, `id`, `albumId`, `url`, `thumbnailUrl`. A reload that returns mostly
 * the same photos (by id) reports only the differences through its callbacks, which run
 * just before `didReloadData`; the first load is one insert of everything.
 *
 * Returns: (transfer none): the list, valid while @model lives
 */
VctListModel *vct_table_model_get_list (VctTableModel *model);

/**
 * vct_table_model_set_items_changed:
 * @model: a model
 * @func: (nullable) (scope notified) (closure user_data): the callback, or %NULL to clear it
 * @user_data: data for @func
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Shorthand for [method@ListModel.set_items_changed] on [method@TableModel.get_list].
 */
void vct_table_model_set_items_changed (VctTableModel       *model,
                                        VctItemsChangedFunc  func,
                                        gpointer             user_data,
                                        GDestroyNotify       notify);

/* ---------------------------------------------------------- screens */

/**
 * VctServiceFetchFunc:
 * @request: (transfer full): the call to complete, as for [callback@ApiGetPhotosFunc]
 * @user_data: (closure): the data given with the function
 *
 * Fetches a screen's document (the feeds, the songs) for a custom service. It runs on the
 * thread-default `GMainContext` of the thread that created the service.
 */
typedef void (*VctServiceFetchFunc) (VctApiRequest *request,
                                     gpointer       user_data);

/**
 * VctFeedFollowFunc:
 * @request: (transfer full): the call to complete: [method@ApiRequest.return_json] with
 *   any JSON (ignored) for success, [method@ApiRequest.return_error] for failure
 * @member_id: the member to follow
 * @user_data: (closure): the data given with the function
 *
 * Follows a member for a custom feed service.
 */
typedef void (*VctFeedFollowFunc) (VctApiRequest *request,
                                   gint64         member_id,
                                   gpointer       user_data);

/**
 * VctTextChangedFunc:
 * @text: the new text, valid during the call
 * @user_data: (closure): the data given to the setter
 *
 * Reports a new title, on the screen's context thread.
 */
typedef void (*VctTextChangedFunc) (const char *text,
                                    gpointer    user_data);

/**
 * VctBooleanChangedFunc:
 * @value: the new value
 * @user_data: (closure): the data given to the setter
 *
 * Reports a flag that changed (loading, list hidden, button enabled).
 */
typedef void (*VctBooleanChangedFunc) (gboolean value,
                                       gpointer user_data);

/**
 * VctFeedService:
 *
 * Where a [class@FeedModel] gets its feeds and follows members: a URI or your own
 * functions. A `GObject` with no properties; safe to share between threads.
 */
#define VCT_TYPE_FEED_SERVICE (vct_feed_service_get_type ())
G_DECLARE_FINAL_TYPE (VctFeedService, vct_feed_service, VCT, FEED_SERVICE, GObject)

/**
 * VctFeedModel:
 *
 * The news feed ("the wall"): member rows (kind "MemberRow": `name`, `avatarUrl`,
 * `followState`, `buttonHidden`, `buttonEnabled`, `spinning`) and photo rows (kind
 * "PhotoRow": `title`, `description`, `imageUrl`, `date`) in one section per day, newest
 * first, each with a "DayHeader" header (`title`: "yyyy-MM-dd"). Pressing a member row
 * ([method@ListModel.press]) follows the member: the row's state goes normal → loading →
 * checked, or back to normal and an error; only that row is updated. Selecting or
 * pressing a photo row reports `open-detail`. Callbacks run on the context thread of the
 * thread that created the model.
 *
 * A `GObject`: properties `title`, `loading`, `list-hidden` and `list`, each with
 * `notify`; signals [signal@FeedModel::did-error] and [signal@FeedModel::open-detail]
 * (a [class@FeedPhoto]), emitted on the context thread just after the matching legacy
 * callback. Its rows are [class@DayHeaderRow], [class@MemberRow] and [class@FeedPhotoRow]
 * objects.
 */
#define VCT_TYPE_FEED_MODEL (vct_feed_model_get_type ())
G_DECLARE_FINAL_TYPE (VctFeedModel, vct_feed_model, VCT, FEED_MODEL, GObject)

/**
 * VctFeedPhoto:
 *
 * The photo the feed's [signal@FeedModel::open-detail] carries: an immutable `GObject`
 * with read-only properties `id`, `title`, `description`, `url` and `date`.
 */
#define VCT_TYPE_FEED_PHOTO (vct_feed_photo_get_type ())
G_DECLARE_FINAL_TYPE (VctFeedPhoto, vct_feed_photo, VCT, FEED_PHOTO, GObject)

/**
 * vct_feed_photo_get_id:
 * @photo: a photo
 *
 * Returns: the photo's id
 */
gint64 vct_feed_photo_get_id (VctFeedPhoto *photo);

/**
 * vct_feed_photo_get_title:
 * @photo: a photo
 *
 * Returns: (transfer none): the photo's title
 */
const char *vct_feed_photo_get_title (VctFeedPhoto *photo);

/**
 * vct_feed_photo_get_description:
 * @photo: a photo
 *
 * Returns: (transfer none): the photo's description
 */
const char *vct_feed_photo_get_description (VctFeedPhoto *photo);

/**
 * vct_feed_photo_get_url:
 * @photo: a photo
 *
 * Returns: (transfer none): the image's URL
 */
const char *vct_feed_photo_get_url (VctFeedPhoto *photo);

/**
 * vct_feed_photo_get_date:
 * @photo: a photo
 *
 * Returns: (transfer none): when the photo was posted, in UTC
 */
GDateTime *vct_feed_photo_get_date (VctFeedPhoto *photo);

/**
 * VctFollowState:
 * @VCT_FOLLOW_STATE_NORMAL: not followed: the button shows and can be pressed
 * @VCT_FOLLOW_STATE_LOADING: a follow request is running: a spinner instead of the button
 * @VCT_FOLLOW_STATE_CHECKED: followed: the button shows checked and cannot be pressed
 *
 * A feed member row's follow button. A press moves it from normal to loading; the
 * request's success moves it to checked, its failure back to normal. A member row's
 * `followState` property is the value's nick ("normal", "loading", "checked"). The values
 * match, in order, the cases of the Swift `FollowState`.
 */
typedef enum {
  VCT_FOLLOW_STATE_NORMAL = 0,
  VCT_FOLLOW_STATE_LOADING = 1,
  VCT_FOLLOW_STATE_CHECKED = 2
} VctFollowState;

/**
 * VCT_TYPE_FOLLOW_STATE:
 *
 * The `GType` of [enum@FollowState]: see [func@follow_state_get_type].
 */
#define VCT_TYPE_FOLLOW_STATE (vct_follow_state_get_type ())

/**
 * vct_follow_state_get_type:
 *
 * Registers [enum@FollowState] ("VctFollowState"; nicks "normal", "loading", "checked")
 * on the first call, from any thread.
 *
 * Returns: the GType of [enum@FollowState]
 */
GType vct_follow_state_get_type (void) G_GNUC_CONST;

/**
 * VctOpenDetailFunc:
 * @photo_id: the photo's id
 * @title: the photo's title
 * @description: the photo's description
 * @image_url: the photo's image URL
 * @user_data: (closure): the data given to the setter
 *
 * A photo row was selected or pressed: show that photo. The strings are valid during the call.
 */
typedef void (*VctOpenDetailFunc) (gint64      photo_id,
                                   const char *title,
                                   const char *description,
                                   const char *image_url,
                                   gpointer    user_data);

/**
 * vct_feed_service_new_for_uri:
 * @uri: the feeds document: an `http://`, `https://` or `file://` URI
 *
 * Feeds over HTTP(S) (following is a `POST` to `members/<id>/follow` beside @uri) or
 * from a file (following always succeeds). A bad @uri makes every reload fail with
 * %VCT_ERROR_INVALID_URI.
 *
 * Returns: (transfer full): a new service
 */
VctFeedService *vct_feed_service_new_for_uri (const char *uri);

/**
 * vct_feed_service_new_custom:
 * @get_feeds: (scope notified) (closure user_data): fetches the feeds
 * @follow: (scope notified) (closure user_data): follows a member
 * @user_data: data for both functions
 * @notify: (nullable) (destroy user_data): frees @user_data, exactly once, when the last
 *   owner lets go (as for [func@Api.new_custom])
 *
 * Returns: (transfer full): a new service backed by your functions
 */
VctFeedService *vct_feed_service_new_custom (VctServiceFetchFunc get_feeds,
                                             VctFeedFollowFunc   follow,
                                             gpointer            user_data,
                                             GDestroyNotify      notify);

/**
 * vct_feed_service_ref:
 * @service: a service
 *
 * Returns: (transfer full): @service
 */
VctFeedService *vct_feed_service_ref (VctFeedService *service);

/**
 * vct_feed_service_unref:
 * @service: (nullable) (transfer full): a service, or %NULL
 */
void vct_feed_service_unref (VctFeedService *service);

/**
 * vct_feed_model_new:
 * @service: (transfer none): where feeds come from; the model keeps a reference
 *
 * Returns: (transfer full): a new feed bound to the thread-default `GMainContext`; its
 *   title is "Loading..." and its list hidden until the first reload delivers
 */
VctFeedModel *vct_feed_model_new (VctFeedService *service);

/**
 * vct_feed_model_factory_instance:
 *
 * The feed with its default service: `VCTABLE_FEEDS_URL` when set, otherwise the feeds
 * fixture installed with VCTable.
 *
 * Returns: (transfer full): a new feed
 */
VctFeedModel *vct_feed_model_factory_instance (void);

/**
 * vct_feed_model_ref:
 * @model: a feed
 *
 * Returns: (transfer full): @model
 */
VctFeedModel *vct_feed_model_ref (VctFeedModel *model);

/**
 * vct_feed_model_unref:
 * @model: (nullable) (transfer full): a feed, or %NULL
 *
 * The last unref finalizes at once: every notify has run when it returns.
 */
void vct_feed_model_unref (VctFeedModel *model);

/**
 * vct_feed_model_dup_title:
 * @model: a feed
 *
 * Returns: (transfer full): "Loading..." until the first load, then "Your Feeds"; free with g_free()
 */
char *vct_feed_model_dup_title (VctFeedModel *model);

/**
 * vct_feed_model_is_loading:
 * @model: a feed
 *
 * Returns: whether a reload is in flight (show a spinner)
 */
gboolean vct_feed_model_is_loading (VctFeedModel *model);

/**
 * vct_feed_model_is_list_hidden:
 * @model: a feed
 *
 * Returns: whether the list is hidden (until data first arrives)
 */
gboolean vct_feed_model_is_list_hidden (VctFeedModel *model);

/**
 * vct_feed_model_get_list:
 * @model: a feed
 *
 * Returns: (transfer none): the feed's rows, valid while @model lives
 */
VctListModel *vct_feed_model_get_list (VctFeedModel *model);

/**
 * vct_feed_model_reload:
 * @model: a feed
 *
 * Fetches the feeds; supersedes a reload in flight. Safe from any thread.
 */
void vct_feed_model_reload (VctFeedModel *model);

/**
 * vct_feed_model_set_did_update_title:
 * @model: a feed
 * @func: (nullable) (scope notified) (closure user_data): the callback, or %NULL
 * @user_data: data for @func
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Sets the title callback; same rules as [method@TableModel.set_did_reload_data].
 */
void vct_feed_model_set_did_update_title (VctFeedModel       *model,
                                          VctTextChangedFunc  func,
                                          gpointer            user_data,
                                          GDestroyNotify      notify);

/**
 * vct_feed_model_set_did_change_loading:
 * @model: a feed
 * @func: (nullable) (scope notified) (closure user_data): the callback, or %NULL
 * @user_data: data for @func
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Sets the loading-flag callback.
 */
void vct_feed_model_set_did_change_loading (VctFeedModel          *model,
                                            VctBooleanChangedFunc  func,
                                            gpointer               user_data,
                                            GDestroyNotify         notify);

/**
 * vct_feed_model_set_did_change_list_hidden:
 * @model: a feed
 * @func: (nullable) (scope notified) (closure user_data): the callback, or %NULL
 * @user_data: data for @func
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Sets the list-hidden callback.
 */
void vct_feed_model_set_did_change_list_hidden (VctFeedModel          *model,
                                                VctBooleanChangedFunc  func,
                                                gpointer               user_data,
                                                GDestroyNotify         notify);

/**
 * vct_feed_model_set_did_error:
 * @model: a feed
 * @func: (nullable) (scope notified) (closure user_data): the callback, or %NULL
 * @user_data: data for @func
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Sets the error callback: a failed reload or follow ("An Error Occurred\n\n…").
 */
void vct_feed_model_set_did_error (VctFeedModel    *model,
                                   VctDidErrorFunc  func,
                                   gpointer         user_data,
                                   GDestroyNotify   notify);

/**
 * vct_feed_model_set_did_open_detail:
 * @model: a feed
 * @func: (nullable) (scope notified) (closure user_data): the callback, or %NULL
 * @user_data: data for @func
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Sets the open-detail callback (navigation to a photo).
 */
void vct_feed_model_set_did_open_detail (VctFeedModel      *model,
                                         VctOpenDetailFunc  func,
                                         gpointer           user_data,
                                         GDestroyNotify     notify);

/**
 * VctSongService:
 *
 * Where a [class@SongPickerModel] gets its songs: a URI or your own function. A
 * `GObject` with no properties.
 */
#define VCT_TYPE_SONG_SERVICE (vct_song_service_get_type ())
G_DECLARE_FINAL_TYPE (VctSongService, vct_song_service, VCT, SONG_SERVICE, GObject)

/**
 * VctSongPickerModel:
 *
 * The meditation song picker: one section of "SongRow" rows (`title`, `subtitle`,
 * `duration`, `mode`: "selected", "unselected", "playable" or "playing"). While picking,
 * selecting a row ([method@ListModel.select]) toggles it; [method@SongPickerModel.start]
 * plays the first selected song and hides the unselected ones (they leave the list
 * through its changes); selecting a playable song plays it. Callbacks run on the context
 * thread of the thread that created the model.
 *
 * A `GObject`: properties `state` ([enum@SongPickerState]), `title`, `button-title`,
 * `button-enabled`, `loading` and `list`, each with `notify`; signals
 * [signal@SongPickerModel::dismiss] and [signal@SongPickerModel::did-error], emitted on
 * the context thread just after the matching legacy callback. Its rows are
 * [class@SongRow] objects.
 */
#define VCT_TYPE_SONG_PICKER_MODEL (vct_song_picker_model_get_type ())
G_DECLARE_FINAL_TYPE (VctSongPickerModel, vct_song_picker_model, VCT, SONG_PICKER_MODEL, GObject)

/**
 * VctSongPickerState:
 * @VCT_SONG_PICKER_STATE_PICKING: choosing songs ("Pick meditation song")
 * @VCT_SONG_PICKER_STATE_LISTENING: playing the selected songs ("Player")
 * @VCT_SONG_PICKER_STATE_FINISHED: the last song finished
 *
 * The song picker's screen state. The values match, in order, the cases of the Swift
 * `SongPickerState`.
 */
typedef enum {
  VCT_SONG_PICKER_STATE_PICKING = 0,
  VCT_SONG_PICKER_STATE_LISTENING = 1,
  VCT_SONG_PICKER_STATE_FINISHED = 2
} VctSongPickerState;

/**
 * VCT_TYPE_SONG_PICKER_STATE:
 *
 * The `GType` of [enum@SongPickerState]: see [func@song_picker_state_get_type].
 */
#define VCT_TYPE_SONG_PICKER_STATE (vct_song_picker_state_get_type ())

/**
 * vct_song_picker_state_get_type:
 *
 * Registers [enum@SongPickerState] ("VctSongPickerState"; nicks "picking", "listening",
 * "finished") on the first call, from any thread.
 *
 * Returns: the GType of [enum@SongPickerState]
 */
GType vct_song_picker_state_get_type (void) G_GNUC_CONST;

/**
 * VctSongPickerStateFunc:
 * @state: the new state
 * @user_data: (closure): the data given to the setter
 */
typedef void (*VctSongPickerStateFunc) (VctSongPickerState state,
                                        gpointer           user_data);

/**
 * VctDismissFunc:
 * @user_data: (closure): the data given to the setter
 *
 * The screen asks to be closed (back while picking).
 */
typedef void (*VctDismissFunc) (gpointer user_data);

/**
 * vct_song_service_new_for_uri:
 * @uri: the songs document: an `http://`, `https://` or `file://` URI
 *
 * The document is a JSON array of `{id, title, subtitle, duration}` (duration in
 * seconds); ids must be unique (a repeated one fails the reload with
 * %VCT_ERROR_WRONG_FIELD_TYPE, naming both items).
 *
 * Returns: (transfer full): a new service
 */
VctSongService *vct_song_service_new_for_uri (const char *uri);

/**
 * vct_song_service_new_custom:
 * @get_songs: (scope notified) (closure user_data): fetches the songs
 * @user_data: data for @get_songs
 * @notify: (nullable) (destroy user_data): frees @user_data, exactly once
 *
 * Returns: (transfer full): a new service backed by your function
 */
VctSongService *vct_song_service_new_custom (VctServiceFetchFunc get_songs,
                                             gpointer            user_data,
                                             GDestroyNotify      notify);

/**
 * vct_song_service_ref:
 * @service: a service
 *
 * Returns: (transfer full): @service
 */
VctSongService *vct_song_service_ref (VctSongService *service);

/**
 * vct_song_service_unref:
 * @service: (nullable) (transfer full): a service, or %NULL
 */
void vct_song_service_unref (VctSongService *service);

/**
 * vct_song_picker_model_new:
 * @service: (transfer none): where songs come from; the model keeps a reference
 *
 * Returns: (transfer full): a new picker, bound to the thread-default `GMainContext`
 */
VctSongPickerModel *vct_song_picker_model_new (VctSongService *service);

/**
 * vct_song_picker_model_factory_instance:
 *
 * The picker with its default service: `VCTABLE_SONGS_URL` when set, otherwise the
 * songs fixture installed with VCTable.
 *
 * Returns: (transfer full): a new picker
 */
VctSongPickerModel *vct_song_picker_model_factory_instance (void);

/**
 * vct_song_picker_model_ref:
 * @model: a picker
 *
 * Returns: (transfer full): @model
 */
VctSongPickerModel *vct_song_picker_model_ref (VctSongPickerModel *model);

/**
 * vct_song_picker_model_unref:
 * @model: (nullable) (transfer full): a picker, or %NULL
 *
 * The last unref finalizes at once: every notify has run when it returns.
 */
void vct_song_picker_model_unref (VctSongPickerModel *model);

/**
 * vct_song_picker_model_get_state:
 * @model: a picker
 *
 * Returns: the screen state
 */
VctSongPickerState vct_song_picker_model_get_state (VctSongPickerModel *model);

/**
 * vct_song_picker_model_dup_title:
 * @model: a picker
 *
 * Returns: (transfer full): "Pick meditation song" or "Player"; free with g_free()
 */
char *vct_song_picker_model_dup_title (VctSongPickerModel *model);

/**
 * vct_song_picker_model_get_button_title:
 * @model: a picker
 *
 * Returns: (transfer none): "START MEDITATION SESSION"
 */
const char *vct_song_picker_model_get_button_title (VctSongPickerModel *model);

/**
 * vct_song_picker_model_is_button_enabled:
 * @model: a picker
 *
 * Returns: whether the start button is enabled (a song is selected)
 */
gboolean vct_song_picker_model_is_button_enabled (VctSongPickerModel *model);

/**
 * vct_song_picker_model_is_loading:
 * @model: a picker
 *
 * Returns: whether a reload is in flight (show a spinner); it goes back to %FALSE when
 *   the reload ends, whether or not the songs changed
 */
gboolean vct_song_picker_model_is_loading (VctSongPickerModel *model);

/**
 * vct_song_picker_model_get_list:
 * @model: a picker
 *
 * Returns: (transfer none): the visible songs, valid while @model lives
 */
VctListModel *vct_song_picker_model_get_list (VctSongPickerModel *model);

/**
 * vct_song_picker_model_reload:
 * @model: a picker
 *
 * Fetches the songs. Safe from any thread.
 */
void vct_song_picker_model_reload (VctSongPickerModel *model);

/**
 * vct_song_picker_model_start:
 * @model: a picker
 *
 * Starts listening: the first selected song plays. Call on the context thread.
 *
 * Returns: %FALSE when not picking or nothing is selected
 */
gboolean vct_song_picker_model_start (VctSongPickerModel *model);

/**
 * vct_song_picker_model_next:
 * @model: a picker
 *
 * Plays the next playable song.
 *
 * Returns: %FALSE when not listening or at the last song
 */
gboolean vct_song_picker_model_next (VctSongPickerModel *model);

/**
 * vct_song_picker_model_previous:
 * @model: a picker
 *
 * Plays the previous playable song.
 *
 * Returns: %FALSE when not listening or at the first song
 */
gboolean vct_song_picker_model_previous (VctSongPickerModel *model);

/**
 * vct_song_picker_model_finish_song:
 * @model: a picker
 *
 * The playing song ended: plays the next one, or moves to
 * %VCT_SONG_PICKER_STATE_FINISHED after the last.
 *
 * Returns: %FALSE when nothing is playing
 */
gboolean vct_song_picker_model_finish_song (VctSongPickerModel *model);

/**
 * vct_song_picker_model_back:
 * @model: a picker
 *
 * Goes back: from listening or finished to picking, keeping the selection; from picking,
 * reports `dismiss`.
 */
void vct_song_picker_model_back (VctSongPickerModel *model);

/**
 * vct_song_picker_model_set_did_change_state:
 * @model: a picker
 * @func: (nullable) (scope notified) (closure user_data): the callback, or %NULL
 * @user_data: data for @func
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Sets the state callback; same rules as [method@TableModel.set_did_reload_data].
 */
void vct_song_picker_model_set_did_change_state (VctSongPickerModel     *model,
                                                 VctSongPickerStateFunc  func,
                                                 gpointer                user_data,
                                                 GDestroyNotify          notify);

/**
 * vct_song_picker_model_set_did_update_title:
 * @model: a picker
 * @func: (nullable) (scope notified) (closure user_data): the callback, or %NULL
 * @user_data: data for @func
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Sets the title callback.
 */
void vct_song_picker_model_set_did_update_title (VctSongPickerModel *model,
                                                 VctTextChangedFunc  func,
                                                 gpointer            user_data,
                                                 GDestroyNotify      notify);

/**
 * vct_song_picker_model_set_did_change_button_enabled:
 * @model: a picker
 * @func: (nullable) (scope notified) (closure user_data): the callback, or %NULL
 * @user_data: data for @func
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Sets the button-enabled callback.
 */
void vct_song_picker_model_set_did_change_button_enabled (VctSongPickerModel    *model,
                                                          VctBooleanChangedFunc  func,
                                                          gpointer               user_data,
                                                          GDestroyNotify         notify);

/**
 * vct_song_picker_model_set_did_dismiss:
 * @model: a picker
 * @func: (nullable) (scope notified) (closure user_data): the callback, or %NULL
 * @user_data: data for @func
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Sets the dismiss callback.
 */
void vct_song_picker_model_set_did_dismiss (VctSongPickerModel *model,
                                            VctDismissFunc      func,
                                            gpointer            user_data,
                                            GDestroyNotify      notify);

/**
 * vct_song_picker_model_set_did_change_loading:
 * @model: a picker
 * @func: (nullable) (scope notified) (closure user_data): the callback, or %NULL
 * @user_data: data for @func
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Sets the loading-flag callback: %TRUE when a reload starts, %FALSE when it ends (even
 * when the songs did not change, so nothing else is reported).
 */
void vct_song_picker_model_set_did_change_loading (VctSongPickerModel    *model,
                                                   VctBooleanChangedFunc  func,
                                                   gpointer               user_data,
                                                   GDestroyNotify         notify);

/**
 * vct_song_picker_model_set_did_error:
 * @model: a picker
 * @func: (nullable) (scope notified) (closure user_data): the callback, or %NULL
 * @user_data: data for @func
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Sets the error callback.
 */
void vct_song_picker_model_set_did_error (VctSongPickerModel *model,
                                          VctDidErrorFunc     func,
                                          gpointer            user_data,
                                          GDestroyNotify      notify);


G_END_DECLS

#endif /* VCTABLE_H */
