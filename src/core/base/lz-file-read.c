/* lz-file-read.c — files read whole, only when they are regular and not huge
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A model file is read into memory at once.  g_file_get_contents() would
 * block for ever on a FIFO and read /dev/zero until an allocation fails;
 * here the file is opened without blocking, must be a regular file of at
 * most a given size (a FIFO, a device, a socket or a folder is refused in
 * words), and a file that grows while it is read is refused too.
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "lz-error.h"
#include "lz-file.h"

static const char *
describe_type (mode_t mode)
{
  if (S_ISDIR (mode))
    return _("a folder");
  if (S_ISFIFO (mode))
    return _("a named pipe (FIFO)");
  if (S_ISCHR (mode) || S_ISBLK (mode))
    return _("a device");
  if (S_ISSOCK (mode))
    return _("a socket");
  return _("not a regular file");
}

static gboolean
read_fail (GError **error,
           int      saved_errno)
{
  g_set_error (error, LZ_ERROR, LZ_ERROR_IO, _("cannot read the file: %s"), g_strerror (saved_errno));
  return FALSE;
}

/**
 * lz_file_read_regular:
 * @path: a file (symlinks are followed)
 * @max_size: the largest file accepted, bytes
 * @contents: (out): the bytes, NUL-terminated (free with g_free())
 * @length: (out): their number, without the NUL
 * @error: return location for an %LZ_ERROR_IO error, its message without
 *   the file's name (the caller puts it in front)
 *
 * Reads a regular file of at most @max_size bytes.
 *
 * Returns: %TRUE if the file was read
 */
gboolean
lz_file_read_regular (const char *path,
                      gsize       max_size,
                      char      **contents,
                      gsize      *length,
                      GError    **error)
{
  struct stat st;
  g_autofree char *data = NULL;
  gsize n = 0;
  int fd;

  g_return_val_if_fail (path != NULL && contents != NULL && length != NULL, FALSE);

  /* O_NONBLOCK: opening a FIFO with no writer would block */
  fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0);
  if (fd < 0)
    return read_fail (error, errno);
  if (fstat (fd, &st) != 0)
    {
      int saved = errno;

      close (fd);
      return read_fail (error, saved);
    }
  if (!S_ISREG (st.st_mode))
    {
      close (fd);
      g_set_error (error, LZ_ERROR, LZ_ERROR_IO, _("cannot read the file: it is %s, not a regular file"),
                   describe_type (st.st_mode));
      return FALSE;
    }
  if ((guint64) st.st_size > max_size)
    {
      close (fd);
      g_set_error (error, LZ_ERROR, LZ_ERROR_IO,
                   _("the file has %.0f bytes, more than the %.0f a model file may have"),
                   (double) st.st_size, (double) max_size);
      return FALSE;
    }
  /* one byte more than it had: a file that grows is noticed */
  data = g_malloc ((gsize) st.st_size + 2);
  while (n < (gsize) st.st_size + 1)
    {
      gssize got = read (fd, data + n, (gsize) st.st_size + 1 - n);

      if (got < 0 && errno == EINTR)
        continue;
      if (got < 0)
        {
          int saved = errno;

          close (fd);
          return read_fail (error, saved);
        }
      if (got == 0)
        break;
      n += (gsize) got;
    }
  close (fd);
  if (n > (gsize) st.st_size)
    {
      g_set_error (error, LZ_ERROR, LZ_ERROR_IO, _("cannot read the file: it grew while it was read"));
      return FALSE;
    }
  data[n] = '\0';
  *contents = g_steal_pointer (&data);
  *length = n;
  return TRUE;
}
