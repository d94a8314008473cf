/* luztar-symbols-place.h — where each item of a model is drawn: grounds, bodies, and the frame of each element
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "luztar-symbols-pen.h"

G_BEGIN_DECLS

/* An element's symbol runs from (ox, oy) in the direction ANGLE for LEN;
 * TO_FLOOR: drawn below its body down to a hatched floor at (fx, fy).
 * Several elements between the same two ports share the space in front of
 * the block face: LANE is the element's lane (0 … N_LANES − 1, the first
 * one on top, or on the right for a vertical pair), spread over at most
 * LANE_SPAN; LABEL_Y is where its name goes, across the axis in the
 * element's own frame (the outer lanes' names outside, the others stacked
 * beyond them); LABEL_DX how far it is moved along the axis from the
 * element's middle (0, or clear of an arrow: luztar-symbols-clear.c). */
typedef struct
{
  gboolean ok;
  gboolean to_floor;
  double   ox, oy, angle, len;
  double   fx, fy;
  int      lane, n_lanes;
  double   label_y;
  double   label_dx;
  int      ground_index;   /* the ground it ends on, or -1 */
  int      body_index;     /* a body it ends on (the other port for a ground's), or -1 */
} LuztarPlacement;

/* A model laid out: the place of each ground (GP) and body (BP), the frame
 * of each element (PL), where each source's name goes (NAME_AT, a
 * LuztarNamePlace: luztar-symbols-clear.c), the direction in which each
 * body's and ground's displacement is drawn (BODY_DIR, GROUND_DIR, degrees
 * counter-clockwise from the right: luztar_scene_body_direction()). */
typedef struct
{
  const LzModel   *model;
  guint            ng, nb, ne;
  LuztarPoint     *gp;
  LuztarPoint     *bp;
  LuztarPlacement *pl;
  int             *name_at;
  double          *body_dir;
  double          *ground_dir;
} LuztarScene;

LuztarScene *luztar_scene_new            (const LzModel     *model);
void         luztar_scene_free           (LuztarScene       *scene);
void         luztar_scene_place_elements (LuztarScene       *scene);
double       luztar_scene_ground_side    (const LuztarScene *scene,
                                          guint              i);
gboolean     luztar_scene_ground_is_floor (const LuztarScene *scene,
                                           guint              i);
double       luztar_scene_body_direction (const LuztarScene *scene,
                                          guint              i);
double       luztar_scene_ground_direction (const LuztarScene *scene,
                                            guint              i);
/* (luztar-symbols-shapes.c) */
GArray      *luztar_scene_get_shapes     (const LuztarScene *scene);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LuztarScene, luztar_scene_free)

G_END_DECLS
