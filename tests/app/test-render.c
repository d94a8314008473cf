/* test-render.c — screenshot tests of the canvas symbols: every model in
 * tests/app/render-models/ drawn with cairo (as the canvas draws it) and
 * compared with the reviewed references in tests/app/reference/
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each model is drawn by luztar_symbols_draw_model() into a WIDTH × HEIGHT
 * image, fitted the way luztar-canvas.c draw_model() fits it (scaled to
 * fit with a margin, centred, on the canvas background), in the light and
 * in the dark style, and compared with reference/<model>-light.png and
 * reference/<model>-dark.png.  A pixel differs when one of its channels is
 * off by more than CHANNEL_TOLERANCE; the test fails when more than
 * MAX_DIFF_FRACTION of the pixels differ.  On failure the actual image, the
 * reference and a diff image (differing pixels in red over a faded copy of
 * the reference) go to $LUZTAR_TEST_ARTIFACTS (build/test-artifacts from
 * meson; a temporary directory otherwise) and their paths are printed.
 *
 * Besides the comparison, every rendering must pass a sanity check that
 * does not depend on the references: enough ink and distinct colours,
 * ink spread over the fitted drawing, and the body colour at each block.
 *
 * Text is drawn with Pango in the family "Sans"; the font options are
 * pinned (grey antialiasing, no hinting, no metric hinting) so that the
 * output does not depend on the desktop's settings.  The references were
 * made with REFERENCE_FONT; when "Sans" resolves to another family, the
 * comparison is skipped (the sanity check still runs).
 *
 * To write the references instead of comparing (after a deliberate
 * change of the drawing; review every new image before committing it, see
 * tests/app/reference/README.md):
 *
 *   LUZTAR_UPDATE_PICTURES=1 meson test -C build render
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <cairo.h>
#include <pango/pangocairo.h>
#include <glib/gstdio.h>

#include "lz.h"
#include "canvas/luztar-symbols.h"
#include "sim/luztar-modes.h"
#include "app-test-util.h"

/* The tolerance.  Here the same build draws the same pixels (0 differ),
 * so the budget is for other machines: CHANNEL_TOLERANCE absorbs rounding
 * differences of pixman/cairo in antialiased edges; MAX_DIFF_FRACTION
 * absorbs moved glyph edges.  Measured on these models: drawing the text
 * with slight instead of no hinting changes 140–350 pixels (up to 0.17 %),
 * full hinting with hinted metrics 300–680 (0.33 %, not expected since the
 * options are pinned); erasing one whole element (the spring with
 * freeplay and its label, see test_checks_can_fail) changes about 1300
 * (0.64 %).  0.25 % lets the first through with room to spare and fails
 * the last by a factor 2.5.  Smaller defects (a missing pin, a
 * 40 × 40 pixel patch: about 420 pixels) are below this budget. */
#define WIDTH              640
#define HEIGHT             320
#define MARGIN             48.0          /* as in luztar-canvas.c */
#define CHANNEL_TOLERANCE  8             /* of 255 */
#define MAX_DIFF_FRACTION  0.0025        /* of all pixels: 512 of 640 × 320 */
#define INK_THRESHOLD      48            /* a channel this far from the background is ink */
#define REFERENCE_FONT     "DejaVu Sans"

typedef struct
{
  char    *model;        /* file name without .luztar */
  gboolean dark;
} RenderCase;

/* Where the model landed in the image: pixel = centre + scale · (model − mid) */
typedef struct
{
  double scale, mid_x, mid_y;
  double x0, y0, x1, y1;                 /* the layout's box, in pixels */
} Fit;

static gboolean reference_font_ok;
static char *font_family;

static void
render_case_free (gpointer data)
{
  RenderCase *rc = data;

  g_free (rc->model);
  g_free (rc);
}

static const char *
style_name (gboolean dark)
{
  return dark ? "dark" : "light";
}

