/* lz-model-validate.c — the whole-model checks and the list of problems they report
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What a single edit cannot check: connected ports, gears between
 * rotational bodies, one prescribed motion per body, and a path from every
 * body to inertia or stiffness.  Problems are collected (with the line of
 * the file the item came from) and turned into one GError, the same way
 * for lz_model_validate() and for the file reader.
 */

#include "config.h"

#include <float.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "lz-error.h"
#include "lz-format.h"
#include "lz-model.h"
#include "lz-model-private.h"

/* At most this many messages go into one GError; a file with thousands of
 * problems gets the first ones and a count. */
#define MAX_REPORTED_PROBLEMS 100

/* The smallest step, in units of t-end's relative precision: a step below
 * LZ_MIN_STEP_EPS·ε·t-end changes t by at most 1/64 of itself in rounding
 * near the end, so the run's times no longer advance by h. */
#define LZ_MIN_STEP_EPS 64.0

/**
 * lz_simulation_min_step:
 * @t_end: the end time of a run (s)
 *
 * Returns: the smallest time step a run to @t_end takes (s): below it,
 *   double precision cannot advance the time near @t_end by the step
 */
double
lz_simulation_min_step (double t_end)
{
  return LZ_MIN_STEP_EPS * DBL_EPSILON * fabs (t_end);
}

/* ------------------------------------------------------------------------ */
/* Problems                                                                  */

void
lz_problem_free (LzProblem *problem)
{
  g_free (problem->message);
  g_free (problem);
}

void
lz_problems_add (GPtrArray  *problems,
                 int         line,
                 LzError     code,
                 const char *message)
{
  LzProblem *problem = g_new0 (LzProblem, 1);

  problem->line = line;
  problem->code = code;
  /* one line whatever the file holds (ids and values are quoted in it) */
  problem->message = lz_text_escape_controls (message);
  g_ptr_array_add (problems, problem);
}

void
lz_problems_add_valist (GPtrArray  *problems,
                        int         line,
                        LzError     code,
                        const char *format,
                        va_list     args)
{
  g_autofree char *message = g_strdup_vprintf (format, args);

  lz_problems_add (problems, line, code, message);
}

void
lz_problems_add_printf (GPtrArray  *problems,
                        int         line,
                        LzError     code,
                        const char *format,
                        ...)
{
  va_list args;

  va_start (args, format);
  lz_problems_add_valist (problems, line, code, format, args);
  va_end (args);
}

void
lz_problems_add_error (GPtrArray    *problems,
                       int           line,
                       const GError *error)
{
  lz_problems_add (problems, line,
                   error->domain == LZ_ERROR ? error->code : LZ_ERROR_FAILED,
                   error->message);
}

static int
compare_problems (gconstpointer a,
                  gconstpointer b)
{
  const LzProblem *pa = *(LzProblem *const *) a;
  const LzProblem *pb = *(LzProblem *const *) b;

  return (pa->line > pb->line) - (pa->line < pb->line);
}

/* Turns the problems into one error: messages sorted by line (stably, so
 * problems of one line keep their order), each "FILE:LINE: message" when
 * @display_name and a line are known, newline-separated.  The error code
 * is that of the first problem. */
gboolean
lz_problems_to_error (GPtrArray  *problems,
                      const char *display_name,
                      GError    **error)
{
  g_autoptr(GString) text = NULL;
  LzError code;

  if (problems->len == 0)
    return TRUE;

  g_ptr_array_sort (problems, compare_problems);
  code = ((LzProblem *) problems->pdata[0])->code;
  text = g_string_new (NULL);
  for (guint i = 0; i < problems->len && i < MAX_REPORTED_PROBLEMS; i++)
    {
      const LzProblem *p = problems->pdata[i];

      if (i > 0)
        g_string_append_c (text, '\n');
      if (display_name != NULL && p->line > 0)
        g_string_append_printf (text, "%s:%d: %s", display_name, p->line, p->message);
      else if (display_name != NULL)
        g_string_append_printf (text, "%s: %s", display_name, p->message);
      else
        g_string_append (text, p->message);
    }
  if (problems->len > MAX_REPORTED_PROBLEMS)
    {
      guint more = problems->len - MAX_REPORTED_PROBLEMS;

      g_string_append_c (text, '\n');
      if (display_name != NULL)
        g_string_append_printf (text, "%s: ", display_name);
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                                 "(%u more problem not shown)",
                                                 "(%u more problems not shown)", more),
                              more);
    }
  g_set_error_literal (error, LZ_ERROR, code, text->str);
  return FALSE;
}

/* ------------------------------------------------------------------------ */
/* Validation                                                                */

