/* test-modes.c — the modes readable by everyone: the palette, neutral colours before a run, badges and the legend
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The palette of luztar-modes.c (issue 21): no two modes share a hue (in
 * CIELAB, both themes); the modes one element switches between stay apart
 * for a reader with protanopia, deuteranopia or tritanopia (Machado,
 * Oliveira and Fernandes, "A physiologically-based model for simulation
 * of color vision deficiency", 2009, severity 1); before a run no element
 * is drawn in a mode's colour; during a run, through the window, the
 * canvas shows the legend (every mode of the model's elements as a badge)
 * and the badges name the modes.  Screenshots of the classroom model
 * (friction, stop and freeplay at once) during a run go to
 * test-artifacts/.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <adwaita.h>

#include "lz.h"
#include "canvas/luztar-canvas.h"
#include "canvas/luztar-symbols.h"
#include "sim/luztar-modes.h"
#include "luztar-window.h"
#include "app-test-util.h"

/* Two chromatic modes must be this far apart in CIELAB hue (degrees): the
 * closest pairs of the palette (contact–slip+, slip+–gap) are about 20°
 * apart; 15° is where hues are still named alike. */
#define MIN_HUE_DEGREES 15.0
/* Below this CIELAB chroma a colour has no hue to speak of (a grey). */
#define ACHROMATIC_CHROMA 15.0
/* CIELAB ΔE*ab between any two modes in normal vision: 20 is "different
 * colours" rather than "shades of one". */
#define MIN_DELTA_E 20.0
/* ΔE*ab between the modes of one element as a reader with a colour-vision
 * deficiency sees them: 12 is clearly told apart side by side. */
#define MIN_DELTA_E_DEFICIENT 12.0
/* A pixel "has a mode's colour" within this ΔE*ab of it. */
#define SAME_COLOUR_DELTA_E 6.0

