/* luztar-symbols.c — whole models drawn with cairo, and the palette's icons
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The standard symbols of a lumped mechanical model put together: each
 * item where luztar-symbols-place.c places it, drawn with the symbols of
 * luztar-symbols-elements.c (springs, dampers, friction, stops, gears, …)
 * and luztar-symbols-bodies.c (grounds, bodies, sources).  Elements are
 * drawn first, so that the bodies cover their ends; an element in a run
 * takes the colour of its mode and shows the mode's name beside its label.
 * Everything is in model coordinates (the x, y of the file); line widths
 * and text are divided by the scale so they keep their size on screen.
 */

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "luztar-symbols.h"
#include "luztar-symbols-bodies.h"
#include "luztar-symbols-elements.h"
#include "luztar-symbols-place.h"
#include "luztar-mode-marks.h"

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
      displace (&sc->bp[i], lz_model_get_body (sc->model, i)->direction, anim->scale * anim->body_q[i]);
  for (guint i = 0; anim->ground_q != NULL && i < sc->ng; i++)
    if (isfinite (anim->ground_q[i]))
      displace (&sc->gp[i], lz_model_get_ground (sc->model, i)->direction, anim->scale * anim->ground_q[i]);
  luztar_scene_place_elements (sc);
}

/* An element drawn below its body, from a short hatched floor up to the
 * block (its port a side, a friction's plate, at the floor), its name
 * under the floor.  PEN has the colours of the element's MODE; INK those
 * of the style. */
static void
draw_floor_element (const LuztarPen        *pen,
                    const LuztarPen        *ink,
                    const LzElement        *el,
                    const LuztarPlacement  *pl,
                    LzMode                  mode,
                    double                  flash)
{
  cairo_t *cr = pen->cr;
  double x = pl->fx, floor_y = pl->fy, label_y;

  cairo_save (cr);
  luztar_pen_rgb (pen, &ink->p.ink);
  luztar_pen_width (pen, 2.5);
  cairo_move_to (cr, x - 12, floor_y);
  cairo_line_to (cr, x + 12, floor_y);
  cairo_stroke (cr);
  luztar_pen_width (pen, 1.2);
  for (double hx = x - 12; hx < x + 12; hx += 6)
    {
      cairo_move_to (cr, hx + 6, floor_y);
      cairo_line_to (cr, hx, floor_y + 6);
    }
  cairo_stroke (cr);
  cairo_translate (cr, x, floor_y);
  cairo_rotate (cr, pl->angle);
  luztar_symbols_draw_flash (pen, pl->len, flash);
  luztar_symbols_draw_element (pen, el, pl->len, 0);
  cairo_restore (cr);
  /* the names under the floors, every other one a line lower */
  label_y = floor_y + 16 + 13 * (pl->lane % 2);
  if (el->item.kind == LZ_ITEM_STOP)
    {
      /* under a floor there is room below, not beside: the name above
       * the limits */
      g_autofree char *text = luztar_symbols_stop_label (el, TRUE);
      double w, h;

      luztar_pen_text_size (pen, text, 10, &w, &h);
      luztar_pen_rgb (pen, &pen->p.stop);
      luztar_pen_text (pen, text, x, label_y + h / 4, 10, FALSE);
    }
  else
    {
      g_autofree char *name = luztar_symbols_element_label (el);

      luztar_pen_rgb (pen, &ink->p.muted);
      luztar_pen_text (pen, name, x, label_y, 10, FALSE);
    }
  /* the mode beside the symbol's middle, away from the next lane */
  luztar_mode_badge_draw (cr, mode, pen->style->dark,
                          x + cos (pl->angle) * pl->len / 2, floor_y + sin (pl->angle) * pl->len / 2,
                          pl->lane % 2 == 0 ? -1 : 1, 0, 14 * pen->style->scale);
}

/* An element drawn in its lane between its ports, its name on the side
 * away from the other lanes (a stop writes its name with its limits), the
 * mode's name beyond the label (luztar-mode-marks.c). */
static void
draw_lane_element (const LuztarPen       *pen,
                   const LuztarPen       *ink,
                   const LzElement       *el,
                   const LuztarPlacement *pl,
                   LzMode                 mode,
                   double                 flash)
{
  cairo_t *cr = pen->cr;
  double side = pl->label_y >= 0 ? 1 : -1;

  cairo_save (cr);
  cairo_translate (cr, pl->ox, pl->oy);
  cairo_rotate (cr, pl->angle);
  luztar_symbols_draw_flash (pen, pl->len, flash);
  luztar_symbols_draw_element (pen, el, pl->len, pl->label_y / 19);
  luztar_pen_rgb (pen, &ink->p.muted);
  if (el->item.kind != LZ_ITEM_STOP)
    {
      g_autofree char *name = luztar_symbols_element_label (el);

      luztar_pen_label (pen, name, (LuztarPoint) { pl->len / 2, pl->label_y }, side, MAX (pl->len - 4, 36));
    }
  luztar_mode_badge_draw (cr, mode, pen->style->dark, pl->len / 2, pl->label_y, 0, side, 8);
  cairo_restore (cr);
}

