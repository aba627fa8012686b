/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#include "cli-commands.h"
#include "cli-json.h"
#include "jihai-game.h"
#include "parlor-games.h"
#include "parlor-line.h"
#include "parlor-replay.h"

/* jihai score */

/* One input line `HAND<TAB>WIN<TAB>FLAGS<TAB>DISCARDED` to one output line. */
static char *
score_line (const char *text)
{
  g_auto(GStrv) fields = g_strsplit (text, "\t", -1);
  g_autoptr(GError) error = NULL;
  g_autofree char *lines = NULL;
  JihaiHand hand;
  JihaiScore score;
  JihaiWinWay way;
  guint flags, discarded;
  static const char shapes[][5] = { "none", "A", "B", "C" };

  if (g_strv_length (fields) != 4)
    return g_strdup ("error: a line is HAND<TAB>WIN<TAB>FLAGS<TAB>DISCARDED");
  for (guint i = 0; i < 4; i++)
    g_strstrip (fields[i]);
  if (!jihai_hand_parse (fields[0], &hand, &error))
    return g_strdup_printf ("error: %s", error->message);
  if (g_str_equal (fields[1], "tsumo"))
    way = JIHAI_WIN_TSUMO;
  else if (g_str_equal (fields[1], "ron"))
    way = JIHAI_WIN_RON;
  else
    return g_strdup_printf ("error: the way to win is tsumo or ron, not “%s”", fields[1]);
  if (!jihai_flags_parse (fields[2], &flags, &error))
    return g_strdup_printf ("error: %s", error->message);
  if (!jihai_kinds_parse (fields[3], &discarded))
    return g_strdup_printf ("error: discarded kinds are letters of E S W N O G R or -, not “%s”",
                            fields[3]);
  if (!jihai_check_context (&hand, way, flags, discarded, &error))
    return g_strdup_printf ("error: %s", error->message);

  jihai_score (&hand, way, flags, discarded, &score);
  if (score.shape == JIHAI_SHAPE_NONE)
    return g_strdup_printf ("none\t-\t-\tno\t%s", jihai_status_name (score.status));
  lines = jihai_score_lines_to_string (&score);
  return g_strdup_printf ("%s\t%s\t%d\t%s\t%s", shapes[score.shape], lines, score.total,
                          score.can_win ? "yes" : "no", jihai_status_name (score.status));
}

static int
jihai_score_command (int    argc,
                     char **argv)
{
  char buf[4096];

  if (argc != 1)
    {
      fprintf (stderr, "Usage: parlor-cli jihai score < HANDS\n");
      return 2;
    }
  while (fgets (buf, sizeof buf, stdin) != NULL)
    {
      g_autofree char *out = NULL;
      gsize len = strlen (buf);
      const char *p = buf;

      if (len > 0 && buf[len - 1] == '\n')
        buf[--len] = '\0';
      else if (len == sizeof buf - 1)
        {
          int c;

          while ((c = getchar ()) != EOF && c != '\n')
            ;
          printf ("error: the line is too long\n");
          continue;
        }
      while (g_ascii_isspace (*p))
        p++;
      /* blank lines and # comments are skipped */
      if (*p == '\0' || *p == '#')
        continue;
      out = score_line (buf);
      printf ("%s\n", out);
    }
  fflush (stdout);
  return 0;
}

int
parlor_cli_jihai (int    argc,
                  char **argv)
{
  if (argc >= 2 && g_str_equal (argv[1], "score"))
    return jihai_score_command (argc - 1, argv + 1);
  fprintf (stderr, "Usage: parlor-cli jihai score  (hands on standard input)\n");
  return 2;
}

/* selfplay jihai */

