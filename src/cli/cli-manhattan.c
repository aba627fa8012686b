/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "cli-commands.h"
#include "cli-json.h"
#include "parlor-games.h"
#include "parlor-line.h"
#include "parlor-replay.h"

#define N_SEATS 4

/* SplitMix64 finaliser: independent seeds from (seed, game, seat, move). */
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
  const ParlorGameInfo *info;
  char    **levels;       /* one per --seats item */
  guint64   seed;
  gboolean  want_log;
} Setup;

typedef struct
{
  guint      index;
  /* per --seats item */
  gboolean   won[N_SEATS];
  int        score[N_SEATS];
  double     ms_total[N_SEATS];
  double     ms_max[N_SEATS];
  guint      n_moves[N_SEATS];
  GPtrArray *log;         /* replay records of this game, or NULL */
  char      *error;
} GameRun;

static void
game_run_free (GameRun *run)
{
  g_clear_pointer (&run->log, g_ptr_array_unref);
  g_free (run->error);
  g_free (run);
}

static gboolean
parse_int_list (const char *text,
                int        *out,
                guint       n)
{
  g_auto(GStrv) parts = g_strsplit (text != NULL ? text : "", ",", -1);

  if (g_strv_length (parts) != n)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      gint64 v;

      if (!g_ascii_string_to_signed (parts[i], 10, -1000000, 1000000, &v, NULL))
        return FALSE;
      out[i] = (int) v;
    }
  return TRUE;
}

/* Plays one game; the --seats item i sits at table position (i + index) % 4. */
static void
play_one (GameRun     *run,
          const Setup *setup)
{
  guint64 game_seed = mix (setup->seed ^ mix (run->index));
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorGame) game = setup->info->new_game ("", game_seed, &error);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  g_autofree char *result = NULL;
  g_autoptr(ParlorLine) result_line = NULL;
  int item_at[N_SEATS];
  int scores[N_SEATS];
  guint moves = 0;

  if (game == NULL)
    {
      run->error = g_strdup (error->message);
      return;
    }
  for (int p = 0; p < N_SEATS; p++)
    item_at[p] = (int) ((p + N_SEATS - run->index % N_SEATS) % N_SEATS);

  if (setup->want_log)
    {
      run->log = g_ptr_array_new_with_free_func (g_free);
      if (!parlor_cli_log_add (run->log,
                               parlor_replay_format_game (setup->info->id, game_seed, "", &error),
                               &error, &run->error))
        return;
      for (int p = 0; p < N_SEATS; p++)
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

      if (waiting == 0)
        {
          run->error = g_strdup ("the game waits for nobody");
          return;
        }
      for (int p = 0; p < N_SEATS; p++)
        {
          g_autofree char *view = NULL;
          g_autofree char *action = NULL;
          int item = item_at[p];
          gint64 t0;
          double ms;

          if (!(waiting & PARLOR_AUDIENCE_SEAT (p)))
            continue;
          view = parlor_game_view_for (game, p);
          t0 = g_get_monotonic_time ();
          action = setup->info->ai_choose (setup->levels[item], view,
                                           mix (game_seed + mix (((guint64) p << 32) | moves)),
                                           NULL, &error);
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
              if (!parlor_cli_log_add (run->log,
                                       parlor_replay_format_action (p, action, FALSE, &error),
                                       &error, &run->error))
                return;
              if (!parlor_cli_log_events (run->log, events, &error, &run->error))
                return;
            }
        }
    }

  result = parlor_game_get_result (game);
  if (run->log != NULL &&
      !parlor_cli_log_add (run->log, parlor_replay_format_result (result, &error),
                           &error, &run->error))
    return;
  result_line = parlor_line_parse (result, NULL);
  if (result_line == NULL || !parse_int_list (parlor_line_get (result_line, "scores"), scores, N_SEATS))
    {
      run->error = g_strdup_printf ("unreadable result “%s”", result);
      return;
    }
  {
    int ranks[N_SEATS];

    if (!parse_int_list (parlor_line_get (result_line, "ranks"), ranks, N_SEATS))
      {
        run->error = g_strdup_printf ("unreadable result “%s”", result);
        return;
      }
    for (int p = 0; p < N_SEATS; p++)
      {
        run->score[item_at[p]] = scores[p];
        run->won[item_at[p]] = ranks[p] == 1;
      }
  }
}

static void
play_job (gpointer data,
          gpointer user_data)
{
  play_one (data, user_data);
}

