/* report.c: what the scripted views (script.c, once.c) print: one line per event, and the
 * rows as `show` and --once list them.
 *
 *   title: TITLE                      the title changed (photos: at every reload and select)
 *   reloaded: N items                 a reload delivered (one section without a header)
 *   reloaded: N items in S sections   ... a sectioned list
 *   error: MESSAGE                    the model's error, on one line
 *   row N: PROPERTY VALUE             a row's follow state ("followState") or mode changed
 *   state: STATE                      picking, listening, finished
 *   button: enabled|disabled          the screen's button
 *   open-detail: ID TITLE             a photo's detail opens
 *   dismiss                           the screen asks to be closed
 *
 *   section S: HEADER                 before the first row of a section with a header
 *   row N: ROW                        N counts rows across sections, not headers */

#include "report.h"

#include <stdio.h>

#include "format.h"
#include "rows.h"

/**
 * vct_demo_report_event:
 * @screen: the screen that reported @event
 * @event: an event
 *
 * Returns: (transfer full) (nullable): the event's line, or %NULL for an event that is not
 *   printed (loading, list changes). A NOTICE is the demo's own "error: ...".
 */
char *
vct_demo_report_event (VctDemoScreen      *screen,
                       const VctDemoEvent *event)
{
  g_autofree char *text = NULL;

  switch (event->kind)
    {
    case VCT_DEMO_EVENT_TITLE:
      text = vct_demo_format_plain (event->text);
      return g_strdup_printf ("title: %s", text);
    case VCT_DEMO_EVENT_RELOADED:
      {
        const VctDemoOutline *outline = vct_demo_screen_get_outline (screen);
        guint n_sections = outline->sections->len;
        gboolean sectioned = n_sections > 1
                             || (n_sections == 1
                                 && g_array_index (outline->sections, VctDemoOutlineSection, 0).has_header);

        if (!sectioned)
          return g_strdup_printf ("reloaded: %u items", outline->n_rows);
        return g_strdup_printf ("reloaded: %u items in %u section%s", outline->n_rows, n_sections,
                                n_sections == 1 ? "" : "s");
      }
    case VCT_DEMO_EVENT_ERROR:
    case VCT_DEMO_EVENT_NOTICE:
      text = vct_demo_format_one_line (event->text);
      return g_strdup_printf ("error: %s", text);
    case VCT_DEMO_EVENT_ROW:
      text = vct_demo_format_plain (event->text);
      return g_strdup_printf ("row %u: %s %s", event->index, event->property, text);
    case VCT_DEMO_EVENT_STATE:
      return g_strdup_printf ("state: %s", event->text);
    case VCT_DEMO_EVENT_BUTTON:
      return g_strdup_printf ("button: %s", event->flag ? "enabled" : "disabled");
    case VCT_DEMO_EVENT_DETAIL:
      text = vct_demo_format_plain (event->detail->title);
      return g_strdup_printf ("open-detail: %" G_GINT64_FORMAT " %s", event->detail->id, text);
    case VCT_DEMO_EVENT_DISMISS:
      return g_strdup ("dismiss");
    case VCT_DEMO_EVENT_LOADING:
    case VCT_DEMO_EVENT_ROWS:
    default:
      return NULL;
    }
}

/**
 * vct_demo_report_rows:
 * @screen: a screen
 * @from: the first row, 0-based across sections
 * @count: how many rows at most
 *
 * Prints rows @from … @from + @count - 1 (those that exist) on standard output, each
 * section's header before its first row.
 */
void
vct_demo_report_rows (VctDemoScreen *screen,
                      guint64        from,
                      guint64        count)
{
  GListModel *list = G_LIST_MODEL (vct_demo_screen_get_list (screen));
  const VctDemoOutline *outline = vct_demo_screen_get_outline (screen);
  guint64 end = MIN (from + count, (guint64) outline->n_rows);

  for (guint64 index = from; index < end; index++)
    {
      const VctDemoOutlineSection *section;
      guint s;
      guint position;
      g_autoptr (VctRow) row = NULL;
      g_autofree char *line = NULL;

      if (!vct_demo_outline_find_row (outline, (guint) index, &s, &position))
        break;
      section = &g_array_index (outline->sections, VctDemoOutlineSection, s);
      if (section->has_header && index == section->first_row)
        {
          g_autoptr (VctRow) header = g_list_model_get_item (list, section->start);
          g_autofree char *header_line = vct_demo_rows_header_line (header);

          printf ("section %u: %s\n", s, header_line);
        }
      row = g_list_model_get_item (list, position);
      line = vct_demo_rows_line (row);
      printf ("row %" G_GUINT64_FORMAT ": %s\n", index, line);
    }
  fflush (stdout);
}
