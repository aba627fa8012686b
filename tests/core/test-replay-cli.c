/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli-test-util.h"
#include "parlor-replay.h"

/* parlor-cli replay and review read a file as every other reader does:
 * bounded, regular files only, all of it, with one set of rules. */

static char *dir;

static char *
scratch_path (const char *name)
{
  if (dir == NULL)
    {
      g_autoptr(GError) error = NULL;

      dir = g_dir_make_tmp ("parlor-replay-cli-XXXXXX", &error);
      g_assert_no_error (error);
    }
  return g_build_filename (dir, name, NULL);
}

/* A whole triad game, as selfplay --log writes it. */
static char *
valid_replay (void)
{
  g_autofree char *path = scratch_path ("valid.replay");
  const char *argv[] = { "selfplay", "triad", "--seats", "expert,easy", "--games", "1", "--seed", "5",
                         "--log", path, NULL };
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  char *text = NULL;
  int status;

  out = cli_test_run (argv, &status);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  return text;
}

static void
assert_refused (const char *path,
                const char *words)
{
  const char *replay[] = { "replay", path, NULL };
  const char *review[] = { "review", path, "--seat", "0", NULL };
  g_autofree char *out = NULL;
  int status;

  out = cli_test_run (replay, &status);
  if (status != 1 || strstr (out, words) == NULL)
    g_error ("replay %s: expected “%s”, status 1; got status %d: %s", path, words, status, out);
  g_clear_pointer (&out, g_free);
  out = cli_test_run (review, &status);
  if (status != 1 || strstr (out, words) == NULL)
    g_error ("review %s: expected “%s”, status 1; got status %d: %s", path, words, status, out);
}

/* parlor-cli hint reads a file the same way (its status for a file it
 * cannot use is 2). */
static void
assert_hint_refused (const char *path,
                     const char *words)
{
  const char *hint[] = { "hint", path, NULL };
  g_autofree char *out = NULL;
  int status;

  out = cli_test_run (hint, &status);
  if (status != 2 || strstr (out, words) == NULL)
    g_error ("hint %s: expected “%s”, status 2; got status %d: %s", path, words, status, out);
}

static void
write_file (const char *name,
            const char *data,
            gssize      length,
            char      **path)
{
  g_autoptr(GError) error = NULL;

  *path = scratch_path (name);
  g_assert_true (g_file_set_contents (*path, data, length, &error));
  g_assert_no_error (error);
}

/* 100 MB of blank lines: refused at once, in words, not read. */
static void
test_big (void)
{
  g_autofree char *path = scratch_path ("big.replay");
  g_autofree char *chunk = g_strnfill (1024 * 1024, '\n');
  FILE *f = g_fopen (path, "wb");

  g_assert_nonnull (f);
  for (guint i = 0; i < 100; i++)
    g_assert_cmpuint (fwrite (chunk, 1, 1024 * 1024, f), ==, 1024 * 1024);
  g_assert_cmpint (fclose (f), ==, 0);
  assert_refused (path, "too big");
  assert_hint_refused (path, "too big");
  g_unlink (path);
}

/* A named pipe with no writer: refused, never waited on. */
static void
test_fifo (void)
{
  g_autofree char *path = scratch_path ("pipe.replay");

  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  assert_refused (path, "not a regular file");
  assert_hint_refused (path, "not a regular file");
  g_unlink (path);
}

/* What follows a NUL byte is read too: a valid file with a forged tail. */
static void
test_nul (void)
{
  g_autofree char *valid = valid_replay ();
  g_autoptr(GString) text = g_string_new (valid);
  g_autofree char *path = NULL;

  g_string_append_len (text, "\0garbage\nresult line=forged\n", 28);
  write_file ("nul.replay", text->str, text->len, &path);
  assert_refused (path, "not text");
  assert_hint_refused (path, "not text");
}

static void
test_header_only (void)
{
  g_autofree char *path = NULL;

  write_file ("header.replay", "replay version=1\n", -1, &path);
  assert_refused (path, "line 1: the replay holds no game");
}

/* Lines ended by CR LF read as the same lines ended by LF. */
static void
test_crlf (void)
{
  g_autofree char *valid = valid_replay ();
  g_autoptr(GString) text = g_string_new (valid);
  g_autofree char *path = NULL;
  g_autofree char *out = NULL;
  const char *replay[] = { "replay", NULL, NULL };
  int status;

  g_string_replace (text, "\n", "\r\n", 0);
  write_file ("crlf.replay", text->str, text->len, &path);
  replay[1] = path;
  out = cli_test_run (replay, &status);
  g_assert_cmpstr (out, ==, "ok 1 games\n");
  g_assert_cmpint (status, ==, 0);
}

/* The reader itself: a regular file of at most the limit, text only. */
static void
test_read_file (void)
{
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autofree char *big = g_strnfill (PARLOR_REPLAY_MAX_SIZE + 1, '\n');
  g_autoptr(GError) error = NULL;
  gsize length = 0;

  write_file ("small.replay", "replay version=1\r\n", -1, &path);
  text = parlor_replay_read_file (path, &length, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (text, ==, "replay version=1\r\n");
  g_assert_cmpuint (length, ==, 18);
  g_clear_pointer (&path, g_free);

  write_file ("limit.replay", big, PARLOR_REPLAY_MAX_SIZE + 1, &path);
  g_assert_null (parlor_replay_read_file (path, NULL, &error));
  g_assert_error (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_TOO_BIG);
  g_clear_error (&error);
  g_clear_pointer (&path, g_free);

  write_file ("latin1.replay", "replay version=1\n\xe9\n", -1, &path);
  g_assert_null (parlor_replay_read_file (path, NULL, &error));
  g_assert_error (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_SYNTAX);
  g_clear_error (&error);

  g_assert_null (parlor_replay_read_file ("/nonexistent/parlor.replay", NULL, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_clear_error (&error);

  g_assert_null (parlor_replay_read_file ("/", NULL, &error));
  g_assert_error (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_SYNTAX);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  cli_test_init (argc, argv);

  g_test_add_func ("/replay-cli/big", test_big);
  g_test_add_func ("/replay-cli/fifo", test_fifo);
  g_test_add_func ("/replay-cli/nul", test_nul);
  g_test_add_func ("/replay-cli/header-only", test_header_only);
  g_test_add_func ("/replay-cli/crlf", test_crlf);
  g_test_add_func ("/replay-cli/read-file", test_read_file);
  status = g_test_run ();
  if (dir != NULL)
    {
      g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
      const char *name;

      while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
        {
          g_autofree char *path = g_build_filename (dir, name, NULL);

          g_unlink (path);
        }
      g_rmdir (dir);
    }
  return status;
}
