/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "cli-test-util.h"
#include "parlor-games.h"
#include "parlor-hint.h"
#include "parlor-line.h"

/* The replay's first @n_actions actions played on the game, as the test
 * reads them (its own reading, apart from the command's). */
static ParlorGame *
play_records (const ParlorGameInfo *info,
              char                **lines,
              guint                 n_lines)
{
  g_autoptr(ParlorGame) game = NULL;
  g_autoptr(GPtrArray) events = parlor_event_array_new ();

  for (guint i = 0; i < n_lines; i++)
    {
      g_autoptr(ParlorLine) record = parlor_line_parse (lines[i], NULL);
      gint64 seat;

      if (record == NULL)
        continue;
      if (g_str_equal (parlor_line_get_type (record), "game"))
        {
          g_clear_object (&game);
          game = info->new_game (parlor_line_get (record, "config"),
                                 g_ascii_strtoull (parlor_line_get (record, "seed"), NULL, 10),
                                 NULL);
          g_assert_nonnull (game);
          parlor_game_start (game, events);
        }
      else if (g_str_equal (parlor_line_get_type (record), "action"))
        {
          g_assert_true (parlor_line_get_int (record, "seat", 0, 7, &seat, NULL));
          g_assert_true (parlor_game_apply (game, seat, parlor_line_get (record, "line"),
                                            events, NULL));
        }
    }
  /* A table plays the answers of seats with nothing to decide itself. */
  for (gboolean asked = FALSE; !asked && !parlor_game_is_over (game);)
    {
      for (guint s = 0; s < parlor_game_get_n_seats (game); s++)
        {
          g_autofree char *automatic = parlor_game_get_automatic_action (game, s);

          asked |= parlor_game_is_waiting_for (game, s) && automatic == NULL;
        }
      for (guint s = 0; !asked && s < parlor_game_get_n_seats (game); s++)
        {
          g_autofree char *automatic = parlor_game_get_automatic_action (game, s);

          if (automatic != NULL)
            g_assert_true (parlor_game_apply (game, s, automatic, events, NULL));
        }
    }
  return g_steal_pointer (&game);
}

typedef struct
{
  const char *id;
  const char *seats;
  const char *extra;
} Case;

static void
test_replay (gconstpointer data)
{
  const Case *c = data;
  const ParlorGameInfo *info = parlor_games_lookup (c->id);
  g_autofree char *dir = g_dir_make_tmp ("parlor-hint-XXXXXX", NULL);
  g_autofree char *log = g_build_filename (dir, "selfplay.log", NULL);
  g_autofree char *cut = g_build_filename (dir, "cut.log", NULL);
  const char *selfplay[] = { "selfplay", c->id, "--seats", c->seats, "--games", "1", "--seed", "11",
                             "--log", log, c->extra, NULL };
  g_autofree char *out = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  guint checked = 0;
  int status;

  out = cli_test_run (selfplay, &status);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (g_file_get_contents (log, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);

  /* Cut just before the 3rd, 6th, 8th action: the game block stops there. */
  for (guint want = 3, n = 0, i = 0; lines[i] != NULL && checked < 3; i++)
    {
      g_autofree char *part = NULL;
      g_autofree char *json = NULL;
      g_autofree char *view = NULL;
      g_autofree char *expected = NULL;
      g_autoptr(ParlorGame) game = NULL;
      g_autoptr(JsonParser) parser = json_parser_new ();
      const char *hint_argv[] = { "hint", cut, "--json", NULL };
      JsonObject *obj;
      gint64 seat;

      if (!g_str_has_prefix (lines[i], "action ") || ++n != want)
        continue;
      want = want == 3 ? 6 : 8;
      {
        char *saved = lines[i];

        lines[i] = NULL;
        part = g_strjoinv ("\n", lines);
        lines[i] = saved;
      }
      g_assert_true (g_file_set_contents (cut, part, -1, NULL));
      json = cli_test_run (hint_argv, &status);
      g_assert_cmpint (status, ==, 0);
      g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
      obj = json_node_get_object (json_parser_get_root (parser));
      g_assert_cmpstr (json_object_get_string_member (obj, "game"), ==, c->id);
      seat = json_object_get_int_member (obj, "seat");

      game = play_records (info, lines, i);
      g_assert_true (parlor_game_is_waiting_for (game, seat));
      view = parlor_game_view_for (game, seat);
      expected = info->ai_choose (parlor_hint_level (info), view, parlor_hint_seed (view), NULL, NULL);
      g_assert_cmpstr (json_object_get_string_member (obj, "action"), ==, expected);
      g_assert_cmpstr (json_object_get_string_member (obj, "words"), !=, "");
      g_assert_true (json_object_has_member (obj, "notes"));
      checked++;

      /* A seat the game does not wait for is refused in words. */
      for (guint s = 0; s < parlor_game_get_n_seats (game); s++)
        if (!parlor_game_is_waiting_for (game, s))
          {
            g_autofree char *s_text = g_strdup_printf ("%u", s);
            const char *refused[] = { "hint", cut, "--seat", s_text, NULL };
            g_autofree char *message = cli_test_run (refused, &status);

            g_assert_cmpint (status, ==, 1);
            g_assert_nonnull (strstr (message, "not asked to act"));
            break;
          }
    }
  g_assert_cmpuint (checked, ==, 3);

  g_unlink (cut);
  g_unlink (log);
  g_rmdir (dir);
}

static void
test_damaged (void)
{
  g_autofree char *dir = g_dir_make_tmp ("parlor-hint-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "bad.log", NULL);
  const char *argv[] = { "hint", path, NULL };
  static const char * const texts[] = {
    "",
    "not a replay\n",
    "replay version=1\ngame id=nosuchgame seed=1 config=\n",
    "replay version=1\ngame id=triad seed=1 config=\naction seat=0 line=place%20card%3D9\n",
    "replay version=1\naction seat=0 line=pass\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autofree char *out = NULL;
      int status;

      g_assert_true (g_file_set_contents (path, texts[i], -1, NULL));
      out = cli_test_run (argv, &status);
      g_assert_cmpint (status, ==, 1);
      g_assert_true (g_str_has_prefix (out, "parlor-cli: "));
    }
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  static const Case cases[] = {
    { "manhattan", "strong,normal,normal,normal", "--games=1" },
    { "triad", "expert,easy", "--games=1" },
    { "jihai", "strong,normal", "--games=1" },
    { "suzume", "strong,normal,normal", "--games=1" },
    { "mcr", "4,2,2,2", "--hands=1" },
  };

  g_test_init (&argc, &argv, NULL);
  cli_test_init (argc, argv);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/hint-cli/selfplay-log/%s", cases[i].id);

      g_test_add_data_func (path, &cases[i], test_replay);
    }
  g_test_add_func ("/hint-cli/damaged", test_damaged);
  return g_test_run ();
}
