/* luztar-autosave.c — unsaved work kept through a crash: one slot per
 * window, locked while its owner lives
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A window's unsaved work goes to a slot in $XDG_STATE_HOME/luztar/
 * autosave named by a random id: ID.luztar (the model), ID.file (the
 * path of the file it was opened from or saved to, if any) and ID.lock.
 * The window holds an exclusive lock on ID.lock for as long as it lives;
 * the kernel drops the lock when the process dies, however it dies.  A
 * slot whose lock can be taken is therefore work a dead process left
 * behind — after a crash, a kill, a reboot — whatever its process id was:
 * ids repeat inside a pid namespace (a sandbox starts every process at
 * pid 2 or so) and after a reboot, so they cannot name the slots.
 *
 * The process that finds an orphan keeps its lock until the user has
 * answered: no other Luztar offers it meanwhile, and no window writes it
 * (new windows take new ids).  "Not now" releases the lock and leaves
 * the files for the next start.
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "luztar-autosave.h"

/* A slot's files: ID.luztar (the model), ID.file (the name of the file
 * the model belongs to) and ID.lock, in the order they are removed (the
 * lock last). */
enum
{
  SLOT_MODEL,
  SLOT_FILE,
  SLOT_LOCK,
  N_SLOT_FILES
};

static const char * const slot_suffixes[N_SLOT_FILES] = { ".luztar", ".file", ".lock" };

struct LuztarAutosave
{
  char *paths[N_SLOT_FILES];
  int   lock_fd;      /* held while the slot is ours, −1 before */
};

/**
 * luztar_autosave_dup_dir:
 *
 * Returns: (transfer full): $XDG_STATE_HOME/luztar/autosave
 */
static char *
luztar_autosave_dup_dir (void)
{
  return g_build_filename (g_get_user_state_dir (), "luztar", "autosave", NULL);
}

static LuztarAutosave *
slot_new (const char *id)
{
  LuztarAutosave *slot = g_new0 (LuztarAutosave, 1);
  g_autofree char *dir = luztar_autosave_dup_dir ();

  for (guint i = 0; i < N_SLOT_FILES; i++)
    {
      g_autofree char *name = g_strconcat (id, slot_suffixes[i], NULL);

      slot->paths[i] = g_build_filename (dir, name, NULL);
    }
  slot->lock_fd = -1;
  return slot;
}

/* Takes the slot's lock without waiting; FALSE when a living process
 * holds it. */
static gboolean
slot_lock (LuztarAutosave *slot)
{
  int fd = g_open (slot->paths[SLOT_LOCK], O_RDWR | O_CREAT | O_CLOEXEC, 0600);

  if (fd < 0)
    return FALSE;
  if (flock (fd, LOCK_EX | LOCK_NB) != 0)
    {
      close (fd);
      return FALSE;
    }
  slot->lock_fd = fd;
  return TRUE;
}

/**
 * luztar_autosave_new:
 *
 * Returns: (transfer full): a fresh slot for a window (its files are made
 *   at the first write)
 */
LuztarAutosave *
luztar_autosave_new (void)
{
  g_autofree char *id = g_uuid_string_random ();

  return slot_new (id);
}

/**
 * luztar_autosave_write:
 * @slot: a window's slot
 * @model: the unsaved model
 * @file: (nullable): the file the window's model belongs to
 * @error: return location for a #GError
 *
 * Writes the model (and the name of its file) to the slot, locking it
 * first.
 *
 * Returns: %TRUE if written
 */
gboolean
luztar_autosave_write (LuztarAutosave *slot,
                       LzModel        *model,
                       GFile          *file,
                       GError        **error)
{
  g_autofree char *dir = luztar_autosave_dup_dir ();
  g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

  if (slot->lock_fd < 0)
    {
      g_mkdir_with_parents (dir, 0700);
      if (!slot_lock (slot))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_BUSY, "%s is locked", slot->paths[SLOT_LOCK]);
          return FALSE;
        }
    }
  if (path != NULL ? !lz_file_replace (slot->paths[SLOT_FILE], path, -1, error)
                   : (g_unlink (slot->paths[SLOT_FILE]) != 0 && errno != ENOENT))
    return FALSE;
  return lz_model_save (model, slot->paths[SLOT_MODEL], error);
}

const char *
luztar_autosave_get_model_path (LuztarAutosave *slot)
{
  return slot->paths[SLOT_MODEL];
}

/**
 * luztar_autosave_dup_file:
 * @slot: a slot
 *
 * Returns: (transfer full) (nullable): the file the work belongs to, or
 *   %NULL for an untitled model
 */
GFile *
luztar_autosave_dup_file (LuztarAutosave *slot)
{
  g_autofree char *path = NULL;

  if (!g_file_get_contents (slot->paths[SLOT_FILE], &path, NULL, NULL) || *path == '\0')
    return NULL;
  return g_file_new_for_path (path);
}

/**
 * luztar_autosave_release:
 * @slot: (transfer full): a slot
 *
 * Lets go of the slot and keeps its files (for the next start).
 */
void
luztar_autosave_release (LuztarAutosave *slot)
{
  if (slot == NULL)
    return;
  if (slot->lock_fd >= 0)
    close (slot->lock_fd);
  for (guint i = 0; i < N_SLOT_FILES; i++)
    g_free (slot->paths[i]);
  g_free (slot);
}

/**
 * luztar_autosave_discard:
 * @slot: (transfer full): a slot
 *
 * Removes the slot's files (the work is saved, or the user discarded it)
 * and lets go of it; the lock goes last.
 */
void
luztar_autosave_discard (LuztarAutosave *slot)
{
  if (slot != NULL && slot->lock_fd >= 0)
    for (guint i = 0; i < N_SLOT_FILES; i++)
      g_unlink (slot->paths[i]);
  luztar_autosave_release (slot);
}

/**
 * luztar_autosave_claim_orphans:
 *
 * The slots that dead processes left, each now locked by this process
 * until it is recovered, discarded or released.
 *
 * Returns: (transfer full) (element-type LuztarAutosave): the slots
 */
GPtrArray *
luztar_autosave_claim_orphans (void)
{
  g_autofree char *dir = luztar_autosave_dup_dir ();
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  GPtrArray *slots = g_ptr_array_new ();
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *id = NULL;
      LuztarAutosave *slot;

      if (!g_str_has_suffix (name, ".luztar"))
        continue;
      id = g_strndup (name, strlen (name) - strlen (".luztar"));
      slot = slot_new (id);
      if (slot_lock (slot))
        g_ptr_array_add (slots, slot);
      else
        luztar_autosave_release (slot);
    }
  return slots;
}
