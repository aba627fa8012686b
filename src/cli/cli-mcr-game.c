/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <time.h>

#include "cli-commands.h"
#include "cli-json.h"
#include "parlor-games.h"
#include "parlor-line.h"
#include "parlor-replay.h"

/* parlor-cli selfplay mcr: duplicate walls, each seed played four times with the
 * --seats items rotated one seat further each time. */

#define N_SEATS 4

static guint64
mix (guint64 x)
{
  x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  x = (x ^ (x >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return x ^ (x >> 31);
}

/* Decision times are the thread's CPU time, so a busy machine does not inflate them. */
static gint64
cpu_usec (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

typedef struct
{
  const ParlorGameInfo *info;
  char    **levels;
  guint64   seed;
  const char *config;
  gboolean  want_log;
} Setup;

typedef struct
{
  guint      index;
  /* per --seats item */
  int        score[N_SEATS];
  guint      wins[N_SEATS];
  guint      deal_ins[N_SEATS];
  guint      self_drawn[N_SEATS];
  double     ms_total[N_SEATS];
  double     ms_max[N_SEATS];
  guint      n_moves[N_SEATS];
  guint      hands;
  guint      drawn;
  GPtrArray *log;
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
parse_list (const char *text,
            int        *out)
{
  g_auto(GStrv) parts = g_strsplit (text != NULL ? text : "", ",", -1);

  if (g_strv_length (parts) != N_SEATS)
    return FALSE;
  for (guint i = 0; i < N_SEATS; i++)
    {
      gint64 v;

      if (!g_ascii_string_to_signed (parts[i], 10, -10000000, 10000000, &v, NULL))
        return FALSE;
      out[i] = (int) v;
    }
  return TRUE;
}

static void
play_one (GameRun     *run,
          const Setup *setup)
{
  guint64 game_seed = mix (setup->seed ^ mix (run->index / N_SEATS));
  guint rotation = run->index % N_SEATS;
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorGame) game = setup->info->new_game (setup->config, game_seed, &error);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  g_autofree char *result = NULL;
  g_autoptr(ParlorLine) line = NULL;
  int item_at[N_SEATS];
  int v[N_SEATS];
  guint moves = 0;

  if (game == NULL)
    {
      run->error = g_strdup (error->message);
      return;
    }
  for (guint p = 0; p < N_SEATS; p++)
    item_at[p] = (int) ((p + N_SEATS - rotation) % N_SEATS);
  if (setup->want_log)
    {
      run->log = g_ptr_array_new_with_free_func (g_free);
      if (!parlor_cli_log_add (run->log,
                               parlor_replay_format_game (setup->info->id, game_seed, setup->config, &error),
                               &error, &run->error))
        return;
      for (guint p = 0; p < N_SEATS; p++)
        {
          g_autofree char *name = g_strdup_printf ("level %s AI %u", setup->levels[item_at[p]], p);

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
      for (guint p = 0; p < N_SEATS; p++)
        {
          g_autofree char *view = NULL;
          g_autofree char *action = NULL;
          int item = item_at[p];
          gint64 t0;
          double ms;

          if (!(parlor_game_get_waiting (game) & PARLOR_AUDIENCE_SEAT (p)))
            continue;
          view = parlor_game_view_for (game, (int) p);
          t0 = cpu_usec ();
          action = setup->info->ai_choose (setup->levels[item], view,
                                           mix (game_seed + mix (((guint64) p << 32) | moves)),
                                           NULL, &error);
          ms = (double) (cpu_usec () - t0) / 1000.0;
          moves++;
          if (action == NULL)
            {
              run->error = g_strdup_printf ("level %s AI failed: %s", setup->levels[item],
                                            error->message);
              return;
            }
          run->ms_total[item] += ms;
          run->ms_max[item] = MAX (run->ms_max[item], ms);
          run->n_moves[item]++;
          g_ptr_array_set_size (events, 0);
          if (!parlor_game_apply (game, p, action, events, &error))
            {
              run->error = g_strdup_printf ("level %s AI chose the illegal “%s”: %s (view %s)",
                                            setup->levels[item], action, error->message, view);
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
  line = parlor_line_parse (result, NULL);
  if (line == NULL)
    {
      run->error = g_strdup_printf ("unreadable result “%s”", result);
      return;
    }
  run->hands = (guint) g_ascii_strtoull (parlor_line_get (line, "hands"), NULL, 10);
  run->drawn = (guint) g_ascii_strtoull (parlor_line_get (line, "drawn"), NULL, 10);
  if (!parse_list (parlor_line_get (line, "scores"), v))
    goto bad;
  for (guint p = 0; p < N_SEATS; p++)
    run->score[item_at[p]] = v[p];
  if (!parse_list (parlor_line_get (line, "wins"), v))
    goto bad;
  for (guint p = 0; p < N_SEATS; p++)
    run->wins[item_at[p]] = (guint) v[p];
  if (!parse_list (parlor_line_get (line, "deal_ins"), v))
    goto bad;
  for (guint p = 0; p < N_SEATS; p++)
    run->deal_ins[item_at[p]] = (guint) v[p];
  if (!parse_list (parlor_line_get (line, "self_drawn"), v))
    goto bad;
  for (guint p = 0; p < N_SEATS; p++)
    run->self_drawn[item_at[p]] = (guint) v[p];
  return;

bad:
  run->error = g_strdup_printf ("unreadable result “%s”", result);
}

static void
play_job (gpointer data,
          gpointer user_data)
{
  play_one (data, user_data);
}

int
parlor_cli_selfplay_mcr (int    argc,
                         char **argv)
{
  g_autofree char *seats = NULL;
  g_autofree char *log_path = NULL;
  gint64 seed = 1;
  int games = 4;
  int hands = 16;
  int threads = 1;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "seats", 0, 0, G_OPTION_ARG_STRING, &seats, "Four AI levels (1–4), e.g. 4,3,3,3", "L,L,L,L" },
    { "games", 0, 0, G_OPTION_ARG_INT, &games, "Number of matches (default 4); each seed is played four times, the seats rotated", "N" },
    { "hands", 0, 0, G_OPTION_ARG_INT, &hands, "Hands per match: 16 (default) or 1", "H" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed of the whole run (default 1)", "S" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
    { "log", 0, 0, G_OPTION_ARG_FILENAME, &log_path, "Write every match as a replay to FILE", "FILE" },
    { "threads", 0, 0, G_OPTION_ARG_INT, &threads, "Matches played at once (default 1; same results)", "T" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("- play Chinese Official mahjong between computer players");
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) levels = NULL;
  g_autoptr(GPtrArray) runs = NULL;
  g_autofree char *config = NULL;
  Setup setup = { 0 };
  int status = 0;
  guint wins[N_SEATS] = { 0 }, deal_ins[N_SEATS] = { 0 }, self_drawn[N_SEATS] = { 0 };
  guint n_moves[N_SEATS] = { 0 };
  double score[N_SEATS] = { 0 }, ms_total[N_SEATS] = { 0 }, ms_max[N_SEATS] = { 0 };
  guint total_hands = 0, total_drawn = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "parlor-cli: %s\n", error->message);
      return 2;
    }
  setup.info = parlor_games_lookup ("mcr");
  levels = g_strsplit (seats != NULL ? seats : "4,3,2,1", ",", -1);
  if (g_strv_length (levels) != N_SEATS)
    {
      fprintf (stderr, "parlor-cli: --seats needs %d levels separated by commas\n", N_SEATS);
      return 2;
    }
  for (int i = 0; i < N_SEATS; i++)
    if (!g_strv_contains (setup.info->ai_levels, levels[i]))
      {
        fprintf (stderr, "parlor-cli: unknown level “%s” (1, 2, 3 or 4)\n", levels[i]);
        return 2;
      }
  if (games < 1 || threads < 1 || threads > 64 || (hands != 16 && hands != 1))
    {
      fprintf (stderr, "parlor-cli: --games and --threads must be positive, --hands 16 or 1\n");
      return 2;
    }
  config = g_strdup_printf ("hands=%d", hands);
  setup.levels = levels;
  setup.seed = (guint64) seed;
  setup.config = config;
  setup.want_log = log_path != NULL;

  runs = g_ptr_array_new_with_free_func ((GDestroyNotify) game_run_free);
  for (int g = 0; g < games; g++)
    {
      GameRun *run = g_new0 (GameRun, 1);

      run->index = (guint) g;
      g_ptr_array_add (runs, run);
    }
  parlor_cli_play_all (runs, play_job, &setup, threads);

  for (guint g = 0; g < runs->len; g++)
    {
      GameRun *run = g_ptr_array_index (runs, g);

      if (run->error != NULL)
        {
          fprintf (stderr, "parlor-cli: match %u: %s\n", g, run->error);
          status = 1;
          continue;
        }
      total_hands += run->hands;
      total_drawn += run->drawn;
      for (int i = 0; i < N_SEATS; i++)
        {
          wins[i] += run->wins[i];
          deal_ins[i] += run->deal_ins[i];
          self_drawn[i] += run->self_drawn[i];
          score[i] += run->score[i];
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
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonGenerator) gen = json_generator_new ();
      g_autoptr(JsonNode) root = NULL;
      g_autofree char *out = NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "game");
      json_builder_add_string_value (b, "mcr");
      json_builder_set_member_name (b, "matches");
      json_builder_add_int_value (b, games);
      json_builder_set_member_name (b, "hands");
      json_builder_add_int_value (b, total_hands);
      json_builder_set_member_name (b, "drawn_hands");
      json_builder_add_int_value (b, total_drawn);
      json_builder_set_member_name (b, "seats");
      json_builder_begin_array (b);
      for (int i = 0; i < N_SEATS; i++)
        {
          json_builder_begin_object (b);
          json_builder_set_member_name (b, "level");
          json_builder_add_string_value (b, levels[i]);
          json_builder_set_member_name (b, "wins");
          json_builder_add_int_value (b, wins[i]);
          json_builder_set_member_name (b, "self_drawn");
          json_builder_add_int_value (b, self_drawn[i]);
          json_builder_set_member_name (b, "deal_ins");
          json_builder_add_int_value (b, deal_ins[i]);
          json_builder_set_member_name (b, "score");
          json_builder_add_int_value (b, (gint64) score[i]);
          json_builder_set_member_name (b, "mean_score_per_hand");
          json_builder_add_double_value (b, total_hands > 0 ? score[i] / total_hands : 0.0);
          json_builder_set_member_name (b, "mean_ms");
          json_builder_add_double_value (b, n_moves[i] > 0 ? ms_total[i] / n_moves[i] : 0.0);
          json_builder_set_member_name (b, "max_ms");
          json_builder_add_double_value (b, ms_max[i]);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      json_generator_set_root (gen, root);
      out = json_generator_to_data (gen, NULL);
      printf ("%s\n", out);
    }
  else
    {
      printf ("%d matches of Chinese Official mahjong (%u hands, %u drawn), seed %" G_GINT64_FORMAT "\n",
              games, total_hands, total_drawn, seed);
      printf ("%-4s %-5s %6s %6s %8s %12s %9s %9s\n", "item", "level", "wins", "self", "deal-ins",
              "score/hand", "mean ms", "max ms");
      for (int i = 0; i < N_SEATS; i++)
        printf ("%-4d %-5s %6u %6u %8u %12.2f %9.3f %9.3f\n", i, levels[i], wins[i], self_drawn[i],
                deal_ins[i], total_hands > 0 ? score[i] / total_hands : 0.0,
                n_moves[i] > 0 ? ms_total[i] / n_moves[i] : 0.0, ms_max[i]);
    }
  return status;
}
