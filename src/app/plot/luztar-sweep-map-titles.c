/* luztar-sweep-map-titles.c — where the sweep map's axis and colour-bar titles go, whole or by name, never cut
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The titles of a regime map or bifurcation diagram ("F.P: forcing
 * amplitude (N)", "f1.stick_count per forcing period", "m1.q once per
 * forcing period (m)") are longer than a small map is high: written
 * upright beside the plot at 800 × 600 they were cut ("F.P: for…").
 * The map writes them beside the plot, upright, when both fit whole
 * there; else on a line of their own above the plot, the y axis's on the
 * left and the colour bar's on the right, each whole when they fit
 * together and else by its name (what comes before ':' or ' ', "F.P"),
 * whole in the map's tooltip over it.  The title under the plot likewise.
 * Only were even the names too long for the map would they be cut.
 */

#include "config.h"

#include <string.h>

#include "luztar-cairo.h"
#include "plot/luztar-sweep-map-titles.h"

/* Between the two titles on the line above the plot, and from the map's
 * edges (pixels). */
#define TITLE_GAP  16
#define TITLE_EDGE 8

void
luztar_map_titles_clear (LuztarMapTitles *titles)
{
  for (guint k = 0; k < LUZTAR_MAP_N_TITLES; k++)
    {
      g_clear_pointer (&titles->title[k].whole, g_free);
      g_clear_pointer (&titles->title[k].shown, g_free);
    }
}

void
luztar_map_titles_set (LuztarMapTitles    *titles,
                       LuztarMapTitleKind  kind,
                       const char         *whole)
{
  g_free (titles->title[kind].whole);
  titles->title[kind].whole = g_strdup (whole != NULL ? whole : "");
}

/**
 * luztar_map_title_name:
 * @whole: a title
 *
 * Returns: its name: what comes before its first ':' or space ("F.P"
 *   of "F.P: forcing amplitude (N)")
 */
char *
luztar_map_title_name (const char *whole)
{
  return g_strndup (whole, strcspn (whole, ": "));
}

static int
width_of (cairo_t    *cr,
          const char *text,
          int        *height)
{
  return *text == '\0' ? 0 : luztar_cairo_text_width (cr, text, LUZTAR_MAP_TITLE_PX, TRUE, height);
}

static const char *
whole_of (const LuztarMapTitles *titles,
          LuztarMapTitleKind     kind)
{
  return titles->title[kind].whole != NULL ? titles->title[kind].whole : "";
}

/* Whether the left and the colour bar's titles fit whole beside a plot
 * ROOM pixels high. */
gboolean
luztar_map_titles_fit_beside (const LuztarMapTitles *titles,
                              cairo_t               *cr,
                              double                 room)
{
  int h;

  return width_of (cr, whole_of (titles, LUZTAR_MAP_TITLE_LEFT), &h) <= room
         && width_of (cr, whole_of (titles, LUZTAR_MAP_TITLE_BAR), &h) <= room;
}

/* The top of the line of titles above the plot, under the heading. */
double
luztar_map_titles_line_y (int th)
{
  return 10 + th + 4;
}

static void
set_shown (LuztarMapTitle *title,
           gboolean        whole)
{
  g_free (title->shown);
  title->shown = whole ? g_strdup (title->whole != NULL ? title->whole : "")
                       : luztar_map_title_name (title->whole != NULL ? title->whole : "");
}

static void
set_box (LuztarMapTitle *title,
         double          x0,
         double          y0,
         double          x1,
         double          y1)
{
  title->box[0] = x0;
  title->box[1] = y0;
  title->box[2] = x1;
  title->box[3] = y1;
}

/* The left and the colour bar's titles on the line above the plot: the
 * first of whole and whole, name and whole, whole and name, name and name
 * that fits in WIDTH; the last cut otherwise. */
