/* lz-file.c — files replaced safely: through a synced temporary file,
 * symlinks followed, permissions kept, every write error reported
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Everything Luztar writes for the user — models, traces, exports, the
 * command line's outputs — goes through here:
 *
 *  - a symlink is followed, so the link stays and its target gets the new
 *    contents (a plain rename over the link would replace the link with a
 *    regular file);
 *  - only regular files are replaced: a device, a FIFO or a folder is
 *    refused in words (renaming over /dev/full as root would replace the
 *    device);
 *  - the data go to a temporary file beside the target, which is flushed,
 *    synced and then renamed over it, and the folder is synced: a full
 *    disk, a read-only folder or a crash leaves the old file intact, and
 *    every failure is an error with the file's name and the reason;
 *  - the new file has the old one's permissions, or 0666 less the umask
 *    (0644 as a rule) when there was none.
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "lz-error.h"
#include "lz-file.h"

/* Symlinks followed at most this deep (the kernel's own limit is 40). */
#define MAX_LINKS 40

struct LzFileWriter
{
  char  *path;      /* the file replaced: the symlink's target */
  char  *display;   /* the name the user gave, for messages */
  char  *tmp;
  FILE  *stream;
  mode_t mode;
};

static gboolean
fail (GError    **error,
      const char *display,
      int         saved_errno)
{
  g_set_error (error, LZ_ERROR, LZ_ERROR_IO, _("cannot write “%s”: %s"), display,
               g_strerror (saved_errno));
  return FALSE;
}

/* PATH with its symlinks followed (the last target may not exist yet). */
static char *
resolve (const char *path,
         GError    **error)
{
  g_autofree char *current = g_strdup (path);

  for (guint depth = 0; depth < MAX_LINKS; depth++)
    {
      g_autofree char *target = g_file_read_link (current, NULL);
      g_autofree char *dir = NULL;

      if (target == NULL)
        return g_steal_pointer (&current);
      if (g_path_is_absolute (target))
        {
          g_free (current);
          current = g_steal_pointer (&target);
          continue;
        }
      dir = g_path_get_dirname (current);
      g_free (current);
      current = g_build_filename (dir, target, NULL);
    }
  fail (error, path, ELOOP);
  return NULL;
}

static mode_t
default_mode (void)
{
  mode_t mask = umask (0);

  umask (mask);
  return 0666 & ~mask;
}

/**
 * lz_file_writer_open:
 * @path: the file to replace (a symlink is followed)
 * @error: return location for a #GError
 *
 * Starts replacing @path: write to lz_file_writer_get_stream(), then
 * lz_file_writer_commit() (or lz_file_writer_abort()).
 *
 * Returns: (transfer full) (nullable): the writer, or %NULL with @error
 *   when @path is not a regular file or its folder cannot take a file
 */
LzFileWriter *
lz_file_writer_open (const char *path,
                     GError    **error)
{
  g_autofree char *display = g_filename_display_name (path);
  g_autofree char *target = resolve (path, error);
  LzFileWriter *writer;
  GStatBuf st;
  int fd;

  if (target == NULL)
    return NULL;
  if (g_stat (target, &st) == 0 && !S_ISREG (st.st_mode))
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_IO,
                   _("cannot write “%s”: it is not a regular file (a device, a pipe or a folder); "
                     "write to a file, or to standard output with “-” where that is offered"),
                   display);
      return NULL;
    }
  writer = g_new0 (LzFileWriter, 1);
  writer->mode = g_stat (target, &st) == 0 ? (st.st_mode & 07777) : default_mode ();
  writer->path = g_steal_pointer (&target);
  writer->display = g_steal_pointer (&display);
  writer->tmp = g_strdup_printf ("%s.XXXXXX", writer->path);
  fd = g_mkstemp (writer->tmp);
  if (fd < 0 || (writer->stream = fdopen (fd, "w")) == NULL)
    {
      int saved = errno;

      if (fd >= 0)
        {
          close (fd);
          g_unlink (writer->tmp);
        }
      fail (error, writer->display, saved);
      g_clear_pointer (&writer->tmp, g_free);
      lz_file_writer_abort (writer);
      return NULL;
    }
  return writer;
}

/**
 * lz_file_writer_get_stream:
 * @writer: a writer
 *
 * Returns: (transfer none): the stream to write the new contents to
 */
FILE *
lz_file_writer_get_stream (LzFileWriter *writer)
{
  return writer->stream;
}

/**
 * lz_file_writer_abort:
 * @writer: (transfer full) (nullable): a writer
 *
 * Leaves the file as it was.
 */
void
lz_file_writer_abort (LzFileWriter *writer)
{
  if (writer == NULL)
    return;
  if (writer->stream != NULL)
    fclose (writer->stream);
  if (writer->tmp != NULL)
    g_unlink (writer->tmp);
  g_free (writer->tmp);
  g_free (writer->path);
  g_free (writer->display);
  g_free (writer);
}

/* Syncs the folder of PATH, so that the rename survives a crash. */
static void
sync_folder (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  int fd = open (dir, O_RDONLY | O_DIRECTORY);

  if (fd >= 0)
    {
      fsync (fd);
      close (fd);
    }
}

/**
 * lz_file_writer_commit:
 * @writer: (transfer full): a writer
 * @error: return location for a #GError
 *
 * Flushes, syncs and renames the new contents over the file.  On any
 * failure (a full disk, a lost device) the old file is left as it was.
 *
 * Returns: %TRUE if the file has the new contents
 */
gboolean
lz_file_writer_commit (LzFileWriter *writer,
                       GError      **error)
{
  int saved = 0;
  FILE *stream = g_steal_pointer (&writer->stream);

  if (ferror (stream))
    saved = errno != 0 ? errno : EIO;
  if (fflush (stream) != 0 && saved == 0)
    saved = errno;
  if (fsync (fileno (stream)) != 0 && saved == 0)
    saved = errno;
  if (fchmod (fileno (stream), writer->mode) != 0 && saved == 0)
    saved = errno;
  if (fclose (stream) != 0 && saved == 0)
    saved = errno;
  if (saved == 0 && g_rename (writer->tmp, writer->path) != 0)
    saved = errno;
  if (saved != 0)
    {
      fail (error, writer->display, saved);
      lz_file_writer_abort (writer);
      return FALSE;
    }
  g_clear_pointer (&writer->tmp, g_free);
  sync_folder (writer->path);
  lz_file_writer_abort (writer);
  return TRUE;
}

/**
 * lz_file_replace:
 * @path: the file to replace (a symlink is followed)
 * @data: the new contents
 * @length: their length, or −1 for a nul-terminated string
 * @error: return location for a #GError
 *
 * Returns: %TRUE if @path has the new contents; otherwise it is as it was
 */
gboolean
lz_file_replace (const char *path,
                 const char *data,
                 gssize      length,
                 GError    **error)
{
  LzFileWriter *writer = lz_file_writer_open (path, error);
  gsize n = length < 0 ? strlen (data) : (gsize) length;

  if (writer == NULL)
    return FALSE;
  if (n > 0 && fwrite (data, 1, n, writer->stream) != n)
    {
      fail (error, writer->display, errno);
      lz_file_writer_abort (writer);
      return FALSE;
    }
  return lz_file_writer_commit (writer, error);
}