static LzModel *
load_model (const char *name)
{
  g_autofree char *file = g_strconcat (name, ".luztar", NULL);
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "render-models", file, NULL);

  return app_test_load_path (path);
}

static void
background (gboolean dark,
            guint8   rgb[3])
{
  /* the canvas background of luztar-canvas.c */
  rgb[0] = rgb[1] = rgb[2] = (guint8) lround ((dark ? 0.12 : 0.98) * 255);
}

static double
px_x (const Fit *fit,
      double     x)
{
  return WIDTH / 2.0 + fit->scale * (x - fit->mid_x);
}

static double
px_y (const Fit *fit,
      double     y)
{
  return HEIGHT / 2.0 + fit->scale * (y - fit->mid_y);
}

/* The model drawn as the canvas draws it (without the grid). */
static cairo_surface_t *
render_state (const LzModel         *model,
              gboolean               dark,
              const LuztarAnimation *animation,
              Fit                   *fit)
{
  guint ng = lz_model_get_n_grounds (model), nb = lz_model_get_n_bodies (model);
  g_autofree LuztarPoint *gp = g_new0 (LuztarPoint, MAX (ng, 1));
  g_autofree LuztarPoint *bp = g_new0 (LuztarPoint, MAX (nb, 1));
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  cairo_font_options_t *options = cairo_font_options_create ();
  LuztarDrawStyle style = { dark, 1.0, animation };
  double x0, y0, x1, y1, scale, grey = dark ? 0.12 : 0.98;

  /* stable text whatever the desktop says */
  cairo_font_options_set_antialias (options, CAIRO_ANTIALIAS_GRAY);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_subpixel_order (options, CAIRO_SUBPIXEL_ORDER_DEFAULT);
  cairo_set_font_options (cr, options);
  cairo_font_options_destroy (options);

  cairo_set_source_rgb (cr, grey, grey, grey);
  cairo_paint (cr);

  luztar_symbols_layout (model, gp, bp, &x0, &y0, &x1, &y1);
  scale = MIN ((WIDTH - 2 * MARGIN) / MAX (x1 - x0, 1), (HEIGHT - 2 * MARGIN) / MAX (y1 - y0, 1));
  scale = CLAMP (scale, 0.2, 2.0);
  style.scale = scale;
  fit->scale = scale;
  fit->mid_x = (x0 + x1) / 2;
  fit->mid_y = (y0 + y1) / 2;
  fit->x0 = px_x (fit, x0);
  fit->x1 = px_x (fit, x1);
  fit->y0 = px_y (fit, y0);
  fit->y1 = px_y (fit, y1);

  cairo_save (cr);
  cairo_translate (cr, WIDTH / 2.0, HEIGHT / 2.0);
  cairo_scale (cr, scale, scale);
  cairo_translate (cr, -fit->mid_x, -fit->mid_y);
  luztar_symbols_draw_model (cr, model, &style);
  cairo_restore (cr);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static cairo_surface_t *
render (const LzModel *model,
        gboolean       dark,
        Fit           *fit)
{
  return render_state (model, dark, NULL, fit);
}

static void
get_rgb (cairo_surface_t *surface,
         int              x,
         int              y,
         guint8           rgb[3])
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint32 v = *(const guint32 *) (const void *) (data + (gsize) y * stride + 4 * x);

  rgb[0] = (v >> 16) & 0xff;
  rgb[1] = (v >> 8) & 0xff;
  rgb[2] = v & 0xff;
}

static void
set_rgb (cairo_surface_t *surface,
         int              x,
         int              y,
         guint8           r,
         guint8           g,
         guint8           b)
{
  guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);

  *(guint32 *) (void *) (data + (gsize) y * stride + 4 * x) = 0xff000000u | (guint32) r << 16
                                                               | (guint32) g << 8 | b;
}

static int
channel_distance (const guint8 a[3],
                  const guint8 b[3])
{
  int d = 0;

  for (int c = 0; c < 3; c++)
    d = MAX (d, ABS ((int) a[c] - (int) b[c]));
  return d;
}