int
parlor_cli_selfplay_manhattan (int    argc,
                               char **argv)
{
  g_autofree char *seats = NULL;
  g_autofree char *log_path = NULL;
  gint64 seed = 1;
  int games = 100;
  int threads = 1;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "seats", 0, 0, G_OPTION_ARG_STRING, &seats, "Four AI levels, e.g. strong,random,random,random", "L,L,L,L" },
    { "games", 0, 0, G_OPTION_ARG_INT, &games, "Number of games (default 100)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed of the whole run (default 1)", "S" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
    { "log", 0, 0, G_OPTION_ARG_FILENAME, &log_path, "Write every game as a replay to FILE", "FILE" },
    { "threads", 0, 0, G_OPTION_ARG_INT, &threads, "Games played at once (default 1; same results)", "T" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("- play Manhattan between computer players");
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) levels = NULL;
  g_autoptr(GPtrArray) runs = NULL;
  Setup setup = { 0 };
  int status = 0;
  guint wins[N_SEATS] = { 0 };
  double score_total[N_SEATS] = { 0 }, ms_total[N_SEATS] = { 0 }, ms_max[N_SEATS] = { 0 };
  guint n_moves[N_SEATS] = { 0 };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "parlor-cli: %s\n", error->message);
      return 2;
    }

  setup.info = parlor_games_lookup ("manhattan");
  levels = g_strsplit (seats != NULL ? seats : "normal,random,random,random", ",", -1);
  if (g_strv_length (levels) != N_SEATS)
    {
      fprintf (stderr, "parlor-cli: --seats needs %d levels separated by commas\n", N_SEATS);
      return 2;
    }
  for (int i = 0; i < N_SEATS; i++)
    if (!g_strv_contains (setup.info->ai_levels, levels[i]))
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

  runs = g_ptr_array_new_with_free_func ((GDestroyNotify) game_run_free);
  for (int g = 0; g < games; g++)
    {
      GameRun *run = g_new0 (GameRun, 1);

      run->index = g;
      g_ptr_array_add (runs, run);
    }

  parlor_cli_play_all (runs, play_job, &setup, threads);

  for (guint g = 0; g < runs->len; g++)
    {
      GameRun *run = g_ptr_array_index (runs, g);

      if (run->error != NULL)
        {
          fprintf (stderr, "parlor-cli: game %u: %s\n", g, run->error);
          status = 1;
          continue;
        }
      for (int i = 0; i < N_SEATS; i++)
        {
          wins[i] += run->won[i];
          score_total[i] += run->score[i];
          ms_total[i] += run->ms_total[i];
          ms_max[i] = MAX (ms_max[i], run->ms_max[i]);
          n_moves[i] += run->n_moves[i];
        }
    }

  if (log_path != NULL &&
      !parlor_cli_write_replays (log_path, runs, G_STRUCT_OFFSET (GameRun, log), &error))
    {
      fprintf (stderr, "parlor-cli: %s\n", error->message);
      status = 1;
    }

  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "game");
      json_builder_add_string_value (builder, "manhattan");
      json_builder_set_member_name (builder, "games");
      json_builder_add_int_value (builder, games);
      json_builder_set_member_name (builder, "seats");
      json_builder_begin_array (builder);
      for (int i = 0; i < N_SEATS; i++)
        {
          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "level");
          json_builder_add_string_value (builder, levels[i]);
          json_builder_set_member_name (builder, "wins");
          json_builder_add_int_value (builder, wins[i]);
          json_builder_set_member_name (builder, "mean_score");
          json_builder_add_double_value (builder, parlor_cli_round (score_total[i] / games, 3));
          json_builder_set_member_name (builder, "mean_ms");
          json_builder_add_double_value (builder, parlor_cli_round (n_moves[i] > 0 ? ms_total[i] / n_moves[i] : 0.0, 3));
          json_builder_set_member_name (builder, "max_ms");
          json_builder_add_double_value (builder, parlor_cli_round (ms_max[i], 3));
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      json_builder_end_object (builder);
      parlor_cli_print_json (builder);
    }
  else
    {
      printf ("%d games of Manhattan, seed %" G_GINT64_FORMAT "\n", games, seed);
      printf ("%-4s %-8s %6s %7s %10s %9s %9s\n", "item", "level", "wins", "win%", "mean score",
              "mean ms", "max ms");
      for (int i = 0; i < N_SEATS; i++)
        printf ("%-4d %-8s %6u %6.1f%% %10.2f %9.3f %9.3f\n", i, levels[i], wins[i],
                100.0 * wins[i] / games, score_total[i] / games,
                n_moves[i] > 0 ? ms_total[i] / n_moves[i] : 0.0, ms_max[i]);
    }

  return status;
}

int
parlor_cli_replay (int    argc,
                   char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("FILE - check that a replay plays back");
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  guint n_games = 0;

  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "parlor-cli: %s\n", error->message);
      return 2;
    }
  if (argc != 2)
    {
      fprintf (stderr, "Usage: parlor-cli replay FILE\n");
      return 2;
    }
  if (!g_file_get_contents (argv[1], &text, NULL, &error))
    {
      fprintf (stderr, "parlor-cli: %s\n", error->message);
      return 2;
    }
  if (!parlor_replay_verify (text, parlor_games_lookup, &n_games, &error))
    {
      printf ("%s\n", error->message);
      return 1;
    }

  printf ("ok %u games\n", n_games);
  return 0;
}
