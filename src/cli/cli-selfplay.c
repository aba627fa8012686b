/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-cli"

#include "config.h"

#include <stdio.h>
#include <time.h>

#include "cli-json.h"
#include "cli-selfplay.h"
#include "parlor-games.h"
#include "parlor-replay.h"
#include "parlor-rng.h"

static void
run_free (ParlorCliSelfplayRun *run)
{
  g_clear_pointer (&run->log, g_ptr_array_unref);
  g_free (run->figures);
  g_free (run->error);
  g_free (run);
}

/* Independent seeds from (seed, game) and (game seed, seat, move). */
static guint64
default_game_seed (guint64 seed,
                   guint   index)
{
  return parlor_rng_splitmix64 (seed ^ parlor_rng_splitmix64 (index));
}

static guint64
default_ai_seed (guint64 game_seed,
                 guint   seat,
                 guint   move)
{
  return parlor_rng_splitmix64 (game_seed + parlor_rng_splitmix64 (((guint64) seat << 32) | move));
}

/* Decision times: the wall clock, or the thread's processor time so that a
 * busy machine does not inflate them. */
static gint64
clock_usec (gboolean cpu_time)
{
  struct timespec ts;

  if (!cpu_time)
    return g_get_monotonic_time ();
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

/* Asks the AI of seat @p; NULL with run->error set if it fails. */
static char *
decide (const ParlorCliSelfplay *self,
        ParlorCliSelfplayRun    *run,
        ParlorGame              *game,
        guint                    p,
        guint                   *moves)
{
  const ParlorCliSelfplayGame *desc = self->game;
  const char *level = self->levels[run->item_at[p]];
  int item = run->item_at[p];
  g_autofree char *view = NULL;
  g_autoptr(GError) error = NULL;
  guint64 seed;
  gint64 t0;
  char *action;
  double ms;

  /* Nothing to claim: the answer a table plays for the seat, no decision. */
  action = parlor_game_get_automatic_action (game, p);
  if (action != NULL)
    return action;
  view = parlor_game_view_for (game, (int) p);
  seed = desc->ai_seed != NULL ? desc->ai_seed (run->seed, p, *moves)
                               : default_ai_seed (run->seed, p, *moves);
  t0 = clock_usec (desc->cpu_time);
  action = self->info->ai_choose (level, view, seed, NULL, &error);
  ms = (double) (clock_usec (desc->cpu_time) - t0) / 1000.0;
  (*moves)++;
  if (action == NULL)
    {
      run->error = g_strdup_printf ("%s%s AI failed: %s", desc->ai_prefix, level, error->message);
      return NULL;
    }
  run->ms_total[item] += ms;
  run->ms_max[item] = MAX (run->ms_max[item], ms);
  run->n_moves[item]++;
  return action;
}

/* Applies what seat @p chose; FALSE with run->error set if it is illegal. */
static gboolean
apply (ParlorCliSelfplay    *self,
       ParlorCliSelfplayRun *run,
       ParlorGame           *game,
       GPtrArray            *events,
       guint                 p,
       const char           *action)
{
  g_autoptr(GError) error = NULL;

  g_ptr_array_set_size (events, 0);
  if (!parlor_game_apply (game, p, action, events, &error))
    {
      const char *level = self->levels[run->item_at[p]];

      if (self->game->view_in_errors)
        {
          g_autofree char *view = parlor_game_view_for (game, (int) p);

          run->error = g_strdup_printf ("%s%s AI chose the illegal “%s”: %s (view %s)",
                                        self->game->ai_prefix, level, action, error->message, view);
        }
      else
        run->error = g_strdup_printf ("%s%s AI chose the illegal “%s”: %s",
                                      self->game->ai_prefix, level, action, error->message);
      return FALSE;
    }
  if (self->game->events != NULL)
    self->game->events (self, run, events);
  if (run->log != NULL &&
      (!parlor_cli_log_add (run->log, parlor_replay_format_action (p, action, FALSE, &error),
                            &error, &run->error) ||
       !parlor_cli_log_events (run->log, events, &error, &run->error)))
    return FALSE;
  return TRUE;
}

/* Every waiting seat decides from the same moment, then the answers go in. */
static gboolean
play_simultaneous_turn (ParlorCliSelfplay    *self,
                        ParlorCliSelfplayRun *run,
                        ParlorGame           *game,
                        GPtrArray            *events,
                        guint32               waiting,
                        guint                *moves)
{
  g_autoptr(GPtrArray) chosen = g_ptr_array_new_with_free_func (g_free);

  for (guint p = 0; p < self->n_seats; p++)
    {
      char *action = NULL;

      if (waiting & PARLOR_AUDIENCE_SEAT (p))
        {
          action = decide (self, run, game, p, moves);
          if (action == NULL)
            return FALSE;
        }
      g_ptr_array_add (chosen, action);
    }
  for (guint p = 0; p < self->n_seats; p++)
    {
      const char *action = g_ptr_array_index (chosen, p);

      if (action != NULL && !apply (self, run, game, events, p, action))
        return FALSE;
    }
  return TRUE;
}

/* Each seat waited for decides and moves at once, in seat order: every seat
 * in @waiting, or with recheck_waiting each seat the game still waits for
 * when its turn in the pass comes. */
static gboolean
play_turn (ParlorCliSelfplay    *self,
           ParlorCliSelfplayRun *run,
           ParlorGame           *game,
           GPtrArray            *events,
           guint32               waiting,
           guint                *moves)
{
  for (guint p = 0; p < self->n_seats; p++)
    {
      g_autofree char *action = NULL;

      if (self->game->recheck_waiting)
        waiting = parlor_game_get_waiting (game);
      if (!(waiting & PARLOR_AUDIENCE_SEAT (p)))
        continue;
      action = decide (self, run, game, p, moves);
      if (action == NULL || !apply (self, run, game, events, p, action))
        return FALSE;
    }
  return TRUE;
}

/* Plays one game; the --seats item i sits at seat (i + index) % n unless
 * the seats are fixed. */
static void
play_one (ParlorCliSelfplayRun *run,
          ParlorCliSelfplay    *self)
{
  const ParlorCliSelfplayGame *desc = self->game;
  guint n = self->n_seats;
  g_autofree char *config = desc->config != NULL ? desc->config (self, run->index) : g_strdup ("");
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorGame) game = NULL;
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  g_autofree char *result = NULL;
  g_autoptr(ParlorLine) result_line = NULL;
  guint moves = 0;

  run->seed = desc->game_seed != NULL ? desc->game_seed (self->seed, run->index)
                                      : default_game_seed (self->seed, run->index);
  run->figures = g_malloc0 (MAX (desc->figures_size, 1));
  game = self->info->new_game (config, run->seed, &error);
  if (game == NULL)
    {
      run->error = g_strdup (error->message);
      return;
    }
  for (guint p = 0; p < n; p++)
    run->item_at[p] = desc->fixed_seats ? (int) p : (int) ((p + n - run->index % n) % n);

  if (self->log_path != NULL)
    {
      run->log = g_ptr_array_new_with_free_func (g_free);
      if (!parlor_cli_log_add (run->log,
                               parlor_replay_format_game_version (self->info->id,
                                                                  self->info->replay_version,
                                                                  run->seed, config, &error),
                               &error, &run->error))
        return;
      for (guint p = 0; p < n; p++)
        {
          const char *level = self->levels[run->item_at[p]];
          g_autofree char *name = g_strdup_printf ("%s%s AI %u", desc->ai_prefix, level, p);

          if (!parlor_cli_log_add (run->log, parlor_replay_format_seat (p, name, "ai", level, &error),
                                   &error, &run->error))
            return;
        }
    }

  if (desc->prepare != NULL)
    desc->prepare (self, run, game);
  parlor_game_start (game, events);
  if (desc->events != NULL)
    desc->events (self, run, events);
  if (run->log != NULL && !parlor_cli_log_events (run->log, events, &error, &run->error))
    return;

  while (!parlor_game_is_over (game))
    {
      guint32 waiting = parlor_game_get_waiting (game);
      gboolean ok;

      if (waiting == 0)
        {
          run->error = g_strdup ("the game waits for nobody");
          return;
        }
      if (desc->simultaneous)
        ok = play_simultaneous_turn (self, run, game, events, waiting, &moves);
      else
        ok = play_turn (self, run, game, events, waiting, &moves);
      if (!ok)
        return;
    }

  result = parlor_game_get_result (game);
  if (run->log != NULL &&
      !parlor_cli_log_add (run->log, parlor_replay_format_result (result, &error), &error, &run->error))
    return;
  result_line = parlor_line_parse (result, NULL);
  if (result_line == NULL || !desc->result (self, run, game, result_line))
    run->error = g_strdup_printf ("unreadable result “%s”", result);
}

