/* luztar-canvas-controls.h — the zoom buttons in a corner of the canvas: out, fit, in
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "luztar-canvas.h"

G_BEGIN_DECLS

#define LUZTAR_TYPE_CANVAS_CONTROLS (luztar_canvas_controls_get_type ())

G_DECLARE_FINAL_TYPE (LuztarCanvasControls, luztar_canvas_controls, LUZTAR, CANVAS_CONTROLS, GtkBox)

G_END_DECLS
