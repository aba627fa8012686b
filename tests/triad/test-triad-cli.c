/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <json-glib/json-glib.h>

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

#include "triad-brute.h"
#include "triad-solver.h"
#include "triad-view.h"

/*
 * Runs `parlor-cli triad solve` on fixture files. The expected lines were
 * derived with the plain minimax of triad-brute.h, and this test derives
 * them again so a stale fixture cannot pass. An expected line "error:"
 * only asks for an error line.
 */

static const char *cli_path;

static char *
run_cli (const char * const *args,
         const char         *input,
         int                *status)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  char *out = NULL;

  g_ptr_array_add (argv, (gpointer) cli_path);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  process = g_subprocess_newv ((const char * const *) argv->pdata,
                               G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, input, NULL, &out, NULL, &error);
  g_assert_no_error (error);
  *status = g_subprocess_get_exit_status (process);
  return out;
}

/* @rules: what the CLI's @rules_text means, for the brute force. */
static void
check_fixture (const char *name,
               const char *rules_text,
               TriadRules  rules)
{
  g_autofree char *input_path = g_test_build_filename (G_TEST_DIST, "triad", name, NULL);
  g_autofree char *base = g_strndup (input_path, strlen (input_path) - strlen (".txt"));
  g_autofree char *expected_path = g_strconcat (base, ".expected", NULL);
  g_autofree char *input = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *output = NULL;
  g_auto(GStrv) in_lines = NULL;
  g_auto(GStrv) want = NULL;
  g_auto(GStrv) got = NULL;
  const char *args[] = { "triad", "solve", "--rules", rules_text, NULL };
  int status;
  guint n_checked = 0;

  g_assert_true (g_file_get_contents (input_path, &input, NULL, NULL));
  g_assert_true (g_file_get_contents (expected_path, &expected, NULL, NULL));

  output = run_cli (args, input, &status);
  g_assert_cmpint (status, ==, 0);
  in_lines = g_strsplit (g_strchomp (input), "\n", -1);
  want = g_strsplit (g_strchomp (expected), "\n", -1);
  got = g_strsplit (g_strchomp (output), "\n", -1);
  g_assert_cmpuint (g_strv_length (got), ==, g_strv_length (in_lines));
  g_assert_cmpuint (g_strv_length (want), ==, g_strv_length (in_lines));

  for (guint i = 0; in_lines[i] != NULL; i++)
    {
      TriadPosition pos;

      if (g_str_equal (want[i], "error:"))
        {
          g_assert_true (g_str_has_prefix (got[i], "error: "));
          continue;
        }
      g_assert_cmpstr (got[i], ==, want[i]);

      /* derive the line again by brute force */
      g_assert_true (triad_solve_line_parse (in_lines[i], &pos, NULL));
      {
        Brute brute;
        int moves[TRIAD_N_MOVES], n_moves;
        int value;
        GString *line;

        brute_from_position (&brute, &pos, rules);
        value = brute_solve (&brute, moves, &n_moves);
        line = g_string_new (value > 0 ? "win" : value == 0 ? "draw" : "loss");
        for (int m = 0; m < n_moves; m++)
          g_string_append_printf (line, " %d@%d", moves[m] / 9, moves[m] % 9);
        g_assert_cmpstr (line->str, ==, want[i]);
        g_string_free (line, TRUE);
        n_checked++;
      }
    }
  g_assert_cmpuint (n_checked, >=, 10);
}

static void
test_solve_basic (void)
{
  check_fixture ("solve-basic.txt", "none", 0);
}

/* Parlor's first reading, asked for by name. */
static void
test_solve_same_plus_combo (void)
{
  check_fixture ("solve-same-plus-combo.txt", "same,plus,combo,parlor",
                 TRIAD_RULE_SAME | TRIAD_RULE_PLUS | TRIAD_RULE_COMBO);
}

/* Final Fantasy VIII's reading is the default: positions whose value or
 * best moves differ between the two readings. */
static void
test_solve_ff8 (void)
{
  check_fixture ("solve-ff8.txt", "same,plus,combo",
                 TRIAD_RULE_SAME | TRIAD_RULE_PLUS | TRIAD_RULE_COMBO | TRIAD_RULE_FF8);
}

/* The basic positions again under Reverse. */
static void
test_solve_reverse (void)
{
  check_fixture ("solve-reverse.txt", "reverse", TRIAD_RULE_REVERSE);
}

/* And under Reverse with Fallen Ace, the words in either order. */
static void
test_solve_fallen_ace (void)
{
  check_fixture ("solve-fallen-ace.txt", "fallen-ace,reverse", TRIAD_RULE_REVERSE | TRIAD_RULE_FALLEN_ACE);
}

/* The FF VIII positions again with Same Wall. */
static void
test_solve_same_wall (void)
{
  check_fixture ("solve-same-wall.txt", "same,plus,combo,same-wall",
                 TRIAD_RULE_SAME | TRIAD_RULE_PLUS | TRIAD_RULE_COMBO | TRIAD_RULE_FF8 | TRIAD_RULE_SAME_WALL);
}

/* A replay recorded before Same, Plus and Combo followed Final Fantasy VIII
 * (its config has no reading=) still verifies, under the rules it was
 * played with. */
static void
test_old_replay_verifies (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "triad", "parlor-reading.replay", NULL);
  g_autofree char *text = NULL;
  g_autofree char *out = NULL;
  const char *args[] = { "replay", path, NULL };
  int status;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_null (strstr (text, "reading"));
  g_assert_nonnull (strstr (text, "rules%3Dsame,plus,combo\n"));
  out = run_cli (args, "", &status);
  g_assert_cmpstr (out, ==, "ok 12 games\n");
  g_assert_cmpint (status, ==, 0);
}

