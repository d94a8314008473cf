/* luztar-symbols-elements.c — the symbols of the two-port elements, each in its own frame
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A zig-zag spring (with a slotted link when it has freeplay), a dashpot,
 * a friction block on a hatched plate, a stop bracket with its name and
 * limits, a pair of meshing gear wheels (a backlash is the gear pair of its
 * radii with its damped flanks marked; a contact is in
 * luztar-symbols-contact.c).  Each is drawn in a frame where the element
 * runs from (0, 0) to (len, 0); luztar-symbols.c puts the frame between the
 * ports.  Also the element's label and how far its symbol reaches across
 * its axis, which the placement needs to put the label clear of it.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "luztar-symbols-elements.h"
#include "luztar-symbols-contact.h"

/* An element's symbol being drawn: its element, its length along +x (its
 * label is the caller's: luztar_symbols_lane_label()). */
typedef struct
{
  const LuztarPen *pen;
  const LzElement *el;
  double           len;
} Symbol;

/* A friction's name as its label shows it: with what its law has beyond
 * Coulomb's — a level in t, a Stribeck curve, a static level above the
 * sliding one ("f (static 1.5)"). */
static char *
friction_label (const LzElement *el)
{
  const char *name = luztar_symbols_item_name (&el->item);
  gboolean in_t = el->friction.level_pos_t != NULL || el->friction.level_neg_t != NULL
                  || el->friction.static_pos_t != NULL || el->friction.static_neg_t != NULL;
  double fs = MAX (el->friction.static_pos, el->friction.static_neg);

  if (in_t)
    /* TRANSLATORS: the label of a friction element whose level changes in time */
    return g_strdup_printf (_("%s (level in t)"), name);
  if (fs > MAX (el->friction.level_pos, el->friction.level_neg) && el->friction.stribeck_velocity > 0)
    /* TRANSLATORS: the label of a friction element with a Stribeck curve */
    return g_strdup_printf (_("%s (Stribeck)"), name);
  if (fs > 0 && (el->friction.static_pos != el->friction.level_pos
                 || el->friction.static_neg != el->friction.level_neg))
    {
      g_autofree char *level = lz_number_to_string (fs);

      /* TRANSLATORS: the label of a friction element with a static level above the sliding one */
      return g_strdup_printf (_("%s (static %s)"), name, level);
    }
  return g_strdup (name);
}

/* ------------------------------------------------------------------------ */
/* Symbols, in a frame where the element runs from (0, 0) to (len, 0)        */

static void
zigzag (cairo_t *cr,
        double   from,
        double   to,
        double   amplitude,
        int      peaks)
{
  double step = (to - from) / (2 * peaks);

  cairo_move_to (cr, from, 0);
  for (int i = 0; i < 2 * peaks; i++)
    cairo_line_to (cr, from + step * (i + 0.5), (i % 2 == 0 ? -1 : 1) * amplitude);
  cairo_line_to (cr, to, 0);
}

static void
draw_spring (const Symbol *s)
{
  cairo_t *cr = s->pen->cr;
  double z0 = s->len * 0.18, z1 = s->el->spring.freeplay > 0 ? s->len * 0.62 : s->len * 0.82;

  luztar_pen_rgb (s->pen, &s->pen->p.spring);
  luztar_pen_width (s->pen, 2.5);
  cairo_move_to (cr, 0, 0);
  cairo_line_to (cr, z0, 0);
  cairo_stroke (cr);
  zigzag (cr, z0, z1, 8, 5);
  cairo_stroke (cr);
  if (!(s->el->spring.freeplay > 0))
    {
      cairo_move_to (cr, z1, 0);
      cairo_line_to (cr, s->len, 0);
      cairo_stroke (cr);
      return;
    }
  /* the freeplay: a slotted link, the pin free to move in the slot */
  {
    double s0 = s->len * 0.68, s1 = s->len * 0.86;

    /* the spring ends at the slot's edge */
    cairo_move_to (cr, z1, 0);
    cairo_line_to (cr, s0, 0);
    cairo_stroke (cr);
    luztar_pen_rgb (s->pen, &s->pen->p.ink);
    luztar_pen_width (s->pen, 1.8);
    cairo_rectangle (cr, s0, -6, s1 - s0, 12);
    cairo_stroke (cr);
    cairo_arc (cr, (s0 + s1) / 2, 0, 3.2, 0, 2 * G_PI);
    cairo_fill (cr);
    cairo_move_to (cr, (s0 + s1) / 2, 0);
    cairo_line_to (cr, s->len, 0);
    cairo_stroke (cr);
  }
}

