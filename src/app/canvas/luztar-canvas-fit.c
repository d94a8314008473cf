/* luztar-canvas-fit.c — the scale at which a model's drawing, its labels included, fits a canvas
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The canvas draws the model in model units but its labels in pixels (a
 * label keeps its size whatever the zoom, so that it stays readable), so
 * the drawing's extent in pixels is not proportional to the scale: at a
 * small scale the labels stick out further, in model units, than the
 * symbols they name.  Fitting the symbols' box alone cut the labels of a
 * wide model off at 800 × 600 (issue 21).  Here the drawing itself is
 * measured: drawn into a cairo recording surface at a scale, its ink
 * extents in pixels; each edge is nearly affine in the scale
 * (slope · s + offset, the offset being the labels), so two drawings give
 * a first guess and a few more correct it.
 *
 * For the same reason a body's label, written inside its block in
 * pixels, may not fit a block drawn small: luztar_canvas_fit_name()
 * chooses the body's id then.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "luztar-canvas-fit.h"
#include "luztar-cairo.h"
#include "luztar-symbols.h"

/* The two scales the first guess is measured at (pixels per model unit). */
#define FIT_PROBE_HI 1.0
#define FIT_PROBE_LO 0.25
/* Corrections of the guess against the drawing itself, at most. */
#define FIT_ROUNDS 4
/* A drawing within this many pixels of the room fits (rounding of the
 * glyphs' extents). */
#define FIT_SLACK_PX 0.5

/**
 * luztar_canvas_ink_bounds:
 * @model: a model
 * @emphasis: the canvas's emphasis (labels and lines that much larger)
 * @scale: pixels per model unit
 * @bounds: (out): x0, y0, x1, y1 of the drawing in pixels, the model's
 *   origin at (0, 0)
 *
 * The extent of @model drawn at rest as the canvas draws it at @scale.
 *
 * Returns: %FALSE when the model draws nothing
 */
static gboolean
luztar_canvas_ink_bounds (const LzModel *model,
                          double         emphasis,
                          double         scale,
                          double         bounds[4])
{
  cairo_surface_t *surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cairo_t *cr = cairo_create (surface);
  LuztarDrawStyle style = { FALSE, scale / emphasis, NULL };
  double x, y, w, h;

  cairo_scale (cr, scale, scale);
  luztar_symbols_draw_model (cr, model, &style);
  cairo_destroy (cr);
  cairo_recording_surface_ink_extents (surface, &x, &y, &w, &h);
  cairo_surface_destroy (surface);
  bounds[0] = x;
  bounds[1] = y;
  bounds[2] = x + w;
  bounds[3] = y + h;
  return w > 0 && h > 0;
}

/* The union of the ink at SCALE (bounds, pixels) and the box (model
 * units): its span along AXIS, and its middle. */
static double
union_span (const double  ink[4],
            const double  box[4],
            double        scale,
            int           axis,
            double       *middle)
{
  double lo = MIN (ink[axis], box[axis] * scale);
  double hi = MAX (ink[axis + 2], box[axis + 2] * scale);

  *middle = (lo + hi) / 2;
  return hi - lo;
}

/**
 * luztar_canvas_fit_scale:
 * @model: a model
 * @emphasis: the canvas's emphasis
 * @fit: the box to show too, the room and the scales allowed
 * @centre: (out): the middle of what is shown, in pixels from the
 *   model's origin at the returned scale
 *
 * The largest scale at which @model's drawing, labels included, and
 * @fit's box fit into its room, within its scales.
 *
 * Returns: the scale, pixels per model unit
 */
double
luztar_canvas_fit_scale (const LzModel         *model,
                         double                 emphasis,
                         const LuztarCanvasFit *fit,
                         double                 centre[2])
{
  const double *box = fit->box;
  double hi[4], lo[4], room[2] = { MAX (fit->room[0], 1), MAX (fit->room[1], 1) }, slope[2] = { 0, 0 };
  double min_scale = fit->min_scale, scale = fit->max_scale;
  gboolean ink = luztar_canvas_ink_bounds (model, emphasis, FIT_PROBE_HI, hi)
                 && luztar_canvas_ink_bounds (model, emphasis, FIT_PROBE_LO, lo);

  /* the first guess: each edge affine in the scale */
  for (int axis = 0; axis < 2; axis++)
    {
      double span = box[axis + 2] - box[axis];

      if (span > 0)
        scale = MIN (scale, room[axis] / span);
      if (ink)
        {
          double offset;

          slope[axis] = ((hi[axis + 2] - hi[axis]) - (lo[axis + 2] - lo[axis])) / (FIT_PROBE_HI - FIT_PROBE_LO);
          offset = (hi[axis + 2] - hi[axis]) - slope[axis] * FIT_PROBE_HI;
          if (slope[axis] > 0)
            scale = MIN (scale, (room[axis] - offset) / slope[axis]);
        }
    }
  scale = CLAMP (scale, min_scale, fit->max_scale);
  /* then the drawing itself at that scale, until it fits: each round
   * takes the labels' share (span − slope · s) at the scale tried */
  for (int round = 0; round <= FIT_ROUNDS; round++)
    {
      double at[4], next = scale;

      if (ink)
        luztar_canvas_ink_bounds (model, emphasis, scale, at);
      else
        memcpy (at, (double[]) { box[0] * scale, box[1] * scale, box[2] * scale, box[3] * scale }, sizeof at);
      for (int axis = 0; axis < 2; axis++)
        {
          double span = union_span (at, box, scale, axis, &centre[axis]);

          if (span > room[axis] + FIT_SLACK_PX)
            {
              double fixed = span - slope[axis] * scale;
              double s = slope[axis] > 0 && room[axis] > fixed ? (room[axis] - fixed) / slope[axis]
                                                               : scale * room[axis] / span;

              next = MIN (next, MIN (s, scale * room[axis] / span));
            }
        }
      if (next >= scale || scale <= min_scale || round == FIT_ROUNDS)
        break;
      scale = MAX (next, min_scale);
    }
  return scale;
}

/**
 * luztar_canvas_fit_name:
 * @cr: where the name is drawn
 * @label: an item's label
 * @id: its id (usually shorter)
 * @size: the font size in units of @cr
 * @room: the width the name has, in units of @cr
 *
 * Returns: (transfer none): @label if it fits into @room in bold at
 *   @size, or else @id (which the caller ellipsizes if need be)
 */
const char *
luztar_canvas_fit_name (cairo_t    *cr,
                        const char *label,
                        const char *id,
                        double      size,
                        double      room)
{
  PangoLayout *layout = luztar_cairo_layout_new (cr, label, size, TRUE);
  int w, h;

  pango_layout_get_size (layout, &w, &h);
  g_object_unref (layout);
  return (double) w / PANGO_SCALE <= room ? label : id;
}
