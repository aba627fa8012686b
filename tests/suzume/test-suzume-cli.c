/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Runs parlor-cli suzume score (path in argv[1]) on hands worked out by hand from the spec,
 * then selfplay with a replay log that parlor-cli replay verifies. */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

static const char *cli_path;

static char *
run_cli (const char *const *args,
         const char        *input,
         int               *status)
{
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  char *out = NULL;

  g_ptr_array_add (argv, (gpointer) cli_path);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  proc = g_subprocess_newv ((const char *const *) argv->pdata,
                            G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (proc, input, NULL, &out, NULL, &error);
  g_assert_no_error (error);
  *status = g_subprocess_get_exit_status (proc);
  return out;
}

/* input line, expected output ("error" only checks the prefix) */
static const char *const cases[][2] = {
  /* the spec's example: 2+2 + All Terminals 15 */
  { "1s 1s 1r 9s 9s 9s\t1s\tno\tron\t3", "win\t19\tTriplet x2;All Terminals x1\tyes\tron:19" },
  /* the dealer adds 2 before the split: 21 over 2 others → 11 each (rounded up) */
  { "1s 1s 1r 9s 9s 9s\t1s\tyes\ttsumo\t3", "win\t19\tTriplet x2;All Terminals x1\tyes\ttsumo:11,11" },
  { "1s 1s 1r 9s 9s 9s\t1s\tyes\tron\t5", "win\t19\tTriplet x2;All Terminals x1\tyes\tron:21" },
  /* 5 points exactly, tsumo among 5: 5/4 → 2 each */
  { "2r 3s 4s 6s 6s 6s\tF\tno\ttsumo\t5", "win\t5\tRun x1;Triplet x1;Red x1;All Simples x1\tyes\ttsumo:2,2,2,2" },
  { "2r 3s 4s 6s 6s 6s\tF\tno\ttsumo\t2", "win\t5\tRun x1;Triplet x1;Red x1;All Simples x1\tyes\ttsumo:5" },
  /* All Green: plain 2 3 4 6 and 發 */
  { "2s 3s 4s F F F\t9s\tno\tron\t4", "win\t13\tRun x1;Triplet x1;All Green x1\tyes\tron:13" },
  /* All Red: 中 and red numbers */
  { "4r 5r 6r C C C\t5s\tyes\ttsumo\t4", "win\t23\tRun x1;Triplet x1;All Red x1\tyes\ttsumo:9,9,9" },
  /* a red dora counts for both: 5r is red and dora */
  { "4r 5r 6s C C C\t5s\tno\tron\t3", "win\t9\tRun x1;Triplet x1;Dora x1;Red x5\tyes\tron:9" },
  { "5r 5s 5s 5s 6s 7s\t7s\tno\tron\t3", "win\t6\tRun x1;Triplet x1;Dora x1;Red x1;All Simples x1\tyes\tron:6" },
  /* chanta with 1-2-3 and 7-8-9 */
  { "7s 8s 9s 1s 2s 3s\t9r\tno\tron\t2", "win\t5\tRun x2;Dora x1;Terminals in Every Set x1\tyes\tron:5" },
  /* a shape below 5: no payment */
  { "1s 1s 1s 2s 3s 4s\tF\tyes\ttsumo\t3", "win\t3\tRun x1;Triplet x1\tno\t-" },
  /* no shape */
  { "1s 2s 4s 5s 6s 7s\tF\tno\tron\t3", "no\t-\t-\tno\t-" },
  { "F F C C 5s 5s\tF\tno\ttsumo\t3", "no\t-\t-\tno\t-" },
  /* bad lines */
  { "1s 1s 1s 1s 2s 3s\tF\tno\tron\t3", "error" },       /* four plain 1s */
  { "1r 1r 2s 3s 4s 5s\tF\tno\tron\t3", "error" },       /* two red 1s */
  { "1r 2s 3s 7s 8s 9s\t1r\tno\tron\t3", "error" },      /* the indicator is the only red 1 */
  { "F F F F 1s 2s\tF\tno\tron\t3", "error" },           /* five 發 with the indicator */
  { "1s 2s 3s 7s 8s 9m\tF\tno\tron\t3", "error" },
  { "1s 2s 3s 7s 8s\tF\tno\tron\t3", "error" },
  { "1s 2s 3s 7s 8s 9s 9s\tF\tno\tron\t3", "error" },
  { "1s 2s 3s 7s 8s 9s\tX\tno\tron\t3", "error" },
  { "1s 2s 3s 7s 8s 9s\tF\tmaybe\tron\t3", "error" },
  { "1s 2s 3s 7s 8s 9s\tF\tno\tchombo\t3", "error" },
  { "1s 2s 3s 7s 8s 9s\tF\tno\tron\t6", "error" },
  { "1s 2s 3s 7s 8s 9s\tF\tno\tron\t1", "error" },
  { "1s 2s 3s 7s 8s 9s\tF\tno\tron", "error" },
  { "Cr 2s 3s 7s 8s 9s\tF\tno\tron\t3", "error" },
};

static void
test_score (void)
{
  static const char *const args[] = { "suzume", "score", NULL };
  g_autoptr(GString) input = g_string_new (NULL);
  g_autofree char *out = NULL;
  g_auto(GStrv) lines = NULL;
  int status;

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    g_string_append_printf (input, "%s\n%s", cases[i][0], i % 5 == 0 ? "\n" : "");
  out = run_cli (args, input->str, &status);
  g_assert_cmpint (status, ==, 0);
  lines = g_strsplit (out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, G_N_ELEMENTS (cases) + 1);
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%s", cases[i][0]);
      if (g_str_equal (cases[i][1], "error"))
        g_assert_true (g_str_has_prefix (lines[i], "error: "));
      else
        g_assert_cmpstr (lines[i], ==, cases[i][1]);
    }
}

static void
test_selfplay_replay (void)
{
  g_autofree char *dir = g_dir_make_tmp ("suzume-XXXXXX", NULL);
  g_autofree char *log = g_build_filename (dir, "log.txt", NULL);
  const char *const play[] = { "selfplay", "suzume", "--seats", "strong,normal,random,normal",
                               "--games", "3", "--seed", "5", "--json", "--log", log, NULL };
  const char *const replay[] = { "replay", log, NULL };
  g_autofree char *out = NULL;
  g_autofree char *checked = NULL;
  int status;

  out = run_cli (play, "", &status);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (out, "\"level\":\"strong\""));
  checked = run_cli (replay, "", &status);
  g_assert_cmpint (status, ==, 0);
  g_assert_cmpstr (checked, ==, "ok 3 games\n");
  g_unlink (log);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    {
      g_printerr ("usage: %s PARLOR-CLI\n", argv[0]);
      return 2;
    }
  cli_path = argv[1];

  g_test_add_func ("/suzume/cli/score", test_score);
  g_test_add_func ("/suzume/cli/selfplay-replay", test_selfplay_replay);

  return g_test_run ();
}