static void
place_above (LuztarMapTitles *titles,
             cairo_t         *cr,
             int              width,
             int              th)
{
  LuztarMapTitle *left = &titles->title[LUZTAR_MAP_TITLE_LEFT], *bar = &titles->title[LUZTAR_MAP_TITLE_BAR];
  double y = luztar_map_titles_line_y (th), room = width - 2 * TITLE_EDGE;
  int wl = 0, wb = 0, h = th;

  for (guint choice = 0; choice < 4; choice++)
    {
      set_shown (left, (choice & 1) == 0);
      set_shown (bar, (choice & 2) == 0);
      wl = width_of (cr, left->shown, &h);
      wb = width_of (cr, bar->shown, &h);
      if (wl + wb + (wl > 0 && wb > 0 ? TITLE_GAP : 0) <= room)
        break;
    }
  if (wl + wb + TITLE_GAP > room && wb > 0)
    {
      /* cut, each to its share */
      double share = (room - TITLE_GAP) / (wl + wb);

      wl = (int) (wl * share);
      wb = (int) (wb * share);
    }
  else
    wl = MIN (wl, (int) room);
  left->rotated = bar->rotated = FALSE;
  set_box (left, TITLE_EDGE, y, TITLE_EDGE + wl, y + h);
  set_box (bar, width - TITLE_EDGE - wb, y, width - TITLE_EDGE, y + h);
}

/* Where the titles go about PLOT (x0, y0, x1, y1) in a map WIDTH wide
 * whose text is TH pixels high: beside it upright unless TITLES->above. */
void
luztar_map_titles_place (LuztarMapTitles *titles,
                         cairo_t         *cr,
                         int              width,
                         int              th,
                         const double     plot[4])
{
  LuztarMapTitle *x = &titles->title[LUZTAR_MAP_TITLE_X];
  double mid = (plot[1] + plot[3]) / 2, room = width - 2 * TITLE_EDGE, cx;
  int w, h = th;

  memcpy (titles->plot, plot, sizeof titles->plot);
  if (titles->above)
    place_above (titles, cr, width, th);
  else
    for (guint k = LUZTAR_MAP_TITLE_LEFT; k <= LUZTAR_MAP_TITLE_BAR; k++)
      {
        LuztarMapTitle *t = &titles->title[k];
        double x0 = k == LUZTAR_MAP_TITLE_LEFT ? 10 : width - 8 - th;

        set_shown (t, TRUE);
        w = width_of (cr, t->shown, &h);
        t->rotated = TRUE;
        set_box (t, x0, mid - w / 2.0, x0 + h, mid + w / 2.0);
      }
  /* under the plot: whole, else by name, centred under the plot as far
   * as the map's edges let it */
  set_shown (x, TRUE);
  w = width_of (cr, x->shown, &h);
  if (w > room)
    {
      set_shown (x, FALSE);
      w = MIN (width_of (cr, x->shown, &h), (int) room);
    }
  cx = CLAMP ((plot[0] + plot[2]) / 2, TITLE_EDGE + w / 2.0, width - TITLE_EDGE - w / 2.0);
  x->rotated = FALSE;
  set_box (x, cx - w / 2.0, plot[3] + 8 + th + 4, cx + w / 2.0, plot[3] + 8 + th + 4 + h);
}

void
luztar_map_titles_draw (const LuztarMapTitles *titles,
                        cairo_t               *cr)
{
  for (guint k = 0; k < LUZTAR_MAP_N_TITLES; k++)
    {
      const LuztarMapTitle *t = &titles->title[k];
      PangoLayout *layout;

      if (t->shown == NULL || *t->shown == '\0')
        continue;
      if (t->rotated)
        {
          luztar_cairo_show_rotated (cr, t->shown, LUZTAR_MAP_TITLE_PX, t->box[0], (t->box[1] + t->box[3]) / 2,
                                     t->box[3] - t->box[1] + 1);
          continue;
        }
      layout = luztar_cairo_layout_new (cr, t->shown, LUZTAR_MAP_TITLE_PX, TRUE);
      pango_layout_set_width (layout, (int) ((t->box[2] - t->box[0] + 1) * PANGO_SCALE));
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
      luztar_cairo_show_layout (cr, layout, t->box[0], t->box[1], 0, 0, TRUE);
      g_object_unref (layout);
    }
}

/**
 * luztar_map_titles_tooltip:
 * @titles: titles as placed
 * @x: a point of the map
 * @y: a point of the map
 *
 * Returns: (nullable): the whole title shown there by its name
 */
const char *
luztar_map_titles_tooltip (const LuztarMapTitles *titles,
                           double                 x,
                           double                 y)
{
  for (guint k = 0; k < LUZTAR_MAP_N_TITLES; k++)
    {
      const LuztarMapTitle *t = &titles->title[k];

      if (t->shown != NULL && g_strcmp0 (t->shown, t->whole) != 0 && x >= t->box[0] - 2 && x <= t->box[2] + 2
          && y >= t->box[1] - 2 && y <= t->box[3] + 2)
        return t->whole;
    }
  return NULL;
}
