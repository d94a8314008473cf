/* luztar-text-fit.c — a label shortened to a width at its words' ends, never inside a word
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An element's label is its name and its symbol ("tooth mesh K",
 * "spring k₂"), written in the room its lane leaves.  Pango's ellipsis
 * cuts wherever the width runs out: "tooth… esh K" at 800 × 600, a broken
 * word that reads as neither.  Here the label loses whole words instead:
 * the symbol (a last word of at most SYMBOL_MAX_CHARS characters) kept
 * whole, the words of the name before it dropped from its end ("tooth…
 * K"), then the symbol alone; a text with no symbol ("coupling with
 * freeplay", "damper joint q₂ (massless)") or no room even for it loses
 * its last words ("coupling…"), and a single word is kept whole (a word
 * cut reads as another one: "joi…3").
 */

#include "config.h"

#include <string.h>

#include "luztar-text-fit.h"

/* What stands for the words left out. */
#define FIT_ELLIPSIS "…"
/* A label's last word this short is its symbol ("K", "k₂", "k_γφ",
 * "(q₁)"); a longer one is a word of its name ("freeplay"). */
#define SYMBOL_MAX_CHARS 4

/* Sets LAYOUT's text to TEXT; whether it is at most WIDTH wide. */
static gboolean
fits (PangoLayout *layout,
      const char  *text,
      int          width)
{
  int w, h;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_size (layout, &w, &h);
  return w <= width;
}

/* The first N of WORDS joined by spaces. */
static char *
join_first (char  **words,
            guint   n)
{
  char *kept = words[n];
  char *text;

  words[n] = NULL;
  text = g_strjoinv (" ", words);
  words[n] = kept;
  return text;
}

/**
 * luztar_text_fit:
 * @layout: a layout in the label's font, with no width set
 * @text: the label
 * @width: the room, Pango units
 *
 * Sets @layout's text to @text or, were it wider than @width, to @text
 * shortened at its words' ends (see above).
 *
 * Returns: (transfer full): the text set
 */
char *
luztar_text_fit (PangoLayout *layout,
                 const char  *text,
                 int          width)
{
  g_auto(GStrv) words = NULL;
  const char *symbol, *last;
  guint n;

  if (fits (layout, text, width))
    return g_strdup (text);
  words = g_strsplit (text, " ", -1);
  n = g_strv_length (words);
  if (n == 0)
    return g_strdup (text);     /* "" in no room at all */
  symbol = n >= 2 && g_utf8_strlen (words[n - 1], -1) <= SYMBOL_MAX_CHARS ? words[n - 1] : NULL;
  if (symbol != NULL)
    {
      /* the name shortened at its end, the symbol whole */
      for (guint k = n - 2; k >= 1; k--)
        {
          g_autofree char *name = join_first (words, k);
          g_autofree char *shorter = g_strconcat (name, FIT_ELLIPSIS " ", symbol, NULL);

          if (fits (layout, shorter, width))
            return g_steal_pointer (&shorter);
        }
      if (fits (layout, symbol, width))
        return g_strdup (symbol);
    }
  /* no symbol, or no room for it: the text's first words */
  for (guint k = n - 1; k >= 1; k--)
    {
      g_autofree char *first = join_first (words, k);
      g_autofree char *shorter = g_strconcat (first, FIT_ELLIPSIS, NULL);

      if (fits (layout, shorter, width))
        return g_steal_pointer (&shorter);
    }
  /* a single word, or no room even for the first one: the symbol, else
   * the first word, whole */
  last = symbol != NULL ? symbol : words[0];
  pango_layout_set_text (layout, last, -1);
  return g_strdup (last);
}
