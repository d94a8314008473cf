/* luztar-symbols-pen.h — what every symbol is drawn with: the cairo context, the style, the colours, the text
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <glib.h>

#include "luztar-symbols.h"

G_BEGIN_DECLS

/* The sizes of the bodies, model units. */
#define LUZTAR_BLOCK_W 64.0
#define LUZTAR_BLOCK_H 46.0
#define LUZTAR_DISC_R  25.0
/* A direction further than 30° from the horizontal is drawn "up and down":
 * its arrows beside the body rather than above it. */
#define LUZTAR_SIN_HORIZONTAL 0.5

typedef struct
{
  double r, g, b;
} LuztarRgb;

typedef struct
{
  LuztarRgb ink, muted, body, body_edge, body_text, spring, damper, friction, stop, gear, force;
  LuztarRgb program, actuator;   /* prescribed motions (program constraints) and actuators */
} LuztarSymbolColours;

/**
 * LuztarPen:
 * @cr: the cairo context, in model coordinates
 * @style: how the model is drawn (its scale turns pixels into model units)
 * @p: the colours of the light or dark style (an element's may be those
 *   of its mode, luztar_pen_for_mode())
 *
 * What a symbol is drawn with; passed by pointer, copied to change colours.
 */
typedef struct
{
  cairo_t               *cr;
  const LuztarDrawStyle *style;
  LuztarSymbolColours    p;
} LuztarPen;

void        luztar_pen_init          (LuztarPen             *pen,
                                      cairo_t               *cr,
                                      const LuztarDrawStyle *style);
void        luztar_pen_for_mode      (LuztarPen             *pen,
                                      LzMode                 mode);
void        luztar_pen_rgb           (const LuztarPen       *pen,
                                      const LuztarRgb       *c);
void        luztar_pen_rgba          (const LuztarPen       *pen,
                                      const LuztarRgb       *c,
                                      double                 alpha);
void        luztar_pen_width         (const LuztarPen       *pen,
                                      double                 pixels);
void        luztar_pen_text          (const LuztarPen       *pen,
                                      const char            *text,
                                      LuztarPoint            at,
                                      double                 size,
                                      gboolean               bold,
                                      double                 max_width);
void        luztar_pen_text_size     (const LuztarPen       *pen,
                                      const char            *text,
                                      double                 size,
                                      double                *width,
                                      double                *height);
void        luztar_pen_label         (const LuztarPen       *pen,
                                      const char            *text,
                                      LuztarPoint            at,
                                      double                 side,
                                      double                 max_width);
char       *luztar_pen_label_text    (const LuztarPen       *pen,
                                      const char            *text,
                                      double                 max_width);
gboolean    luztar_pen_label_box     (const LuztarPen       *pen,
                                      const char            *text,
                                      LuztarPoint            at,
                                      double                 side,
                                      double                 max_width,
                                      double                 box[4]);

const char *luztar_symbols_item_name (const LzItem          *item);

G_END_DECLS