static void
draw_damper (const Symbol *s)
{
  cairo_t *cr = s->pen->cr;
  double c0 = s->len * 0.32, c1 = s->len * 0.62, piston = s->len * 0.5;

  luztar_pen_rgb (s->pen, &s->pen->p.damper);
  luztar_pen_width (s->pen, 2.2);
  cairo_move_to (cr, 0, 0);
  cairo_line_to (cr, c0, 0);
  cairo_move_to (cr, c1, -9);
  cairo_line_to (cr, c0, -9);
  cairo_line_to (cr, c0, 9);
  cairo_line_to (cr, c1, 9);
  cairo_move_to (cr, piston, -7);
  cairo_line_to (cr, piston, 7);
  cairo_move_to (cr, piston, 0);
  cairo_line_to (cr, s->len, 0);
  cairo_stroke (cr);
}

/* Friction: a block (port b) pressed on a hatched plate (port a) and
 * rubbing along it.  The block sits on the axis, the plate under it in the
 * frame (+y); the rod of port a reaches the plate's end through a post. */
#define FRICTION_BLOCK_HALF 8.0   /* the block's half height, across the axis */
#define FRICTION_PLATE      6.0   /* the plate's thickness, below the block */

static void
friction_geometry (double  len,
                   double *p0,
                   double *p1,
                   double *q0,
                   double *q1)
{
  double block = CLAMP (len * 0.3, 16, 30), plate = block + CLAMP (len * 0.22, 12, 36);

  *q0 = (len - block) / 2 - 2;
  *q1 = *q0 + block;
  *p0 = (len - plate) / 2;
  *p1 = *p0 + plate;
}

static void
draw_friction (const Symbol *s)
{
  cairo_t *cr = s->pen->cr;
  double p0, p1, q0, q1, face = FRICTION_BLOCK_HALF, bottom = face + FRICTION_PLATE;

  friction_geometry (s->len, &p0, &p1, &q0, &q1);
  luztar_pen_rgb (s->pen, &s->pen->p.friction);
  luztar_pen_width (s->pen, 2.2);
  /* port a: the rod, the post down to the plate */
  cairo_move_to (cr, 0, 0);
  cairo_line_to (cr, p0, 0);
  cairo_line_to (cr, p0, bottom);
  /* port b: the rod to the block */
  cairo_move_to (cr, s->len, 0);
  cairo_line_to (cr, q1, 0);
  cairo_stroke (cr);
  /* the block, lightly filled */
  cairo_rectangle (cr, q0, -face, q1 - q0, 2 * face);
  luztar_pen_rgba (s->pen, &s->pen->p.friction, 0.22);
  cairo_fill_preserve (cr);
  luztar_pen_rgb (s->pen, &s->pen->p.friction);
  cairo_stroke (cr);
  /* the plate: its rubbing face under the block, hatched below */
  luztar_pen_width (s->pen, 2.6);
  cairo_move_to (cr, p0, face);
  cairo_line_to (cr, p1, face);
  cairo_stroke (cr);
  cairo_save (cr);
  cairo_rectangle (cr, p0, face, p1 - p0, FRICTION_PLATE);
  cairo_clip (cr);
  luztar_pen_width (s->pen, 1.2);
  for (double x = p0; x < p1 + FRICTION_PLATE; x += 4.5)
    {
      cairo_move_to (cr, x, face);
      cairo_line_to (cr, x - FRICTION_PLATE, bottom);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* A limit as the stop's label shows it: a real minus sign, ∞ for no limit. */
static char *
limit_to_string (double v)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) parts = NULL;

  if (isinf (v))
    return g_strdup (v < 0 ? "−∞" : "∞");
  text = lz_number_to_string (v);
  parts = g_strsplit (text, "-", -1);
  return g_strjoinv ("−", parts);
}

/* The stop's label: its name and its limits, "s1 [−0.1, 0.25]"; on two
 * lines when TWO_LINES. */
