/* luztar-window-private.h — what the parts of the main window share: its fields and a few helpers
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window is one object in four files, one idea each:
 *   luztar-window.c            the window: its layout, the model shown, the lesson, closing
 *   luztar-window-file.c       the document: new, open, examples, recent, save, autosave,
 *                              untitled copies (a run of a sweep, a simplified model)
 *   luztar-window-edit.c       edits of the model as undo steps: parameters, items added,
 *                              moved, deleted, renamed; undo and redo
 *   luztar-window-clipboard.c  duplicate, copy, cut and paste of the selected items
 * Only these files include this header.
 */

#pragma once

#include "luztar-window.h"
#include "canvas/luztar-canvas.h"
#include "luztar-inspector.h"
#include "luztar-lesson-panel.h"
#include "luztar-palette.h"
#include "luztar-sim-panel.h"

G_BEGIN_DECLS

struct _LuztarWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwWindowTitle       *window_title;
  AdwToastOverlay      *toast_overlay;
  AdwStatusPage        *status_page;
  LuztarLessonPanel    *lesson_panel;  /* in the side panel slot */
  GMenu                *recent_section;
  LuztarCanvas         *canvas;
  LuztarInspector      *inspector;
  GtkWidget            *inspector_separator;
  LuztarPalette        *palette;
  GtkWidget            *palette_separator;
  AdwFlap              *inspector_flap;
  GtkWidget            *side_panel_slot;
  GtkPaned             *sim_paned;
  GtkLabel             *empty_hint;
  LuztarSimPanel       *sim_panel;
  GtkWidget            *run_controls;
  GtkWidget            *run_button;
  GtkWidget            *pause_button;

  /* Owned */
  LzModel              *model;
  GFile                *file;
  GtkNativeDialog      *chooser;
  GPtrArray            *undo;          /* LzModel snapshots before each edit */
  GPtrArray            *redo;
  gboolean              modified;      /* model differs from the file's */
  LzModel              *saved;         /* the model as last opened or saved */
  gboolean              close_confirmed;
  guint                 autosave_id;
  LuztarAutosave       *autosave;      /* where this window's unsaved work goes */
  gboolean              keep_view;     /* showing an edit, not a new document */
  gboolean              example_copy;  /* untitled copy of an example */
  gboolean              simplified_copy; /* untitled, made by Simplify Model */
  gboolean              run_copy;      /* untitled, a run of a sweep */
};

/* luztar-window.c */
void     luztar_window_set_action_enabled  (LuztarWindow *self,
                                            const char   *name,
                                            gboolean      enabled);
void     luztar_window_show_model          (LuztarWindow *self);
void     luztar_window_show_model_in_place (LuztarWindow *self);
void     luztar_window_show_message        (LuztarWindow *self,
                                            const char   *message);

/* luztar-window-file.c */
void     luztar_window_file_init           (LuztarWindow *self);
void     luztar_window_file_dispose        (LuztarWindow *self);
gboolean luztar_window_ask_before_closing  (LuztarWindow *self);

/* luztar-window-edit.c */
void     luztar_window_edit_class_init     (GtkWidgetClass *widget_class);
void     luztar_window_edit_init           (LuztarWindow *self);
void     luztar_window_commit_edit         (LuztarWindow *self,
                                            LzModel      *edited);
void     luztar_window_update_edit_actions (LuztarWindow *self);

/* luztar-window-clipboard.c */
void     luztar_window_clipboard_init      (LuztarWindow *self);

G_END_DECLS