typedef struct
{
  guint n_differ;            /* pixels with a channel off by more than the tolerance */
  int   max_distance;        /* the largest channel difference */
} Comparison;

/* Compares two images of the same size; fills DIFF (if not NULL) with the
 * differing pixels in red over a faded copy of EXPECTED. */
static Comparison
compare (cairo_surface_t *actual,
         cairo_surface_t *expected,
         cairo_surface_t *diff)
{
  Comparison result = { 0, 0 };

  for (int y = 0; y < HEIGHT; y++)
    for (int x = 0; x < WIDTH; x++)
      {
        guint8 a[3], e[3];
        int d;

        get_rgb (actual, x, y, a);
        get_rgb (expected, x, y, e);
        d = channel_distance (a, e);
        result.max_distance = MAX (result.max_distance, d);
        if (d > CHANNEL_TOLERANCE)
          result.n_differ++;
        if (diff != NULL)
          {
            if (d > CHANNEL_TOLERANCE)
              set_rgb (diff, x, y, (guint8) MIN (255, 128 + d), 0, 0);
            else
              {
                guint8 grey = (guint8) (192 + ((int) e[0] + e[1] + e[2]) / 12);

                set_rgb (diff, x, y, grey, grey, grey);
              }
          }
      }
  if (diff != NULL)
    cairo_surface_mark_dirty (diff);
  return result;
}

static gboolean
within_tolerance (const Comparison *c)
{
  return c->n_differ <= MAX_DIFF_FRACTION * WIDTH * HEIGHT;
}

static void
write_png (cairo_surface_t *surface,
           const char      *path)
{
  cairo_status_t status = cairo_surface_write_to_png (surface, path);

  if (status != CAIRO_STATUS_SUCCESS)
    g_error ("cannot write %s: %s", path, cairo_status_to_string (status));
}

/* ------------------------------------------------------------------------ */
/* The sanity check: a rendering that is not blank, whatever the references */

typedef struct
{
  guint n_ink;               /* pixels far from the background */
  guint n_ink_inside;        /* of those, inside the layout box (a little enlarged) */
  guint n_colours;           /* distinct colours */
  int   ink_x0, ink_x1;      /* the columns with ink */
} InkStats;

static InkStats
ink_stats (cairo_surface_t *surface,
           gboolean         dark,
           const Fit       *fit)
{
  InkStats s = { 0, 0, 0, WIDTH, -1 };
  g_autoptr(GHashTable) colours = g_hash_table_new (NULL, NULL);
  guint8 bg[3];

  background (dark, bg);
  for (int y = 0; y < HEIGHT; y++)
    for (int x = 0; x < WIDTH; x++)
      {
        guint8 p[3];

        get_rgb (surface, x, y, p);
        g_hash_table_add (colours, GUINT_TO_POINTER ((guint) p[0] << 16 | (guint) p[1] << 8 | p[2]));
        if (channel_distance (p, bg) <= INK_THRESHOLD)
          continue;
        s.n_ink++;
        s.ink_x0 = MIN (s.ink_x0, x);
        s.ink_x1 = MAX (s.ink_x1, x);
        if (x >= fit->x0 - 24 && x <= fit->x1 + 24 && y >= fit->y0 - 24 && y <= fit->y1 + 24)
          s.n_ink_inside++;
      }
  s.n_colours = g_hash_table_size (colours);
  return s;
}