static char *
stop_label (const LzElement *el,
            gboolean         two_lines)
{
  g_autofree char *lo = limit_to_string (el->stop.lower);
  g_autofree char *hi = limit_to_string (el->stop.upper);
  const char *name = luztar_symbols_item_name (&el->item);

  if (name == NULL || *name == '\0')
    return g_strdup_printf ("[%s, %s]", lo, hi);
  return g_strdup_printf ("%s%s[%s, %s]", name, two_lines ? "\n" : " ", lo, hi);
}

/* The stop's label as drawn on an element of length LEN: on two lines
 * (the name above the limits) when one line is longer than the element;
 * H the height of one line. */
static char *
stop_label_fitted (const LuztarPen *pen,
                   const LzElement *el,
                   double           len,
                   double          *h)
{
  char *text = stop_label (el, FALSE);
  const char *name = luztar_symbols_item_name (&el->item);
  double w;

  luztar_pen_text_size (pen, text, 10, &w, h);
  if (w > len - 8 && name != NULL && *name != '\0')
    {
      g_free (text);
      text = stop_label (el, TRUE);
    }
  return text;
}

/**
 * luztar_symbols_label_overhang:
 * @len: the element's length
 *
 * How much further than one line of text the element's own label reaches
 * from its place across the axis (frame units): a line for a stop whose
 * name goes above its limits, else nothing.  A mode's badge beyond the
 * label keeps clear of it by this much more.
 */
double
luztar_symbols_label_overhang (const LuztarPen *pen,
                               const LzElement *el,
                               double           len)
{
  g_autofree char *text = NULL;
  double h;

  if (el->item.kind != LZ_ITEM_STOP)
    return 0;
  text = stop_label_fitted (pen, el, len, &h);
  return strchr (text, '\n') != NULL ? h : 0;
}

/**
 * luztar_symbols_lane_label:
 * @len: the element's length
 * @label_dx: where its label goes along the axis from the middle, and
 * @label_y: across it (LuztarPlacement)
 * @at: (out): the point of the element's frame the label is written at
 *   (luztar_pen_label(), on the side of @label_y)
 * @max_width: (out): its width at most (0: any)
 *
 * An element's label in its lane as drawn: its name, cut short to the
 * element's length; a stop's with its limits, on two lines (the name
 * above the limits, growing away from the symbol) when longer than the
 * element.
 *
 * Returns: (transfer full): the text
 */
char *
luztar_symbols_lane_label (const LuztarPen *pen,
                           const LzElement *el,
                           double           len,
                           double           label_dx,
                           double           label_y,
                           LuztarPoint     *at,
                           double          *max_width)
{
  char *text;
  double h;

  *at = (LuztarPoint) { len / 2 + label_dx, label_y };
  *max_width = MAX (len - 4, 36);
  if (el->item.kind != LZ_ITEM_STOP)
    return luztar_symbols_element_label (el, FALSE);
  *max_width = 0;
  text = stop_label_fitted (pen, el, len, &h);
  if (strchr (text, '\n') != NULL)
    at->y += (label_y >= 0 ? 1 : -1) * h / 2;
  return text;
}

static void
draw_stop (const Symbol *s)
{
  cairo_t *cr = s->pen->cr;
  double m0 = s->len * 0.44, m1 = s->len * 0.56;

  luztar_pen_rgb (s->pen, &s->pen->p.stop);
  luztar_pen_width (s->pen, 2.4);
  cairo_move_to (cr, 0, 0);
  cairo_line_to (cr, m0, 0);
  cairo_move_to (cr, m0 - 6, -10);
  cairo_line_to (cr, m0, -10);
  cairo_line_to (cr, m0, 10);
  cairo_line_to (cr, m0 - 6, 10);
  cairo_move_to (cr, m1 + 6, -10);
  cairo_line_to (cr, m1, -10);
  cairo_line_to (cr, m1, 10);
  cairo_line_to (cr, m1 + 6, 10);
  cairo_move_to (cr, m1, 0);
  cairo_line_to (cr, s->len, 0);
  cairo_stroke (cr);
}

/* A gear pair: two toothed wheels, their pitch circles touching at the
 * mesh, the teeth of one in the gaps of the other.  Wheel a (on port a's
 * shaft) on the left, wheel b on the right, the pair centred on the element;
 * the radii in the ratio ra : rb (the smaller one at least GEAR_MIN_R). */
