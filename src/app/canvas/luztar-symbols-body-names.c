/* luztar-symbols-body-names.c — a disc's name clear of the element symbols drawn at it
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A block's name is written inside it; a disc's under its rim.  An
 * element drawn down from a disc to a floor (the gear train's bearing
 * friction) starts at that rim, and the name, of a fixed size on the
 * screen while the model scales, sat on its symbol (the gear train's
 * "input ψ", "wheel γ" at 800 × 600).  The name moves, in device units
 * so that it keeps clear at the zoom it is drawn at, beside the symbols
 * it met, on their right and else on their left, or else above the disc:
 * the first of these places that keeps LUZTAR_LABEL_MARGIN from every
 * element, arrow, source's name, element's label, body, ground and name
 * placed before, and from its own disc.  Where none does, it stays.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "luztar-cairo.h"
#include "luztar-symbols.h"
#include "luztar-symbols-body-names.h"
#include "luztar-symbols-clear.h"
#include "luztar-symbols-elements.h"

/**
 * luztar_scene_body_name_at:
 * @scene: a model laid out
 * @i: a body of it
 *
 * Returns: the centre of body @i's name (a disc's; model units)
 */
LuztarPoint
luztar_scene_body_name_at (const LuztarScene *scene,
                           guint              i)
{
  return (LuztarPoint) { scene->bp[i].x + scene->body_name[i].x,
                         scene->bp[i].y + LUZTAR_DISC_R + LUZTAR_BODY_NAME_BELOW + scene->body_name[i].y };
}

/* The device box of disc I's name centred at AT (FALSE: not a disc). */
static gboolean
name_box_at (const LuztarPen   *pen,
             const LuztarScene *scene,
             guint              i,
             LuztarPoint        at,
             double             box[4])
{
  const LzBody *b = lz_model_get_body (scene->model, i);
  PangoLayout *layout;
  int w, h;

  if (b->kind != LZ_BODY_ROTATIONAL)
    return FALSE;
  /* as draw_body() writes it (luztar_pen_text()) */
  layout = luztar_cairo_layout_new (pen->cr, luztar_symbols_item_name (&b->item),
                                    LUZTAR_BODY_NAME_SIZE / pen->style->scale, TRUE);
  pango_layout_get_size (layout, &w, &h);
  g_object_unref (layout);
  luztar_device_box (pen->cr, at.x - w / 2.0 / PANGO_SCALE, at.y - h / 2.0 / PANGO_SCALE,
                     at.x + w / 2.0 / PANGO_SCALE, at.y + h / 2.0 / PANGO_SCALE, box);
  return TRUE;
}

/**
 * luztar_scene_body_name_boxes:
 * @pen: what the scene is drawn with (its matrix that of the model)
 * @scene: a model laid out (luztar_scene_clear_labels())
 *
 * Returns: (transfer full) (element-type double): the device boxes of the
 *   discs' names, four doubles (x0, y0, x1, y1) each
 */
GArray *
luztar_scene_body_name_boxes (const LuztarPen   *pen,
                              const LuztarScene *scene)
{
  GArray *boxes = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < scene->nb; i++)
    {
      double box[4];

      if (name_box_at (pen, scene, i, luztar_scene_body_name_at (scene, i), box))
        g_array_append_vals (boxes, box, 4);
    }
  return boxes;
}

/* The device boxes of the elements' labels where they are drawn, and of
 * the bodies and grounds but body SKIP. */
static GArray *
obstacle_boxes (const LuztarPen   *pen,
                const LuztarScene *scene,
                guint              skip)
{
  GArray *boxes = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) shapes = luztar_scene_get_shapes (scene);
  const char *own = lz_model_get_body (scene->model, skip)->item.id;
  cairo_t *cr = pen->cr;

  for (guint e = 0; e < scene->ne; e++)
    {
      double box[4];

      if (!scene->pl[e].to_floor && luztar_scene_label_box (pen, scene, e, box))
        g_array_append_vals (boxes, box, 4);
    }
  for (guint k = 0; k < shapes->len; k++)
    {
      const LuztarShape *sh = &g_array_index (shapes, LuztarShape, k);
      double box[4];

      if ((sh->kind == LZ_ITEM_BODY || sh->kind == LZ_ITEM_GROUND) && sh->shown && isfinite (sh->x0)
          && !(sh->kind == LZ_ITEM_BODY && g_str_equal (sh->id, own)))
        {
          luztar_device_box (cr, sh->x0, sh->y0, sh->x1, sh->y1, box);
          g_array_append_vals (boxes, box, 4);
        }
    }
  return boxes;
}

