/* lz-arms.c — an element on a massless body, oriented from the body (see
 * lz-arms-private.h)
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "lz-arms-private.h"

/* Fills ARM from ELEMENT, one of whose ports is the body X (port b when
 * both are). */
void
lz_joint_arm_init (LzJointArm      *arm,
                   const LzElement *element,
                   const char      *x)
{
  gboolean on_b = g_strcmp0 (element->b, x) == 0;
  double ca, cb, k = 0, freeplay = 0, offset = 0;

  g_return_if_fail (on_b || g_strcmp0 (element->a, x) == 0);

  memset (arm, 0, sizeof *arm);
  lz_element_get_coefficients (element, &ca, &cb);
  arm->element = g_strdup (element->item.id);
  arm->label = g_strdup (element->item.label != NULL && *element->item.label != '\0'
                         ? element->item.label : element->item.id);
  arm->y = g_strdup (on_b ? element->a : element->b);
  arm->kind = element->item.kind;
  arm->beta = on_b ? cb : ca;
  arm->alpha = on_b ? ca : cb;
  if (element->item.kind == LZ_ITEM_SPRING || element->item.kind == LZ_ITEM_GEAR)
    {
      lz_element_get_stiffness (element, &k, &freeplay, &offset);
      arm->kind = LZ_ITEM_SPRING;
      arm->value = k;
      arm->freeplay = freeplay;
      arm->offset = on_b ? offset : -offset;
      arm->k_unit = arm->beta * arm->beta * k;
      arm->freeplay_unit = freeplay / fabs (arm->beta);
    }
  else if (element->item.kind == LZ_ITEM_DAMPER)
    {
      arm->value = element->damper.c;
      arm->viscous_unit = arm->beta * arm->beta * element->damper.c;
    }
  else if (element->item.kind == LZ_ITEM_FRICTION)
    {
      /* the levels keep their meaning when s and the element's g agree */
      gboolean same = (on_b ? 1 : -1) * arm->beta > 0;

      arm->value = element->friction.viscous;
      arm->viscous_unit = arm->beta * arm->beta * element->friction.viscous;
      arm->level_pos_unit = fabs (arm->beta) * (same ? element->friction.level_pos
                                                     : element->friction.level_neg);
      arm->level_neg_unit = fabs (arm->beta) * (same ? element->friction.level_neg
                                                     : element->friction.level_pos);
    }
}

void
lz_joint_arm_clear (gpointer data)
{
  LzJointArm *arm = data;

  g_free (arm->element);
  g_free (arm->label);
  g_free (arm->y);
}

/* An empty array of LzJointArm that clears them. */
GArray *
lz_joint_arms_new (void)
{
  GArray *arms = g_array_new (FALSE, TRUE, sizeof (LzJointArm));

  g_array_set_clear_func (arms, lz_joint_arm_clear);
  return arms;
}