#define GEAR_MAX_R 16.0   /* the larger pitch radius */
#define GEAR_MIN_R 7.0
#define GEAR_TOOTH 2.0    /* a tooth's height on each side of the pitch circle */

typedef struct
{
  double r1, r2;          /* pitch radii */
  double c1, c2;          /* the centres, on the axis */
  double h;               /* tooth half height */
  double step;            /* the tooth pitch along the pitch circles */
} GearGeometry;

static GearGeometry
gear_geometry (const LzElement *el,
               double           len)
{
  double ra = fabs (el->gear.ra), rb = fabs (el->gear.rb), big = MAX (ra, rb);
  double fit = 1;
  GearGeometry g;

  if (!(big > 0) || !isfinite (big))
    ra = rb = big = 1;
  g.r1 = MAX (GEAR_MIN_R, GEAR_MAX_R * ra / big);
  g.r2 = MAX (GEAR_MIN_R, GEAR_MAX_R * rb / big);
  g.h = GEAR_TOOTH;
  /* a short element: smaller wheels, some rod left on each side */
  if (2 * (g.r1 + g.r2 + g.h) > len - 12)
    fit = MAX (len - 12, 8) / (2 * (g.r1 + g.r2 + g.h));
  g.r1 *= fit;
  g.r2 *= fit;
  g.h *= fit;
  g.step = 5.5 * fit;
  g.c1 = len / 2 - g.r2;
  g.c2 = len / 2 + g.r1;
  return g;
}

/* A backlash drawn as the gear pair of its radii. */
static LzElement
backlash_as_gear (const LzElement *el)
{
  LzElement gear = *el;
  double ra = el->contact.ra, rb = el->contact.rb;

  gear.item.kind = LZ_ITEM_GEAR;
  gear.gear.ra = ra;
  gear.gear.rb = rb;
  return gear;
}

/* The larger wheel's outer radius: how far the symbol reaches across the axis. */
static double
gear_extent (const LzElement *el,
             double           len)
{
  GearGeometry g = gear_geometry (el, len);

  return MAX (g.r1, g.r2) + g.h;
}

/* A wheel's outline: N teeth on a pitch circle of radius R, a tooth
 * centred at angle PHASE. */
static void
gear_wheel_path (cairo_t *cr,
                 double   cx,
                 double   r,
                 double   h,
                 int      n,
                 double   phase)
{
  double pitch = 2 * G_PI / n;

  cairo_new_sub_path (cr);
  for (int t = 0; t < n; t++)
    {
      double a = phase + pitch * t;
      /* half widths, as fractions of the pitch: root, tip */
      double root = 0.30 * pitch, tip = 0.17 * pitch;

      cairo_line_to (cr, cx + (r - h) * cos (a - pitch / 2), (r - h) * sin (a - pitch / 2));
      cairo_line_to (cr, cx + (r - h) * cos (a - root), (r - h) * sin (a - root));
      cairo_line_to (cr, cx + (r + h) * cos (a - tip), (r + h) * sin (a - tip));
      cairo_line_to (cr, cx + (r + h) * cos (a + tip), (r + h) * sin (a + tip));
      cairo_line_to (cr, cx + (r - h) * cos (a + root), (r - h) * sin (a + root));
    }
  cairo_close_path (cr);
}

static void
draw_gear (const Symbol *s)
{
  cairo_t *cr = s->pen->cr;
  GearGeometry g = gear_geometry (s->el, s->len);
  /* the same tooth pitch on both wheels */
  int n1 = MAX (6, (int) lround (2 * G_PI * g.r1 / g.step));
  int n2 = MAX (6, (int) lround (n1 * g.r2 / g.r1));

  luztar_pen_rgb (s->pen, &s->pen->p.gear);
  luztar_pen_width (s->pen, 2.2);
  /* the shafts, to the wheels' centres */
  cairo_move_to (cr, 0, 0);
  cairo_line_to (cr, g.c1 - g.r1 + g.h, 0);
  cairo_move_to (cr, g.c2 + g.r2 - g.h, 0);
  cairo_line_to (cr, s->len, 0);
  cairo_stroke (cr);
  luztar_pen_width (s->pen, 1.6);
  /* wheel a: a tooth at the mesh (angle 0); wheel b: a gap there (angle π) */
  gear_wheel_path (cr, g.c1, g.r1, g.h, n1, 0);
  gear_wheel_path (cr, g.c2, g.r2, g.h, n2, G_PI + G_PI / n2);
  luztar_pen_rgba (s->pen, &s->pen->p.gear, 0.15);
  cairo_fill_preserve (cr);
  luztar_pen_rgb (s->pen, &s->pen->p.gear);
  cairo_stroke (cr);
  /* the hubs, on the shafts */
  cairo_move_to (cr, g.c1 - g.r1 + g.h, 0);
  cairo_line_to (cr, g.c1, 0);
  cairo_move_to (cr, g.c2 + g.r2 - g.h, 0);
  cairo_line_to (cr, g.c2, 0);
  cairo_stroke (cr);
  cairo_arc (cr, g.c1, 0, MIN (2.2, g.r1 / 2), 0, 2 * G_PI);
  cairo_new_sub_path (cr);
  cairo_arc (cr, g.c2, 0, MIN (2.2, g.r2 / 2), 0, 2 * G_PI);
  cairo_fill (cr);
}

