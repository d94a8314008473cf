/* test-file.c — files replaced safely: permissions, symlinks, refusals,
 * and the old file intact when a write fails
 *
 * Copyright 2026 The Luztar authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "lz.h"

static char *
scratch (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("lz-file-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static char *
contents (const char *path)
{
  char *data = NULL;

  g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
  return data;
}

static guint
mode_of (const char *path)
{
  GStatBuf st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  return st.st_mode & 07777;
}

/* A new file gets 0666 less the umask; a replaced one keeps its mode. */
static void
test_permissions (void)
{
  g_autofree char *dir = scratch ();
  g_autofree char *path = g_build_filename (dir, "a.csv", NULL);
  g_autoptr(GError) error = NULL;
  mode_t old = umask (022);
  g_autofree char *data = NULL;

  g_assert_true (lz_file_replace (path, "one\n", -1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (mode_of (path), ==, 0644);
  g_assert_cmpint (g_chmod (path, 0640), ==, 0);
  g_assert_true (lz_file_replace (path, "two\n", -1, &error));
  g_assert_cmpuint (mode_of (path), ==, 0640);
  data = contents (path);
  g_assert_cmpstr (data, ==, "two\n");
  umask (old);
  g_unlink (path);
  g_rmdir (dir);
}

/* A symlink stays a symlink; its target (relative, in another folder)
 * gets the contents. */
static void
test_symlink (void)
{
  g_autofree char *dir = scratch ();
  g_autofree char *sub = g_build_filename (dir, "sub", NULL);
  g_autofree char *target = g_build_filename (sub, "model.luztar", NULL);
  g_autofree char *link = g_build_filename (dir, "link.luztar", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;

  g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);
  g_assert_true (g_file_set_contents (target, "old", -1, NULL));
  g_assert_cmpint (symlink ("sub/model.luztar", link), ==, 0);
  g_assert_true (lz_file_replace (link, "new", -1, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  data = contents (target);
  g_assert_cmpstr (data, ==, "new");
  g_unlink (link);
  g_unlink (target);
  g_rmdir (sub);
  g_rmdir (dir);
}

/* Devices, FIFOs and folders are refused in words and left alone. */
static void
test_refusals (void)
{
  g_autofree char *dir = scratch ();
  g_autofree char *fifo = g_build_filename (dir, "fifo", NULL);
  g_autofree char *missing = g_build_filename (dir, "no", "such", "folder", "x.csv", NULL);
  const char *targets[] = { "/dev/null", fifo, dir };
  g_autoptr(GError) error = NULL;
  GStatBuf st;

  g_assert_cmpint (mkfifo (fifo, 0644), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (targets); i++)
    {
      g_assert_false (lz_file_replace (targets[i], "x", -1, &error));
      g_assert_error (error, LZ_ERROR, LZ_ERROR_IO);
      g_assert_nonnull (strstr (error->message, "not a regular file"));
      g_clear_error (&error);
    }
  g_assert_cmpint (g_stat ("/dev/null", &st), ==, 0);
  g_assert_true (S_ISCHR (st.st_mode));
  g_assert_cmpint (g_stat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));
  g_assert_false (lz_file_replace (missing, "x", -1, &error));
  g_assert_nonnull (strstr (error->message, "x.csv"));
  g_assert_nonnull (strstr (error->message, g_strerror (ENOENT)));
  g_unlink (fifo);
  g_rmdir (dir);
}

/* A write that fails — here the temporary file's descriptor is made a
 * full device — is an error naming the file and the reason, and the old
 * contents stay; so does an aborted writer. */
static void
test_failed_write (void)
{
  g_autofree char *dir = scratch ();
  g_autofree char *path = g_build_filename (dir, "trace.csv", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  LzFileWriter *writer;
  int full = open ("/dev/full", O_WRONLY);
  guint left = 0;

  g_assert_true (g_file_set_contents (path, "good", -1, NULL));
  writer = lz_file_writer_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (full, >=, 0);
  g_assert_cmpint (dup2 (full, fileno (lz_file_writer_get_stream (writer))), >=, 0);
  close (full);
  for (guint i = 0; i < 100000; i++)
    fputs ("0123456789", lz_file_writer_get_stream (writer));
  g_assert_false (lz_file_writer_commit (writer, &error));
  g_assert_error (error, LZ_ERROR, LZ_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "trace.csv"));
  g_assert_nonnull (strstr (error->message, g_strerror (ENOSPC)));
  data = contents (path);
  g_assert_cmpstr (data, ==, "good");
  g_clear_pointer (&data, g_free);
  g_clear_error (&error);

  writer = lz_file_writer_open (path, &error);
  fputs ("half", lz_file_writer_get_stream (writer));
  lz_file_writer_abort (writer);
  data = contents (path);
  g_assert_cmpstr (data, ==, "good");
  /* no temporary file is left behind */
  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);

    while (g_dir_read_name (d) != NULL)
      left++;
  }
  g_assert_cmpuint (left, ==, 1);
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  lz_locale_init ("C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lz/file/permissions", test_permissions);
  g_test_add_func ("/lz/file/symlink", test_symlink);
  g_test_add_func ("/lz/file/refusals", test_refusals);
  g_test_add_func ("/lz/file/failed-write", test_failed_write);
  return g_test_run ();
}
