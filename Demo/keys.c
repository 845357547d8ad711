/* keys.c: the full-screen list's key bindings: one table per screen (the keys every
 * screen shares, and the screen's own) that maps keys to actions and writes the help
 * overlay, the footer hints and the key list in --help.
 *
 * A screen's keys come between the shared moves and the shared tail (reload, help,
 * redraw, quit), and win over them: the song picker's Esc is "back". A key that runs a
 * screen command names it; the command's rules are the screen's (screen.c). */

#include "demo.h"

#include <curses.h>

#define VCT_DEMO_CTRL(c) ((c) & 0x1f)
#define VCT_DEMO_ENTER_KEYS { '\n', '\r', KEY_ENTER }

typedef struct {
  const char    *keys;        /* as the help shows them */
  const char    *what;
  VctDemoAction  action;
  const char    *command;     /* VCT_DEMO_ACTION_COMMAND: the screen's command */
  int            codes[4];    /* 0-terminated when shorter */
} VctDemoBinding;

struct _VctDemoKeyTable {
  const VctDemoBinding *bindings;
  gsize                 n_bindings;
  const char           *footer;
  const char           *more_help;   /* a line after the keys, or NULL */
};

static const VctDemoBinding moves[] = {
  { "Up, k",         "move up",                             VCT_DEMO_ACTION_UP,        NULL, { KEY_UP, 'k' } },
  { "Down, j",       "move down",                           VCT_DEMO_ACTION_DOWN,      NULL, { KEY_DOWN, 'j' } },
  { "PgUp, b",       "page up",                             VCT_DEMO_ACTION_PAGE_UP,   NULL, { KEY_PPAGE, 'b' } },
  { "PgDn, Space",   "page down",                           VCT_DEMO_ACTION_PAGE_DOWN, NULL, { KEY_NPAGE, ' ' } },
  { "Home, g",       "first row",                           VCT_DEMO_ACTION_HOME,      NULL, { KEY_HOME, 'g' } },
  { "End, G",        "last row",                            VCT_DEMO_ACTION_END,       NULL, { KEY_END, 'G' } },
};

static const VctDemoBinding tail[] = {
  { "r",             "reload (a spinner shows meanwhile)",  VCT_DEMO_ACTION_RELOAD,    NULL, { 'r' } },
  { "?",             "show or hide this help",              VCT_DEMO_ACTION_HELP,      NULL, { '?' } },
  { "Ctrl-L",        "redraw the screen",                   VCT_DEMO_ACTION_REDRAW,    NULL, { VCT_DEMO_CTRL ('l') } },
  { "q, Ctrl-C",     "quit",                                VCT_DEMO_ACTION_QUIT,      NULL, { 'q' } },
};

static const VctDemoBinding photos_keys[] = {
  { "Enter, click",  "select the row: the title shows it",  VCT_DEMO_ACTION_ACTIVATE,  NULL, VCT_DEMO_ENTER_KEYS },
};

static const VctDemoBinding feed_keys[] = {
  { "Enter, click",  "follow the member, or open the photo's detail", VCT_DEMO_ACTION_ACTIVATE, NULL, VCT_DEMO_ENTER_KEYS },
  { "f",             "follow the member",                   VCT_DEMO_ACTION_COMMAND,   "follow", { 'f' } },
};

static const VctDemoBinding songs_keys[] = {
  { "Enter, click",  "pick or unpick the song; listening: play it", VCT_DEMO_ACTION_ACTIVATE, NULL, VCT_DEMO_ENTER_KEYS },
  { "s",             "start: START MEDITATION SESSION",     VCT_DEMO_ACTION_COMMAND,   "start",    { 's' } },
  { "n",             "next song",                           VCT_DEMO_ACTION_COMMAND,   "next",     { 'n' } },
  { "p",             "previous song",                       VCT_DEMO_ACTION_COMMAND,   "previous", { 'p' } },
  { "e",             "end of the song playing",             VCT_DEMO_ACTION_COMMAND,   "finish",   { 'e' } },
  { "h, Bksp, Esc",  "back; while picking: close the screen", VCT_DEMO_ACTION_COMMAND, "back",     { 'h', KEY_BACKSPACE, 127, 27 } },
};