/* Returns NULL when the rendering looks like a drawing of MODEL, or why not. */
static char *
sanity_problem (cairo_surface_t *surface,
                const LzModel   *model,
                gboolean         dark,
                const Fit       *fit)
{
  InkStats s = ink_stats (surface, dark, fit);
  guint nb = lz_model_get_n_bodies (model), ng = lz_model_get_n_grounds (model);
  g_autofree LuztarPoint *gp = g_new0 (LuztarPoint, MAX (ng, 1));
  g_autofree LuztarPoint *bp = g_new0 (LuztarPoint, MAX (nb, 1));
  double x0, y0, x1, y1;
  guint8 bg[3];

  background (dark, bg);
  if (s.n_ink < 0.01 * WIDTH * HEIGHT)
    return g_strdup_printf ("only %u ink pixels (%.2f %%)", s.n_ink, 100.0 * s.n_ink / (WIDTH * HEIGHT));
  if (s.n_colours < 32)
    return g_strdup_printf ("only %u distinct colours", s.n_colours);
  if (s.n_ink_inside < 0.98 * s.n_ink)
    return g_strdup_printf ("%u of %u ink pixels outside the fitted drawing",
                            s.n_ink - s.n_ink_inside, s.n_ink);
  if (s.ink_x1 - s.ink_x0 < 0.6 * (fit->x1 - fit->x0))
    return g_strdup_printf ("the ink spans columns %d–%d only, the drawing %.0f–%.0f",
                            s.ink_x0, s.ink_x1, fit->x0, fit->x1);
  /* the body colour (blue, or grey for a massless joint) at every body,
   * a little off centre: the centre holds the label */
  luztar_symbols_layout (model, gp, bp, &x0, &y0, &x1, &y1);
  for (guint i = 0; i < nb; i++)
    {
      const LzBody *b = lz_model_get_body (model, i);
      int x = (int) lround (px_x (fit, bp[i].x - 15)), y = (int) lround (px_y (fit, bp[i].y + 10));
      guint8 p[3];
      gboolean ok;

      get_rgb (surface, x, y, p);
      ok = b->mass > 0 ? p[2] > p[0] + 60                                          /* blue */
                       : ABS (p[0] - p[1]) <= 12 && ABS (p[1] - p[2]) <= 12        /* grey */
                         && channel_distance (p, bg) > INK_THRESHOLD;
      if (!ok)
        return g_strdup_printf ("body %s: colour #%02x%02x%02x at (%d, %d)", b->item.id, p[0], p[1], p[2], x, y);
    }
  return NULL;
}

/* ------------------------------------------------------------------------ */

