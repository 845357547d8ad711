/* size-option.c: the --max-body-size value of vctable-demo and vctable-gtk (both programs
 * build this file; Gtk/ takes it from here).
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */
#include "size-option.h"

#include <string.h>

/* Reads into @size a number of bytes, 1 or more, optionally followed by K, M or G (KiB,
 * MiB, GiB; either case), at most G_MAXSSIZE; returns whether @text is such a size. */
gboolean
vct_demo_parse_size (const char *text,
                     gsize      *size)
{
  static const char units[] = "KMG";
  g_autofree char *digits = g_strdup (text);
  gsize length = strlen (digits);
  const char *unit = length > 0 ? strchr (units, g_ascii_toupper (digits[length - 1])) : NULL;
  guint shift = unit != NULL ? 10 * (guint) (unit - units + 1) : 0;
  guint64 value;

  if (shift > 0)
    digits[length - 1] = '\0';
  if (!g_ascii_isdigit (digits[0])
      || !g_ascii_string_to_unsigned (digits, 10, 1, (guint64) G_MAXSSIZE >> shift, &value, NULL))
    return FALSE;
  *size = (gsize) value << shift;
  return TRUE;
}
