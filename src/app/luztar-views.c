/* luztar-views.c — the window's splits: canvas over plots, two views side by side
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What lets a window be used on an 800 × 600 screen and fill a 1920 × 1080
 * projector with plots (issue 21):
 *
 * - luztar_views_keep_split() gives a GtkPaned's first child a share of
 *   its length once it is laid out; from then on GtkPaned keeps that
 *   proportion when the window grows or shrinks (both children resize),
 *   until the user drags the handle.
 * - luztar_views_compact_switcher() makes a drop-down of the view
 *   buttons, for an AdwSqueezer to show instead of the buttons when they
 *   do not fit.
 * - LuztarCompanion is the second view beside the main one: a phase
 *   portrait, the mode timeline or the energy, with plots of their own
 *   that the simulation panel feeds like its others; shown on a wide
 *   panel beside a plot.
 * - luztar_views_follow_time() makes the time axis follow a slow run.
 */

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "luztar-views.h"

/* ------------------------------------------------------------------------ */
/* A split that keeps its proportion                                        */

typedef struct
{
  double fraction;
  int    least;
  guint  idle_id;
  gulong handler;
} Split;

/* However short the window, the first child never takes more than this
 * share to reach its least length. */
#define SPLIT_MAX_SHARE 0.55

static gboolean
apply_split (gpointer data)
{
  GtkPaned *paned = data;
  Split *split = g_object_get_data (G_OBJECT (paned), "luztar-split");
  int length = gtk_orientable_get_orientation (GTK_ORIENTABLE (paned)) == GTK_ORIENTATION_VERTICAL
               ? gtk_widget_get_height (GTK_WIDGET (paned)) : gtk_widget_get_width (GTK_WIDGET (paned));

  split->idle_id = 0;
  if (length <= 0)
    return G_SOURCE_REMOVE;
  gtk_paned_set_position (paned, MAX ((int) (split->fraction * length + 0.5),
                                      MIN (split->least, (int) (SPLIT_MAX_SHARE * length))));
  g_signal_handler_disconnect (paned, split->handler);
  split->handler = 0;
  return G_SOURCE_REMOVE;
}

static void
on_max_position (GtkPaned   *paned,
                 GParamSpec *pspec,
                 Split      *split)
{
  /* set after the allocation, not in it */
  if (split->idle_id == 0 && gtk_widget_get_width (GTK_WIDGET (paned)) > 0)
    split->idle_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, apply_split, paned, NULL);
}

static void
split_free (gpointer data)
{
  Split *split = data;

  if (split->idle_id != 0)
    g_source_remove (split->idle_id);
  g_free (split);
}

/**
 * luztar_views_keep_split:
 * @paned: a paned whose children both resize
 * @fraction: the first child's share of the length, in (0, 1)
 * @least: the length (pixels) the first child gets at least, as long as
 *   that is no more than SPLIT_MAX_SHARE of the whole
 *
 * Once @paned is laid out, its first child gets @fraction of its length
 * (or @least);
 * GtkPaned keeps that proportion afterwards (a window made larger gives
 * both children more room) until the user moves the handle.
 */
void
luztar_views_keep_split (GtkPaned *paned,
                         double    fraction,
                         int       least)
{
  Split *split = g_new0 (Split, 1);

  g_return_if_fail (GTK_IS_PANED (paned));
  split->fraction = CLAMP (fraction, 0.05, 0.95);
  split->least = MAX (least, 0);
  gtk_paned_set_resize_start_child (paned, TRUE);
  gtk_paned_set_resize_end_child (paned, TRUE);
  g_object_set_data_full (G_OBJECT (paned), "luztar-split", split, split_free);
  split->handler = g_signal_connect (paned, "notify::max-position", G_CALLBACK (on_max_position), split);
}

/* ------------------------------------------------------------------------ */
/* A box's width, watched                                                   */

/**
 * luztar_views_watch_width:
 * @box: a vertical box
 * @callback: (scope notified): called as `void callback (gpointer data)`
 *   whenever @box is laid out at another width (during the allocation:
 *   what it changes must wait for an idle)
 * @data: its data
 *
 * GtkBox has no signal for its size (its layout manager allocates it),
 * a GtkDrawingArea has one: a drawing area of no height at the end of
 * @box, as wide as @box, tells.
 */