/* In the order of vct_demo_screens. */
static const VctDemoKeyTable tables[VCT_DEMO_N_SCREENS] = {
  { photos_keys, G_N_ELEMENTS (photos_keys),
    "j/k move  PgUp/PgDn  Enter select  r reload  ? help  q quit", NULL },
  { feed_keys, G_N_ELEMENTS (feed_keys),
    "j/k move  Enter follow/open  f follow  r reload  ? help  q quit",
    "In a photo's detail, Enter (or Esc) closes it." },
  { songs_keys, G_N_ELEMENTS (songs_keys),
    "Enter pick/play  s start  n/p next/prev  e end  h back  ? help  q quit", NULL },
};

const VctDemoKeyTable *
vct_demo_keys_for_screen (const VctDemoScreenInfo *screen)
{
  return &tables[screen - vct_demo_screens];
}

static const VctDemoBinding *
vct_demo_keys_find (const VctDemoBinding *bindings, gsize n_bindings, int key)
{
  for (gsize i = 0; i < n_bindings; i++)
    for (gsize j = 0; j < G_N_ELEMENTS (bindings[i].codes) && bindings[i].codes[j] != 0; j++)
      if (bindings[i].codes[j] == key)
        return &bindings[i];
  return NULL;
}

/* Returns what @key does in the list, or %VCT_DEMO_ACTION_NONE */
VctDemoAction
vct_demo_keys_action (const VctDemoKeyTable *table, int key, const char **command)
{
  const VctDemoBinding *binding = vct_demo_keys_find (table->bindings, table->n_bindings, key);

  if (binding == NULL)
    binding = vct_demo_keys_find (moves, G_N_ELEMENTS (moves), key);
  if (binding == NULL)
    binding = vct_demo_keys_find (tail, G_N_ELEMENTS (tail), key);
  *command = binding != NULL ? binding->command : NULL;
  return binding != NULL ? binding->action : VCT_DEMO_ACTION_NONE;
}

static void
vct_demo_keys_append (GString *text, const VctDemoBinding *bindings, gsize n_bindings)
{
  for (gsize i = 0; i < n_bindings; i++)
    g_string_append_printf (text, "  %-14s %s\n", bindings[i].keys, bindings[i].what);
}

/* Returns one line per binding, "  Up, k          move up" */
char *
vct_demo_keys_help_text (const VctDemoKeyTable *table)
{
  GString *text = g_string_new (NULL);

  vct_demo_keys_append (text, moves, G_N_ELEMENTS (moves));
  vct_demo_keys_append (text, table->bindings, table->n_bindings);
  vct_demo_keys_append (text, tail, G_N_ELEMENTS (tail));
  g_string_append (text, "  In the \"Oops...\" alert, Enter (or Esc) presses OK.\n");
  if (table->more_help != NULL)
    g_string_append_printf (text, "  %s\n", table->more_help);
  return g_string_free (text, FALSE);
}

/* The footer line's key hints. */
const char *vct_demo_keys_footer (const VctDemoKeyTable *table) { return table->footer; }

/* Returns every screen's keys, for --help: the shared ones once, then
 * each screen's own */
char *
vct_demo_keys_help_all (void)
{
  GString *text = g_string_new (NULL);

  vct_demo_keys_append (text, moves, G_N_ELEMENTS (moves));
  vct_demo_keys_append (text, tail, G_N_ELEMENTS (tail));
  g_string_append (text, "  In the \"Oops...\" alert, Enter (or Esc) presses OK.\n");
  for (gsize i = 0; i < G_N_ELEMENTS (tables); i++)
    {
      g_string_append_printf (text, "In %s:\n", vct_demo_screens[i].name);
      vct_demo_keys_append (text, tables[i].bindings, tables[i].n_bindings);
      if (tables[i].more_help != NULL)
        g_string_append_printf (text, "  %s\n", tables[i].more_help);
    }
  return g_string_free (text, FALSE);
}
