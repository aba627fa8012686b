/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Runs parlor-cli (path in argv[1]): jihai score on hand-worked lines, selfplay and replay. */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
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

/* Input and the output worked out by hand from the spec; NULL output: an error line. */
static const char *const score_lines[][2] = {
  { "- | SSSWWWOO | O\ttsumo\t-\t-", "A\tTwo closed triplets=3;Two winds=2\t5\tyes\twin" },
  { "EE+E | SSSOO | S\tron\t-\t-", "A\tOne closed triplet=1;Two winds=2\t3\tyes\twin" },
  { "EEEE SS+S+S | OO | O\ttsumo\tdead_wall_draw\t-",
    "A\tOne closed kong=2;Two kongs=3;Two winds=2;Dead wall draw=1\t8\tyes\twin" },
  { "EE+E OOO+O | SS | S\tron\t-\t-", "A\t-\t0\tno\tzero_points" },
  { "EE+E OOO+O | SS | S\ttsumo\tlast_draw\t-", "A\tLast draw=1\t1\tyes\twin" },
  { "- | EESSWWNN | N\tron\t-\tN", "B\tWind pairs=3\t3\tno\tillegal_ron" },
  { "- | OOGGRREE | E\ttsumo\tearthly\t-", "B\tDragon pairs=3;Earthly hand=2\t5\tyes\twin" },
  { "- | ESWNOGRR | R\ttsumo\t-\tR", "C\tSeven orphans, 7-sided wait=2\t2\tyes\twin" },
  { "- | ESWNOGRR | G\tron\trobbing_quad\t-", "C\tSeven orphans=1;Robbing a quad=1\t2\tyes\twin" },
  { "- | EEEESSWW | W\ttsumo\t-\t-", "none\t-\t-\tno\tno_shape" },
  { "- | EEEEESSW | W\ttsumo\t-\t-", NULL },
  { "- | ESWNOGR | R\ttsumo\t-\t-", NULL },
  { "EE+S | SSSOO | O\tron\t-\t-", NULL },
  { "- | SSSWWWOO | E\ttsumo\t-\t-", NULL },
  { "- | SSSWWWOO | O\ttsumo\tfoo\t-", NULL },
  { "- | SSSWWWOO | O\tdiscard\t-\t-", NULL },
  { "- | SSSWWWOO | O\ttsumo\t-\tX", NULL },
  { "- | SSSWWWOO | O\ttsumo\t-", NULL },
  { "- | SSSWWWOO | O\tron\theavenly\t-", NULL },
  { "OO+O GG+G | RR | R\tron\tlast_discard\t-", "A\tThree dragons=4;Last discard=1\t5\tyes\twin" },
};

static void
test_score (void)
{
  static const char *const args[] = { "jihai", "score", NULL };
  g_autoptr(GString) input = g_string_new ("# a comment\n\n");
  g_autofree char *out = NULL;
  g_auto(GStrv) lines = NULL;
  int status;

  for (guint i = 0; i < G_N_ELEMENTS (score_lines); i++)
    g_string_append_printf (input, "%s%s", score_lines[i][0],
                            i + 1 < G_N_ELEMENTS (score_lines) ? (i % 3 == 0 ? "\r\n" : "\n") : "");
  out = run_cli (args, input->str, &status);
  g_assert_cmpint (status, ==, 0);
  lines = g_strsplit (out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, G_N_ELEMENTS (score_lines) + 1);
  for (guint i = 0; i < G_N_ELEMENTS (score_lines); i++)
    {
      g_test_message ("%s", score_lines[i][0]);
      if (score_lines[i][1] == NULL)
        {
          g_assert_true (g_str_has_prefix (lines[i], "error: "));
          g_assert_cmpuint (strlen (lines[i]), >, 12);
        }
      else
        g_assert_cmpstr (lines[i], ==, score_lines[i][1]);
    }
  g_assert_cmpstr (lines[G_N_ELEMENTS (score_lines)], ==, "");
}

static void
test_selfplay_and_replay (void)
{
  g_autofree char *dir = g_dir_make_tmp ("parlor-jihai-XXXXXX", NULL);
  g_autofree char *log = g_build_filename (dir, "replay.txt", NULL);
  const char *args[] = { "selfplay", "jihai", "--seats", "strong,random", "--games", "4", "--seed", "3",
                         "--json", "--log", log, NULL };
  const char *replay[] = { "replay", log, NULL };
  g_autofree char *out = NULL;
  g_autofree char *checked = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root;
  JsonArray *seats;
  int status;

  out = run_cli (args, "", &status);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, out, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "game"), ==, "jihai");
  seats = json_object_get_array_member (root, "seats");
  g_assert_cmpuint (json_array_get_length (seats), ==, 2);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (seats, 0), "wins")
                   + json_object_get_int_member (json_array_get_object_element (seats, 1), "wins"), ==, 4);

  checked = run_cli (replay, "", &status);
  g_assert_cmpint (status, ==, 0);
  g_assert_cmpstr (checked, ==, "ok 4 games\n");
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
      g_printerr ("usage: test-jihai-cli PATH-TO-PARLOR-CLI\n");
      return 1;
    }
  cli_path = argv[1];
  g_test_add_func ("/jihai/cli/score", test_score);
  g_test_add_func ("/jihai/cli/selfplay-replay", test_selfplay_and_replay);
  return g_test_run ();
}
