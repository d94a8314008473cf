/* luztar-symbols.c — mechanical symbols and whole models drawn with cairo
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The standard symbols of a lumped mechanical model: a hatched wall for a
 * ground, a labelled block for a mass and a disc for an inertia, a zig-zag
 * spring (with a slotted link when it has freeplay), a dashpot, a friction
 * block on a hatched plate, a stop bracket with its name and limits, a pair
 * of meshing gear wheels, arrows for forces, prescribed motions and
 * actuators.  A two-port element is drawn along the segment between its
 * ports; several elements between the same two ports are spread over
 * parallel lanes within the block face.  Everything is in model coordinates
 * (the x, y of the file); line widths and text are divided by the scale
 * so they keep their size on screen.
 */

#include "config.h"

#include <math.h>
#include <pango/pangocairo.h>
#include <glib/gi18n.h>

#include "luztar-symbols.h"
#include "luztar-canvas-fit.h"
#include "luztar-mode-marks.h"
#include "luztar-symbols-contact.h"
#include "luztar-cairo.h"
#include "sim/luztar-modes.h"

#define BLOCK_W 64.0
#define BLOCK_H 46.0
#define DISC_R  25.0
/* A direction further than 30° from the horizontal is drawn "up and down":
 * its arrows beside the body rather than above it. */
#define SIN_HORIZONTAL 0.5
#define LANE    26.0            /* the spacing of parallel lanes, at most */
#define LANE_SPAN (0.8 * BLOCK_H)  /* all the lanes of a pair within the middle 80 % of a block face */

typedef struct
{
  double r, g, b;
} Rgb;

typedef struct
{
  Rgb ink, muted, body, body_edge, body_text, spring, damper, friction, stop, gear, force;
  Rgb program, actuator;   /* prescribed motions (program constraints) and actuators */
} Palette;

static void
palette_init (Palette *p,
              gboolean dark)
{
  if (dark)
    *p = (Palette) {
      { 0.92, 0.92, 0.92 }, { 0.60, 0.60, 0.62 }, { 0.21, 0.52, 0.89 }, { 0.38, 0.63, 0.92 },
      { 1, 1, 1 }, { 0.96, 0.76, 0.07 }, { 0.75, 0.38, 0.85 }, { 0.90, 0.44, 0.20 },
      { 0.96, 0.38, 0.32 }, { 0.34, 0.89, 0.54 }, { 0.92, 0.92, 0.92 },
      { 0.30, 0.82, 0.85 }, { 0.98, 0.47, 0.74 },
    };
  else
    *p = (Palette) {
      { 0.24, 0.22, 0.27 }, { 0.47, 0.46, 0.48 }, { 0.38, 0.63, 0.92 }, { 0.11, 0.44, 0.85 },
      { 1, 1, 1 }, { 0.90, 0.65, 0.04 }, { 0.57, 0.25, 0.67 }, { 0.78, 0.27, 0.0 },
      { 0.88, 0.11, 0.14 }, { 0.15, 0.64, 0.41 }, { 0.24, 0.22, 0.27 },
      { 0.0, 0.53, 0.56 }, { 0.78, 0.13, 0.48 },
    };
}

static void
set_rgb (cairo_t    *cr,
         const Rgb  *c)
{
  cairo_set_source_rgb (cr, c->r, c->g, c->b);
}

/* Text centred at (x, y); SIZE in screen points; wider than MAX_WIDTH
 * (model units, 0: any) is cut short with "…". */
static void
draw_text_full (cairo_t               *cr,
                const LuztarDrawStyle *style,
                const char            *text,
                double                 x,
                double                 y,
                double                 size,
                gboolean               bold,
                double                 max_width)
{
  PangoLayout *layout = luztar_cairo_layout_new (cr, text, size / style->scale, bold);
  int w, h;

  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  if (max_width > 0)
    {
      pango_layout_set_width (layout, (int) (max_width * PANGO_SCALE));
      /* the start and the end kept: a number at the end tells joint3 from joint4 */
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_MIDDLE);
    }
  pango_layout_get_size (layout, &w, &h);
  if (max_width > 0)
    {
      /* the text sits inside the box of the set width: centre the text */
      PangoRectangle logical;

      pango_layout_get_extents (layout, NULL, &logical);
      cairo_move_to (cr, x - (logical.x + logical.width / 2.0) / PANGO_SCALE,
                     y - (double) h / PANGO_SCALE / 2);
    }
  else
    cairo_move_to (cr, x - (double) w / PANGO_SCALE / 2, y - (double) h / PANGO_SCALE / 2);
  pango_cairo_show_layout (cr, layout);
  cairo_new_path (cr);
  g_object_unref (layout);
}

static void
draw_text (cairo_t               *cr,
           const LuztarDrawStyle *style,
           const char            *text,
           double                 x,
           double                 y,
           double                 size,
           gboolean               bold)
{
  draw_text_full (cr, style, text, x, y, size, bold, 0);
}

/* The size of a text as draw_text() draws it, in model units. */
static void
text_size (cairo_t               *cr,
           const LuztarDrawStyle *style,
           const char            *text,
           double                 size,
           double                *width,
           double                *height)
{
  PangoLayout *layout = luztar_cairo_layout_new (cr, text, size / style->scale, FALSE);
  int w, h;

  pango_layout_get_size (layout, &w, &h);
  *width = (double) w / PANGO_SCALE;
  *height = (double) h / PANGO_SCALE;
  g_object_unref (layout);
}

/* A label at (x, y) of an element's frame (which runs along +x), on the
 * side SIDE (±1) of it, written upright whatever the element's direction:
 * moved out along the side so that it clears the element. */
static void
draw_label_upright (cairo_t               *cr,
                    const LuztarDrawStyle *style,
                    const char            *text,
                    double                 x,
                    double                 y,
                    double                 side,
                    double                 max_width)
{
  LuztarDrawStyle device_style = *style;
  double nx = 0, ny = side >= 0 ? 1 : -1, px = x, py = y, n, w, h, extra;

  if (text == NULL || *text == '\0')
    return;
  text_size (cr, style, text, 10, &w, &h);
  if (max_width > 0)
    w = MIN (w, max_width);
  cairo_user_to_device_distance (cr, &nx, &ny);
  n = hypot (nx, ny);
  if (n <= 0)
    return;
  nx /= n;
  ny /= n;
  cairo_user_to_device (cr, &px, &py);
  /* the sizes in device units (the frame may be rotated, not scaled) */
  w *= n;
  h *= n;
  max_width *= n;
  extra = w / 2 * fabs (nx) + h / 2 * fabs (ny) - h / 2;
  cairo_save (cr);
  cairo_identity_matrix (cr);
  device_style.scale = 1;
  draw_text_full (cr, &device_style, text, px + nx * extra, py + ny * extra, 10 * n / style->scale,
                  FALSE, max_width);
  cairo_restore (cr);
}

static const char *
item_name (const LzItem *item)
{
  return item->label != NULL && *item->label != '\0' ? item->label : item->id;
}

/* An element's name as its label shows it: a friction's with what its
 * law has beyond Coulomb's — a level in t, a Stribeck curve, a static
 * level above the sliding one ("f (static 1.5)"). */