static void
test_render (gconstpointer data)
{
  const RenderCase *rc = data;
  g_autoptr(LzModel) model = load_model (rc->model);
  g_autofree char *base = g_strdup_printf ("%s-%s", rc->model, style_name (rc->dark));
  g_autofree char *png = g_strconcat (base, ".png", NULL);
  g_autofree char *reference_path = g_test_build_filename (G_TEST_DIST, "reference", png, NULL);
  g_autofree char *problem = NULL;
  cairo_surface_t *actual, *expected;
  Fit fit;

  actual = render (model, rc->dark, &fit);
  g_test_message ("%s: scale %.3f, layout box (%.0f, %.0f)–(%.0f, %.0f) px", base, fit.scale,
                  fit.x0, fit.y0, fit.x1, fit.y1);

  problem = sanity_problem (actual, model, rc->dark, &fit);
  if (problem != NULL)
    {
      g_autofree char *dir = app_test_artifacts_dir ("render");
      g_autofree char *file = g_strconcat (base, "-actual.png", NULL);
      g_autofree char *path = g_build_filename (dir, file, NULL);

      write_png (actual, path);
      cairo_surface_destroy (actual);
      g_test_fail_printf ("%s does not look like a drawing: %s (image: %s)", base, problem, path);
      return;
    }

  if (app_test_update_pictures ())
    {
      write_png (actual, reference_path);
      g_test_message ("wrote %s: review it before committing", reference_path);
      cairo_surface_destroy (actual);
      return;
    }

  expected = app_test_load_png (reference_path);
  if (expected == NULL
      || cairo_image_surface_get_width (expected) != WIDTH
      || cairo_image_surface_get_height (expected) != HEIGHT)
    {
      g_autofree char *dir = app_test_artifacts_dir ("render");
      g_autofree char *file = g_strconcat (base, "-actual.png", NULL);
      g_autofree char *path = g_build_filename (dir, file, NULL);

      write_png (actual, path);
      cairo_surface_destroy (actual);
      if (expected != NULL)
        cairo_surface_destroy (expected);
      g_test_fail_printf ("%s: no usable %d×%d reference %s (actual image: %s; "
                          "LUZTAR_UPDATE_PICTURES=1 writes it)", base, WIDTH, HEIGHT,
                          reference_path, path);
      return;
    }

  if (!reference_font_ok)
    {
      g_test_skip_printf ("“Sans” is %s here, the references were made with %s",
                          font_family, REFERENCE_FONT);
      cairo_surface_destroy (actual);
      cairo_surface_destroy (expected);
      return;
    }

  {
    cairo_surface_t *diff = cairo_image_surface_create (CAIRO_FORMAT_RGB24, WIDTH, HEIGHT);
    Comparison c;

    cairo_surface_flush (diff);
    c = compare (actual, expected, diff);
    g_test_message ("%s: %u pixels differ (tolerance %u), largest channel difference %d",
                    base, c.n_differ, (guint) (MAX_DIFF_FRACTION * WIDTH * HEIGHT), c.max_distance);
    if (!within_tolerance (&c))
      {
        g_autofree char *dir = app_test_artifacts_dir ("render");
        g_autofree char *actual_file = g_strconcat (base, "-actual.png", NULL);
        g_autofree char *expected_file = g_strconcat (base, "-expected.png", NULL);
        g_autofree char *diff_file = g_strconcat (base, "-diff.png", NULL);
        g_autofree char *actual_path = g_build_filename (dir, actual_file, NULL);
        g_autofree char *expected_path = g_build_filename (dir, expected_file, NULL);
        g_autofree char *diff_path = g_build_filename (dir, diff_file, NULL);

        write_png (actual, actual_path);
        write_png (expected, expected_path);
        write_png (diff, diff_path);
        g_test_fail_printf ("%s: %u of %d pixels (%.3f %%) differ from %s by more than %d/255 "
                            "(at most %.2f %% may); actual: %s, diff: %s",
                            base, c.n_differ, WIDTH * HEIGHT, 100.0 * c.n_differ / (WIDTH * HEIGHT),
                            reference_path, CHANNEL_TOLERANCE, 100 * MAX_DIFF_FRACTION,
                            actual_path, diff_path);
      }
    cairo_surface_destroy (diff);
  }
  cairo_surface_destroy (actual);
  cairo_surface_destroy (expected);
}

/* The checks themselves can fail: a blank image fails the sanity check; a
 * rendering with a symbol painted over (a 40 × 40 patch) fails the
 * comparison, and one with every channel nudged within the tolerance
 * passes it. */
