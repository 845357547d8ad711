/* keys.c: the full-screen list's key bindings: one table that maps keys to actions and
 * writes the help overlay, the footer hints and the key list in --help. */

#include "keys.h"

#include <curses.h>

#define VCT_DEMO_CTRL(c) ((c) & 0x1f)

typedef struct {
  const char    *keys;        /* as the help shows them */
  const char    *what;
  VctDemoAction  action;
  int            codes[4];    /* 0-terminated when shorter */
} VctDemoBinding;

static const VctDemoBinding bindings[] = {
  { "Up, k",         "move up",                             VCT_DEMO_ACTION_UP,        { KEY_UP, 'k' } },
  { "Down, j",       "move down",                           VCT_DEMO_ACTION_DOWN,      { KEY_DOWN, 'j' } },
  { "PgUp, b",       "page up",                             VCT_DEMO_ACTION_PAGE_UP,   { KEY_PPAGE, 'b' } },
  { "PgDn, Space",   "page down",                           VCT_DEMO_ACTION_PAGE_DOWN, { KEY_NPAGE, ' ' } },
  { "Home, g",       "first row",                           VCT_DEMO_ACTION_HOME,      { KEY_HOME, 'g' } },
  { "End, G",        "last row",                            VCT_DEMO_ACTION_END,       { KEY_END, 'G' } },
  { "Enter, click",  "select the row: the title shows it",  VCT_DEMO_ACTION_SELECT,    { '\n', '\r', KEY_ENTER } },
  { "r",             "reload (a spinner shows meanwhile)",  VCT_DEMO_ACTION_RELOAD,    { 'r' } },
  { "?",             "show or hide this help",              VCT_DEMO_ACTION_HELP,      { '?' } },
  { "Ctrl-L",        "redraw the screen",                   VCT_DEMO_ACTION_REDRAW,    { VCT_DEMO_CTRL ('l') } },
  { "q, Ctrl-C",     "quit",                                VCT_DEMO_ACTION_QUIT,      { 'q' } },
};

/**
 * vct_demo_keys_action:
 * @key: a key as getch() returns it
 *
 * Returns: what @key does in the list, or %VCT_DEMO_ACTION_NONE
 */
VctDemoAction
vct_demo_keys_action (int key)
{
  for (gsize i = 0; i < G_N_ELEMENTS (bindings); i++)
    for (gsize j = 0; j < G_N_ELEMENTS (bindings[i].codes) && bindings[i].codes[j] != 0; j++)
      if (bindings[i].codes[j] == key)
        return bindings[i].action;
  return VCT_DEMO_ACTION_NONE;
}

/**
 * vct_demo_keys_help_text:
 *
 * Returns: (transfer full): one line per binding, "  Up, k          move up"
 */
char *
vct_demo_keys_help_text (void)
{
  GString *text = g_string_new (NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (bindings); i++)
    g_string_append_printf (text, "  %-14s %s\n", bindings[i].keys, bindings[i].what);
  g_string_append (text, "  In the \"Oops...\" alert, Enter (or Esc) presses OK.\n");
  return g_string_free (text, FALSE);
}

/**
 * vct_demo_keys_footer:
 *
 * Returns: the key hints of the footer line
 */
const char *
vct_demo_keys_footer (void)
{
  return "j/k move  PgUp/PgDn  Enter select  r reload  ? help  q quit";
}
