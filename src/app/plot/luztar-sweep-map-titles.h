/* luztar-sweep-map-titles.h — where the sweep map's axis and colour-bar titles go, whole or by name, never cut
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The size of the map's titles (bold, pixels). */
#define LUZTAR_MAP_TITLE_PX 11.5

typedef enum
{
  LUZTAR_MAP_TITLE_X,      /* under the plot */
  LUZTAR_MAP_TITLE_LEFT,   /* the y axis's (a bifurcation diagram's: its values') */
  LUZTAR_MAP_TITLE_BAR,    /* the colour bar's (a regime map's values) */
  LUZTAR_MAP_N_TITLES
} LuztarMapTitleKind;

/**
 * LuztarMapTitle:
 * @whole: the title as given ("": none)
 * @shown: as drawn: @whole, or its name (the whole in the map's tooltip)
 * @rotated: written bottom to top beside the plot
 * @box: where drawn, in the map's pixels: x0, y0, x1, y1
 */
typedef struct
{
  char     *whole;
  char     *shown;
  gboolean  rotated;
  double    box[4];
} LuztarMapTitle;

/**
 * LuztarMapTitles:
 * @title: the three titles
 * @above: the left and the colour bar's titles on a line above the plot
 *   (they did not fit whole beside it, upright)
 * @plot: the plot area: x0, y0, x1, y1
 */
typedef struct
{
  LuztarMapTitle title[LUZTAR_MAP_N_TITLES];
  gboolean       above;
  double         plot[4];
} LuztarMapTitles;

void         luztar_map_titles_clear      (LuztarMapTitles *titles);
void         luztar_map_titles_set        (LuztarMapTitles *titles,
                                           LuztarMapTitleKind kind,
                                           const char      *whole);
char        *luztar_map_title_name        (const char      *whole);
gboolean     luztar_map_titles_fit_beside (const LuztarMapTitles *titles,
                                           cairo_t         *cr,
                                           double           room);
void         luztar_map_titles_place      (LuztarMapTitles *titles,
                                           cairo_t         *cr,
                                           int              width,
                                           int              th,
                                           const double     plot[4]);
double       luztar_map_titles_line_y     (int              th);
void         luztar_map_titles_draw       (const LuztarMapTitles *titles,
                                           cairo_t         *cr);
const char  *luztar_map_titles_tooltip    (const LuztarMapTitles *titles,
                                           double           x,
                                           double           y);

G_END_DECLS
