/* size-option.c: the --max-body-size value of vctable-demo and vctable-gtk (both programs
 * build this file; Gtk/ takes it from here).
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */
#include "size-option.h"

#include <string.h>

/**
 * vct_demo_parse_size:
 * @text: what the user wrote
 * @size: (out): the size in bytes
 *
 * Reads a number of bytes, 1 or more, optionally followed by K, M or G (KiB, MiB, GiB;
 * either case), at most G_MAXSSIZE.
 *
 * Returns: whether @text is such a size
 */
gboolean
vct_demo_parse_size (const char *text,
                     gsize      *size)
{
  static const struct { char suffix; guint shift; } units[] = { { 'K', 10 }, { 'M', 20 }, { 'G', 30 } };
  g_autofree char *digits = g_strdup (text);
  gsize length = strlen (digits);
  guint shift = 0;
  guint64 value;

  for (gsize i = 0; i < G_N_ELEMENTS (units) && length > 0; i++)
    if (g_ascii_toupper (digits[length - 1]) == units[i].suffix)
      {
        shift = units[i].shift;
        digits[length - 1] = '\0';
        break;
      }
  if (!g_ascii_isdigit (digits[0])
      || !g_ascii_string_to_unsigned (digits, 10, 1, (guint64) G_MAXSSIZE >> shift, &value, NULL))
    return FALSE;
  *size = (gsize) value << shift;
  return TRUE;
}