static double
to_linear (double c)
{
  return c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

static double
lab_f (double t)
{
  return t > 216.0 / 24389 ? cbrt (t) : (24389.0 / 27 * t + 16) / 116;
}

/* sRGB in [0, 1] (linear if LINEAR) to CIELAB (D65). */
static void
to_lab (const double rgb[3],
        gboolean     linear,
        double       lab[3])
{
  double r = linear ? rgb[0] : to_linear (rgb[0]);
  double g = linear ? rgb[1] : to_linear (rgb[1]);
  double b = linear ? rgb[2] : to_linear (rgb[2]);
  double fx = lab_f ((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  double fy = lab_f (0.2126 * r + 0.7152 * g + 0.0722 * b);
  double fz = lab_f ((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);

  lab[0] = 116 * fy - 16;
  lab[1] = 500 * (fx - fy);
  lab[2] = 200 * (fy - fz);
}

static double
delta_e (const double a[3],
         const double b[3])
{
  return sqrt ((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1])
               + (a[2] - b[2]) * (a[2] - b[2]));
}

/* Machado et al. (2009), severity 1.0, on linear RGB. */
static const double deficiency[3][3][3] = {
  { { 0.152286, 1.052583, -0.204868 }, { 0.114503, 0.786281, 0.099216 },
    { -0.003882, -0.048116, 1.051998 } },                                  /* protanopia */
  { { 0.367322, 0.860646, -0.227968 }, { 0.280085, 0.672501, 0.047413 },
    { -0.011820, 0.042940, 0.968881 } },                                   /* deuteranopia */
  { { 1.255528, -0.076749, -0.178779 }, { -0.078411, 0.930809, 0.147602 },
    { 0.004733, 0.691367, 0.303900 } },                                    /* tritanopia */
};
static const char *const deficiency_names[] = { "protanopia", "deuteranopia", "tritanopia" };

/* The mode's colour in CIELAB, as seen with deficiency D (−1: none). */
static void
mode_lab (LzMode   mode,
          gboolean dark,
          int      d,
          double   lab[3])
{
  double rgb[3], lin[3];

  luztar_mode_get_color (mode, dark, rgb);
  if (d < 0)
    {
      to_lab (rgb, FALSE, lab);
      return;
    }
  for (int i = 0; i < 3; i++)
    {
      lin[i] = 0;
      for (int j = 0; j < 3; j++)
        lin[i] += deficiency[d][i][j] * to_linear (rgb[j]);
      lin[i] = CLAMP (lin[i], 0, 1);
    }
  to_lab (lin, TRUE, lab);
}

/* No two modes with the same hue; greys (at most one) apart in lightness
 * from the neutral grey of an element without a mode. */
static void
test_palette_hues (void)
{
  for (int dark = 0; dark <= 1; dark++)
    {
      guint greys = 0;
      double none[3];

      mode_lab (LZ_MODE_NONE, dark, -1, none);
      for (int a = LZ_MODE_NONE + 1; a < LZ_MODE_N_MODES; a++)
        {
          double la[3];

          mode_lab (a, dark, -1, la);
          if (hypot (la[1], la[2]) < ACHROMATIC_CHROMA)
            {
              greys++;
              g_assert_cmpfloat (fabs (la[0] - none[0]), >=, 10);
              continue;
            }
          for (int b = a + 1; b < LZ_MODE_N_MODES; b++)
            {
              double lb[3], ha, hb, dh;

              mode_lab (b, dark, -1, lb);
              if (delta_e (la, lb) < MIN_DELTA_E)
                g_error ("%s: “%s” and “%s” are only ΔE %.1f apart", dark ? "dark" : "light",
                         lz_mode_to_string (a), lz_mode_to_string (b), delta_e (la, lb));
              if (hypot (lb[1], lb[2]) < ACHROMATIC_CHROMA)
                continue;
              ha = atan2 (la[2], la[1]) * 180 / G_PI;
              hb = atan2 (lb[2], lb[1]) * 180 / G_PI;
              dh = fmod (fabs (ha - hb), 360);
              dh = MIN (dh, 360 - dh);
              if (dh < MIN_HUE_DEGREES)
                g_error ("%s: “%s” and “%s” share a hue (%.1f° apart)", dark ? "dark" : "light",
                         lz_mode_to_string (a), lz_mode_to_string (b), dh);
            }
        }
      g_assert_cmpuint (greys, <=, 1);
    }
}

/* The modes of one element, as readers with each deficiency see them. */
static void
test_palette_deficiencies (void)
{
  static const LzElement kinds[] = {
    { .item.kind = LZ_ITEM_FRICTION }, { .item.kind = LZ_ITEM_STOP },
    { .item.kind = LZ_ITEM_SPRING, .spring.freeplay = 0.01 }, { .item.kind = LZ_ITEM_CONTACT },
  };

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      LzMode modes[LUZTAR_MAX_ELEMENT_MODES];
      guint n = luztar_modes_of_element (&kinds[k], modes);

      g_assert_cmpuint (n, >=, 2);
      for (int dark = 0; dark <= 1; dark++)
        for (int d = 0; d < 3; d++)
          for (guint a = 0; a < n; a++)
            for (guint b = a + 1; b < n; b++)
              {
                double la[3], lb[3];

                mode_lab (modes[a], dark, d, la);
                mode_lab (modes[b], dark, d, lb);
                if (delta_e (la, lb) < MIN_DELTA_E_DEFICIENT)
                  g_error ("%s, %s: “%s” and “%s” look alike (ΔE %.1f)", deficiency_names[d],
                           dark ? "dark" : "light", lz_mode_to_string (modes[a]),
                           lz_mode_to_string (modes[b]), delta_e (la, lb));
              }
    }
}

/* How many pixels of the rectangle have each mode's colour (COUNTS per
 * mode); each pixel is converted once, the background skipped. */
static void
count_mode_pixels (cairo_surface_t *surface,
                   gboolean         dark,
                   int              x0,
                   int              y0,
                   int              x1,
                   int              y1,
                   guint            counts[LZ_MODE_N_MODES])
{
  int stride = cairo_image_surface_get_stride (surface);
  const guint8 *data = cairo_image_surface_get_data (surface);
  double want[LZ_MODE_N_MODES][3];
  guint32 last = 0;
  gboolean have_last = FALSE;
  int last_mode = -1;

  cairo_surface_flush (surface);
  for (int m = 0; m < LZ_MODE_N_MODES; m++)
    {
      counts[m] = 0;
      mode_lab (m, dark, -1, want[m]);
    }
  x1 = MIN (x1, cairo_image_surface_get_width (surface));
  y1 = MIN (y1, cairo_image_surface_get_height (surface));
  for (int y = MAX (y0, 0); y < y1; y++)
    for (int x = MAX (x0, 0); x < x1; x++)
      {
        guint32 p = *(const guint32 *) (data + y * stride + 4 * x) & 0xffffff;

        if (!have_last || p != last)
          {
            double rgb[3] = { ((p >> 16) & 0xff) / 255.0, ((p >> 8) & 0xff) / 255.0,
                              (p & 0xff) / 255.0 };
            double lab[3];

            to_lab (rgb, FALSE, lab);
            last_mode = -1;
            for (int m = LZ_MODE_NONE + 1; m < LZ_MODE_N_MODES; m++)
              if (delta_e (lab, want[m]) < SAME_COLOUR_DELTA_E)
                last_mode = m;
            last = p;
            have_last = TRUE;
          }
        if (last_mode >= 0)
          counts[last_mode]++;
      }
}

/* Before a run, every example is drawn without a mode's colour. */
static void
test_neutral_before_run (void)
{
  g_autoptr(GDir) dir = g_dir_open (g_getenv ("LUZTAR_EXAMPLES_DIR"), 0, NULL);
  const char *name;

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autoptr(LzModel) model = NULL;
      g_autofree char *path = NULL;

      if (!g_str_has_suffix (name, ".luztar"))
        continue;
      path = g_build_filename (g_getenv ("LUZTAR_EXAMPLES_DIR"), name, NULL);
      model = app_test_load_path (path);
      for (int dark = 0; dark <= 1; dark++)
        {
          cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 900, 400);
          cairo_t *cr = cairo_create (surface);
          LuztarDrawStyle style = { dark, 1.0, NULL };
          double x0, y0, x1, y1;
          LuztarPoint *gp = g_new0 (LuztarPoint, MAX (lz_model_get_n_grounds (model), 1));
          LuztarPoint *bp = g_new0 (LuztarPoint, MAX (lz_model_get_n_bodies (model), 1));
          guint counts[LZ_MODE_N_MODES];

          luztar_symbols_layout (model, gp, bp, &x0, &y0, &x1, &y1);
          style.scale = MIN (860 / MAX (x1 - x0, 1), 360 / MAX (y1 - y0, 1));
          cairo_set_source_rgb (cr, dark ? 0.12 : 0.98, dark ? 0.12 : 0.98, dark ? 0.12 : 0.98);
          cairo_paint (cr);
          cairo_translate (cr, 450, 200);
          cairo_scale (cr, style.scale, style.scale);
          cairo_translate (cr, -(x0 + x1) / 2, -(y0 + y1) / 2);
          luztar_symbols_draw_model (cr, model, &style);
          cairo_destroy (cr);
          count_mode_pixels (surface, dark, 0, 0, 900, 400, counts);
          for (int m = LZ_MODE_NONE + 1; m < LZ_MODE_N_MODES; m++)
            {
              double lab[3];
              guint n = counts[m];

              /* a grey mode (free) is neutral already: ink and labels are grey */
              mode_lab (m, dark, -1, lab);
              if (hypot (lab[1], lab[2]) < ACHROMATIC_CHROMA)
                continue;

              /* the body's blue and the labels' grey antialiasing may
               * brush a colour on a few pixels; a symbol drawn in it
               * would cover hundreds */
              if (n > 40)
                g_error ("%s (%s): %u pixels in the colour of “%s” before a run", name,
                         dark ? "dark" : "light", n, lz_mode_to_string (m));
            }
          cairo_surface_destroy (surface);
          g_free (gp);
          g_free (bp);
        }
    }
}