/* SplitMix64 finaliser: independent seeds from (seed, match, seat, move). */
static guint64
mix (guint64 x)
{
  x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  x = (x ^ (x >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return x ^ (x >> 31);
}

typedef struct
{
  char    **levels;       /* the two --seats items */
  guint64   seed;
  gboolean  want_log;
} Setup;

typedef struct
{
  guint      index;
  /* per --seats item */
  gboolean   won[2];
  int        score[2];
  double     ms_total[2];
  double     ms_max[2];
  guint      n_moves[2];
  guint      hands;
  GPtrArray *log;
  char      *error;
} MatchRun;

static void
match_run_free (MatchRun *run)
{
  g_clear_pointer (&run->log, g_ptr_array_unref);
  g_free (run->error);
  g_free (run);
}

/* One match; the --seats item i sits at seat (i + index) % 2, seat 0 starts. */
static void
play_match (MatchRun    *run,
            const Setup *setup)
{
  guint64 seed = mix (setup->seed ^ mix (run->index));
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorGame) game = jihai_game_info.new_game ("first=0", seed, &error);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  int item_at[2];
  guint moves = 0;

  if (game == NULL)
    {
      run->error = g_strdup (error->message);
      return;
    }
  for (int p = 0; p < 2; p++)
    item_at[p] = (int) ((p + run->index) % 2);
  if (setup->want_log)
    {
      run->log = g_ptr_array_new_with_free_func (g_free);
      if (!parlor_cli_log_add (run->log,
                               parlor_replay_format_game ("jihai", seed, "first=0", &error),
                               &error, &run->error))
        return;
      for (int p = 0; p < 2; p++)
        {
          g_autofree char *name = g_strdup_printf ("%s AI %d", setup->levels[item_at[p]], p);

          if (!parlor_cli_log_add (run->log,
                                   parlor_replay_format_seat (p, name, "ai", setup->levels[item_at[p]],
                                                              &error),
                                   &error, &run->error))
            return;
        }
    }
  parlor_game_start (game, events);
  if (run->log != NULL && !parlor_cli_log_events (run->log, events, &error, &run->error))
    return;

  while (!parlor_game_is_over (game))
    {
      guint32 waiting = parlor_game_get_waiting (game);
      int p = (waiting & 1) ? 0 : 1;
      int item = item_at[p];
      g_autofree char *view = NULL;
      g_autofree char *action = NULL;
      gint64 t0;
      double ms;

      if (waiting == 0)
        {
          run->error = g_strdup ("the game waits for nobody");
          return;
        }
      view = parlor_game_view_for (game, p);
      t0 = g_get_monotonic_time ();
      action = jihai_game_info.ai_choose (setup->levels[item], view,
                                          mix (seed + mix (((guint64) p << 32) | moves)), NULL, &error);
      ms = (g_get_monotonic_time () - t0) / 1000.0;
      moves++;
      if (action == NULL)
        {
          run->error = g_strdup_printf ("%s AI failed: %s", setup->levels[item], error->message);
          return;
        }
      run->ms_total[item] += ms;
      run->ms_max[item] = MAX (run->ms_max[item], ms);
      run->n_moves[item]++;
      g_ptr_array_set_size (events, 0);
      if (!parlor_game_apply (game, p, action, events, &error))
        {
          run->error = g_strdup_printf ("%s AI chose the illegal “%s”: %s",
                                        setup->levels[item], action, error->message);
          return;
        }
      if (run->log != NULL)
        {
          if (!parlor_cli_log_add (run->log, parlor_replay_format_action (p, action, FALSE, &error),
                                   &error, &run->error))
            return;
          if (!parlor_cli_log_events (run->log, events, &error, &run->error))
            return;
        }
    }

  {
    g_autofree char *result = parlor_game_get_result (game);
    g_autoptr(ParlorLine) line = parlor_line_parse (result, NULL);
    gint64 winner, s0, s1, hands;

    if (run->log != NULL &&
        !parlor_cli_log_add (run->log, parlor_replay_format_result (result, &error),
                             &error, &run->error))
      return;
    if (line == NULL
        || !parlor_line_get_int (line, "winner", 0, 1, &winner, NULL)
        || !parlor_line_get_int (line, "score0", -1000, 1000, &s0, NULL)
        || !parlor_line_get_int (line, "score1", -1000, 1000, &s1, NULL)
        || !parlor_line_get_int (line, "hands", 0, G_MAXINT, &hands, NULL))
      {
        run->error = g_strdup_printf ("unreadable result “%s”", result);
        return;
      }
    run->won[item_at[winner]] = TRUE;
    run->score[item_at[0]] = (int) s0;
    run->score[item_at[1]] = (int) s1;
    run->hands = (guint) hands;
  }
}

static void
play_job (gpointer data,
          gpointer user_data)
{
  play_match (data, user_data);
}

int
parlor_cli_selfplay_jihai (int    argc,
                           char **argv)
{
  g_autofree char *seats = NULL;
  g_autofree char *log_path = NULL;
  gint64 seed = 1;
  int games = 100;
  int threads = 1;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "seats", 0, 0, G_OPTION_ARG_STRING, &seats, "Two AI levels, e.g. strong,normal", "L,L" },
    { "games", 0, 0, G_OPTION_ARG_INT, &games, "Number of matches (default 100)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed of the whole run (default 1)", "S" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
    { "log", 0, 0, G_OPTION_ARG_FILENAME, &log_path, "Write every match as a replay to FILE", "FILE" },
    { "threads", 0, 0, G_OPTION_ARG_INT, &threads, "Matches played at once (default 1; same results)", "T" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("- play honor-tile mahjong between computer players");
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) levels = NULL;
  g_autoptr(GPtrArray) runs = NULL;
  Setup setup = { 0 };
  int status = 0;
  guint wins[2] = { 0 }, n_moves[2] = { 0 }, n_ok = 0;
  double score_total[2] = { 0 }, ms_total[2] = { 0 }, ms_max[2] = { 0 }, hands_total = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "parlor-cli: %s\n", error->message);
      return 2;
    }
  levels = g_strsplit (seats != NULL ? seats : "strong,normal", ",", -1);
  if (g_strv_length (levels) != 2)
    {
      fprintf (stderr, "parlor-cli: --seats needs 2 levels separated by a comma\n");
      return 2;
    }
  for (int i = 0; i < 2; i++)
    if (!g_strv_contains (jihai_game_info.ai_levels, levels[i]))
      {
        fprintf (stderr, "parlor-cli: unknown level “%s” (random, normal or strong)\n", levels[i]);
        return 2;
      }
  if (games < 1 || threads < 1 || threads > 64)
    {
      fprintf (stderr, "parlor-cli: --games and --threads must be positive\n");
      return 2;
    }
  setup.levels = levels;
  setup.seed = (guint64) seed;
  setup.want_log = log_path != NULL;

  runs = g_ptr_array_new_with_free_func ((GDestroyNotify) match_run_free);
  for (int g = 0; g < games; g++)
    {
      MatchRun *run = g_new0 (MatchRun, 1);

      run->index = (guint) g;
      g_ptr_array_add (runs, run);
    }
  parlor_cli_play_all (runs, play_job, &setup, threads);

  for (guint g = 0; g < runs->len; g++)
    {
      MatchRun *run = g_ptr_array_index (runs, g);

      if (run->error != NULL)
        {
          fprintf (stderr, "parlor-cli: match %u: %s\n", g, run->error);
          status = 1;
          continue;
        }
      n_ok++;
      hands_total += run->hands;
      for (int i = 0; i < 2; i++)
        {
          wins[i] += run->won[i];
          score_total[i] += run->score[i];
          ms_total[i] += run->ms_total[i];
          ms_max[i] = MAX (ms_max[i], run->ms_max[i]);
          n_moves[i] += run->n_moves[i];
        }
    }

  if (log_path != NULL &&
      !parlor_cli_write_replays (log_path, runs, G_STRUCT_OFFSET (MatchRun, log), &error))
    {
      fprintf (stderr, "parlor-cli: %s\n", error->message);
      status = 1;
    }

  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonGenerator) generator = json_generator_new ();
      g_autoptr(JsonNode) root = NULL;
      g_autofree char *out = NULL;

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "game");
      json_builder_add_string_value (builder, "jihai");
      json_builder_set_member_name (builder, "games");
      json_builder_add_int_value (builder, games);
      json_builder_set_member_name (builder, "seed");
      json_builder_add_int_value (builder, seed);
      json_builder_set_member_name (builder, "mean_hands");
      json_builder_add_double_value (builder, n_ok > 0 ? hands_total / n_ok : 0.0);
      json_builder_set_member_name (builder, "seats");
      json_builder_begin_array (builder);
      for (int i = 0; i < 2; i++)
        {
          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "level");
          json_builder_add_string_value (builder, levels[i]);
          json_builder_set_member_name (builder, "wins");
          json_builder_add_int_value (builder, wins[i]);
          json_builder_set_member_name (builder, "win_rate");
          json_builder_add_double_value (builder, n_ok > 0 ? (double) wins[i] / n_ok : 0.0);
          json_builder_set_member_name (builder, "mean_points");
          json_builder_add_double_value (builder, n_ok > 0 ? score_total[i] / n_ok : 0.0);
          json_builder_set_member_name (builder, "decisions");
          json_builder_add_int_value (builder, n_moves[i]);
          json_builder_set_member_name (builder, "mean_ms");
          json_builder_add_double_value (builder, n_moves[i] > 0 ? ms_total[i] / n_moves[i] : 0.0);
          json_builder_set_member_name (builder, "max_ms");
          json_builder_add_double_value (builder, ms_max[i]);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      json_builder_end_object (builder);
      root = json_builder_get_root (builder);
      json_generator_set_root (generator, root);
      out = json_generator_to_data (generator, NULL);
      printf ("%s\n", out);
    }
  else
    {
      printf ("%d matches of honor-tile mahjong, seed %" G_GINT64_FORMAT "\n", games, seed);
      printf ("%-4s %-8s %6s %7s %11s %9s %9s\n", "item", "level", "wins", "win%", "mean points",
              "mean ms", "max ms");
      for (int i = 0; i < 2; i++)
        printf ("%-4d %-8s %6u %6.1f%% %11.2f %9.3f %9.3f\n", i, levels[i], wins[i],
                n_ok > 0 ? 100.0 * wins[i] / n_ok : 0.0, n_ok > 0 ? score_total[i] / n_ok : 0.0,
                n_moves[i] > 0 ? ms_total[i] / n_moves[i] : 0.0, ms_max[i]);
    }
  return status;
}
