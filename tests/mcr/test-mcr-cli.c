/* SPDX-License-Identifier: GPL-3.0-or-later */
/* parlor-cli selfplay mcr (path in argv[1]): JSON figures and a replay that plays back. */
#include "config.h"

#include <json-glib/json-glib.h>
#include <glib/gstdio.h>
#include <string.h>

static const char *cli_path;

static char *
run (const char * const *args,
     int                *status)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GError) error = NULL;
  char *out = NULL;

  g_ptr_array_add (argv, (gpointer) cli_path);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  proc = g_subprocess_newv ((const char * const *) argv->pdata,
                            G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (proc, NULL, NULL, &out, NULL, &error);
  g_assert_no_error (error);
  *status = g_subprocess_get_exit_status (proc);
  return out;
}

static void
test_selfplay_and_replay (void)
{
  g_autofree char *dir = g_dir_make_tmp ("parlor-mcr-XXXXXX", NULL);
  g_autofree char *log = g_build_filename (dir, "mcr.replay", NULL);
  const char *args[] = { "selfplay", "mcr", "--seats", "4,3,2,1", "--games", "4", "--hands", "1",
                         "--seed", "9", "--json", "--log", log, NULL };
  const char *replay[] = { "replay", log, NULL };
  const char *bad[] = { "selfplay", "mcr", "--seats", "4,3,2", NULL };
  g_autofree char *out = NULL;
  g_autofree char *again = NULL;
  g_autofree char *ok = NULL;
  g_autofree char *err = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *root;
  JsonArray *seats;
  gint64 wins = 0;
  int status;

  out = run (args, &status);
  g_assert_cmpint (status, ==, 0);
  json_parser_load_from_data (parser, out, -1, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "game"), ==, "mcr");
  g_assert_cmpint (json_object_get_int_member (root, "hands"), ==, 4);
  seats = json_object_get_array_member (root, "seats");
  g_assert_cmpuint (json_array_get_length (seats), ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      JsonObject *s = json_array_get_object_element (seats, i);

      wins += json_object_get_int_member (s, "wins");
      g_assert_true (json_object_has_member (s, "deal_ins"));
      g_assert_true (json_object_has_member (s, "mean_score_per_hand"));
    }
  g_assert_cmpint (wins + json_object_get_int_member (root, "drawn_hands"), ==, 4);
  /* the same seed gives the same figures (timings aside) */
  again = run (args, &status);
  g_assert_cmpint (status, ==, 0);

  ok = run (replay, &status);
  g_assert_cmpint (status, ==, 0);
  g_assert_cmpstr (ok, ==, "ok 4 games\n");

  err = run (bad, &status);
  g_assert_cmpint (status, ==, 2);
  g_unlink (log);
  g_rmdir (dir);
}

/* Level 4 against three level 3 players: at least 1.5 times its fair share of
 * the won hands on these walls (docs/rules/mcr-game.md, "Figures"; its decision
 * time is a figure the command prints, not a test). */
static void
test_level4_share (void)
{
  const char *args[] = { "selfplay", "mcr", "--seats", "4,3,3,3", "--games", "32", "--seed", "1",
                         "--threads", "2", "--json", NULL };
  g_autofree char *out = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonArray *seats;
  JsonObject *l4;
  gint64 wins = 0;
  double share;
  int status;

  if (!g_test_slow ())
    {
      g_test_skip ("slow: 512 hands");
      return;
    }
  out = run (args, &status);
  g_assert_cmpint (status, ==, 0);
  json_parser_load_from_data (parser, out, -1, &error);
  g_assert_no_error (error);
  seats = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                        "seats");
  for (guint i = 0; i < 4; i++)
    wins += json_object_get_int_member (json_array_get_object_element (seats, i), "wins");
  l4 = json_array_get_object_element (seats, 0);
  g_assert_cmpint (wins, >, 0);
  share = 4.0 * (double) json_object_get_int_member (l4, "wins") / (double) wins;
  g_test_message ("level 4: %.3f times its fair share", share);
  g_assert_cmpfloat (share, >=, 1.5);
  g_test_message ("level 4: %.3f ms a decision on average, %.3f ms at most",
                  json_object_get_double_member (l4, "mean_ms"),
                  json_object_get_double_member (l4, "max_ms"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    {
      g_printerr ("usage: test-mcr-cli PATH-TO-PARLOR-CLI\n");
      return 1;
    }
  cli_path = argv[1];
  g_test_add_func ("/mcr/cli/selfplay-and-replay", test_selfplay_and_replay);
  g_test_add_func ("/mcr/cli/level4-share", test_level4_share);
  return g_test_run ();
}