static char *
element_label (const LzElement *el)
{
  const char *name = item_name (&el->item);
  gboolean in_t = el->friction.level_pos_t != NULL || el->friction.level_neg_t != NULL
                  || el->friction.static_pos_t != NULL || el->friction.static_neg_t != NULL;
  double fs = MAX (el->friction.static_pos, el->friction.static_neg);

  if (el->item.kind != LZ_ITEM_FRICTION)
    return g_strdup (name);
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
/* Layout                                                                    */

void
luztar_symbols_layout (const LzModel *model,
                       LuztarPoint   *grounds,
                       LuztarPoint   *bodies,
                       double        *x0,
                       double        *y0,
                       double        *x1,
                       double        *y1)
{
  guint ng = lz_model_get_n_grounds (model), nb = lz_model_get_n_bodies (model);
  gboolean placed = FALSE;

  for (guint i = 0; i < ng && !placed; i++)
    placed = lz_model_get_ground (model, i)->x != 0 || lz_model_get_ground (model, i)->y != 0;
  for (guint i = 0; i < nb && !placed; i++)
    placed = lz_model_get_body (model, i)->x != 0 || lz_model_get_body (model, i)->y != 0;

  for (guint i = 0; i < ng; i++)
    {
      const LzGround *g = lz_model_get_ground (model, i);

      grounds[i] = placed ? (LuztarPoint) { g->x, g->y } : (LuztarPoint) { 40, 120 + 140.0 * i };
    }
  for (guint i = 0; i < nb; i++)
    {
      const LzBody *b = lz_model_get_body (model, i);

      bodies[i] = placed ? (LuztarPoint) { b->x, b->y } : (LuztarPoint) { 200 + 160.0 * i, 120 };
    }

  *x0 = *y0 = INFINITY;
  *x1 = *y1 = -INFINITY;
  for (guint i = 0; i < ng; i++)
    {
      *x0 = MIN (*x0, grounds[i].x - 30);
      *x1 = MAX (*x1, grounds[i].x + 30);
      *y0 = MIN (*y0, grounds[i].y - 50);
      *y1 = MAX (*y1, grounds[i].y + 50);
    }
  for (guint i = 0; i < nb; i++)
    {
      *x0 = MIN (*x0, bodies[i].x - BLOCK_W);
      *x1 = MAX (*x1, bodies[i].x + BLOCK_W);
      *y0 = MIN (*y0, bodies[i].y - BLOCK_H - 40);
      *y1 = MAX (*y1, bodies[i].y + BLOCK_H / 2 + 90);   /* room for floors */
    }
  if (!isfinite (*x0))
    {
      *x0 = *y0 = 0;
      *x1 = *y1 = 100;
    }
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
draw_spring (cairo_t               *cr,
             const LuztarDrawStyle *style,
             const Palette         *p,
             double                 len,
             gboolean               freeplay)
{
  double z0 = len * 0.18, z1 = freeplay ? len * 0.62 : len * 0.82;

  set_rgb (cr, &p->spring);
  cairo_set_line_width (cr, 2.5 / style->scale);
  cairo_move_to (cr, 0, 0);
  cairo_line_to (cr, z0, 0);
  cairo_stroke (cr);
  zigzag (cr, z0, z1, 8, 5);
  cairo_stroke (cr);
  if (!freeplay)
    {
      cairo_move_to (cr, z1, 0);
      cairo_line_to (cr, len, 0);
      cairo_stroke (cr);
      return;
    }
  /* the freeplay: a slotted link, the pin free to move in the slot */
  {
    double s0 = len * 0.68, s1 = len * 0.86;

    /* the spring ends at the slot's edge */
    cairo_move_to (cr, z1, 0);
    cairo_line_to (cr, s0, 0);
    cairo_stroke (cr);
    set_rgb (cr, &p->ink);
    cairo_set_line_width (cr, 1.8 / style->scale);
    cairo_rectangle (cr, s0, -6, s1 - s0, 12);
    cairo_stroke (cr);
    cairo_arc (cr, (s0 + s1) / 2, 0, 3.2, 0, 2 * G_PI);
    cairo_fill (cr);
    cairo_move_to (cr, (s0 + s1) / 2, 0);
    cairo_line_to (cr, len, 0);
    cairo_stroke (cr);
  }
}

static void
draw_damper (cairo_t               *cr,
             const LuztarDrawStyle *style,
             const Palette         *p,
             double                 len)
{
  double c0 = len * 0.32, c1 = len * 0.62, piston = len * 0.5;

  set_rgb (cr, &p->damper);
  cairo_set_line_width (cr, 2.2 / style->scale);
  cairo_move_to (cr, 0, 0);
  cairo_line_to (cr, c0, 0);
  cairo_move_to (cr, c1, -9);
  cairo_line_to (cr, c0, -9);
  cairo_line_to (cr, c0, 9);
  cairo_line_to (cr, c1, 9);
  cairo_move_to (cr, piston, -7);
  cairo_line_to (cr, piston, 7);
  cairo_move_to (cr, piston, 0);
  cairo_line_to (cr, len, 0);
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
draw_friction (cairo_t               *cr,
               const LuztarDrawStyle *style,
               const Palette         *p,
               double                 len)
{
  double p0, p1, q0, q1, face = FRICTION_BLOCK_HALF, bottom = face + FRICTION_PLATE;

  friction_geometry (len, &p0, &p1, &q0, &q1);
  set_rgb (cr, &p->friction);
  cairo_set_line_width (cr, 2.2 / style->scale);
  /* port a: the rod, the post down to the plate */
  cairo_move_to (cr, 0, 0);
  cairo_line_to (cr, p0, 0);
  cairo_line_to (cr, p0, bottom);
  /* port b: the rod to the block */
  cairo_move_to (cr, len, 0);
  cairo_line_to (cr, q1, 0);
  cairo_stroke (cr);
  /* the block, lightly filled */
  cairo_rectangle (cr, q0, -face, q1 - q0, 2 * face);
  cairo_set_source_rgba (cr, p->friction.r, p->friction.g, p->friction.b, 0.22);
  cairo_fill_preserve (cr);
  set_rgb (cr, &p->friction);
  cairo_stroke (cr);
  /* the plate: its rubbing face under the block, hatched below */
  cairo_set_line_width (cr, 2.6 / style->scale);
  cairo_move_to (cr, p0, face);
  cairo_line_to (cr, p1, face);
  cairo_stroke (cr);
  cairo_save (cr);
  cairo_rectangle (cr, p0, face, p1 - p0, FRICTION_PLATE);
  cairo_clip (cr);
  cairo_set_line_width (cr, 1.2 / style->scale);
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
  const char *name = item_name (&el->item);

  if (name == NULL || *name == '\0')
    return g_strdup_printf ("[%s, %s]", lo, hi);
  return g_strdup_printf ("%s%s[%s, %s]", name, two_lines ? "\n" : " ", lo, hi);
}

/* TEXT_SIDE: the label goes 19 · TEXT_SIDE across the axis; 0: no label. */
static void
draw_stop (cairo_t               *cr,
           const LuztarDrawStyle *style,
           const Palette         *p,
           double                 len,
           const LzElement       *el,
           double                 text_side)
{
  double m0 = len * 0.44, m1 = len * 0.56, w, h, shift = 0;
  g_autofree char *text = NULL;

  set_rgb (cr, &p->stop);
  cairo_set_line_width (cr, 2.4 / style->scale);
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
  cairo_line_to (cr, len, 0);
  cairo_stroke (cr);
  if (text_side == 0)
    return;
  /* a label longer than the element: the name above the limits, the
   * two lines growing away from the symbol */
  text = stop_label (el, FALSE);
  text_size (cr, style, text, 10, &w, &h);
  if (w > len - 8 && item_name (&el->item) != NULL && *item_name (&el->item) != '\0')
    {
      g_free (text);
      text = stop_label (el, TRUE);
      shift = (text_side > 0 ? 1 : -1) * h / 2;
    }
  draw_label_upright (cr, style, text, len / 2, 19 * text_side + shift, text_side, 0);
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
draw_gear (cairo_t               *cr,
           const LuztarDrawStyle *style,
           const Palette         *p,
           double                 len,
           const LzElement       *el)
{
  GearGeometry g = gear_geometry (el, len);
  /* the same tooth pitch on both wheels */
  int n1 = MAX (6, (int) lround (2 * G_PI * g.r1 / g.step));
  int n2 = MAX (6, (int) lround (n1 * g.r2 / g.r1));

  set_rgb (cr, &p->gear);
  cairo_set_line_width (cr, 2.2 / style->scale);
  /* the shafts, to the wheels' centres */
  cairo_move_to (cr, 0, 0);
  cairo_line_to (cr, g.c1 - g.r1 + g.h, 0);
  cairo_move_to (cr, g.c2 + g.r2 - g.h, 0);
  cairo_line_to (cr, len, 0);
  cairo_stroke (cr);
  cairo_set_line_width (cr, 1.6 / style->scale);
  /* wheel a: a tooth at the mesh (angle 0); wheel b: a gap there (angle π) */
  gear_wheel_path (cr, g.c1, g.r1, g.h, n1, 0);
  gear_wheel_path (cr, g.c2, g.r2, g.h, n2, G_PI + G_PI / n2);
  cairo_set_source_rgba (cr, p->gear.r, p->gear.g, p->gear.b, 0.15);
  cairo_fill_preserve (cr);
  set_rgb (cr, &p->gear);
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

/* ------------------------------------------------------------------------ */

/* A wall: its face at x = AT.x, hatched on SIDE (−1: left, +1: right),
 * the side away from the bodies it holds. */
#define GROUND_HALF  36.0   /* the wall's half height */
#define GROUND_HATCH 9.0    /* the hatch strokes' reach behind the face */

static void
draw_ground_hatched (cairo_t               *cr,
                     const LuztarDrawStyle *style,
                     const Palette         *p,
                     const LzGround        *g,
                     LuztarPoint            at,
                     double                 side)
{
  double top = at.y - GROUND_HALF, bottom = at.y + GROUND_HALF;
  /* a ground whose direction is not to the right turns its face across
   * that direction (90°: a floor); its name stays upright, below it */
  gboolean turned = g->direction != 0;

  cairo_save (cr);
  if (turned)
    {
      cairo_translate (cr, at.x, at.y);
      cairo_rotate (cr, -g->direction * G_PI / 180);
      cairo_translate (cr, -at.x, -at.y);
    }
  cairo_new_path (cr);
  set_rgb (cr, &p->ink);
  cairo_set_line_width (cr, 3 / style->scale);
  cairo_move_to (cr, at.x, top);
  cairo_line_to (cr, at.x, bottom);
  cairo_stroke (cr);
  /* strokes from the face down and away, the last one ending at the
   * bottom of the wall */
  cairo_set_line_width (cr, 1.4 / style->scale);
  for (double y = top; y + GROUND_HATCH <= bottom + 0.01; y += 9)
    {
      cairo_move_to (cr, at.x, y);
      cairo_line_to (cr, at.x + side * GROUND_HATCH, y + GROUND_HATCH);
    }
  cairo_stroke (cr);
  if (!turned)
    {
      set_rgb (cr, &p->muted);
      draw_text (cr, style, item_name (&g->item), at.x, bottom + 14, 10, FALSE);
    }
  if (g->motion != NULL)
    {
      /* a moving ground: a small double arrow */
      cairo_set_line_width (cr, 1.6 / style->scale);
      cairo_move_to (cr, at.x - 14, top - 10);
      cairo_line_to (cr, at.x + 14, top - 10);
      cairo_stroke (cr);
      cairo_move_to (cr, at.x + 14, top - 10);
      cairo_line_to (cr, at.x + 9, top - 13);
      cairo_line_to (cr, at.x + 9, top - 7);
      cairo_close_path (cr);
      cairo_move_to (cr, at.x - 14, top - 10);
      cairo_line_to (cr, at.x - 9, top - 13);
      cairo_line_to (cr, at.x - 9, top - 7);
      cairo_close_path (cr);
      cairo_fill (cr);
    }
  cairo_restore (cr);
  if (turned)
    {
      double a = g->direction * G_PI / 180;
      double reach = GROUND_HALF * fabs (cos (a)) + GROUND_HATCH * fabs (sin (a));

      set_rgb (cr, &p->muted);
      draw_text (cr, style, item_name (&g->item), at.x, at.y + reach + 10, 10, FALSE);
    }
}

static void
draw_ground (cairo_t               *cr,
             const LuztarDrawStyle *style,
             const Palette         *p,
             const LzGround        *g,
             LuztarPoint            at)
{
  draw_ground_hatched (cr, style, p, g, at, -1);
}

/* A body whose motion is prescribed (a program constraint, paper 001):
 * a dashed outline around it in the program colour. */
static void
draw_prescribed_outline (cairo_t               *cr,
                         const LuztarDrawStyle *style,
                         const Palette         *p,
                         const LzBody          *b,
                         LuztarPoint            at)
{
  double gap = 5;

  cairo_save (cr);
  cairo_new_path (cr);
  set_rgb (cr, &p->program);
  cairo_set_line_width (cr, 1.8 / style->scale);
  cairo_set_dash (cr, (double[]) { 5 / style->scale, 3 / style->scale }, 2, 0);
  if (b->kind == LZ_BODY_ROTATIONAL)
    cairo_arc (cr, at.x, at.y, DISC_R + gap, 0, 2 * G_PI);
  else
    luztar_cairo_rounded_rect (cr, at.x - BLOCK_W / 2 - gap, at.y - BLOCK_H / 2 - gap,
                               BLOCK_W + 2 * gap, BLOCK_H + 2 * gap, 8);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_body (cairo_t               *cr,
           const LuztarDrawStyle *style,
           const Palette         *p,
           const LzBody          *b,
           LuztarPoint            at,
           double                 angle)
{
  cairo_set_line_width (cr, 2 / style->scale);
  cairo_new_path (cr);
  if (b->kind == LZ_BODY_ROTATIONAL)
    {
      cairo_arc (cr, at.x, at.y, DISC_R, 0, 2 * G_PI);
      set_rgb (cr, &p->body);
      cairo_fill_preserve (cr);
      set_rgb (cr, &p->body_edge);
      cairo_stroke (cr);
      /* the mark turns with the angle, counter-clockwise for q > 0 */
      cairo_move_to (cr, at.x, at.y);
      cairo_line_to (cr, at.x + DISC_R * 0.89 * cos (0.4636 + angle),
                     at.y - DISC_R * 0.89 * sin (0.4636 + angle));
      set_rgb (cr, &p->body_text);
      cairo_stroke (cr);
      set_rgb (cr, &p->ink);
      draw_text (cr, style, item_name (&b->item), at.x, at.y + DISC_R + 12, 11, TRUE);
    }
  else
    {
      luztar_cairo_rounded_rect (cr, at.x - BLOCK_W / 2, at.y - BLOCK_H / 2, BLOCK_W, BLOCK_H, 5);
      set_rgb (cr, b->mass > 0 ? &p->body : &p->muted);
      cairo_fill_preserve (cr);
      set_rgb (cr, &p->body_edge);
      cairo_stroke (cr);
      set_rgb (cr, &p->body_text);
      /* inside the block: the label, or the shorter id when the label
       * would run out of it (white on the canvas: unreadable) */
      draw_text_full (cr, style, luztar_canvas_fit_name (cr, item_name (&b->item), b->item.id, 11 / style->scale,
                                                          BLOCK_W),
                      at.x, at.y, 11, TRUE, BLOCK_W);
    }
}

/* An arrow above a body: a force (solid, in ink); a prescribed motion
 * (a wave, in the program colour, named "p1: q(t)"); an actuator (a motor:
 * a circle with "u", and a bold arrow, in the actuator colour), distinct
 * from a moving ground's double arrow. */
static void
draw_source (cairo_t               *cr,
             const LuztarDrawStyle *style,
             const Palette         *p,
             const LzSource        *s,
             LuztarPoint            at,
             int                    slot,
             double                 direction)
{
  double y, x0, x1;
  double along = direction * G_PI / 180;
  gboolean across = fabs (sin (along)) > SIN_HORIZONTAL;
  const char *name = item_name (&s->item);
  const Rgb *colour = s->item.kind == LZ_ITEM_PRESCRIBED ? &p->program
                      : s->item.kind == LZ_ITEM_ACTUATOR ? &p->actuator : &p->force;
  g_autofree char *label = NULL;

  /* a constant force pushes the way its sign says (gravity, −9.81 on a
   * body drawn moving up, points down) */
  if (s->item.kind == LZ_ITEM_FORCE && s->value != NULL && lz_expr_is_constant (s->value)
      && lz_expr_eval (s->value, 0) < 0)
    along += G_PI;
  /* the arrow above a body that moves across the page, beside one that
   * moves up and down; drawn in its own frame, pointing along +x there */
  cairo_save (cr);
  if (across)
    cairo_translate (cr, at.x - BLOCK_W / 2 - 20 - 22 * slot, at.y);
  else
    cairo_translate (cr, at.x, at.y - BLOCK_H / 2 - 14 - 22 * slot);
  cairo_rotate (cr, -along);
  y = 0;
  x0 = -22;
  x1 = 22;
  cairo_new_path (cr);
  set_rgb (cr, colour);
  cairo_set_line_width (cr, 2 / style->scale);
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
      cairo_set_line_width (cr, 1.6 / style->scale);
      cairo_stroke (cr);
      draw_text (cr, style, "u", x0 + 6, y - 0.5, 9, TRUE);
      cairo_set_line_width (cr, 3 / style->scale);
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
    {
      cairo_move_to (cr, x1 + 1, y);
      cairo_line_to (cr, x1 - 9, y - 5.5);
      cairo_line_to (cr, x1 - 9, y + 5.5);
    }
  else
    {
      cairo_move_to (cr, x1, y);
      cairo_line_to (cr, x1 - 8, y - 4);
      cairo_line_to (cr, x1 - 8, y + 4);
    }
  cairo_close_path (cr);
  cairo_fill (cr);
  cairo_restore (cr);
  if (*name == '\0')
    return;        /* a palette icon */
  /* the name, right-aligned before the arrow; a prescribed motion says
   * that it is one */
  label = s->item.kind == LZ_ITEM_PRESCRIBED ? g_strdup_printf ("%s: q(t)", name) : g_strdup (name);
  {
    double w, h;

    text_size (cr, style, label, 10, &w, &h);
    set_rgb (cr, colour);
    if (across)
      draw_text (cr, style, label, at.x - BLOCK_W / 2 - 20 - 22 * slot - 8 - w / 2,
                 at.y + 22 + h / 2, 10, FALSE);
    else
      draw_text (cr, style, label, at.x - 22 - 5 - w / 2, at.y - BLOCK_H / 2 - 14 - 22 * slot, 10, FALSE);
  }
}

/* ------------------------------------------------------------------------ */
/* Where each element goes                                                   */

/* An element's symbol runs from (ox, oy) in the direction ANGLE for LEN;
 * TO_FLOOR: drawn below its body down to a hatched floor at (fx, fy).
 * Several elements between the same two ports share the space in front of
 * the block face: LANE is the element's lane (0 … N_LANES − 1, the first
 * one on top, or on the right for a vertical pair), spread over at most
 * LANE_SPAN; LABEL_Y is where its name goes, across the axis in the
 * element's own frame (the outer lanes' names outside, the others stacked
 * beyond them). */
typedef struct
{
  gboolean ok;
  gboolean to_floor;
  double   ox, oy, angle, len;
  double   fx, fy;
  int      lane, n_lanes;
  double   label_y;
  int      ground_index;   /* the ground it ends on, or -1 */
  int      body_index;     /* a body it ends on (the other port for a ground's), or -1 */
} Placement;

static char *
pair_key (const LzElement *el)
{
  return g_strcmp0 (el->a, el->b) < 0 ? g_strdup_printf ("%s\n%s", el->a, el->b)
                                       : g_strdup_printf ("%s\n%s", el->b, el->a);
}

/* How far an element's symbol reaches across its axis, on SIDE (−1: the
 * frame's −y, +1: +y). */
static double
symbol_extent (const LzElement *el,
               double           len,
               double           side)
{
  if (el->item.kind == LZ_ITEM_FRICTION)
    return side > 0 ? FRICTION_BLOCK_HALF + FRICTION_PLATE : FRICTION_BLOCK_HALF;
  if (el->item.kind == LZ_ITEM_GEAR)
    return gear_extent (el, len);
  if (el->item.kind == LZ_ITEM_BACKLASH)
    {
      LzElement gear = backlash_as_gear (el);

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

/* How far an element's end stays from the centre of a body it ends on:
 * the edge of the block, or of the disc (at the lane's offset OFF). */
static double
body_trim (gboolean disc,
           double   ux,
           double   uy,
           double   off)
{
  if (disc)
    return sqrt (MAX (DISC_R * DISC_R - off * off, DISC_R * DISC_R / 4));
  return BLOCK_W / 2 * fabs (ux) + BLOCK_H / 2 * fabs (uy);
}

typedef struct
{
  LuztarPoint a, b;
  gboolean    a_body, b_body, a_disc, b_disc;
  int         body_index;
} Ports;

static void
place_elements (const LzModel     *model,
                const LuztarPoint *gp,
                const LuztarPoint *bp,
                Placement         *out)
{
  guint ng = lz_model_get_n_grounds (model), nb = lz_model_get_n_bodies (model);
  guint ne = lz_model_get_n_elements (model);
  g_autoptr(GHashTable) lanes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) pair_count = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree int *below = g_new0 (int, MAX (nb, 1));
  g_autofree int *n_below = g_new0 (int, MAX (nb, 1));
  g_autofree Ports *ports = g_new0 (Ports, MAX (ne, 1));

  /* the ports of each element, and whether it goes down to a floor */
  for (guint e = 0; e < ne; e++)
    {
      const LzElement *el = lz_model_get_element (model, e);
      Placement *pl = &out[e];
      Ports *pt = &ports[e];
      gboolean a_ok = FALSE, b_ok = FALSE;

      *pl = (Placement) { .ground_index = -1, .body_index = -1 };
      *pt = (Ports) { .body_index = -1 };
      for (guint i = 0; i < ng; i++)
        {
          const char *id = lz_model_get_ground (model, i)->item.id;

          if (el->a != NULL && g_str_equal (el->a, id))
            pt->a = gp[i], a_ok = TRUE, pl->ground_index = (int) i;
          if (el->b != NULL && g_str_equal (el->b, id))
            pt->b = gp[i], b_ok = TRUE, pl->ground_index = (int) i;
        }
      for (guint i = 0; i < nb; i++)
        {
          const LzBody *body = lz_model_get_body (model, i);
          gboolean disc = body->kind == LZ_BODY_ROTATIONAL;

          if (el->a != NULL && g_str_equal (el->a, body->item.id))
            pt->a = bp[i], a_ok = pt->a_body = TRUE, pt->a_disc = disc, pt->body_index = (int) i;
          if (el->b != NULL && g_str_equal (el->b, body->item.id))
            pt->b = bp[i], b_ok = pt->b_body = TRUE, pt->b_disc = disc, pt->body_index = (int) i;
        }
      if (!a_ok || !b_ok)
        continue;
      pl->ok = TRUE;
      pl->body_index = pt->body_index;

      /* An element between a ground and a body is drawn below the body,
       * down to a floor of its own, when it is friction (a block rubbing
       * on the floor) or when the way to the ground crosses another body. */
      if (pt->a_body != pt->b_body && pt->body_index >= 0)
        {
          LuztarPoint body = bp[pt->body_index], ground = pt->a_body ? pt->b : pt->a;

          pl->to_floor = el->item.kind == LZ_ITEM_FRICTION;
          for (guint i = 0; i < nb && !pl->to_floor; i++)
            if ((int) i != pt->body_index && fabs (bp[i].y - body.y) < BLOCK_H
                && (bp[i].x - body.x) * (bp[i].x - ground.x) < 0)
              pl->to_floor = TRUE;
        }
      if (pl->to_floor)
        n_below[pt->body_index]++;
      else
        {
          char *key = pair_key (el);

          g_hash_table_replace (pair_count, key,
                                GINT_TO_POINTER (GPOINTER_TO_INT (g_hash_table_lookup (pair_count, key)) + 1));
        }
    }

  for (guint e = 0; e < ne; e++)
    {
      const LzElement *el = lz_model_get_element (model, e);
      Placement *pl = &out[e];
      const Ports *pt = &ports[e];
      LuztarPoint a = pt->a, b = pt->b;
      g_autofree char *key = NULL;
      double dx, dy, len, ux, uy, spacing, mid, canon, off, start, end, label, outer, side;
      int n, rank;

      if (!pl->ok)
        continue;
      if (pl->to_floor)
        {
          /* side by side under the body, all within the middle 80 % of
           * its width, left to right in model order */
          gboolean disc = lz_model_get_body (model, (guint) pt->body_index)->kind == LZ_BODY_ROTATIONAL;
          LuztarPoint body = bp[pt->body_index];
          int n_floors = n_below[pt->body_index], slot = below[pt->body_index]++;
          double half = disc ? DISC_R : BLOCK_W / 2;
          double shift = n_floors > 1 ? (slot - (n_floors - 1) / 2.0) * MIN (46.0, 1.6 * half / (n_floors - 1)) : 0;

          pl->lane = slot;
          pl->n_lanes = n_floors;
          pl->fx = body.x + shift;
          pl->fy = body.y + BLOCK_H / 2 + 58;
          pl->ox = pl->fx;
          pl->oy = pl->fy;
          pl->angle = -G_PI / 2;
          pl->len = pl->fy - (body.y + (disc ? sqrt (DISC_R * DISC_R - shift * shift) : BLOCK_H / 2));
          continue;
        }

      dx = b.x - a.x;
      dy = b.y - a.y;
      len = hypot (dx, dy);
      if (len < 1)
        {
          pl->ok = FALSE;
          continue;
        }
      ux = dx / len;
      uy = dy / len;

      /* the lanes, in the frame of the pair drawn from left to right (or
       * from top to bottom), whichever way each element runs */
      key = pair_key (el);
      pl->lane = GPOINTER_TO_INT (g_hash_table_lookup (lanes, key));
      g_hash_table_replace (lanes, g_strdup (key), GINT_TO_POINTER (pl->lane + 1));
      pl->n_lanes = n = MAX (GPOINTER_TO_INT (g_hash_table_lookup (pair_count, key)), 1);
      canon = ux > 1e-9 || (fabs (ux) <= 1e-9 && uy > 0) ? 1 : -1;
      spacing = n > 1 ? MIN (LANE, LANE_SPAN / (n - 1)) : 0;
      mid = (n - 1) / 2.0;
      off = (pl->lane - mid) * spacing;                   /* in the pair's frame */

      /* from the edge of a block or disc (or the face of a wall) to the other */
      start = pt->a_body ? body_trim (pt->a_disc, ux, uy, off) : 0;
      end = len - (pt->b_body ? body_trim (pt->b_disc, ux, uy, off) : 0);
      if (end - start < 20)
        {
          start = 0;
          end = len;
        }
      pl->ox = a.x - uy * canon * off + ux * start;
      pl->oy = a.y + ux * canon * off + uy * start;
      pl->angle = atan2 (dy, dx);
      pl->len = end - start;

      /* the name: the upper half (and a middle lane) above, the lower half
       * below; the outermost lane's next to its symbol, the inner ones
       * stacked beyond it */
      side = pl->lane <= mid ? -1 : 1;
      rank = side < 0 ? pl->lane : n - 1 - pl->lane;
      outer = side * mid * spacing;
      label = outer + side * ((rank == 0 ? symbol_extent (el, pl->len, side * canon) : 16) + 11 + 13 * rank);
      pl->label_y = canon * (label - off);
    }
}

/* The side of ground I's hatching (−1: left, +1: right, in the frame of
 * its direction): away from the bodies that the elements drawn to it come
 * from, on average. */
static double
ground_side (const LzModel     *model,
             const LuztarPoint *gp,
             const LuztarPoint *bp,
             const Placement   *pl,
             guint              i)
{
  guint ne = lz_model_get_n_elements (model);
  double a = lz_model_get_ground (model, i)->direction * G_PI / 180;
  double sum = 0;
  int n = 0;

  /* (up the screen is −y) */
  for (guint e = 0; e < ne; e++)
    if (pl[e].ok && !pl[e].to_floor && pl[e].ground_index == (int) i && pl[e].body_index >= 0)
      {
        sum += (bp[pl[e].body_index].x - gp[i].x) * cos (a) - (bp[pl[e].body_index].y - gp[i].y) * sin (a);
        n++;
      }
  return n > 0 && sum / n < 0 ? 1 : -1;
}

/* On the canvas colour means a mode (issue 21): an element in a run takes
 * the colour of its mode; before a run, and when it has no mode, it is
 * drawn in ink, so that no element looks as if it stuck or slipped. */
static void
palette_for_mode (Palette  *pe,
                  LzMode    mode,
                  gboolean  dark)
{
  double rgb[3];
  Rgb c = pe->ink;

  if (mode > LZ_MODE_NONE && mode < LZ_MODE_N_MODES)
    {
      luztar_mode_get_color (mode, dark, rgb);
      c = (Rgb) { rgb[0], rgb[1], rgb[2] };
    }
  pe->spring = pe->damper = pe->friction = pe->stop = pe->gear = c;
}

/* An impact: a glow around the element that fades as FLASH goes to 0 (in
 * the element's frame, along x from 0 to LEN). */
static void
draw_flash (cairo_t       *cr,
            const Palette *pe,
            double         len,
            double         flash)
{
  cairo_pattern_t *glow;

  if (!(flash > 0))
    return;
  flash = MIN (flash, 1);
  glow = cairo_pattern_create_radial (len / 2, 0, 0, len / 2, 0, 26 + 10 * flash);
  cairo_pattern_add_color_stop_rgba (glow, 0, pe->stop.r, pe->stop.g, pe->stop.b, 0.55 * flash);
  cairo_pattern_add_color_stop_rgba (glow, 1, pe->stop.r, pe->stop.g, pe->stop.b, 0);
  cairo_set_source (cr, glow);
  cairo_arc (cr, len / 2, 0, 26 + 10 * flash, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_pattern_destroy (glow);
}

static void
draw_element_symbol (cairo_t               *cr,
                     const LuztarDrawStyle *style,
                     const Palette         *p,
                     const LzElement       *el,
                     double                 len,
                     double                 text_side)
{
  switch (el->item.kind)
    {
    case LZ_ITEM_SPRING:
      draw_spring (cr, style, p, len, el->spring.freeplay > 0);
      break;
    case LZ_ITEM_DAMPER:
      draw_damper (cr, style, p, len);
      break;
    case LZ_ITEM_FRICTION:
      draw_friction (cr, style, p, len);
      break;
    case LZ_ITEM_STOP:
      draw_stop (cr, style, p, len, el, text_side);
      break;
    case LZ_ITEM_GEAR:
      draw_gear (cr, style, p, len, el);
      break;
    case LZ_ITEM_CONTACT:
      luztar_symbols_draw_contact (cr, 1 / style->scale, &p->spring.r, &p->damper.r, &p->stop.r, len);
      break;
    case LZ_ITEM_BACKLASH:
      {
        /* the gear pair of its radii, its flanks marked as damped contacts
         * on port a's shaft */
        LzElement gear = backlash_as_gear (el);
        GearGeometry g = gear_geometry (&gear, len);

        draw_gear (cr, style, p, len, &gear);
        luztar_symbols_draw_backlash_mark (cr, 1 / style->scale, &p->stop.r, (g.c1 - g.r1 - g.h) / 2);
      }
      break;
    case LZ_ITEM_GROUND:
    case LZ_ITEM_BODY:
    case LZ_ITEM_FORCE:
    case LZ_ITEM_PRESCRIBED:
    case LZ_ITEM_ACTUATOR:
    case LZ_ITEM_N_KINDS:
    default:
      break;
    }
}

/* Whether ground I is drawn as the floors of its elements rather than as a
 * wall: all its elements go down to floors, and it sits where one of them
 * is (a belt under a block); a wall elsewhere stays a wall. */
static gboolean
ground_is_floor (const LzModel     *model,
                 const LuztarPoint *gp,
                 const Placement   *pl,
                 guint              i)
{
  gboolean near = FALSE;

  for (guint e = 0; e < lz_model_get_n_elements (model); e++)
    if (pl[e].ok && pl[e].ground_index == (int) i)
      {
        if (!pl[e].to_floor)
          return FALSE;
        near = near || (fabs (pl[e].fx - gp[i].x) <= 60 && fabs (pl[e].fy - gp[i].y) <= 60);
      }
  return near;
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

void
luztar_symbols_draw_model (cairo_t               *cr,
                           const LzModel         *model,
                           const LuztarDrawStyle *style)
{
  guint ng = lz_model_get_n_grounds (model), nb = lz_model_get_n_bodies (model);
  guint ne = lz_model_get_n_elements (model);
  g_autofree LuztarPoint *gp = g_new0 (LuztarPoint, MAX (ng, 1));
  g_autofree LuztarPoint *bp = g_new0 (LuztarPoint, MAX (nb, 1));
  g_autofree Placement *pl = g_new0 (Placement, MAX (ne, 1));
  g_autofree int *slots = g_new0 (int, MAX (nb, 1));
  g_autofree gboolean *floor = g_new0 (gboolean, MAX (ng, 1));
  const LuztarAnimation *anim = style->animation;
  double x0, y0, x1, y1;
  Palette p;

  palette_init (&p, style->dark);
  luztar_symbols_layout (model, gp, bp, &x0, &y0, &x1, &y1);
  place_elements (model, gp, bp, pl);
  /* a ground is a wall or floors as at rest, wherever the run takes it */
  for (guint i = 0; i < ng; i++)
    floor[i] = ground_is_floor (model, gp, pl, i);
  if (anim != NULL)
    {
      /* each along its direction on the canvas (up is −y) */
      for (guint i = 0; i < nb; i++)
        if (lz_model_get_body (model, i)->kind != LZ_BODY_ROTATIONAL && isfinite (anim->body_q[i]))
          displace (&bp[i], lz_model_get_body (model, i)->direction, anim->scale * anim->body_q[i]);
      for (guint i = 0; anim->ground_q != NULL && i < ng; i++)
        if (isfinite (anim->ground_q[i]))
          displace (&gp[i], lz_model_get_ground (model, i)->direction, anim->scale * anim->ground_q[i]);
      place_elements (model, gp, bp, pl);
    }
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  /* elements first, so that the bodies cover their ends */
  for (guint e = 0; e < ne; e++)
    {
      const LzElement *el = lz_model_get_element (model, e);
      Palette pe = p;
      LzMode mode;

      if (!pl[e].ok)
        continue;
      mode = anim != NULL && anim->modes != NULL ? anim->modes[e] : LZ_MODE_NONE;
      palette_for_mode (&pe, mode, style->dark);
      if (pl[e].to_floor)
        {
          double x = pl[e].fx, floor_y = pl[e].fy, label_y;

          cairo_save (cr);
          /* the floor: a short hatched line */
          set_rgb (cr, &p.ink);
          cairo_set_line_width (cr, 2.5 / style->scale);
          cairo_move_to (cr, x - 12, floor_y);
          cairo_line_to (cr, x + 12, floor_y);
          cairo_stroke (cr);
          cairo_set_line_width (cr, 1.2 / style->scale);
          for (double hx = x - 12; hx < x + 12; hx += 6)
            {
              cairo_move_to (cr, hx + 6, floor_y);
              cairo_line_to (cr, hx, floor_y + 6);
            }
          cairo_stroke (cr);
          /* the element from the floor up to the block: its port a side
           * (a friction's plate) at the floor */
          cairo_translate (cr, x, floor_y);
          cairo_rotate (cr, pl[e].angle);
          if (anim != NULL && anim->flash != NULL)
            draw_flash (cr, &pe, pl[e].len, anim->flash[e]);
          draw_element_symbol (cr, style, &pe, el, pl[e].len, 0);
          cairo_restore (cr);
          /* the names under the floors, every other one a line lower */
          label_y = floor_y + 16 + 13 * (pl[e].lane % 2);
          if (el->item.kind == LZ_ITEM_STOP)
            {
              /* under a floor there is room below, not beside: the name
               * above the limits */
              g_autofree char *text = stop_label (el, TRUE);
              double w, h;

              text_size (cr, style, text, 10, &w, &h);
              set_rgb (cr, &pe.stop);
              draw_text (cr, style, text, x, label_y + h / 4, 10, FALSE);
            }
          else
            {
              g_autofree char *name = element_label (el);

              set_rgb (cr, &p.muted);
              draw_text (cr, style, name, x, label_y, 10, FALSE);
            }
          /* the mode beside the symbol's middle, away from the next lane */
          luztar_mode_badge_draw (cr, mode, style->dark,
                                    x + cos (pl[e].angle) * pl[e].len / 2,
                                    floor_y + sin (pl[e].angle) * pl[e].len / 2,
                                    pl[e].lane % 2 == 0 ? -1 : 1, 0, 14 * style->scale);
          continue;
        }

      cairo_save (cr);
      cairo_translate (cr, pl[e].ox, pl[e].oy);
      cairo_rotate (cr, pl[e].angle);
      if (anim != NULL && anim->flash != NULL)
        draw_flash (cr, &pe, pl[e].len, anim->flash[e]);
      /* the stop writes its name with its limits */
      draw_element_symbol (cr, style, &pe, el, pl[e].len, pl[e].label_y / 19);
      /* the element's name, on the side away from the other lanes */
      set_rgb (cr, &p.muted);
      if (el->item.kind != LZ_ITEM_STOP)
        {
          g_autofree char *name = element_label (el);

          draw_label_upright (cr, style, name, pl[e].len / 2, pl[e].label_y,
                              pl[e].label_y >= 0 ? 1 : -1, MAX (pl[e].len - 4, 36));
        }
      /* the mode's name beyond the label (luztar-mode-marks.c) */
      luztar_mode_badge_draw (cr, mode, style->dark, pl[e].len / 2, pl[e].label_y, 0,
                              pl[e].label_y >= 0 ? 1 : -1, 8);
      cairo_restore (cr);
    }

  /* a ground placed where its floors are is drawn by those floors */
  for (guint i = 0; i < ng; i++)
    if (!floor[i])
      draw_ground_hatched (cr, style, &p, lz_model_get_ground (model, i), gp[i],
                           ground_side (model, gp, bp, pl, i));
  for (guint s = 0; s < lz_model_get_n_sources (model); s++)
    {
      const LzSource *src = lz_model_get_source (model, s);
      int i = src->body != NULL ? lz_model_get_body_index (model, src->body) : -1;

      if (i >= 0 && src->item.kind == LZ_ITEM_PRESCRIBED)
        draw_prescribed_outline (cr, style, &p, lz_model_get_body (model, (guint) i), bp[i]);
    }
  for (guint i = 0; i < nb; i++)
    {
      const LzBody *body = lz_model_get_body (model, i);

      draw_body (cr, style, &p, body, bp[i],
                 anim != NULL && body->kind == LZ_BODY_ROTATIONAL ? anim->body_q[i] : 0);
    }
  for (guint s = 0; s < lz_model_get_n_sources (model); s++)
    {
      const LzSource *src = lz_model_get_source (model, s);
      int i = src->body != NULL ? lz_model_get_body_index (model, src->body) : -1;

      if (i >= 0)
        draw_source (cr, style, &p, src, bp[i], slots[i]++, lz_model_get_body (model, (guint) i)->direction);
    }
}

/* ------------------------------------------------------------------------ */
/* Shapes: what is where, for hit testing, selection and accessibility       */

/**
 * luztar_symbols_get_shapes:
 * @model: a model
 *
 * Where every item is drawn: grounds, bodies, elements, sources, in model
 * order within each category.  Items that are not drawn (an element whose
 * ports are missing) have @shown %FALSE.
 *
 * Returns: (transfer full) (element-type LuztarShape): the shapes
 */
GArray *
luztar_symbols_get_shapes (const LzModel *model)
{
  guint ng = lz_model_get_n_grounds (model), nb = lz_model_get_n_bodies (model);
  guint ne = lz_model_get_n_elements (model), ns = lz_model_get_n_sources (model);
  g_autofree LuztarPoint *gp = g_new0 (LuztarPoint, MAX (ng, 1));
  g_autofree LuztarPoint *bp = g_new0 (LuztarPoint, MAX (nb, 1));
  g_autofree Placement *pl = g_new0 (Placement, MAX (ne, 1));
  g_autofree int *slots = g_new0 (int, MAX (nb, 1));
  GArray *shapes = g_array_sized_new (FALSE, TRUE, sizeof (LuztarShape), ng + nb + ne + ns);
  double x0, y0, x1, y1;

  luztar_symbols_layout (model, gp, bp, &x0, &y0, &x1, &y1);
  place_elements (model, gp, bp, pl);
  for (guint i = 0; i < ng; i++)
    {
      /* the wall and its hatching, on the side away from its bodies */
      double side = ground_side (model, gp, bp, pl, i);
      LuztarShape s = { lz_model_get_ground (model, i)->item.id, LZ_ITEM_GROUND, TRUE, FALSE,
                        gp[i].x + MIN (-6, 14 * side), gp[i].y - 40,
                        gp[i].x + MAX (6, 14 * side), gp[i].y + 40, 0, 0, 0, 0 };

      /* a ground turned across the page (a floor): its box too */
      if (fabs (sin (lz_model_get_ground (model, i)->direction * G_PI / 180)) > SIN_HORIZONTAL)
        {
          s.x0 = gp[i].x - 40;
          s.x1 = gp[i].x + 40;
          s.y0 = gp[i].y - 14;
          s.y1 = gp[i].y + 14;
        }

      /* a ground drawn as the floors of its elements is those floors */
      if (ground_is_floor (model, gp, pl, i))
        {
          s.x0 = s.y0 = INFINITY;
          s.x1 = s.y1 = -INFINITY;
          for (guint e = 0; e < ne; e++)
            if (pl[e].ok && pl[e].ground_index == (int) i)
              {
                s.x0 = MIN (s.x0, pl[e].fx - 14);
                s.x1 = MAX (s.x1, pl[e].fx + 14);
                s.y0 = MIN (s.y0, pl[e].fy - 1);
                s.y1 = MAX (s.y1, pl[e].fy + 8);
              }
        }
      g_array_append_val (shapes, s);
    }
  for (guint i = 0; i < nb; i++)
    {
      const LzBody *b = lz_model_get_body (model, i);
      double hw = b->kind == LZ_BODY_ROTATIONAL ? DISC_R : BLOCK_W / 2;
      double hh = b->kind == LZ_BODY_ROTATIONAL ? DISC_R : BLOCK_H / 2;
      LuztarShape s = { b->item.id, LZ_ITEM_BODY, TRUE, FALSE,
                        bp[i].x - hw, bp[i].y - hh, bp[i].x + hw, bp[i].y + hh, 0, 0, 0, 0 };

      g_array_append_val (shapes, s);
    }
  for (guint e = 0; e < ne; e++)
    {
      const LzElement *el = lz_model_get_element (model, e);
      LuztarShape s = { el->item.id, el->item.kind, pl[e].ok, TRUE, 0, 0, 0, 0, 0, 0, 0, 0 };

      if (pl[e].ok)
        {
          s.ax = pl[e].ox;
          s.ay = pl[e].oy;
          s.bx = pl[e].ox + pl[e].len * cos (pl[e].angle);
          s.by = pl[e].oy + pl[e].len * sin (pl[e].angle);
          s.x0 = MIN (s.ax, s.bx) - 12;
          s.x1 = MAX (s.ax, s.bx) + 12;
          s.y0 = MIN (s.ay, s.by) - 12;
          s.y1 = MAX (s.ay, s.by) + 12;
        }
      g_array_append_val (shapes, s);
    }
  for (guint k = 0; k < ns; k++)
    {
      const LzSource *src = lz_model_get_source (model, k);
      int i = src->body != NULL ? lz_model_get_body_index (model, src->body) : -1;
      LuztarShape s = { src->item.id, src->item.kind, i >= 0, FALSE, 0, 0, 0, 0, 0, 0, 0, 0 };

      if (i >= 0)
        {
          double y = bp[i].y - BLOCK_H / 2 - 14 - 22 * slots[i]++;

          s.x0 = bp[i].x - 24;
          s.x1 = bp[i].x + 24;
          s.y0 = y - 8;
          s.y1 = y + 8;
        }
      g_array_append_val (shapes, s);
    }
  return shapes;
}

/* The distance from (x, y) to a shape, 0 inside. */
double
luztar_shape_distance (const LuztarShape *s,
                       double             x,
                       double             y)
{
  if (s->segment)
    {
      double dx = s->bx - s->ax, dy = s->by - s->ay;
      double l2 = dx * dx + dy * dy;
      double t = l2 > 0 ? CLAMP (((x - s->ax) * dx + (y - s->ay) * dy) / l2, 0, 1) : 0;

      return MAX (hypot (x - s->ax - t * dx, y - s->ay - t * dy) - 12, 0);
    }
  return hypot (MAX (MAX (s->x0 - x, x - s->x1), 0), MAX (MAX (s->y0 - y, y - s->y1), 0));
}

/**
 * luztar_symbols_hit_test:
 * @model: a model
 * @x: a point in model coordinates
 * @y: a point in model coordinates
 *
 * The item drawn at a point: the one on top (sources, then bodies, then
 * grounds, then the elements below them).
 *
 * Returns: (nullable): the id of the item drawn at (@x, @y)
 */
const char *
luztar_symbols_hit_test (const LzModel *model,
                         double         x,
                         double         y)
{
  static const LzItemKind order[] = { LZ_ITEM_FORCE, LZ_ITEM_BODY, LZ_ITEM_GROUND, LZ_ITEM_SPRING };
  g_autoptr(GArray) shapes = luztar_symbols_get_shapes (model);

  for (guint o = 0; o < G_N_ELEMENTS (order); o++)
    for (guint i = 0; i < shapes->len; i++)
      {
        const LuztarShape *s = &g_array_index (shapes, LuztarShape, i);
        gboolean in_class = order[o] == LZ_ITEM_FORCE ? lz_item_kind_is_source (s->kind)
                            : order[o] == LZ_ITEM_SPRING ? lz_item_kind_is_element (s->kind)
                            : s->kind == order[o];

        if (in_class && s->shown && luztar_shape_distance (s, x, y) <= 0)
          return s->id;
      }
  return NULL;
}

/**
 * luztar_symbols_pick_port:
 * @model: a model
 * @x: a point in model coordinates
 * @y: a point in model coordinates
 * @radius: how far from the point a port may be
 *
 * Returns: (nullable): the body or ground nearest to (@x, @y) within
 *   @radius of its drawing
 */
const char *
luztar_symbols_pick_port (const LzModel *model,
                          double         x,
                          double         y,
                          double         radius)
{
  g_autoptr(GArray) shapes = luztar_symbols_get_shapes (model);
  const char *best = NULL;
  double best_d = radius;
  gboolean best_is_body = FALSE;

  for (guint i = 0; i < shapes->len; i++)
    {
      const LuztarShape *s = &g_array_index (shapes, LuztarShape, i);
      double d;

      if (s->kind != LZ_ITEM_BODY && s->kind != LZ_ITEM_GROUND)
        continue;
      d = luztar_shape_distance (s, x, y);
      /* a body wins over a ground at the same distance */
      if (d < best_d || (d == best_d && (best == NULL || (s->kind == LZ_ITEM_BODY && !best_is_body))))
        {
          best = s->id;
          best_d = d;
          best_is_body = s->kind == LZ_ITEM_BODY;
        }
    }
  return best;
}

/**
 * luztar_symbols_pick_two_ports:
 * @model: a model
 * @x: a point in model coordinates
 * @y: a point in model coordinates
 * @radius: how far from the point the ports may be
 * @prefer_ground: on a body, connect it to a ground rather than to the
 *   nearest body (friction)
 * @a: (out): the port on the left (or above)
 * @b: (out): the port on the right (or below)
 *
 * The two ports a two-port element dropped at (@x, @y) connects: on a
 * body, that body and the nearest other port; elsewhere the nearest body
 * or ground on each side of the point, within @radius.
 *
 * Returns: whether there is a port on each side
 */
gboolean
luztar_symbols_pick_two_ports (const LzModel  *model,
                               double          x,
                               double          y,
                               double          radius,
                               gboolean        prefer_ground,
                               const char    **a,
                               const char    **b)
{
  g_autoptr(GArray) shapes = luztar_symbols_get_shapes (model);
  double da = radius, db = radius;
  const LuztarShape *on = NULL;

  *a = *b = NULL;
  /* dropped onto a body: between it and the nearest other port (for
   * friction, the nearest ground: a block rubbing on the floor) */
  for (guint i = 0; i < shapes->len && on == NULL; i++)
    {
      const LuztarShape *s = &g_array_index (shapes, LuztarShape, i);

      if (s->kind == LZ_ITEM_BODY && luztar_shape_distance (s, x, y) <= 0)
        on = s;
    }
  if (on != NULL)
    {
      const LuztarShape *best = NULL;
      double best_d = INFINITY, ox = (on->x0 + on->x1) / 2, oy = (on->y0 + on->y1) / 2;

      for (int pass = 0; pass < 2 && best == NULL; pass++)
        for (guint i = 0; i < shapes->len; i++)
          {
            const LuztarShape *s = &g_array_index (shapes, LuztarShape, i);
            double d = hypot ((s->x0 + s->x1) / 2 - ox, (s->y0 + s->y1) / 2 - oy);

            if (s == on || (s->kind != LZ_ITEM_BODY && s->kind != LZ_ITEM_GROUND)
                || (pass == 0 && prefer_ground && s->kind != LZ_ITEM_GROUND))
              continue;
            if (d < best_d)
              best = s, best_d = d;
          }
      if (best == NULL)
        return FALSE;
      /* port a is the one on the left (or above) */
      if ((best->x0 + best->x1) / 2 < ox || ((best->x0 + best->x1) / 2 == ox && (best->y0 + best->y1) / 2 < oy))
        *a = best->id, *b = on->id;
      else
        *a = on->id, *b = best->id;
      return TRUE;
    }
  for (guint i = 0; i < shapes->len; i++)
    {
      const LuztarShape *s = &g_array_index (shapes, LuztarShape, i);
      double cx, cy, d;

      if (s->kind != LZ_ITEM_BODY && s->kind != LZ_ITEM_GROUND)
        continue;
      cx = (s->x0 + s->x1) / 2;
      cy = (s->y0 + s->y1) / 2;
      d = luztar_shape_distance (s, x, y);
      /* left or right of the point, by the centre; the ports above and
       * below count as left and right when the point is between them */
      if (cx < x || (cx == x && cy < y))
        {
          if (d < da)
            *a = s->id, da = d;
        }
      else if (d < db)
        *b = s->id, db = d;
    }
  return *a != NULL && *b != NULL;
}

/**
 * luztar_symbols_draw_highlight:
 * @cr: a cairo context in model coordinates
 * @shape: the shape to mark
 * @style: the style
 * @strong: the item has the keyboard focus too
 *
 * Marks a selected item: a rounded accent outline around it.
 */
void
luztar_symbols_draw_highlight (cairo_t               *cr,
                               const LuztarShape     *shape,
                               const LuztarDrawStyle *style,
                               gboolean               strong)
{
  /* the accent blue of the GNOME palette */
  double r = style->dark ? 0.47 : 0.21, g = style->dark ? 0.68 : 0.52, b = style->dark ? 0.98 : 0.89;

  if (!shape->shown)
    return;
  cairo_save (cr);
  cairo_new_path (cr);
  if (shape->segment)
    {
      cairo_move_to (cr, shape->ax, shape->ay);
      cairo_line_to (cr, shape->bx, shape->by);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_set_line_width (cr, 30);
      cairo_set_source_rgba (cr, r, g, b, 0.18);
      cairo_stroke (cr);
    }
  else
    {
      double m = 5, x0 = shape->x0 - m, y0 = shape->y0 - m, x1 = shape->x1 + m, y1 = shape->y1 + m;

      luztar_cairo_rounded_rect (cr, x0, y0, x1 - x0, y1 - y0, 6);
      cairo_set_source_rgba (cr, r, g, b, 0.15);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, r, g, b, 0.9);
      cairo_set_line_width (cr, (strong ? 2.5 : 1.5) / style->scale);
      if (!strong)
        cairo_set_dash (cr, (double[]) { 4 / style->scale, 3 / style->scale }, 2, 0);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
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
  LzElement el = { { LZ_ITEM_SPRING, (char *) "", NULL, 0 }, NULL, NULL, 1, 1, { { 1, 0, 0 } } };
  Palette p;

  palette_init (&p, dark);
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
      draw_body (cr, &style, &p, &body, (LuztarPoint) { 0, 0 }, 0);
    }
  else if (g_str_equal (kind, "ground"))
    {
      LzGround ground = { { LZ_ITEM_GROUND, (char *) "", NULL, 0 }, NULL, 0, 0 };

      cairo_translate (cr, 38, 32);
      cairo_scale (cr, 0.75, 0.75);
      draw_ground (cr, &style, &p, &ground, (LuztarPoint) { 0, 0 });
    }
  else if (g_str_equal (kind, "force") || g_str_equal (kind, "motion") || g_str_equal (kind, "actuator"))
    {
      LzSource src = { { g_str_equal (kind, "force") ? LZ_ITEM_FORCE
                         : g_str_equal (kind, "motion") ? LZ_ITEM_PRESCRIBED : LZ_ITEM_ACTUATOR,
                         (char *) "", NULL, 0 }, NULL, NULL };

      /* the arrow sits BLOCK_H / 2 + 14 above its body's centre */
      cairo_translate (cr, 32, 32);
      cairo_scale (cr, 1.2, 1.2);
      draw_source (cr, &style, &p, &src, (LuztarPoint) { 0, BLOCK_H / 2 + 14 }, 0, 0);
    }
  else
    {
      if (!lz_item_kind_from_string (kind, &el.item.kind) || !lz_item_kind_is_element (el.item.kind))
        {
          cairo_restore (cr);
          return;
        }
      switch (el.item.kind)
        {
        case LZ_ITEM_STOP:
          el.stop.lower = -1;
          el.stop.upper = 1;
          break;
        case LZ_ITEM_GEAR:
          el.gear.ra = 1;
          el.gear.rb = 1.4;
          el.gear.stiffness = 1;
          break;
        case LZ_ITEM_BACKLASH:
          el.contact.ra = 1;
          el.contact.rb = 1.4;
          break;
        case LZ_ITEM_CONTACT:
        case LZ_ITEM_FRICTION:
        case LZ_ITEM_DAMPER:
        case LZ_ITEM_SPRING:
        case LZ_ITEM_GROUND:
        case LZ_ITEM_BODY:
        case LZ_ITEM_FORCE:
        case LZ_ITEM_PRESCRIBED:
        case LZ_ITEM_ACTUATOR:
        case LZ_ITEM_N_KINDS:
        default:
          break;
        }
      cairo_translate (cr, 4, 32);
      if (el.item.kind == LZ_ITEM_STOP)
        {
          /* the bracket without its limits' text */
          cairo_save (cr);
          cairo_scale (cr, 1, 1.3);
          draw_stop (cr, &style, &p, 56, &el, 0);
          cairo_restore (cr);
        }
      else
        {
          cairo_scale (cr, 1, el.item.kind == LZ_ITEM_GEAR || el.item.kind == LZ_ITEM_BACKLASH ? 1 : 1.3);
          draw_element_symbol (cr, &style, &p, &el, 56, 1);
        }
    }
  cairo_restore (cr);
}
