/* luztar-symbols-clear.h — labels clear of the arrows: where a source's arrow and name go, and an element's label moved off them
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "luztar-symbols-pen.h"
#include "luztar-symbols-place.h"

G_BEGIN_DECLS

/* The room kept between an element's label and a source's arrow or name,
 * and between a source's name and an element's symbol or another name
 * (device pixels, whatever the zoom): a label that comes closer is moved
 * (the gear train's "shaft k_γφ" came within 2 px of "M_φ(t)" at 800 ×
 * 600, a gap the eye reads as one label). */
#define LUZTAR_LABEL_MARGIN 4.0

/* Where a source's name goes: before its arrow (below it, beside a body
 * that moves up and down), at its other end (above it), beside its middle
 * away from the body (above it; before it) or towards the body;
 * luztar_scene_clear_labels() takes the first one clear of the elements. */
typedef enum
{
  LUZTAR_NAME_BEFORE,
  LUZTAR_NAME_AFTER,
  LUZTAR_NAME_OUTSIDE,
  LUZTAR_NAME_INSIDE,
  LUZTAR_N_NAME_PLACES
} LuztarNamePlace;

/* Where a source's arrow goes: a frame whose origin is the arrow's middle,
 * turned by ANGLE (cairo_rotate()), the arrow along its +x; ACROSS: beside
 * a body that moves up and down rather than above it; its name (LABEL, a
 * prescribed motion's "p1: q(t)"; NULL for a palette icon or without a
 * pen) centred at LABEL_AT. */
typedef struct
{
  gboolean     across;
  LuztarPoint  origin;
  double       angle;
  char        *label;
  LuztarPoint  label_at;
} LuztarSourcePlace;

void     luztar_source_place        (const LuztarPen         *pen,
                                     const LzSource          *s,
                                     LuztarPoint              at,
                                     int                      slot,
                                     double                   direction,
                                     LuztarNamePlace          name_at,
                                     LuztarSourcePlace       *place);
gboolean luztar_scene_source_place  (const LuztarPen         *pen,
                                     const LuztarScene       *scene,
                                     guint                    k,
                                     LuztarSourcePlace       *place);
void     luztar_source_place_clear  (LuztarSourcePlace       *place);
GArray  *luztar_scene_arrow_boxes   (const LuztarPen         *pen,
                                     const LuztarScene       *scene);
GArray  *luztar_scene_name_boxes    (const LuztarPen         *pen,
                                     const LuztarScene       *scene);
GArray  *luztar_scene_element_boxes (const LuztarPen         *pen,
                                     const LuztarScene       *scene);
void     luztar_scene_clear_labels  (const LuztarPen         *pen,
                                     LuztarScene             *scene,
                                     double                  *moved);
gboolean luztar_scene_label_box     (const LuztarPen         *pen,
                                     const LuztarScene       *scene,
                                     guint                    e,
                                     double                   box[4]);
char    *luztar_scene_label_text    (const LuztarPen         *pen,
                                     const LuztarScene       *scene,
                                     guint                    e,
                                     char                   **whole);
void     luztar_device_box          (cairo_t                 *cr,
                                     double                   x0,
                                     double                   y0,
                                     double                   x1,
                                     double                   y1,
                                     double                   box[4]);
gboolean luztar_box_meets           (const double             box[4],
                                     const GArray            *boxes,
                                     double                   margin,
                                     guint                    skip);

G_END_DECLS