static void
luztar_views_watch_width (GtkBox    *box,
                          GCallback  callback,
                          gpointer   data)
{
  GtkWidget *probe = gtk_drawing_area_new ();

  gtk_widget_set_hexpand (probe, TRUE);
  gtk_widget_set_can_target (probe, FALSE);
  gtk_widget_set_can_focus (probe, FALSE);
  gtk_accessible_update_state (GTK_ACCESSIBLE (probe), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  g_signal_connect_swapped (probe, "resize", callback, data);
  gtk_box_append (box, probe);
}

/* ------------------------------------------------------------------------ */
/* The view buttons as a drop-down                                          */

typedef struct
{
  GtkWidget     *switcher;
  GtkDropDown   *dropdown;
  GtkStringList *names;
  GPtrArray     *shown;           /* the buttons listed, in order (borrowed) */
  gboolean       syncing;
} Compact;

static void
compact_free (gpointer data)
{
  Compact *c = data;

  g_ptr_array_unref (c->shown);
  g_free (c);
}

static void
compact_select_active (Compact *c)
{
  for (guint i = 0; i < c->shown->len; i++)
    if (gtk_toggle_button_get_active (c->shown->pdata[i]))
      {
        c->syncing = TRUE;
        gtk_drop_down_set_selected (c->dropdown, i);
        c->syncing = FALSE;
      }
}

/* The list: the buttons shown (the Program Motion view only for the
 * models that have one). */
static void
compact_rebuild (Compact *c)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (c->names));
  GPtrArray *labels = g_ptr_array_new ();

  g_ptr_array_set_size (c->shown, 0);
  for (GtkWidget *b = gtk_widget_get_first_child (c->switcher); b != NULL; b = gtk_widget_get_next_sibling (b))
    if (GTK_IS_TOGGLE_BUTTON (b) && gtk_widget_get_visible (b))
      {
        g_ptr_array_add (c->shown, b);
        g_ptr_array_add (labels, (gpointer) gtk_button_get_label (GTK_BUTTON (b)));
      }
  g_ptr_array_add (labels, NULL);
  c->syncing = TRUE;
  gtk_string_list_splice (c->names, 0, n, (const char *const *) labels->pdata);
  c->syncing = FALSE;
  g_ptr_array_unref (labels);
  compact_select_active (c);
}

static void
on_compact_selected (GtkDropDown *dropdown,
                     GParamSpec  *pspec,
                     Compact     *c)
{
  guint i = gtk_drop_down_get_selected (dropdown);

  if (!c->syncing && i < c->shown->len)
    gtk_toggle_button_set_active (c->shown->pdata[i], TRUE);
}

static void
on_button_toggled (GtkDropDown *dropdown)
{
  compact_select_active (g_object_get_data (G_OBJECT (dropdown), "luztar-compact"));
}

static void
on_button_shown (GtkDropDown *dropdown)
{
  compact_rebuild (g_object_get_data (G_OBJECT (dropdown), "luztar-compact"));
}

/**
 * luztar_views_compact_switcher:
 * @switcher: a box of grouped toggle buttons with labels, one per view
 *
 * Returns: (transfer floating): a drop-down listing the buttons shown,
 *   kept in step with them both ways
 */
