/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

/* parlor-cli selfplay/replay as a user runs them. */

static const char *cli_path;

static char *
run_cli (const char * const *args,
         int                *status)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  char *out = NULL;

  g_ptr_array_add (argv, (gpointer) cli_path);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, &out, NULL, status, &error));
  g_assert_no_error (error);
  return out;
}

static void
test_selfplay_and_replay (void)
{
  g_autofree char *dir = g_dir_make_tmp ("parlor-manhattan-XXXXXX", NULL);
  g_autofree char *log = g_build_filename (dir, "games.replay", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.replay", NULL);
  const char *selfplay[] = { "selfplay", "manhattan", "--seats", "normal,random,random,normal",
                             "--games", "6", "--seed", "9", "--json", "--log", log, NULL };
  const char *replay[] = { "replay", log, NULL };
  const char *replay_bad[] = { "replay", bad, NULL };
  g_autofree char *out1 = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *out3 = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autofree char *joined = NULL;
  int status, n_levels = 0;

  if (cli_path == NULL || !g_file_test (cli_path, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("parlor-cli is not built");
      return;
    }

  out1 = run_cli (selfplay, &status);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_true (g_str_has_prefix (out1, "{\"game\":\"manhattan\",\"games\":6,\"seats\":[{\"level\":\"normal\",\"wins\":"));
  g_assert_true (g_str_has_suffix (out1, "]}\n"));
  for (const char *p = out1; (p = strstr (p, "\"level\":")) != NULL; p++)
    n_levels++;
  g_assert_cmpint (n_levels, ==, 4);
  g_assert_nonnull (strstr (out1, "\"mean_score\":"));
  g_assert_nonnull (strstr (out1, "\"max_ms\":"));

  out2 = run_cli (replay, &status);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_cmpstr (out2, ==, "ok 6 games\n");

  /* Line 40 becomes an event the engine never produced. */
  g_assert_true (g_file_get_contents (log, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  g_assert_true (g_str_has_prefix (lines[39], "event ") || g_str_has_prefix (lines[39], "action "));
  g_free (lines[39]);
  lines[39] = g_strdup ("event audience=all line=turn%20seat%3D3");
  joined = g_strjoinv ("\n", lines);
  g_assert_true (g_file_set_contents (bad, joined, -1, NULL));
  out3 = run_cli (replay_bad, &status);
  g_assert_false (g_spawn_check_wait_status (status, NULL));
  g_assert_true (g_str_has_prefix (out3, "line 40:"));

  g_unlink (log);
  g_unlink (bad);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  /* meson passes the built parlor-cli; PARLOR_CLI is the fallback. */
  cli_path = argc > 1 ? argv[1] : g_getenv ("PARLOR_CLI");

  g_test_add_func ("/manhattan/cli/selfplay-and-replay", test_selfplay_and_replay);

  return g_test_run ();
}