/* The classroom model run through the window: the canvas shows the legend
 * in its lower-left corner with a badge for each of the eight modes of its
 * friction, stop and freeplay (and none of a damped contact's, which it
 * does not have). */
static void
test_legend_during_run (void)
{
  LuztarWindow *window = g_object_new (LUZTAR_TYPE_WINDOW, NULL);
  g_autofree char *path = g_build_filename (g_getenv ("LUZTAR_EXAMPLES_DIR"), "freeplay-pair.luztar", NULL);
  g_autofree char *png = g_build_filename (g_getenv ("LUZTAR_BUILD_ROOT"), "test-artifacts",
                                          "modes-canvas-run.png", NULL);
  GtkWidget *canvas;
  cairo_surface_t *image;
  guint counts[LZ_MODE_N_MODES];
  int h;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (luztar_window_open_example (window, path));
  canvas = app_test_find_type (GTK_WIDGET (window), LUZTAR_TYPE_CANVAS);
  app_test_wait_for_layout (canvas);
  g_action_group_activate_action (G_ACTION_GROUP (window), "run", NULL);
  app_test_turn_main_loop (2500);
  g_action_group_activate_action (G_ACTION_GROUP (window), "pause", NULL);
  app_test_turn_main_loop (300);
  app_test_save_png (canvas, NULL, "modes-canvas-run.png");
  app_test_save_png (GTK_WIDGET (window), NULL, "modes-window-run.png");
  image = app_test_load_png (png);
  g_assert_nonnull (image);
  h = cairo_image_surface_get_height (image);
  count_mode_pixels (image, FALSE, 0, h - 100, 400, h, counts);
  for (int m = LZ_MODE_NONE + 1; m < LZ_MODE_N_MODES; m++)
    {
      /* a badge is some 40 × 16 pixels of its colour */
      guint n = counts[m];
      gboolean in_model = m != LZ_MODE_PRESSED_LOWER && m != LZ_MODE_PRESSED_UPPER;

      if (in_model && n < 100)
        g_error ("the legend has no badge of “%s” (%u pixels)", lz_mode_to_string (m), n);
      if (!in_model && n >= 100)
        g_error ("the legend shows “%s”, a mode the model has not (%u pixels)", lz_mode_to_string (m), n);
    }
  cairo_surface_destroy (image);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  app_test_init (&argc, &argv);
  g_test_add_func ("/modes/palette/hues", test_palette_hues);
  g_test_add_func ("/modes/palette/deficiencies", test_palette_deficiencies);
  g_test_add_func ("/modes/neutral-before-run", test_neutral_before_run);
  g_test_add_func ("/modes/legend-during-run", test_legend_during_run);
  return g_test_run ();
}