static void
test_checks_can_fail (void)
{
  g_autoptr(LzModel) model = load_model ("springs");
  cairo_surface_t *good, *bad, *blank;
  g_autofree char *problem = NULL;
  Comparison c;
  cairo_t *cr;
  Fit fit, blank_fit;

  good = render (model, FALSE, &fit);
  blank_fit = fit;

  blank = cairo_image_surface_create (CAIRO_FORMAT_RGB24, WIDTH, HEIGHT);
  cr = cairo_create (blank);
  cairo_set_source_rgb (cr, 0.98, 0.98, 0.98);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_flush (blank);
  problem = sanity_problem (blank, model, FALSE, &blank_fit);
  g_assert_nonnull (problem);
  g_test_message ("blank image: %s", problem);
  g_assert_null (sanity_problem (good, model, FALSE, &fit));

  /* the spring with freeplay between the blocks, with its label, covered
   * by the background: a whole element missing */
  bad = cairo_image_surface_create (CAIRO_FORMAT_RGB24, WIDTH, HEIGHT);
  cr = cairo_create (bad);
  cairo_set_source_surface (cr, good, 0, 0);
  cairo_paint (cr);
  cairo_set_source_rgb (cr, 0.98, 0.98, 0.98);
  cairo_rectangle (cr, round (px_x (&fit, 200 + 34)), round (px_y (&fit, 120 - 30)),
                   round (fit.scale * (400 - 200 - 2 * 34)), round (fit.scale * 60));
  cairo_fill (cr);
  cairo_destroy (cr);
  cairo_surface_flush (bad);
  c = compare (bad, good, NULL);
  g_test_message ("image without an element: %u pixels differ", c.n_differ);
  g_assert_false (within_tolerance (&c));

  /* within the tolerance everywhere */
  for (int y = 0; y < HEIGHT; y++)
    for (int x = 0; x < WIDTH; x++)
      {
        guint8 p[3];

        get_rgb (good, x, y, p);
        set_rgb (bad, x, y, p[0] > 127 ? p[0] - CHANNEL_TOLERANCE : p[0] + CHANNEL_TOLERANCE,
                 p[1], p[2] > 127 ? p[2] - CHANNEL_TOLERANCE : p[2] + CHANNEL_TOLERANCE);
      }
  cairo_surface_mark_dirty (bad);
  c = compare (bad, good, NULL);
  g_assert_cmpuint (c.n_differ, ==, 0);
  g_assert_cmpint (c.max_distance, ==, CHANNEL_TOLERANCE);
  g_assert_true (within_tolerance (&c));

  cairo_surface_destroy (good);
  cairo_surface_destroy (bad);
  cairo_surface_destroy (blank);
}

/* Between them the models show every kind of item and every variant the
 * symbols draw differently. */