static void
play_job (gpointer data,
          gpointer user_data)
{
  play_one (data, user_data);
}

/* Plays every run, on self->threads threads at once; the results do not
 * depend on the number of threads. */
static void
play_all (ParlorCliSelfplay *self,
          GPtrArray         *runs)
{
  GThreadPool *pool;

  if (self->threads <= 1)
    {
      for (guint g = 0; g < runs->len; g++)
        play_one (g_ptr_array_index (runs, g), self);
      return;
    }
  pool = g_thread_pool_new (play_job, self, self->threads, TRUE, NULL);
  for (guint g = 0; g < runs->len; g++)
    g_thread_pool_push (pool, g_ptr_array_index (runs, g), NULL);
  g_thread_pool_free (pool, FALSE, TRUE);
}

/* One replay file of every game, in order. */
static gboolean
write_replays (const char  *path,
               GPtrArray   *runs,
               GError     **error)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *header = parlor_replay_format_header ();

  g_string_append_printf (text, "%s\n", header);
  for (guint g = 0; g < runs->len; g++)
    {
      ParlorCliSelfplayRun *run = g_ptr_array_index (runs, g);

      for (guint i = 0; run->log != NULL && i < run->log->len; i++)
        g_string_append_printf (text, "%s\n", (const char *) g_ptr_array_index (run->log, i));
    }
  return g_file_set_contents (path, text->str, text->len, error);
}