/* The sources: the outline of the bodies whose motion is prescribed
 * (BEHIND, drawn before the bodies), else the arrows above their bodies. */
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
        luztar_symbols_draw_outline (pen, body, sc->bp[i]);
      else if (body != NULL && !behind)
        luztar_symbols_draw_source (pen, src, sc->bp[i], sc->slots[i]++, body->direction);
    }
}

void
luztar_symbols_draw_model (cairo_t               *cr,
                           const LzModel         *model,
                           const LuztarDrawStyle *style)
{
  g_autoptr(LuztarScene) sc = luztar_scene_new (model);
  g_autofree gboolean *floor = g_new0 (gboolean, MAX (sc->ng, 1));
  const LuztarAnimation *anim = style->animation;
  LuztarPen pen;

  luztar_pen_init (&pen, cr, style);
  /* a ground is a wall or floors as at rest, wherever the run takes it */
  for (guint i = 0; i < sc->ng; i++)
    floor[i] = luztar_scene_ground_is_floor (sc, i);
  if (anim != NULL)
    animate_scene (sc, anim);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  /* elements first, so that the bodies cover their ends */
  for (guint e = 0; e < sc->ne; e++)
    {
      LuztarPen pe = pen;
      LzMode mode = anim != NULL && anim->modes != NULL ? anim->modes[e] : LZ_MODE_NONE;
      double flash = anim != NULL && anim->flash != NULL ? anim->flash[e] : 0;

      luztar_pen_for_mode (&pe, mode);
      if (sc->pl[e].ok && sc->pl[e].to_floor)
        draw_floor_element (&pe, &pen, lz_model_get_element (model, e), &sc->pl[e], mode, flash);
      else if (sc->pl[e].ok)
        draw_lane_element (&pe, &pen, lz_model_get_element (model, e), &sc->pl[e], mode, flash);
    }

  /* a ground placed where its floors are is drawn by those floors */
  for (guint i = 0; i < sc->ng; i++)
    if (!floor[i])
      luztar_symbols_draw_ground (&pen, lz_model_get_ground (model, i), sc->gp[i],
                                  luztar_scene_ground_side (sc, i));
  draw_sources (&pen, sc, TRUE);
  for (guint i = 0; i < sc->nb; i++)
    {
      const LzBody *body = lz_model_get_body (model, i);

      luztar_symbols_draw_body (&pen, body, sc->bp[i],
                                anim != NULL && body->kind == LZ_BODY_ROTATIONAL ? anim->body_q[i] : 0);
    }
  draw_sources (&pen, sc, FALSE);
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
  luztar_symbols_draw_element (pen, &el, 56, kind == LZ_ITEM_STOP ? 0 : 1);
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
      luztar_symbols_draw_body (&pen, &body, (LuztarPoint) { 0, 0 }, 0);
    }
  else if (g_str_equal (kind, "ground"))
    {
      LzGround ground = { { LZ_ITEM_GROUND, (char *) "", NULL, 0 }, NULL, 0, 0 };

      cairo_translate (cr, 38, 32);
      cairo_scale (cr, 0.75, 0.75);
      luztar_symbols_draw_ground (&pen, &ground, (LuztarPoint) { 0, 0 }, -1);
    }
  else if (g_str_equal (kind, "force") || g_str_equal (kind, "motion") || g_str_equal (kind, "actuator"))
    {
      LzSource src = { { g_str_equal (kind, "force") ? LZ_ITEM_FORCE
                         : g_str_equal (kind, "motion") ? LZ_ITEM_PRESCRIBED : LZ_ITEM_ACTUATOR,
                         (char *) "", NULL, 0 }, NULL, NULL };

      /* the arrow sits LUZTAR_BLOCK_H / 2 + 14 above its body's centre */
      cairo_translate (cr, 32, 32);
      cairo_scale (cr, 1.2, 1.2);
      luztar_symbols_draw_source (&pen, &src, (LuztarPoint) { 0, LUZTAR_BLOCK_H / 2 + 14 }, 0, 0);
    }
  else if (lz_item_kind_from_string (kind, &element) && lz_item_kind_is_element (element))
    draw_element_icon (&pen, element);
  cairo_restore (cr);
}
