/* luztar-symbols.c — whole models drawn with cairo, and the palette's icons
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The standard symbols of a lumped mechanical model put together: each
 * item where luztar-symbols-place.c places it: a hatched wall for a ground
 * (turned across its direction: a floor; a small double arrow when it
 * moves), a labelled block for a mass and a disc with a turning mark for
 * an inertia, a dashed outline around a body whose motion is prescribed,
 * the arrows above a body (a force, a prescribed motion as a wave, an
 * actuator as a motor), and the elements with the symbols of
 * luztar-symbols-elements.c.  Elements are drawn first, so that the bodies
 * cover their ends; an element in a run takes the colour of its mode,
 * glows at an impact and shows the mode's name beside its label.
 * Everything is in model coordinates (the x, y of the file); line widths
 * and text are divided by the scale so they keep their size on screen.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "luztar-symbols.h"
#include "luztar-canvas-fit.h"
#include "luztar-cairo.h"
#include "luztar-symbols-elements.h"
#include "luztar-symbols-place.h"
#include "luztar-symbols-clear.h"
#include "luztar-mode-marks.h"

/* A filled arrow head with its tip at (X, Y), BACK long along −x, HALF
 * wide on each side (a negative BACK points it to −x). */
static void
arrow_head (cairo_t *cr,
            double   x,
            double   y,
            double   back,
            double   half)
{
  cairo_move_to (cr, x, y);
  cairo_line_to (cr, x - back, y - half);
  cairo_line_to (cr, x - back, y + half);
  cairo_close_path (cr);
}

/* A wall: its face at x = AT.x, hatched on SIDE (−1: left, +1: right),
 * the side away from the bodies it holds; turned across DIRECTION
 * (degrees, luztar_scene_ground_direction()). */
#define GROUND_HALF  36.0   /* the wall's half height */
#define GROUND_HATCH 9.0    /* the hatch strokes' reach behind the face */
#define BADGE_LABEL_CLEARANCE 8.0  /* pixels from a label's place to its mode badge */

static void
draw_ground (const LuztarPen *pen,
             const LzGround  *g,
             LuztarPoint      at,
             double           side,
             double           direction)
{
  cairo_t *cr = pen->cr;
  double top = at.y - GROUND_HALF, bottom = at.y + GROUND_HALF;
  /* a ground whose direction is not to the right turns its face across
   * that direction (90°: a floor); its name stays upright, below it */
  gboolean turned = direction != 0;

  cairo_save (cr);
  if (turned)
    {
      cairo_translate (cr, at.x, at.y);
      cairo_rotate (cr, -direction * G_PI / 180);
      cairo_translate (cr, -at.x, -at.y);
    }
  cairo_new_path (cr);
  luztar_pen_rgb (pen, &pen->p.ink);
  luztar_pen_width (pen, 3);
  cairo_move_to (cr, at.x, top);
  cairo_line_to (cr, at.x, bottom);
  cairo_stroke (cr);
  /* strokes from the face down and away, the last one ending at the
   * bottom of the wall */
  luztar_pen_width (pen, 1.4);
  for (double y = top; y + GROUND_HATCH <= bottom + 0.01; y += 9)
    {
      cairo_move_to (cr, at.x, y);
      cairo_line_to (cr, at.x + side * GROUND_HATCH, y + GROUND_HATCH);
    }
  cairo_stroke (cr);
  if (!turned)
    {
      luztar_pen_rgb (pen, &pen->p.muted);
      luztar_pen_text (pen, luztar_symbols_item_name (&g->item), (LuztarPoint) { at.x, bottom + 14 }, 10,
                       FALSE, 0);
    }
  if (g->motion != NULL)
    {
      /* a moving ground: a small double arrow */
      luztar_pen_width (pen, 1.6);
      cairo_move_to (cr, at.x - 14, top - 10);
      cairo_line_to (cr, at.x + 14, top - 10);
      cairo_stroke (cr);
      arrow_head (cr, at.x + 14, top - 10, 5, 3);
      arrow_head (cr, at.x - 14, top - 10, -5, 3);
      cairo_fill (cr);
    }
  cairo_restore (cr);
  if (turned)
    {
      double a = direction * G_PI / 180;
      double reach = GROUND_HALF * fabs (cos (a)) + GROUND_HATCH * fabs (sin (a));
      /* below it, or above a ceiling (on the side of its hatching, away
       * from its bodies: the hatching's way down the screen is −side·sin a) */
      double below = -side * sin (a) >= 0 ? 1 : -1;

      luztar_pen_rgb (pen, &pen->p.muted);
      luztar_pen_text (pen, luztar_symbols_item_name (&g->item),
                       (LuztarPoint) { at.x, at.y + below * (reach + 10) }, 10, FALSE, 0);
    }
}