static double
round_ms (const ParlorCliSelfplay *self,
          double                   ms)
{
  return self->game->ms_digits > 0 ? parlor_cli_round (ms, self->game->ms_digits) : ms;
}

static void
print_json (ParlorCliSelfplay *self)
{
  const ParlorCliSelfplayGame *desc = self->game;
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  parlor_cli_json_string (builder, "game", desc->id);
  desc->json_head (self, builder);
  json_builder_set_member_name (builder, "seats");
  json_builder_begin_array (builder);
  for (guint i = 0; i < self->n_seats; i++)
    {
      json_builder_begin_object (builder);
      parlor_cli_json_string (builder, "level", self->levels[i]);
      desc->json_seat (self, builder, i);
      parlor_cli_json_double (builder, "mean_ms",
                              round_ms (self, parlor_cli_selfplay_mean_ms (self, i)));
      parlor_cli_json_double (builder, "max_ms", round_ms (self, self->ms_max[i]));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  if (desc->json_tail != NULL)
    desc->json_tail (self, builder);
  json_builder_end_object (builder);
  parlor_cli_print_json (builder);
}

static gboolean
parse_options (ParlorCliSelfplay  *self,
               const GOptionEntry *extra,
               int                *argc,
               char             ***argv)
{
  const ParlorCliSelfplayGame *desc = self->game;
  g_autofree char *seats = NULL;
  gint64 seed = 1;
  const GOptionEntry seats_games[] = {
    { "seats", 0, 0, G_OPTION_ARG_STRING, &seats, desc->seats_help, desc->seats_arg },
    { "games", 0, 0, G_OPTION_ARG_INT, &self->games, desc->games_help, "N" },
    { NULL }
  };
  const char *noun = desc->run_noun;
  g_autofree char *log_help = g_strdup_printf ("Write every %s as a replay to FILE", noun);
  g_autofree char *threads_help =
    g_strdup_printf ("%c%s%s played at once (default 1; same results)",
                     g_ascii_toupper (noun[0]), noun + 1, g_str_has_suffix (noun, "h") ? "es" : "s");
  const GOptionEntry common[] = {
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed,
      desc->seed_help != NULL ? desc->seed_help : "Seed of the whole run (default 1)", "S" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &self->json, "Print one JSON object", NULL },
    { "log", 0, 0, G_OPTION_ARG_FILENAME, &self->log_path, log_help, "FILE" },
    { NULL }
  };
  const GOptionEntry threads[] = {
    { "threads", 0, 0, G_OPTION_ARG_INT, &self->threads, threads_help, "T" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (desc->summary);
  g_autoptr(GError) error = NULL;

  g_option_context_add_main_entries (context, seats_games, NULL);
  if (extra != NULL)
    g_option_context_add_main_entries (context, extra, NULL);
  g_option_context_add_main_entries (context, common, NULL);
  if (!desc->no_threads)
    g_option_context_add_main_entries (context, threads, NULL);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      fprintf (stderr, "parlor-cli: %s\n", error->message);
      return FALSE;
    }
  self->seed = (guint64) seed;

  self->levels = g_strsplit (seats != NULL ? seats : desc->default_seats, ",", -1);
  self->n_seats = g_strv_length (self->levels);
  if (self->n_seats < desc->min_seats || self->n_seats > desc->max_seats)
    {
      fprintf (stderr, "parlor-cli: %s\n", desc->seats_error);
      return FALSE;
    }
  for (guint i = 0; i < self->n_seats; i++)
    if (!g_strv_contains (self->info->ai_levels, self->levels[i]))
      {
        fprintf (stderr, "parlor-cli: unknown level “%s” (%s)\n", self->levels[i], desc->levels_hint);
        return FALSE;
      }
  if (self->games < 1 || self->threads < 1 || self->threads > 64 ||
      (desc->check != NULL && !desc->check (self, &error)))
    {
      fprintf (stderr, "parlor-cli: %s\n",
               error != NULL ? error->message
               : desc->options_error != NULL ? desc->options_error
               : "--games and --threads must be positive");
      return FALSE;
    }
  return TRUE;
}

int
parlor_cli_selfplay_main (const ParlorCliSelfplayGame *game,
                          const GOptionEntry          *extra,
                          gpointer                     data,
                          int                          argc,
                          char                       **argv)
{
  ParlorCliSelfplay self = { 0 };
  g_autoptr(GPtrArray) runs = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_return_val_if_fail (game != NULL && game->result != NULL && game->add != NULL, 2);
  g_return_val_if_fail (game->json_head != NULL && game->json_seat != NULL, 2);
  g_return_val_if_fail (game->print_text != NULL, 2);
  g_return_val_if_fail (game->max_seats <= PARLOR_CLI_SELFPLAY_MAX_SEATS, 2);

  self.game = game;
  self.info = parlor_games_lookup (game->id);
  self.games = game->default_games;
  self.threads = 1;
  self.data = data;
  if (!parse_options (&self, extra, &argc, &argv))
    {
      g_strfreev (self.levels);
      g_free (self.log_path);
      return 2;
    }

  runs = g_ptr_array_new_with_free_func ((GDestroyNotify) run_free);
  for (int g = 0; g < self.games; g++)
    {
      ParlorCliSelfplayRun *run = g_new0 (ParlorCliSelfplayRun, 1);

      run->index = (guint) g;
      g_ptr_array_add (runs, run);
    }
  play_all (&self, runs);

  for (guint g = 0; g < runs->len; g++)
    {
      ParlorCliSelfplayRun *run = g_ptr_array_index (runs, g);

      if (run->error != NULL)
        {
          fprintf (stderr, "parlor-cli: %s %u: %s\n", game->run_noun, g, run->error);
          status = 1;
          continue;
        }
      self.n_ok++;
      for (guint i = 0; i < self.n_seats; i++)
        {
          self.ms_total[i] += run->ms_total[i];
          self.ms_max[i] = MAX (self.ms_max[i], run->ms_max[i]);
          self.n_moves[i] += run->n_moves[i];
        }
      game->add (&self, run);
    }

  if (self.log_path != NULL && !write_replays (self.log_path, runs, &error))
    {
      fprintf (stderr, "parlor-cli: %s\n", error->message);
      status = 1;
    }

  if (self.json)
    print_json (&self);
  else
    game->print_text (&self);
  if (status == 0 && game->exit_status != NULL)
    status = game->exit_status (&self);
  g_strfreev (self.levels);
  g_free (self.log_path);
  return status;
}

void
parlor_cli_selfplay_play (ParlorCliSelfplay *self,
                          GPtrArray         *runs)
{
  play_all (self, runs);
}

void
parlor_cli_selfplay_run_free (ParlorCliSelfplayRun *run)
{
  run_free (run);
}

double
parlor_cli_selfplay_mean_ms (ParlorCliSelfplay *self,
                             guint              item)
{
  g_return_val_if_fail (item < self->n_seats, 0.0);

  return self->n_moves[item] > 0 ? self->ms_total[item] / self->n_moves[item] : 0.0;
}

gboolean
parlor_cli_parse_int_list (const char *text,
                           int        *out,
                           guint       n,
                           int         limit)
{
  g_auto(GStrv) parts = g_strsplit (text != NULL ? text : "", ",", -1);

  if (g_strv_length (parts) != n)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      gint64 v;

      if (!g_ascii_string_to_signed (parts[i], 10, -limit, limit, &v, NULL))
        return FALSE;
      out[i] = (int) v;
    }
  return TRUE;
}