static void
add_problem (GPtrArray    *problems,
             const LzItem *item,
             const char   *message)
{
  lz_problems_add (problems, item != NULL ? item->line : 0, LZ_ERROR_INVALID_MODEL, message);
}

static void
check_ports (const LzModel *model,
             const LzItem  *item,
             GPtrArray     *problems)
{
  guint n;
  const LzParamDef *defs = lz_param_defs (item->kind, &n);

  for (guint i = 0; i < n; i++)
    {
      const LzParamDef *def = &defs[i];
      const char *target;
      g_autofree char *problem = NULL;

      if (!lz_param_is_port (def))
        continue;
      target = G_STRUCT_MEMBER (char *, item, def->offset);
      if (target == NULL)
        {
          g_autofree char *what = lz_item_describe (item);

          problem = g_strdup_printf (_("%s: port “%s” is not connected"), what, def->spec.name);
        }
      else
        problem = lz_model_check_target (model, item, def, target);
      if (problem != NULL)
        add_problem (problems, item, problem);
    }
}

/* Union-find over dof indices. */
static guint
find_root (guint *parent,
           guint  i)
{
  while (parent[i] != i)
    {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
  return i;
}

/* Joins the bodies that a spring, damper, friction or gear ties together
 * (stops do not count: away from contact they exert no force), and marks
 * in @anchor the bodies that hold their group: a body with mass, a body
 * with a prescribed motion, a body tied to a ground. */
static void
join_groups (const LzModel *model,
             guint         *parent,
             gboolean      *anchor)
{
  for (guint e = 0; e < model->elements->len; e++)
    {
      const LzElement *element = model->elements->pdata[e];
      int ia = lz_model_get_body_index (model, element->a);
      int ib = lz_model_get_body_index (model, element->b);

      if (element->item.kind == LZ_ITEM_STOP || element->item.kind == LZ_ITEM_CONTACT
          || element->item.kind == LZ_ITEM_BACKLASH)
        continue;
      if (ia >= 0 && ib >= 0)
        parent[find_root (parent, ia)] = find_root (parent, ib);
      if (ia >= 0 && lz_model_lookup_ground (model, element->b) != NULL)
        anchor[ia] = TRUE;
      if (ib >= 0 && lz_model_lookup_ground (model, element->a) != NULL)
        anchor[ib] = TRUE;
    }
  for (guint s = 0; s < model->sources->len; s++)
    {
      const LzSource *source = model->sources->pdata[s];
      int i = lz_model_get_body_index (model, source->body);

      if (source->item.kind == LZ_ITEM_PRESCRIBED && i >= 0)
        anchor[i] = TRUE;
    }
  for (guint i = 0; i < model->bodies->len; i++)
    if (((const LzBody *) model->bodies->pdata[i])->mass > 0)
      anchor[i] = TRUE;
}

/* Reports the group of bodies with root @root, named from body @first
 * (its first body in file order) on. */
static void
report_floating_group (const LzModel *model,
                       guint         *parent,
                       guint          first,
                       guint          root,
                       GPtrArray     *problems)
{
  g_autoptr(GString) names = g_string_new (NULL);
  g_autofree char *message = NULL;
  guint count = 0;

  for (guint j = first; j < model->bodies->len; j++)
    if (find_root (parent, j) == root)
      {
        lz_append_quoted_id (names, ((LzItem *) model->bodies->pdata[j])->id);
        count++;
      }
  if (count == 1)
    message = g_strdup_printf (_("body %s has no mass, and no spring, damper, friction or "
                                 "gear connects it to a body with mass or to a ground"),
                               names->str);
  else
    message = g_strdup_printf (_("bodies %s have no mass, and no spring, damper, friction "
                                 "or gear connects them to a body with mass or to a "
                                 "ground"),
                               names->str);
  add_problem (problems, model->bodies->pdata[first], message);
}

/* Every body must reach inertia or a force law that fixes its motion:
 * a body with mass, a prescribed motion, or a spring, damper, friction or
 * gear to such a body or to a ground.  Otherwise the massless bodies of
 * a group have no equation that determines them (M and the force laws
 * leave them free), and later stages would divide by zero.  Groups are
 * found with union-find over the elements that join two bodies. */
static void
check_inertia_paths (const LzModel *model,
                     GPtrArray     *problems)
{
  guint n = model->bodies->len;
  g_autofree guint *parent = g_new (guint, n);
  g_autofree gboolean *anchor = g_new0 (gboolean, n);
  g_autofree gboolean *anchored = g_new0 (gboolean, n);
  g_autofree gboolean *reported = g_new0 (gboolean, n);

  for (guint i = 0; i < n; i++)
    parent[i] = i;
  join_groups (model, parent, anchor);
  for (guint i = 0; i < n; i++)
    if (anchor[i])
      anchored[find_root (parent, i)] = TRUE;

  for (guint i = 0; i < n; i++)
    {
      guint root = find_root (parent, i);

      if (anchored[root] || reported[root])
        continue;
      reported[root] = TRUE;
      report_floating_group (model, parent, i, root, problems);
    }
}

/* A friction's static level, where it has one, is not below its kinetic
 * level (constant levels: expressions in t are checked by the run). */
static void
check_static_levels (const LzElement *element,
                     GPtrArray       *problems)
{
  const double st[2] = { element->friction.static_pos, element->friction.static_neg };
  const double kin[2] = { element->friction.level_pos, element->friction.level_neg };
  const gboolean varying[2] = {
    element->friction.static_pos_t != NULL || element->friction.level_pos_t != NULL,
    element->friction.static_neg_t != NULL || element->friction.level_neg_t != NULL,
  };

  for (int side = 0; side < 2; side++)
    if (st[side] != 0 && !varying[side] && st[side] < kin[side])
      {
        g_autofree char *what = lz_item_describe (&element->item);
        g_autofree char *s = lz_number_to_string (st[side]);
        g_autofree char *k = lz_number_to_string (kin[side]);
        g_autofree char *message =
          g_strdup_printf (_("%s: the static level %s is below the sliding level %s"), what, s, k);

        add_problem (problems, &element->item, message);
        return;
      }
}

void
lz_model_collect_problems (const LzModel *model,
                           GPtrArray     *problems)
{
  g_autoptr(GHashTable) prescribed = g_hash_table_new (g_str_hash, g_str_equal);

  if (model->bodies->len == 0)
    add_problem (problems, NULL, _("the model has no bodies"));

  for (guint i = 0; i < model->elements->len; i++)
    {
      const LzElement *element = model->elements->pdata[i];

      check_ports (model, &element->item, problems);
      if (element->a != NULL && element->b != NULL && strcmp (element->a, element->b) == 0)
        {
          g_autofree char *what = lz_item_describe (&element->item);
          g_autofree char *message =
            g_strdup_printf (_("%s: ports “a” and “b” are both “%s”"), what, element->a);

          add_problem (problems, &element->item, message);
        }
      if (element->item.kind == LZ_ITEM_CONTACT
          && !isfinite (element->contact.lower) && !isfinite (element->contact.upper))
        {
          g_autofree char *what = lz_item_describe (&element->item);
          g_autofree char *message =
            g_strdup_printf (_("%s: a contact needs a lower or an upper limit"), what);

          add_problem (problems, &element->item, message);
        }
      if (element->item.kind == LZ_ITEM_FRICTION)
        check_static_levels (element, problems);
    }

  for (guint i = 0; i < model->sources->len; i++)
    {
      const LzSource *source = model->sources->pdata[i];
      const LzSource *other;

      check_ports (model, &source->item, problems);
      if (source->item.kind != LZ_ITEM_PRESCRIBED || source->body == NULL)
        continue;
      other = g_hash_table_lookup (prescribed, source->body);
      if (other != NULL)
        {
          g_autofree char *what = lz_item_describe (&source->item);
          g_autofree char *message =
            g_strdup_printf (_("%s: body “%s” already has the prescribed motion “%s”"),
                             what, source->body, other->item.id);

          add_problem (problems, &source->item, message);
        }
      else
        g_hash_table_insert (prescribed, source->body, (gpointer) source);
    }

  check_inertia_paths (model, problems);
}

/**
 * lz_model_validate:
 * @model: a model
 * @error: return location for an %LZ_ERROR_INVALID_MODEL error listing
 *   every problem, one per line
 *
 * Checks what single edits cannot: every port is connected to an existing
 * body or ground (gears to rotational bodies), the two ports of an element
 * differ, no body has two prescribed motions, the model has a body, and
 * every body has a path to inertia or stiffness (a massless body or group
 * of bodies that nothing ties to a mass or a ground is reported by name).
 * A model that passes can be saved and assembled.
 *
 * Returns: %TRUE if the model is consistent
 */
gboolean
lz_model_validate (const LzModel *model,
                   GError       **error)
{
  g_autoptr(GPtrArray) problems = NULL;

  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  problems = g_ptr_array_new_with_free_func ((GDestroyNotify) lz_problem_free);
  lz_model_collect_problems (model, problems);
  return lz_problems_to_error (problems, NULL, error);
}

