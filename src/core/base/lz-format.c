/* lz-format.c — numbers written and read exactly, locale-independently
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The bottom of the core: the model file, the exports, the symbolic
 * formulas and the messages all write numbers through here, so that a
 * value survives a save and load exactly and reads the same everywhere.
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lz-format.h"

/**
 * lz_number_to_string:
 * @value: a number
 *
 * Formats @value locale-independently with the fewest significant digits
 * (at most 17) that read back to the same double, so that 0.1 is written
 * "0.1" and every value survives a save and load exactly.  Infinities are
 * "inf" and "-inf".
 *
 * Returns: (transfer full): the text
 */
char *
lz_number_to_string (double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  char format[8];
  int digits;
  int exponent;

  if (isnan (value))
    return g_strdup ("nan");
  if (isinf (value))
    return g_strdup (value > 0 ? "inf" : "-inf");

  /* The fewest significant digits that read back exactly. */
  for (digits = 1; digits < 17; digits++)
    {
      g_snprintf (format, sizeof format, "%%.%de", digits - 1);
      g_ascii_formatd (buffer, sizeof buffer, format, value);
      if (g_ascii_strtod (buffer, NULL) == value)
        break;
    }
  g_snprintf (format, sizeof format, "%%.%de", digits - 1);
  g_ascii_formatd (buffer, sizeof buffer, format, value);
  exponent = atoi (strchr (buffer, 'e') + 1);

  /* Written as %g with at least those digits; up to 1e17, enough digits
   * for %g to write 100 rather than 1e+02.  More digits than needed still
   * read back exactly. */
  if (exponent >= 0 && exponent < 17 && exponent + 1 > digits)
    digits = exponent + 1;
  g_snprintf (format, sizeof format, "%%.%dg", digits);
  g_ascii_formatd (buffer, sizeof buffer, format, value);
  return g_strdup (buffer);
}

/**
 * lz_number_read:
 * @text: a number as written in a model file
 * @allow_infinite: whether "inf", "+inf" and "-inf" are accepted
 * @value: (out): return location for the number
 *
 * Like lz_number_parse(), with the reason a text is refused.
 *
 * Returns: %LZ_NUMBER_OK, or why @text is not a number
 */
LzNumberStatus
lz_number_read (const char *text,
                gboolean    allow_infinite,
                double     *value)
{
  g_autofree char *s = g_strstrip (g_strdup (text));
  const char *p = s;
  const char *body;
  gsize digits = 0;
  char *end = NULL;
  double v;

  if (strcmp (s, "inf") == 0 || strcmp (s, "+inf") == 0 || strcmp (s, "-inf") == 0)
    {
      if (!allow_infinite)
        return LZ_NUMBER_INFINITE;
      *value = s[0] == '-' ? -INFINITY : INFINITY;
      return LZ_NUMBER_OK;
    }

  /* Plain decimals only: g_ascii_strtod() would also take hexadecimal,
   * "nan" and "infinity". */
  if (*p == '+' || *p == '-')
    p++;
  body = p;
  while (g_ascii_isdigit (*p))
    p++;
  digits = p - body;
  if (*p == '.')
    {
      const char *fraction = ++p;

      while (g_ascii_isdigit (*p))
        p++;
      digits += p - fraction;
    }
  if (digits == 0)
    return LZ_NUMBER_SYNTAX;
  if (*p == 'e' || *p == 'E')
    {
      const char *exponent;

      p++;
      if (*p == '+' || *p == '-')
        p++;
      exponent = p;
      while (g_ascii_isdigit (*p))
        p++;
      if (p == exponent)
        return LZ_NUMBER_SYNTAX;
    }
  if (*p != '\0')
    return LZ_NUMBER_SYNTAX;

  v = g_ascii_strtod (s, &end);
  if (end == NULL || *end != '\0')
    return LZ_NUMBER_SYNTAX;
  if (!isfinite (v))
    return LZ_NUMBER_OVERFLOW;
  *value = v;
  return LZ_NUMBER_OK;
}

/**
 * lz_number_parse:
 * @text: a number as written in a model file, e.g. "-1.5e-3"
 * @allow_infinite: whether "inf", "+inf" and "-inf" are accepted
 * @value: (out): return location for the number
 *
 * Reads a plain decimal number, locale-independently (g_ascii_strtod()),
 * with optional surrounding blanks.  Hexadecimal, "nan" and values that
 * overflow are rejected.
 *
 * Returns: %TRUE if @text is such a number
 */
gboolean
lz_number_parse (const char *text,
                 gboolean    allow_infinite,
                 double     *value)
{
  double v;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);

  if (lz_number_read (text, allow_infinite, &v) != LZ_NUMBER_OK)
    return FALSE;
  *value = v;
  return TRUE;
}

/**
 * lz_text_escape_controls:
 * @text: a message, with text from a file quoted in it
 *
 * The message with its control characters written as escapes ("\\n",
 * "\\r", "\\t", "\\x1b" …), so that an id or a value read from a file —
 * where "&#10;" is a line end — cannot break a message into lines that
 * look like other messages ("model.luztar:1: ok").
 *
 * Returns: (transfer full): the message, on one line
 */
char *
lz_text_escape_controls (const char *text)
{
  GString *out = g_string_sized_new (strlen (text));

  for (const char *p = text; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;

      if (c == '\n')
        g_string_append (out, "\\n");
      else if (c == '\r')
        g_string_append (out, "\\r");
      else if (c == '\t')
        g_string_append (out, "\\t");
      else if (c < 0x20 || c == 0x7f)
        g_string_append_printf (out, "\\x%02x", c);
      else
        g_string_append_c (out, (char) c);
    }
  return g_string_free (out, FALSE);
}