/**
 * luztar_symbols_element_label:
 * @el: a two-port element
 * @two_lines: a stop's name above its limits rather than before them
 *
 * Returns: (transfer full): the element's label as drawn: its name (or
 *   id); a friction's with what its law has beyond Coulomb's; a stop's
 *   with its limits, "s1 [−0.1, 0.25]"
 */
char *
luztar_symbols_element_label (const LzElement *el,
                              gboolean         two_lines)
{
  if (el->item.kind == LZ_ITEM_FRICTION)
    return friction_label (el);
  if (el->item.kind == LZ_ITEM_STOP)
    return stop_label (el, two_lines);
  return g_strdup (luztar_symbols_item_name (&el->item));
}

/* How far an element's symbol reaches across its axis, on SIDE (−1: the
 * frame's −y, +1: +y). */
double
luztar_symbols_element_extent (const LzElement *el,
                               double           len,
                               double           side)
{
  LzElement gear;

  if (el->item.kind == LZ_ITEM_FRICTION)
    return side > 0 ? FRICTION_BLOCK_HALF + FRICTION_PLATE : FRICTION_BLOCK_HALF;
  if (el->item.kind == LZ_ITEM_GEAR)
    return gear_extent (el, len);
  if (el->item.kind == LZ_ITEM_BACKLASH)
    {
      gear = backlash_as_gear (el);
      return gear_extent (&gear, len);
    }
  if (el->item.kind == LZ_ITEM_CONTACT)
    return 11;
  if (el->item.kind == LZ_ITEM_STOP)
    return 10;
  if (el->item.kind == LZ_ITEM_DAMPER)
    return 9;
  return 8;
}

static void
draw_contact (const Symbol *s)
{
  luztar_symbols_draw_contact (s->pen, s->len);
}

/* A backlash: the gear pair of its radii, its flanks marked as damped
 * contacts on port a's shaft. */
static void
draw_backlash (const Symbol *s)
{
  LzElement gear = backlash_as_gear (s->el);
  GearGeometry g = gear_geometry (&gear, s->len);
  Symbol as_gear = *s;

  as_gear.el = &gear;
  draw_gear (&as_gear);
  luztar_symbols_draw_backlash_mark (s->pen, (g.c1 - g.r1 - g.h) / 2);
}

/**
 * luztar_symbols_draw_element:
 * @pen: the pen, its context in the element's frame
 * @el: a two-port element
 * @len: the element's length along +x from (0, 0)
 *
 * Draws an element's symbol; a kind without one draws nothing.
 */
void
luztar_symbols_draw_element (const LuztarPen *pen,
                             const LzElement *el,
                             double           len)
{
  static const struct
  {
    LzItemKind kind;
    void (*draw) (const Symbol *s);
  } symbols[] = {
    { LZ_ITEM_SPRING, draw_spring }, { LZ_ITEM_DAMPER, draw_damper },
    { LZ_ITEM_FRICTION, draw_friction }, { LZ_ITEM_STOP, draw_stop },
    { LZ_ITEM_GEAR, draw_gear }, { LZ_ITEM_CONTACT, draw_contact },
    { LZ_ITEM_BACKLASH, draw_backlash },
  };
  Symbol s = { pen, el, len };

  for (guint i = 0; i < G_N_ELEMENTS (symbols); i++)
    if (symbols[i].kind == el->item.kind)
      symbols[i].draw (&s);
}