static void
test_bench (void)
{
  const char *args[] = { "triad", "bench", "--deals", "2", "--seed", "3", NULL };
  g_autofree char *out = NULL;
  int status;

  out = run_cli (args, "", &status);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (out, "median"));
  g_assert_nonnull (strstr (out, "max"));
}

static void
test_selfplay_json (void)
{
  const char *args[] = { "selfplay", "triad", "--seats", "expert,easy", "--games", "2", "--seed", "4", "--json", NULL };
  g_autofree char *out = NULL;
  g_autoptr(GRegex) shape = NULL;
  int status;

  out = run_cli (args, "", &status);
  g_assert_cmpint (status, ==, 0);
  shape = g_regex_new ("^\\{\"game\":\"triad\",\"games\":2,\"seats\":\\["
                       "\\{\"level\":\"expert\",\"wins\":\\d+,\"draws\":\\d+,\"mean_ms\":[0-9.]+,\"max_ms\":[0-9.]+\\},"
                       "\\{\"level\":\"easy\",\"wins\":\\d+,\"draws\":\\d+,\"mean_ms\":[0-9.]+,\"max_ms\":[0-9.]+\\}\\],"
                       "\"hands\":\"open\",\"expert_below_value\":0\\}\n$", 0, 0, NULL);
  g_assert_true (g_regex_match (shape, out, 0, NULL));
}

/* --log writes every game as a replay that `parlor-cli replay` plays back,
 * closed hands and extra rules included. */
static void
test_selfplay_log_replays (void)
{
  g_autofree char *dir = g_dir_make_tmp ("parlor-triad-XXXXXX", NULL);
  g_autofree char *log = g_build_filename (dir, "games.replay", NULL);
  const char *play[] = { "selfplay", "triad", "--seats", "expert,medium", "--games", "3", "--seed", "6",
                         "--config", "hands=closed same=on", "--log", log, NULL };
  const char *replay[] = { "replay", log, NULL };
  g_autofree char *out = NULL;
  g_autofree char *back = NULL;
  g_autofree char *text = NULL;
  int status;

  out = run_cli (play, "", &status);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (g_file_get_contents (log, &text, NULL, NULL));
  g_assert_true (g_str_has_prefix (text, "replay "));
  g_assert_nonnull (strstr (text, "\ngame id=triad "));
  g_assert_nonnull (strstr (text, "name=expert%20AI%200 kind=ai level=expert\n"));
  /* new games play Final Fantasy VIII's reading */
  g_assert_nonnull (strstr (text, "config=first%3D0%20reading%3Dff8%20hands%3Dclosed%20same%3Don\n"));
  g_assert_nonnull (strstr (text, "rules%3Dsame,ff8\n"));

  back = run_cli (replay, "", &status);
  g_assert_cmpint (status, ==, 0);
  g_assert_cmpstr (back, ==, "ok 3 games\n");

  g_unlink (log);
  g_rmdir (dir);
}

/* A locale that writes 19,12 for 19.12 does not change the JSON. */
static void
test_selfplay_json_any_locale (void)
{
  const char *argv[] = { cli_path, "selfplay", "triad", "--seats", "easy,medium", "--games", "2",
                         "--seed", "4", "--json", NULL };
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  JsonObject *root;
  JsonArray *seats;

  g_subprocess_launcher_setenv (launcher, "LC_ALL", "de_DE.UTF-8", TRUE);
  process = g_subprocess_launcher_spawnv (launcher, argv, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &out, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 0);

  json_parser_load_from_data (parser, out, -1, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "game"), ==, "triad");
  seats = json_object_get_array_member (root, "seats");
  g_assert_cmpuint (json_array_get_length (seats), ==, 2);
  g_assert_cmpfloat (json_object_get_double_member (json_array_get_object_element (seats, 1), "mean_ms"), >, 0);
}

static void
test_bad_usage (void)
{
  static const char *const bad[][6] = {
    { "triad", NULL },
    { "triad", "prove", NULL },
    { "triad", "solve", "--rules", "elemental", NULL },
    { "triad", "solve", "--rules", "same,ff8,parlor", NULL },
    { "triad", "solve", "--rules", "combo,parlor", NULL },
    { "triad", "solve", "--deals", "0", NULL },
    { "selfplay", "triad", "--seats", "expert", NULL },
    { "selfplay", "triad", "--seats", "expert,wizard", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *out = NULL;
      int status;

      out = run_cli (bad[i], "", &status);
      g_assert_cmpint (status, ==, 2);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  cli_path = argc > 1 ? argv[1] : g_getenv ("PARLOR_CLI");
  g_assert_nonnull (cli_path);

  g_test_add_func ("/triad/cli/solve-basic", test_solve_basic);
  g_test_add_func ("/triad/cli/solve-same-plus-combo", test_solve_same_plus_combo);
  g_test_add_func ("/triad/cli/solve-reverse", test_solve_reverse);
  g_test_add_func ("/triad/cli/solve-fallen-ace", test_solve_fallen_ace);
  g_test_add_func ("/triad/cli/solve-same-wall", test_solve_same_wall);
  g_test_add_func ("/triad/cli/solve-ff8", test_solve_ff8);
  g_test_add_func ("/triad/cli/old-replay-verifies", test_old_replay_verifies);
  g_test_add_func ("/triad/cli/bench", test_bench);
  g_test_add_func ("/triad/cli/selfplay-json", test_selfplay_json);
  g_test_add_func ("/triad/cli/selfplay-json-any-locale", test_selfplay_json_any_locale);
  g_test_add_func ("/triad/cli/selfplay-log-replays", test_selfplay_log_replays);
  g_test_add_func ("/triad/cli/bad-usage", test_bad_usage);

  return g_test_run ();
}