static void
test_coverage (gconstpointer data)
{
  const GPtrArray *models = data;
  enum
  {
    GROUND_FIXED, GROUND_MOVING, MASS_LABELLED, MASSLESS, INERTIA,
    SPRING_LINEAR, SPRING_FREEPLAY, DAMPER, FRICTION, STOP_FINITE, STOP_HALF_INFINITE,
    GEAR_ROTATIONAL, FORCE, PRESCRIBED, ACTUATOR, CONTACT, BACKLASH, N_FEATURES
  };
  static const char *const names[N_FEATURES] = {
    "fixed ground", "moving ground", "labelled mass block", "massless joint", "inertia disc",
    "linear spring", "spring with freeplay", "damper", "friction", "stop with two limits",
    "stop with an infinite limit", "gear pair between rotational bodies", "force",
    "prescribed motion", "actuator", "damped contact", "backlash",
  };
  gboolean seen[N_FEATURES] = { FALSE };

  for (guint m = 0; m < models->len; m++)
    {
      g_autoptr(LzModel) model = load_model (g_ptr_array_index (models, m));

      for (guint i = 0; i < lz_model_get_n_grounds (model); i++)
        seen[lz_model_get_ground (model, i)->motion != NULL ? GROUND_MOVING : GROUND_FIXED] = TRUE;
      for (guint i = 0; i < lz_model_get_n_bodies (model); i++)
        {
          const LzBody *b = lz_model_get_body (model, i);

          if (b->kind == LZ_BODY_ROTATIONAL)
            seen[INERTIA] = TRUE;
          else if (b->mass == 0)
            seen[MASSLESS] = TRUE;
          else if (b->item.label != NULL)
            seen[MASS_LABELLED] = TRUE;
        }
      for (guint i = 0; i < lz_model_get_n_elements (model); i++)
        {
          const LzElement *el = lz_model_get_element (model, i);

          switch (el->item.kind)
            {
            case LZ_ITEM_SPRING:
              seen[el->spring.freeplay > 0 ? SPRING_FREEPLAY : SPRING_LINEAR] = TRUE;
              break;
            case LZ_ITEM_DAMPER:
              seen[DAMPER] = TRUE;
              break;
            case LZ_ITEM_FRICTION:
              seen[FRICTION] = TRUE;
              break;
            case LZ_ITEM_STOP:
              if (isfinite (el->stop.lower) && isfinite (el->stop.upper))
                seen[STOP_FINITE] = TRUE;
              else if (isfinite (el->stop.lower) || isfinite (el->stop.upper))
                seen[STOP_HALF_INFINITE] = TRUE;
              break;
            case LZ_ITEM_GEAR:
              {
                int a = lz_model_get_body_index (model, el->a), b = lz_model_get_body_index (model, el->b);

                if (a >= 0 && b >= 0
                    && lz_model_get_body (model, (guint) a)->kind == LZ_BODY_ROTATIONAL
                    && lz_model_get_body (model, (guint) b)->kind == LZ_BODY_ROTATIONAL)
                  seen[GEAR_ROTATIONAL] = TRUE;
              }
              break;
            case LZ_ITEM_CONTACT:
              seen[CONTACT] = TRUE;
              break;
            case LZ_ITEM_BACKLASH:
              seen[BACKLASH] = TRUE;
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
      for (guint i = 0; i < lz_model_get_n_sources (model); i++)
        {
          LzItemKind kind = lz_model_get_source (model, i)->item.kind;

          seen[kind == LZ_ITEM_FORCE ? FORCE : kind == LZ_ITEM_PRESCRIBED ? PRESCRIBED : ACTUATOR] = TRUE;
        }
    }
  for (int f = 0; f < N_FEATURES; f++)
    if (!seen[f])
      g_test_fail_printf ("no render model has a %s", names[f]);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* Pixels of SURFACE within TOLERANCE of the colour RGB (in [0, 1]). */
static guint
count_colour (cairo_surface_t *surface,
              const double     rgb[3],
              int              tolerance)
{
  guint8 want[3] = { (guint8) lround (rgb[0] * 255), (guint8) lround (rgb[1] * 255),
                     (guint8) lround (rgb[2] * 255) };
  guint n = 0;

  for (int y = 0; y < HEIGHT; y++)
    for (int x = 0; x < WIDTH; x++)
      {
        guint8 p[3];

        get_rgb (surface, x, y, p);
        if (channel_distance (p, want) <= tolerance)
          n++;
      }
  return n;
}

static gboolean
is_body_blue (cairo_surface_t *surface,
              const Fit       *fit,
              double           x,
              double           y)
{
  guint8 p[3];

  get_rgb (surface, (int) lround (px_x (fit, x)), (int) lround (px_y (fit, y)), p);
  return p[2] > p[0] + 60;
}

/* A state of a run drawn over the model: the masses are where q puts
 * them (scale · q along x), the friction pads wear the colours of their
 * modes, an impact glows; the model at rest has none of that. */
static void
test_animation (void)
{
  g_autoptr(LzModel) model = load_model ("damper-friction");
  const double body_q[] = { 0.5, -0.25 };
  const LzMode modes[] = { LZ_MODE_NONE, LZ_MODE_STICK, LZ_MODE_SLIP_NEG };
  const double flash[] = { 0, 0, 1 };
  LuztarAnimation animation = { body_q, NULL, modes, NULL, 100 };
  cairo_surface_t *rest, *moved, *flashing;
  double stick[3], slip[3];
  Fit fit_rest, fit_moved, fit_flash;
  guint n_stick_rest, n_stick, n_slip_rest, n_slip;

  for (gboolean dark = FALSE; dark <= TRUE; dark++)
    {
      luztar_mode_get_color (LZ_MODE_STICK, dark, stick);
      luztar_mode_get_color (LZ_MODE_SLIP_NEG, dark, slip);
      rest = render (model, dark, &fit_rest);
      moved = render_state (model, dark, &animation, &fit_moved);
      /* m1 at 200 + 50, m2 at 400 − 25 (model units), at the same fit */
      g_assert_cmpfloat (fit_moved.scale, ==, fit_rest.scale);
      g_assert_true (is_body_blue (rest, &fit_rest, 200 - 20, 130));
      g_assert_false (is_body_blue (moved, &fit_moved, 200 - 20, 130));
      g_assert_true (is_body_blue (moved, &fit_moved, 250 + 20, 130));
      g_assert_true (is_body_blue (rest, &fit_rest, 400 + 20, 130));
      g_assert_false (is_body_blue (moved, &fit_moved, 400 + 20, 130));
      g_assert_true (is_body_blue (moved, &fit_moved, 375 - 20, 130));
      /* the modes' colours are drawn, and only over a run */
      n_stick_rest = count_colour (rest, stick, 10);
      n_stick = count_colour (moved, stick, 10);
      n_slip_rest = count_colour (rest, slip, 10);
      n_slip = count_colour (moved, slip, 10);
      g_test_message ("%s: stick colour %u px (at rest %u), slip− colour %u px (at rest %u)",
                      dark ? "dark" : "light", n_stick, n_stick_rest, n_slip, n_slip_rest);
      g_assert_cmpuint (n_stick, >, 100);
      g_assert_cmpuint (n_slip, >, 100);
      g_assert_cmpuint (n_stick_rest, <, n_stick / 10);
      g_assert_cmpuint (n_slip_rest, <, n_slip / 10);
      /* an impact flash adds a glow of new colours around the element */
      animation.flash = flash;
      flashing = render_state (model, dark, &animation, &fit_flash);
      animation.flash = NULL;
      {
        cairo_surface_t *diff = cairo_image_surface_create (CAIRO_FORMAT_RGB24, WIDTH, HEIGHT);
        Comparison c = compare (flashing, moved, diff);

        g_test_message ("flash changes %u pixels", c.n_differ);
        g_assert_cmpuint (c.n_differ, >, 500);
        cairo_surface_destroy (diff);
      }
      if (dark)
        {
          g_autofree char *dir = app_test_artifacts_dir ("render");
          g_autofree char *path = g_build_filename (dir, "animation-dark.png", NULL);

          write_png (flashing, path);
        }
      cairo_surface_destroy (rest);
      cairo_surface_destroy (moved);
      cairo_surface_destroy (flashing);
    }
}

int
main (int argc, char *argv[])
{
  g_autoptr(GPtrArray) models = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *dir = NULL;
  GDir *d;
  const char *name;
  int status;

  lz_locale_init ("C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  font_family = app_test_sans_family ();
  reference_font_ok = g_strcmp0 (font_family, REFERENCE_FONT) == 0;

  dir = g_test_build_filename (G_TEST_DIST, "render-models", NULL);
  d = g_dir_open (dir, 0, NULL);
  if (d == NULL)
    g_error ("no %s (set G_TEST_SRCDIR to tests/app, as meson test does)", dir);
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".luztar"))
      g_ptr_array_add (models, g_strndup (name, strlen (name) - strlen (".luztar")));
  g_dir_close (d);
  g_ptr_array_sort (models, compare_names);
  g_assert_cmpuint (models->len, >=, 5);

  for (guint m = 0; m < models->len; m++)
    for (int dark = 0; dark < 2; dark++)
      {
        RenderCase *rc = g_new0 (RenderCase, 1);
        g_autofree char *path = NULL;

        rc->model = g_strdup (g_ptr_array_index (models, m));
        rc->dark = dark;
        path = g_strdup_printf ("/luztar/render/%s/%s", rc->model, style_name (dark));
        g_test_add_data_func_full (path, rc, test_render, render_case_free);
      }
  g_test_add_func ("/luztar/render/checks-can-fail", test_checks_can_fail);
  g_test_add_func ("/luztar/render/animation", test_animation);
  g_test_add_data_func ("/luztar/render/coverage", models, test_coverage);

  status = g_test_run ();
  g_free (font_family);
  return status;
}