GtkWidget *
luztar_views_compact_switcher (GtkWidget *switcher)
{
  Compact *c = g_new0 (Compact, 1);

  c->switcher = switcher;
  c->names = gtk_string_list_new (NULL);
  c->shown = g_ptr_array_new ();
  c->dropdown = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (c->names), NULL));
  g_object_set_data_full (G_OBJECT (c->dropdown), "luztar-compact", c, compact_free);
  gtk_widget_set_halign (GTK_WIDGET (c->dropdown), GTK_ALIGN_START);
  gtk_widget_set_tooltip_text (GTK_WIDGET (c->dropdown), _("The view shown"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (c->dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Views"), -1);
  /* the buttons may outlive the drop-down by a little while the panel
   * goes away: the handlers go with the drop-down */
  for (GtkWidget *b = gtk_widget_get_first_child (switcher); b != NULL; b = gtk_widget_get_next_sibling (b))
    if (GTK_IS_TOGGLE_BUTTON (b))
      {
        g_signal_connect_object (b, "toggled", G_CALLBACK (on_button_toggled), c->dropdown,
                                 G_CONNECT_SWAPPED);
        g_signal_connect_object (b, "notify::visible", G_CALLBACK (on_button_shown), c->dropdown,
                                 G_CONNECT_SWAPPED);
      }
  g_signal_connect (c->dropdown, "notify::selected", G_CALLBACK (on_compact_selected), c);
  compact_rebuild (c);
  return GTK_WIDGET (c->dropdown);
}

/* ------------------------------------------------------------------------ */
/* A popover as tall as the window allows                                   */

/* Room kept for the popover's arrow, padding and shadow (pixels). */
#define POPOVER_CHROME 80
/* Never shorter than this (pixels): a few rows. */
#define POPOVER_MIN_HEIGHT 120

static void
on_popover_show (GtkPopover        *popover,
                 GtkScrolledWindow *scroller)
{
  GtkWidget *anchor = gtk_widget_get_parent (GTK_WIDGET (popover));
  GtkRoot *root = anchor != NULL ? gtk_widget_get_root (anchor) : NULL;
  double x = 0, y = 0;
  int height, room;

  if (root == NULL || !gtk_widget_translate_coordinates (anchor, GTK_WIDGET (root), 0, 0, &x, &y))
    return;
  /* the popover goes above or below its button, where there is more room */
  height = gtk_widget_get_height (GTK_WIDGET (root));
  room = MAX ((int) y, height - (int) y - gtk_widget_get_height (anchor)) - POPOVER_CHROME;
  gtk_scrolled_window_set_max_content_height (scroller, MAX (room, POPOVER_MIN_HEIGHT));
}

/**
 * luztar_views_fit_popover:
 * @popover: a popover whose child is @scroller
 * @scroller: a scrolled window that propagates its natural height
 *
 * Each time @popover opens, @scroller may grow as tall as the room the
 * window has above or below the popover's button, and scrolls beyond:
 * on a short screen nothing of the popover is out of reach.
 */
void
luztar_views_fit_popover (GtkPopover        *popover,
                          GtkScrolledWindow *scroller)
{
  g_return_if_fail (GTK_IS_POPOVER (popover) && GTK_IS_SCROLLED_WINDOW (scroller));
  g_signal_connect (popover, "show", G_CALLBACK (on_popover_show), scroller);
}

/* ------------------------------------------------------------------------ */
/* The second view                                                          */

/* The views that can stand beside the main one: plots over time or over
 * a state, which a class reads together with the time plot. */
static const struct
{
  const char     *name;
  const char     *title;
  LuztarPlotKind  kind;
} companion_views[] = {
  /* Translators: the view beside the main plot: the phase portrait */
  { "phase", N_("Phase"), LUZTAR_PLOT_PHASE },
  /* Translators: the view beside the main plot: the mode timeline */
  { "modes", N_("Modes"), LUZTAR_PLOT_MODES },
  /* Translators: the view beside the main plot: the energy balance */
  { "energy", N_("Energy"), LUZTAR_PLOT_ENERGY },
};

/* A panel at least this wide shows the second view beside a plot
 * (pixels). */
#define TWO_VIEWS_MIN_WIDTH 1000

struct _LuztarCompanion
{
  GtkBox       parent_instance;

  GtkDropDown *dropdown;
  GtkStack    *stack;
  LuztarPlot  *plots[G_N_ELEMENTS (companion_views)];

  /* Borrowed: where it stands */
  GtkStack    *beside;           /* the main views */
  GtkWidget   *panel;            /* whose width decides */
  gboolean     wide;
  guint        idle_id;
};

G_DEFINE_FINAL_TYPE (LuztarCompanion, luztar_companion, GTK_TYPE_BOX)

static void
on_companion_selected (GtkDropDown     *dropdown,
                       GParamSpec      *pspec,
                       LuztarCompanion *self)
{
  guint i = gtk_drop_down_get_selected (dropdown);

  if (i < G_N_ELEMENTS (companion_views))
    gtk_stack_set_visible_child_name (self->stack, companion_views[i].name);
}

static void
luztar_companion_dispose (GObject *object)
{
  LuztarCompanion *self = LUZTAR_COMPANION (object);

  g_clear_handle_id (&self->idle_id, g_source_remove);
  G_OBJECT_CLASS (luztar_companion_parent_class)->dispose (object);
}

static void
luztar_companion_class_init (LuztarCompanionClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = luztar_companion_dispose;
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "luztar-companion");
}

static void
luztar_companion_init (LuztarCompanion *self)
{
  const char *titles[G_N_ELEMENTS (companion_views) + 1] = { NULL };
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  for (guint i = 0; i < G_N_ELEMENTS (companion_views); i++)
    titles[i] = _(companion_views[i].title);
  /* Translators: before the choice of the second view, beside the first */
  label = gtk_label_new (_("Beside:"));
  gtk_widget_add_css_class (label, "dim-label");
  self->dropdown = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (titles));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->dropdown),
                               _("The view shown beside the main one"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Second view"), -1);
  gtk_widget_set_margin_start (bar, 6);
  gtk_widget_set_margin_top (bar, 4);
  gtk_box_append (GTK_BOX (bar), label);
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->dropdown));
  gtk_box_append (GTK_BOX (self), bar);

  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->stack), TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (companion_views); i++)
    {
      self->plots[i] = LUZTAR_PLOT (luztar_plot_new (companion_views[i].kind));
      gtk_widget_set_hexpand (GTK_WIDGET (self->plots[i]), TRUE);
      gtk_widget_set_vexpand (GTK_WIDGET (self->plots[i]), TRUE);
      gtk_stack_add_named (self->stack, GTK_WIDGET (self->plots[i]), companion_views[i].name);
    }
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->stack));
  g_signal_connect (self->dropdown, "notify::selected", G_CALLBACK (on_companion_selected), self);
  on_companion_selected (self->dropdown, NULL, self);
}