/* A body whose motion is prescribed (a program constraint, paper 001):
 * a dashed outline around it in the program colour. */
static void
draw_outline (const LuztarPen *pen,
              const LzBody    *b,
              LuztarPoint      at)
{
  cairo_t *cr = pen->cr;
  double gap = 5;

  cairo_save (cr);
  cairo_new_path (cr);
  luztar_pen_rgb (pen, &pen->p.program);
  luztar_pen_width (pen, 1.8);
  cairo_set_dash (cr, (double[]) { 5 / pen->style->scale, 3 / pen->style->scale }, 2, 0);
  if (b->kind == LZ_BODY_ROTATIONAL)
    cairo_arc (cr, at.x, at.y, LUZTAR_DISC_R + gap, 0, 2 * G_PI);
  else
    luztar_cairo_rounded_rect (cr, at.x - LUZTAR_BLOCK_W / 2 - gap, at.y - LUZTAR_BLOCK_H / 2 - gap,
                               LUZTAR_BLOCK_W + 2 * gap, LUZTAR_BLOCK_H + 2 * gap, 8);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_body (const LuztarPen *pen,
           const LzBody    *b,
           LuztarPoint      at,
           double           angle)
{
  cairo_t *cr = pen->cr;

  luztar_pen_width (pen, 2);
  cairo_new_path (cr);
  if (b->kind == LZ_BODY_ROTATIONAL)
    {
      cairo_arc (cr, at.x, at.y, LUZTAR_DISC_R, 0, 2 * G_PI);
      luztar_pen_rgb (pen, &pen->p.body);
      cairo_fill_preserve (cr);
      luztar_pen_rgb (pen, &pen->p.body_edge);
      cairo_stroke (cr);
      /* the mark turns with the angle, counter-clockwise for q > 0 */
      cairo_move_to (cr, at.x, at.y);
      cairo_line_to (cr, at.x + LUZTAR_DISC_R * 0.89 * cos (0.4636 + angle),
                     at.y - LUZTAR_DISC_R * 0.89 * sin (0.4636 + angle));
      luztar_pen_rgb (pen, &pen->p.body_text);
      cairo_stroke (cr);
      luztar_pen_rgb (pen, &pen->p.ink);
      luztar_pen_text (pen, luztar_symbols_item_name (&b->item),
                       (LuztarPoint) { at.x, at.y + LUZTAR_DISC_R + 12 }, 11, TRUE, 0);
    }
  else
    {
      luztar_cairo_rounded_rect (cr, at.x - LUZTAR_BLOCK_W / 2, at.y - LUZTAR_BLOCK_H / 2,
                                 LUZTAR_BLOCK_W, LUZTAR_BLOCK_H, 5);
      luztar_pen_rgb (pen, b->mass > 0 ? &pen->p.body : &pen->p.muted);
      cairo_fill_preserve (cr);
      luztar_pen_rgb (pen, &pen->p.body_edge);
      cairo_stroke (cr);
      luztar_pen_rgb (pen, &pen->p.body_text);
      /* inside the block: the label, or the shorter id when the label
       * would run out of it (white on the canvas: unreadable) */
      luztar_pen_text (pen, luztar_canvas_fit_name (cr, luztar_symbols_item_name (&b->item), b->item.id,
                                                    11 / pen->style->scale, LUZTAR_BLOCK_W),
                       at, 11, TRUE, LUZTAR_BLOCK_W);
    }
}

/* An arrow above a body: a force (solid, in ink); a prescribed motion
 * (a wave, in the program colour, named "p1: q(t)"); an actuator (a motor:
 * a circle with "u", and a bold arrow, in the actuator colour), distinct
 * from a moving ground's double arrow. */
static void
draw_source (const LuztarPen         *pen,
             const LzSource          *s,
             const LuztarSourcePlace *place)
{
  cairo_t *cr = pen->cr;
  double y = 0, x0 = -22, x1 = 22;
  const LuztarRgb *colour = s->item.kind == LZ_ITEM_PRESCRIBED ? &pen->p.program
                      : s->item.kind == LZ_ITEM_ACTUATOR ? &pen->p.actuator : &pen->p.force;

  /* drawn in its own frame, pointing along +x there */
  cairo_save (cr);
  cairo_translate (cr, place->origin.x, place->origin.y);
  cairo_rotate (cr, place->angle);
  cairo_new_path (cr);
  luztar_pen_rgb (pen, colour);
  luztar_pen_width (pen, 2);
  if (s->item.kind == LZ_ITEM_PRESCRIBED)
    {
      cairo_move_to (cr, x0, y);
      for (double x = x0; x <= x1 - 8; x += 2)
        cairo_line_to (cr, x, y + 3 * sin ((x - x0) / 3));
      cairo_stroke (cr);
    }
  else if (s->item.kind == LZ_ITEM_ACTUATOR)
    {
      /* the motor */
      cairo_arc (cr, x0 + 6, y, 6.5, 0, 2 * G_PI);
      luztar_pen_width (pen, 1.6);
      cairo_stroke (cr);
      luztar_pen_text (pen, "u", (LuztarPoint) { x0 + 6, y - 0.5 }, 9, TRUE, 0);
      luztar_pen_width (pen, 3);
      cairo_move_to (cr, x0 + 13, y);
      cairo_line_to (cr, x1 - 6, y);
      cairo_stroke (cr);
    }
  else
    {
      cairo_move_to (cr, x0, y);
      cairo_line_to (cr, x1 - 6, y);
      cairo_stroke (cr);
    }
  if (s->item.kind == LZ_ITEM_ACTUATOR)
    arrow_head (cr, x1 + 1, y, 10, 5.5);
  else
    arrow_head (cr, x1, y, 8, 4);
  cairo_fill (cr);
  cairo_restore (cr);
  if (place->label != NULL)
    {
      luztar_pen_rgb (pen, colour);
      luztar_pen_text (pen, place->label, place->label_at, 10, FALSE, 0);
    }
}

/* A point moved by D canvas units in the direction DEGREES (from the
 * right, counter-clockwise on the screen). */
static void
displace (LuztarPoint *point,
          double       degrees,
          double       d)
{
  double a = degrees * G_PI / 180;

  point->x += d * cos (a);
  point->y -= d * sin (a);
}

/* The grounds and bodies moved to where a run has taken them, each along
 * its direction on the canvas (up is −y), the elements placed again. */
static void
animate_scene (LuztarScene           *sc,
               const LuztarAnimation *anim)
{
  for (guint i = 0; i < sc->nb; i++)
    if (lz_model_get_body (sc->model, i)->kind != LZ_BODY_ROTATIONAL && isfinite (anim->body_q[i]))
      displace (&sc->bp[i], luztar_scene_body_direction (sc, i), anim->scale * anim->body_q[i]);
  for (guint i = 0; anim->ground_q != NULL && i < sc->ng; i++)
    if (isfinite (anim->ground_q[i]))
      displace (&sc->gp[i], luztar_scene_ground_direction (sc, i), anim->scale * anim->ground_q[i]);
  luztar_scene_place_elements (sc);
}

/* An impact: a glow around the element that fades as FLASH goes to 0 (in
 * the element's frame, along x from 0 to LEN). */
static void
draw_flash (const LuztarPen *pen,
            double           len,
            double           flash)
{
  const LuztarRgb *c = &pen->p.stop;
  cairo_pattern_t *glow;

  if (!(flash > 0))
    return;
  flash = MIN (flash, 1);
  glow = cairo_pattern_create_radial (len / 2, 0, 0, len / 2, 0, 26 + 10 * flash);
  cairo_pattern_add_color_stop_rgba (glow, 0, c->r, c->g, c->b, 0.55 * flash);
  cairo_pattern_add_color_stop_rgba (glow, 1, c->r, c->g, c->b, 0);
  cairo_set_source (pen->cr, glow);
  cairo_arc (pen->cr, len / 2, 0, 26 + 10 * flash, 0, 2 * G_PI);
  cairo_fill (pen->cr);
  cairo_pattern_destroy (glow);
}

/* The floor an element goes down to under its body: a short hatched line
 * at (X, Y). */
static void
draw_floor (const LuztarPen *ink,
            double           x,
            double           y)
{
  cairo_t *cr = ink->cr;

  luztar_pen_rgb (ink, &ink->p.ink);
  luztar_pen_width (ink, 2.5);
  cairo_move_to (cr, x - 12, y);
  cairo_line_to (cr, x + 12, y);
  cairo_stroke (cr);
  luztar_pen_width (ink, 1.2);
  for (double hx = x - 12; hx < x + 12; hx += 6)
    {
      cairo_move_to (cr, hx + 6, y);
      cairo_line_to (cr, hx, y + 6);
    }
  cairo_stroke (cr);
}

/* Under a floor: the element's name, every other one a line lower (a
 * stop's above its limits: there is room below, not beside), and its
 * mode beside the symbol's middle, away from the next lane. */
static void
draw_floor_labels (const LuztarPen       *pen,
                   const LuztarPen       *ink,
                   const LzElement       *el,
                   const LuztarPlacement *pl,
                   LzMode                 mode)
{
  g_autofree char *text = luztar_symbols_element_label (el, TRUE);
  double label_y = pl->fy + 16 + 13 * (pl->lane % 2), w, h;

  if (el->item.kind == LZ_ITEM_STOP)
    {
      luztar_pen_text_size (pen, text, 10, &w, &h);
      luztar_pen_rgb (pen, &pen->p.stop);
      label_y += h / 4;
    }
  else
    luztar_pen_rgb (pen, &ink->p.muted);
  luztar_pen_text (pen, text, (LuztarPoint) { pl->fx, label_y }, 10, FALSE, 0);
  luztar_mode_badge_draw (pen->cr, mode, pen->style->dark,
                          (LuztarBadgePlace) { pl->fx + cos (pl->angle) * pl->len / 2,
                                               pl->fy + sin (pl->angle) * pl->len / 2,
                                               pl->lane % 2 == 0 ? -1 : 1, 0, 14 * pen->style->scale });
}

/* A mode badge's distance from the label's place (pixels): clear of one
 * line of the label, and of the second line of a stop's name above its
 * limits (otherwise the badge sat on the name). */
static double
badge_clearance (const LuztarPen *pen,
                 const LzElement *el,
                 double           len)
{
  double dx = 0, dy = luztar_symbols_label_overhang (pen, el, len);

  cairo_user_to_device_distance (pen->cr, &dx, &dy);
  return BADGE_LABEL_CLEARANCE + hypot (dx, dy);
}

/* An element in its place: in its lane between its ports, its name on the
 * side away from the other lanes (a stop writes its name with its limits)
 * and the mode's name beyond the label (luztar-mode-marks.c); or below its
 * body, from a floor up to the block (its port a side, a friction's plate,
 * at the floor), its names under the floor.  PEN has the colours of the
 * element's MODE; INK those of the style. */
static void
draw_placed_element (const LuztarPen       *pen,
                     const LuztarPen       *ink,
                     const LzElement       *el,
                     const LuztarPlacement *pl,
                     LzMode                 mode,
                     double                 flash)
{
  cairo_t *cr = pen->cr;
  double side = pl->label_y >= 0 ? 1 : -1;

  cairo_save (cr);
  if (pl->to_floor)
    draw_floor (ink, pl->fx, pl->fy);
  cairo_translate (cr, pl->ox, pl->oy);
  cairo_rotate (cr, pl->angle);
  draw_flash (pen, pl->len, flash);
  luztar_symbols_draw_element (pen, el, pl->len);
  if (!pl->to_floor)
    {
      LuztarPoint at;
      double max_width;
      g_autofree char *name = luztar_symbols_lane_label (pen, el, pl->len, pl->label_dx, pl->label_y, &at,
                                                         &max_width);

      /* a stop's name and limits in its colour, the others' names muted */
      luztar_pen_rgb (pen, el->item.kind == LZ_ITEM_STOP ? &pen->p.stop : &ink->p.muted);
      luztar_pen_label (pen, name, at, side, max_width);
      luztar_mode_badge_draw (cr, mode, pen->style->dark,
                              (LuztarBadgePlace) { pl->len / 2 + pl->label_dx, pl->label_y, 0, side,
                                                   badge_clearance (pen, el, pl->len) });
    }
  cairo_restore (cr);
  if (pl->to_floor)
    draw_floor_labels (pen, ink, el, pl, mode);
}

/* The sources: the outline of the bodies whose motion is prescribed
 * (BEHIND, drawn before the bodies), else the arrows above their bodies
 * (luztar_scene_source_place()). */
static void
draw_sources (const LuztarPen *pen,
              LuztarScene     *sc,
              gboolean         behind)
{
  for (guint s = 0; s < lz_model_get_n_sources (sc->model); s++)
    {
      const LzSource *src = lz_model_get_source (sc->model, s);
      int i = src->body != NULL ? lz_model_get_body_index (sc->model, src->body) : -1;
      const LzBody *body = i >= 0 ? lz_model_get_body (sc->model, (guint) i) : NULL;

      if (body != NULL && behind && src->item.kind == LZ_ITEM_PRESCRIBED)
        draw_outline (pen, body, sc->bp[i]);
      else if (body != NULL && !behind)
        {
          LuztarSourcePlace place;

          luztar_scene_source_place (pen, sc, s, &place);
          draw_source (pen, src, &place);
          luztar_source_place_clear (&place);
        }
    }
}

void
luztar_symbols_draw_model (cairo_t               *cr,
                           const LzModel         *model,
                           const LuztarDrawStyle *style)
{
  g_autoptr(LuztarScene) sc = luztar_scene_new (model);
  g_autofree gboolean *floor = g_new0 (gboolean, MAX (sc->ng, 1));
  g_autofree double *moved = g_new0 (double, 2 * MAX (sc->ne, 1));
  const LuztarAnimation *anim = style->animation;
  LuztarPen pen;

  luztar_pen_init (&pen, cr, style);
  /* a ground is a wall or floors as at rest, wherever the run takes it;
   * the elements' labels clear of the arrows as at rest, where a run
   * takes them (a label does not hop while the bodies move) */
  for (guint i = 0; i < sc->ng; i++)
    floor[i] = luztar_scene_ground_is_floor (sc, i);
  luztar_scene_clear_labels (&pen, sc, moved);
  if (anim != NULL)
    {
      animate_scene (sc, anim);
      for (guint e = 0; e < sc->ne; e++)
        {
          sc->pl[e].label_dx += moved[2 * e];
          sc->pl[e].label_y += moved[2 * e + 1];
        }
    }
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  /* elements first, so that the bodies cover their ends */
  for (guint e = 0; e < sc->ne; e++)
    {
      LuztarPen pe = pen;
      LzMode mode = anim != NULL && anim->modes != NULL ? anim->modes[e] : LZ_MODE_NONE;
      double flash = anim != NULL && anim->flash != NULL ? anim->flash[e] : 0;

      luztar_pen_for_mode (&pe, mode);
      if (sc->pl[e].ok)
        draw_placed_element (&pe, &pen, lz_model_get_element (model, e), &sc->pl[e], mode, flash);
    }

  /* a ground placed where its floors are is drawn by those floors */
  for (guint i = 0; i < sc->ng; i++)
    if (!floor[i])
      draw_ground (&pen, lz_model_get_ground (model, i), sc->gp[i], luztar_scene_ground_side (sc, i),
                   luztar_scene_ground_direction (sc, i));
  draw_sources (&pen, sc, TRUE);
  for (guint i = 0; i < sc->nb; i++)
    {
      const LzBody *body = lz_model_get_body (model, i);

      draw_body (&pen, body, sc->bp[i],
                                anim != NULL && body->kind == LZ_BODY_ROTATIONAL ? anim->body_q[i] : 0);
    }
  draw_sources (&pen, sc, FALSE);
}


/**
 * luztar_animation_copy:
 * @animation: a state of a run of @model
 * @model: the model
 *
 * A copy of @animation and its arrays (as long as @model's bodies,
 * grounds and elements; a missing array is copied as zeros), all in one
 * block.
 *
 * Returns: (transfer full): the copy, to free with g_free()
 */
LuztarAnimation *
luztar_animation_copy (const LuztarAnimation *animation,
                       const LzModel         *model)
{
  guint nb = lz_model_get_n_bodies (model), ng = lz_model_get_n_grounds (model);
  guint ne = lz_model_get_n_elements (model);
  gsize n_doubles = MAX (nb, 1) + MAX (ng, 1) + MAX (ne, 1);
  LuztarAnimation *copy = g_malloc0 (sizeof (LuztarAnimation) + n_doubles * sizeof (double)
                                     + MAX (ne, 1) * sizeof (LzMode));
  double *body_q = (double *) (copy + 1), *ground_q = body_q + MAX (nb, 1), *flash = ground_q + MAX (ng, 1);
  LzMode *modes = (LzMode *) (flash + MAX (ne, 1));

  memcpy (body_q, animation->body_q, nb * sizeof (double));
  if (animation->ground_q != NULL)
    memcpy (ground_q, animation->ground_q, ng * sizeof (double));
  if (animation->flash != NULL)
    memcpy (flash, animation->flash, ne * sizeof (double));
  if (animation->modes != NULL)
    memcpy (modes, animation->modes, ne * sizeof (LzMode));
  *copy = (LuztarAnimation) { body_q, ground_q, modes, flash, animation->scale };
  return copy;
}

/**
 * luztar_symbols_kind_name:
 * @item: an item
 *
 * Returns: the name of the item's kind as the palette shows it ("Mass",
 *   "Inertia", "Spring", …), translated
 */
const char *
luztar_symbols_kind_name (const LzItem *item)
{
  if (item->kind == LZ_ITEM_BODY)
    return ((const LzBody *) item)->kind == LZ_BODY_ROTATIONAL ? _("Inertia") : _("Mass");
  return luztar_symbols_palette_name (item->kind == LZ_ITEM_GROUND ? "ground"
                                      : item->kind == LZ_ITEM_PRESCRIBED ? "motion"
                                      : lz_item_kind_to_string (item->kind));
}

/**
 * luztar_symbols_palette_name:
 * @kind: a palette kind ("ground", "mass", "inertia", "spring", …)
 *
 * Returns: its visible name, translated
 */
const char *
luztar_symbols_palette_name (const char *kind)
{
  static const struct { const char *kind; const char *name; } names[] = {
    { "mass", N_("Mass") }, { "inertia", N_("Inertia") }, { "ground", N_("Ground") },
    { "spring", N_("Spring") }, { "damper", N_("Damper") }, { "friction", N_("Friction") },
    { "stop", N_("Stop") }, { "gear", N_("Gear") }, { "contact", N_("Contact") },
    { "backlash", N_("Backlash") }, { "force", N_("Force") },
    { "motion", N_("Motion") }, { "actuator", N_("Actuator") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_strcmp0 (kind, names[i].kind) == 0)
      return _(names[i].name);
  return kind;
}

/* The palette's picture of an element kind: its symbol alone, with
 * example parameters where the symbol shows them. */
static void
draw_element_icon (const LuztarPen *pen,
                   LzItemKind       kind)
{
  LzElement el = { { kind, (char *) "", NULL, 0 }, NULL, NULL, 1, 1, { { 1, 0, 0 } } };
  cairo_t *cr = pen->cr;

  if (kind == LZ_ITEM_STOP)
    {
      el.stop.lower = -1;
      el.stop.upper = 1;
    }
  else if (kind == LZ_ITEM_GEAR)
    {
      el.gear.ra = 1;
      el.gear.rb = 1.4;
      el.gear.stiffness = 1;
    }
  else if (kind == LZ_ITEM_BACKLASH)
    {
      el.contact.ra = 1;
      el.contact.rb = 1.4;
    }
  cairo_translate (cr, 4, 32);
  /* a stop: the bracket without its limits' text */
  cairo_scale (cr, 1, kind == LZ_ITEM_GEAR || kind == LZ_ITEM_BACKLASH ? 1 : 1.3);
  luztar_symbols_draw_element (pen, &el, 56);
}

/**
 * luztar_symbols_draw_icon:
 * @cr: a cairo context
 * @kind: a palette kind
 * @size: the icon's size in pixels (square, from (0, 0))
 * @dark: for a dark background
 *
 * The palette's picture of a kind: its symbol alone.
 */
void
luztar_symbols_draw_icon (cairo_t    *cr,
                          const char *kind,
                          double      size,
                          gboolean    dark)
{
  LuztarDrawStyle style = { dark, size / 64.0 };
  LzItemKind element = LZ_ITEM_N_KINDS;
  LuztarPen pen;

  luztar_pen_init (&pen, cr, &style);
  cairo_save (cr);
  cairo_scale (cr, size / 64.0, size / 64.0);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  if (g_str_equal (kind, "mass") || g_str_equal (kind, "inertia"))
    {
      LzBody body = { { LZ_ITEM_BODY, (char *) "", NULL, 0 },
                      g_str_equal (kind, "mass") ? LZ_BODY_TRANSLATIONAL : LZ_BODY_ROTATIONAL,
                      1, 0, 0, 0, 0 };

      cairo_translate (cr, 32, 32);
      cairo_scale (cr, 0.85, 0.85);
      draw_body (&pen, &body, (LuztarPoint) { 0, 0 }, 0);
    }
  else if (g_str_equal (kind, "ground"))
    {
      LzGround ground = { { LZ_ITEM_GROUND, (char *) "", NULL, 0 }, NULL, 0, 0 };

      cairo_translate (cr, 38, 32);
      cairo_scale (cr, 0.75, 0.75);
      draw_ground (&pen, &ground, (LuztarPoint) { 0, 0 }, -1, 0);
    }
  else if (g_str_equal (kind, "force") || g_str_equal (kind, "motion") || g_str_equal (kind, "actuator"))
    {
      LzSource src = { { g_str_equal (kind, "force") ? LZ_ITEM_FORCE
                         : g_str_equal (kind, "motion") ? LZ_ITEM_PRESCRIBED : LZ_ITEM_ACTUATOR,
                         (char *) "", NULL, 0 }, NULL, NULL };

      LuztarSourcePlace place;

      /* the arrow sits LUZTAR_BLOCK_H / 2 + 14 above its body's centre */
      cairo_translate (cr, 32, 32);
      cairo_scale (cr, 1.2, 1.2);
      luztar_source_place (&pen, &src, (LuztarPoint) { 0, LUZTAR_BLOCK_H / 2 + 14 }, 0, 0, LUZTAR_NAME_BEFORE,
                           &place);
      draw_source (&pen, &src, &place);
      luztar_source_place_clear (&place);
    }
  else if (lz_item_kind_from_string (kind, &element) && lz_item_kind_is_element (element))
    draw_element_icon (&pen, element);
  cairo_restore (cr);
}