/* Whether BOX comes within the label margin of disc I (device units). */
static gboolean
meets_own_disc (const LuztarPen   *pen,
                const LuztarScene *scene,
                guint              i,
                const double       box[4])
{
  double cx = scene->bp[i].x, cy = scene->bp[i].y, rx = scene->bp[i].x + LUZTAR_DISC_R, ry = cy;

  cairo_user_to_device (pen->cr, &cx, &cy);
  cairo_user_to_device (pen->cr, &rx, &ry);
  return hypot (CLAMP (cx, box[0], box[2]) - cx, CLAMP (cy, box[1], box[3]) - cy)
         < hypot (rx - cx, ry - cy) + LUZTAR_LABEL_MARGIN;
}

/* The union of the boxes of ELEMENTS that BOX comes within the margin of. */
static void
met_union (const double  box[4],
           const GArray *elements,
           double        met[4])
{
  met[0] = met[1] = INFINITY;
  met[2] = met[3] = -INFINITY;
  for (guint k = 0; k + 3 < elements->len; k += 4)
    {
      const double *b = &g_array_index (elements, double, k);

      if (box[0] < b[2] + LUZTAR_LABEL_MARGIN && b[0] < box[2] + LUZTAR_LABEL_MARGIN
          && box[1] < b[3] + LUZTAR_LABEL_MARGIN && b[1] < box[3] + LUZTAR_LABEL_MARGIN)
        {
          met[0] = MIN (met[0], b[0]);
          met[1] = MIN (met[1], b[1]);
          met[2] = MAX (met[2], b[2]);
          met[3] = MAX (met[3], b[3]);
        }
    }
}

/* Disc I's name: where it is clear, else beside the symbols it met (on
 * their right, on their left) or above the disc; NAMES: the boxes of the
 * names placed before, its own added. */
static void
clear_body_name (const LuztarPen   *pen,
                 LuztarScene       *scene,
                 guint              i,
                 const GArray      *elements,
                 const GArray      *arrows,
                 GArray            *names)
{
  g_autoptr(GArray) others = obstacle_boxes (pen, scene, i);
  double box[4], met[4], shifts[3][2];
  LuztarPoint at;

  scene->body_name[i] = (LuztarPoint) { 0, 0 };
  at = luztar_scene_body_name_at (scene, i);
  if (!name_box_at (pen, scene, i, at, box))
    return;
  if (luztar_box_meets (box, elements, LUZTAR_LABEL_MARGIN, G_MAXUINT))
    {
      double up_x = at.x, up_y = scene->bp[i].y - LUZTAR_DISC_R - LUZTAR_BODY_NAME_BELOW, x0 = at.x, y0 = at.y;

      met_union (box, elements, met);
      /* device shifts: beside the symbols met, right and left; above */
      cairo_user_to_device (pen->cr, &up_x, &up_y);
      cairo_user_to_device (pen->cr, &x0, &y0);
      shifts[0][0] = met[2] + LUZTAR_LABEL_MARGIN + 1 - box[0];
      shifts[1][0] = met[0] - LUZTAR_LABEL_MARGIN - 1 - box[2];
      shifts[0][1] = shifts[1][1] = 0;
      shifts[2][0] = up_x - x0;
      shifts[2][1] = up_y - y0;
      for (guint c = 0; c < G_N_ELEMENTS (shifts); c++)
        {
          double moved[4] = { box[0] + shifts[c][0], box[1] + shifts[c][1], box[2] + shifts[c][0],
                              box[3] + shifts[c][1] };

          if (!luztar_box_meets (moved, elements, LUZTAR_LABEL_MARGIN, G_MAXUINT)
              && !luztar_box_meets (moved, arrows, LUZTAR_LABEL_MARGIN, G_MAXUINT)
              && !luztar_box_meets (moved, others, LUZTAR_LABEL_MARGIN, G_MAXUINT)
              && !luztar_box_meets (moved, names, LUZTAR_LABEL_MARGIN, G_MAXUINT)
              && !meets_own_disc (pen, scene, i, moved))
            {
              double dx = shifts[c][0], dy = shifts[c][1];

              cairo_device_to_user_distance (pen->cr, &dx, &dy);
              scene->body_name[i] = (LuztarPoint) { dx, dy };
              memcpy (box, moved, sizeof moved);
              break;
            }
        }
    }
  g_array_append_vals (names, box, 4);
}

/**
 * luztar_scene_clear_body_names:
 * @pen: what the scene is drawn with (its matrix that of the model)
 * @scene: a model laid out, its labels cleared
 * @elements: luztar_scene_element_boxes()
 * @arrows: luztar_scene_arrow_boxes()
 *
 * Moves each disc's name off the element symbols drawn at it (see above).
 */
void
luztar_scene_clear_body_names (const LuztarPen *pen,
                               LuztarScene     *scene,
                               const GArray    *elements,
                               const GArray    *arrows)
{
  g_autoptr(GArray) names = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < scene->nb; i++)
    clear_body_name (pen, scene, i, elements, arrows, names);
}