/**
 * luztar_companion_new:
 *
 * Returns: (transfer floating): a second view: a phase portrait, a mode
 *   timeline or an energy plot, chosen in its own drop-down
 */
GtkWidget *
luztar_companion_new (void)
{
  return g_object_new (LUZTAR_TYPE_COMPANION, NULL);
}

guint
luztar_companion_get_n_plots (LuztarCompanion *self)
{
  g_return_val_if_fail (LUZTAR_IS_COMPANION (self), 0);
  return G_N_ELEMENTS (self->plots);
}

/**
 * luztar_companion_get_plot:
 * @self: a companion
 * @i: < luztar_companion_get_n_plots()
 *
 * Returns: (transfer none): one of its plots, for the owner to feed
 *   (trace, model, cursor, live) like its own
 */
LuztarPlot *
luztar_companion_get_plot (LuztarCompanion *self,
                           guint            i)
{
  g_return_val_if_fail (LUZTAR_IS_COMPANION (self), NULL);
  g_return_val_if_fail (i < G_N_ELEMENTS (self->plots), NULL);
  return self->plots[i];
}

/**
 * luztar_companion_get_phase:
 *
 * Returns: (transfer none): its phase portrait
 */
LuztarPlot *
luztar_companion_get_phase (LuztarCompanion *self)
{
  g_return_val_if_fail (LUZTAR_IS_COMPANION (self), NULL);
  return self->plots[0];
}

/**
 * luztar_companion_set_view:
 * @name: "phase", "modes" or "energy"
 */
static void
luztar_companion_set_view (LuztarCompanion *self,
                           const char      *name)
{
  g_return_if_fail (LUZTAR_IS_COMPANION (self));
  for (guint i = 0; i < G_N_ELEMENTS (companion_views); i++)
    if (g_strcmp0 (name, companion_views[i].name) == 0)
      gtk_drop_down_set_selected (self->dropdown, i);
}

const char *
luztar_companion_get_view (LuztarCompanion *self)
{
  g_return_val_if_fail (LUZTAR_IS_COMPANION (self), NULL);
  return gtk_stack_get_visible_child_name (self->stack);
}

/* Shown on a wide panel beside a plot (the pages of tables and text want
 * the width). */
static void
companion_update (LuztarCompanion *self)
{
  const char *page = self->beside != NULL ? gtk_stack_get_visible_child_name (self->beside) : NULL;
  gboolean shown = self->wide && page != NULL
                   && (g_str_equal (page, "series") || g_str_equal (page, "phase")
                       || g_str_equal (page, "modes") || g_str_equal (page, "energy"));

  /* never the same view twice: beside the phase portrait, the modes */
  if (shown && g_strcmp0 (page, luztar_companion_get_view (self)) == 0)
    luztar_companion_set_view (self, g_str_equal (page, "phase") ? "modes" : "phase");
  if (gtk_widget_get_visible (GTK_WIDGET (self)) != shown)
    gtk_widget_set_visible (GTK_WIDGET (self), shown);
}

static gboolean
companion_apply_width (gpointer data)
{
  LuztarCompanion *self = data;

  self->idle_id = 0;
  self->wide = gtk_widget_get_width (self->panel) >= TWO_VIEWS_MIN_WIDTH;
  companion_update (self);
  return G_SOURCE_REMOVE;
}

/* (during an allocation: the change waits for an idle) */
static void
companion_on_resize (LuztarCompanion *self)
{
  if (self->idle_id == 0)
    self->idle_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, companion_apply_width, self, NULL);
}

/**
 * luztar_companion_attach:
 * @self: a companion
 * @paned: a horizontal paned whose first child is @stack
 * @stack: the main views, by name ("series", "phase", …)
 * @panel: the box that holds @paned, whose width decides
 *
 * Puts @self beside @stack in @paned (60 % of the width for the main
 * view): shown while @panel is at least TWO_VIEWS_MIN_WIDTH wide and
 * @stack shows a plot.
 */
void
luztar_companion_attach (LuztarCompanion *self,
                         GtkPaned        *paned,
                         GtkStack        *stack,
                         GtkBox          *panel)
{
  g_return_if_fail (LUZTAR_IS_COMPANION (self));
  self->beside = stack;
  self->panel = GTK_WIDGET (panel);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  gtk_paned_set_end_child (paned, GTK_WIDGET (self));
  luztar_views_keep_split (paned, 0.6, 0);
  luztar_views_watch_width (panel, G_CALLBACK (companion_on_resize), self);
  g_signal_connect_object (stack, "notify::visible-child-name", G_CALLBACK (companion_update), self,
                           G_CONNECT_SWAPPED);
}

/* ------------------------------------------------------------------------ */
/* A time window that follows a slow run                                    */

/* In slow motion the time plots show the last stretch of the run that
 * lasts this long on the wall clock (s): at 1/10, the last 2 s of the
 * model's time, at 1/100 the last 0.2 s. */
#define FOLLOW_WALL_SECONDS 20.0

/**
 * luztar_views_follow_time:
 * @plots: (element-type LuztarPlot): plots
 * @speed: the run's speed (1: real time; 0: as fast as possible)
 * @t_end: the run's end time (s)
 * @t: the time shown (s), or NAN when the run does not go on
 *
 * In slow motion (0 < @speed < 1), while the run goes on, the plots over
 * time show the last FOLLOW_WALL_SECONDS × @speed of it, moving in steps
 * of a tenth of that (the axis does not crawl under the eye every frame);
 * otherwise [0, @t_end].  Phase portraits are left alone.
 */
void
luztar_views_follow_time (GPtrArray *plots,
                          double     speed,
                          double     t_end,
                          double     t)
{
  double span = speed * FOLLOW_WALL_SECONDS;
  gboolean follow = isfinite (t) && speed > 0 && speed < 1 && span < t_end;

  for (guint i = 0; i < plots->len; i++)
    {
      LuztarPlot *plot = plots->pdata[i];

      if (luztar_plot_get_kind (plot) == LUZTAR_PLOT_PHASE)
        continue;
      if (!follow)
        luztar_plot_set_time_range (plot, 0, t_end);
      else
        {
          double hi = MAX (span, ceil (t / (0.1 * span)) * 0.1 * span);

          luztar_plot_set_time_range (plot, hi - span, hi);
        }
    }
}
