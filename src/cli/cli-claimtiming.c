/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-cli"

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli-commands.h"
#include "cli-net.h"
#include "parlor-games.h"
#include "parlor-line.h"
#include "parlor-server.h"

/*
 * parlor-cli claimtiming: how well the time from a discard to the next
 * event tells a remote player whether another seat could claim it. Tables
 * are played on a loopback server: one remote computer player, computer
 * players of the server in the other seats. For every discard the remote
 * player could not claim itself, the time from that line to the next event
 * it received is one sample (a claim made shows in any case, and a
 * computer player who can win on a discard always does); the samples of windows another
 * seat could claim are told from the others by the AUC (0.5: not at all).
 */

typedef struct
{
  guint32 could_claim;   /* seats with an answer other than pass */
  char   *next_event;    /* the first event after the window, NULL if none */
} Window;

static void
window_clear (Window *w)
{
  g_free (w->next_event);
}

/* Every discard of a table's record: who could claim it and what came next. */
static GArray *
read_windows (GPtrArray *record)
{
  GArray *windows = g_array_new (FALSE, TRUE, sizeof (Window));
  g_autoptr(ParlorGame) game = NULL;
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  int open = -1;
  gboolean discard_seen = FALSE;

  g_array_set_clear_func (windows, (GDestroyNotify) window_clear);
  for (guint i = 0; i < record->len; i++)
    {
      g_autoptr(ParlorLine) r = parlor_line_parse (g_ptr_array_index (record, i), NULL);
      const char *type = r != NULL ? parlor_line_get_type (r) : "";

      if (g_str_equal (type, "game"))
        {
          const ParlorGameInfo *info = parlor_games_lookup (parlor_line_get (r, "id"));

          g_clear_object (&game);
          if (info != NULL)
            game = info->new_game (parlor_line_get (r, "config"),
                                   g_ascii_strtoull (parlor_line_get (r, "seed"), NULL, 10), NULL);
          if (game != NULL)
            parlor_game_start (game, events);
        }
      else if (g_str_equal (type, "action") && game != NULL)
        {
          g_autoptr(ParlorLine) action = parlor_line_parse (parlor_line_get (r, "line"), NULL);
          gint64 seat;

          if (action == NULL || !parlor_line_get_int (r, "seat", 0, 7, &seat, NULL) ||
              !parlor_game_apply (game, (guint) seat, parlor_line_get (r, "line"), events, NULL))
            break;
          if (g_str_equal (parlor_line_get_type (action), "discard"))
            {
              Window w = { 0, NULL };

              for (guint s = 0; s < parlor_game_get_n_seats (game); s++)
                {
                  g_autofree char *automatic = parlor_game_get_automatic_action (game, s);

                  if (parlor_game_is_waiting_for (game, s) && automatic == NULL &&
                      parlor_game_get_prompt_kind (game, s) == PARLOR_PROMPT_CLAIM)
                    w.could_claim |= 1u << s;
                }
              g_array_append_val (windows, w);
              open = (int) windows->len - 1;
              discard_seen = FALSE;
            }
        }
      else if (g_str_equal (type, "event") && open >= 0 && !discard_seen)
        discard_seen = TRUE;
      else if (g_str_equal (type, "event") && open >= 0)
        {
          g_autoptr(ParlorLine) event = parlor_line_parse (parlor_line_get (r, "line"), NULL);

          if (event == NULL || g_str_equal (parlor_line_get_type (event), "answered"))
            continue;
          g_array_index (windows, Window, open).next_event = g_strdup (parlor_line_get_type (event));
          open = -1;
        }
    }
  return windows;
}

typedef struct
{
  GMainLoop    *loop;
  ParlorCliBot *bot;
  const char   *game;
  const char   *config;
  GPtrArray    *lines;     /* what the remote player received */
  GArray       *times;     /* gint64: when */
  gboolean      start_sent;
} Run;

static void
on_line (ParlorClient *client,
         const char   *text,
         Run          *run)
{
  gint64 now = g_get_monotonic_time ();

  g_ptr_array_add (run->lines, g_strdup (text));
  g_array_append_val (run->times, now);
}

static void
on_players (ParlorClient *client,
            Run          *run)
{
  if (run->start_sent || !parlor_client_is_owner (client) ||
      parlor_client_get_state (client) != PARLOR_CLIENT_WAITING)
    return;
  run->start_sent = TRUE;
  parlor_client_start (client);
}

static void
on_started (ParlorClient *client,
            Run          *run)
{
  parlor_cli_bot_take_game (run->bot);
  parlor_cli_bot_act (run->bot);
}

static void
on_done (ParlorCliBot *bot,
         gpointer      data)
{
  Run *run = data;

  g_main_loop_quit (run->loop);
}

static void
on_connected (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  Run *run = user_data;
  g_autoptr(GError) error = NULL;

  if (!parlor_client_connect_finish (PARLOR_CLIENT (object), result, &error))
    {
      fprintf (stderr, "parlor-cli claimtiming: %s\n", error->message);
      run->bot->failed = TRUE;
      parlor_cli_bot_finish (run->bot);
      return;
    }
  parlor_client_create (run->bot->client, run->game, run->config);
}

static void
on_finished (ParlorServer *server,
             const char   *table_id,
             const char   *result,
             GPtrArray   **record)
{
  GPtrArray *lines = parlor_table_get_record (parlor_server_get_table (server, table_id));

  g_clear_pointer (record, g_ptr_array_unref);
  *record = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < lines->len; i++)
    g_ptr_array_add (*record, g_strdup (g_ptr_array_index (lines, i)));
}

typedef struct
{
  double   ms;
  gboolean positive;   /* another seat could claim */
} Sample;

static int
compare_samples (gconstpointer a,
                 gconstpointer b)
{
  double x = ((const Sample *) a)->ms, y = ((const Sample *) b)->ms;

  return x < y ? -1 : x > y;
}

static double
median (GArray  *samples,
        gboolean positive)
{
  g_autoptr(GArray) v = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < samples->len; i++)
    if (g_array_index (samples, Sample, i).positive == positive)
      g_array_append_val (v, g_array_index (samples, Sample, i).ms);
  if (v->len == 0)
    return 0;
  return g_array_index (v, double, v->len / 2);   /* the samples are sorted */
}

/* Plays one table; appends its samples. FALSE if it could not be played. */
static gboolean
play_table (const ParlorGameInfo *info,
            const char           *config,
            guint64               seed,
            int                   strength,
            guint                 minimum,
            GArray               *samples)
{
  g_autoptr(ParlorServer) server = parlor_server_new (parlor_games_lookup);
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(GPtrArray) record = NULL;
  g_autoptr(GArray) windows = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *address = NULL;
  Run run = { 0 };
  guint16 port = 0;
  guint k = 0;
  int seat;
  gboolean ok;

  parlor_server_set_allow_create (server, TRUE);
  parlor_server_set_seed (server, seed);
  parlor_server_set_strength (server, strength);
  parlor_server_set_claim_minimum (server, minimum);
  g_signal_connect (server, "table-finished", G_CALLBACK (on_finished), &record);
  if (!parlor_server_listen (server, "127.0.0.1", 0, &port, &error))
    {
      fprintf (stderr, "parlor-cli claimtiming: %s\n", error->message);
      return FALSE;
    }

  run.loop = loop;
  run.game = info->id;
  run.config = config;
  run.lines = g_ptr_array_new_with_free_func (g_free);
  run.times = g_array_new (FALSE, FALSE, sizeof (gint64));
  run.bot = parlor_cli_bot_new ("Remote", parlor_game_info_level_for_strength (info, strength),
                                seed * 7 + 1);
  run.bot->on_done = on_done;
  run.bot->data = &run;
  g_signal_connect (run.bot->client, "line-received", G_CALLBACK (on_line), &run);
  g_signal_connect (run.bot->client, "players-changed", G_CALLBACK (on_players), &run);
  g_signal_connect (run.bot->client, "started", G_CALLBACK (on_started), &run);
  address = g_strdup_printf ("127.0.0.1:%u", port);
  parlor_client_connect_async (run.bot->client, address, 10, NULL, on_connected, &run);
  g_main_loop_run (loop);

  seat = parlor_client_get_seat (run.bot->client);
  ok = !run.bot->failed && record != NULL && seat >= 0;
  if (ok)
    windows = read_windows (record);
  for (guint i = 0; ok && i < run.lines->len; i++)
    {
      const char *text = g_ptr_array_index (run.lines, i);
      Window *w;
      guint j;

      if (!g_str_has_prefix (text, "event discard "))
        continue;
      if (k >= windows->len)
        break;
      w = &g_array_index (windows, Window, k++);
      for (j = i + 1; j < run.lines->len; j++)
        {
          const char *next = g_ptr_array_index (run.lines, j);

          if (g_str_has_prefix (next, "event ") && !g_str_has_prefix (next, "event answered "))
            break;
        }
      /* The remote player's own prompt is its own business. */
      if (j == run.lines->len || w->next_event == NULL || (w->could_claim & (1u << seat)) != 0)
        continue;
      {
        Sample s = { (g_array_index (run.times, gint64, j) - g_array_index (run.times, gint64, i)) / 1000.0,
                     (w->could_claim & ~(1u << seat)) != 0 };

        g_array_append_val (samples, s);
      }
    }

  g_signal_handlers_disconnect_by_data (run.bot->client, &run);
  parlor_cli_bot_free (run.bot);
  g_ptr_array_unref (run.lines);
  g_array_unref (run.times);
  parlor_server_stop (server);
  return ok;
}

int
parlor_cli_claimtiming (int    argc,
                        char **argv)
{
  g_autofree char *game = NULL;
  int n_windows = 300;
  int minimum = PARLOR_SERVER_DEFAULT_CLAIM_MINIMUM;
  int strength = 1;
  gint64 seed = 1;
  GOptionEntry entries[] = {
    { "game", 0, 0, G_OPTION_ARG_STRING, &game, "mcr, jihai or suzume (default mcr)", "ID" },
    { "windows", 0, 0, G_OPTION_ARG_INT, &n_windows, "Claim windows to measure (default 300)", "N" },
    { "claim-minimum", 0, 0, G_OPTION_ARG_INT, &minimum, "Least time of a claim window (default 600)", "MS" },
    { "strength", 0, 0, G_OPTION_ARG_INT, &strength, "Strength 0–3 of the computer players (default 1)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed of the first table (default 1)", "N" },
    { NULL }
  };
  g_autoptr(GArray) samples = g_array_new (FALSE, FALSE, sizeof (Sample));
  const ParlorGameInfo *info;
  const char *config;
  double n1 = 0, n0 = 0, sum = 0, auc, q1, q2, se;
  guint tables = 0;

  if (!parlor_cli_net_parse_options (entries, "Tell how well the time to the next event shows that "
                                     "another seat could claim a discard (AUC).", &argc, &argv))
    return 2;
  if (game == NULL)
    game = g_strdup ("mcr");
  info = parlor_games_lookup (game);
  if (info == NULL || !(g_str_equal (game, "mcr") || g_str_equal (game, "jihai") ||
                        g_str_equal (game, "suzume")))
    {
      fprintf (stderr, "parlor-cli claimtiming: --game mcr, jihai or suzume\n");
      return 2;
    }
  if (n_windows < 2 || minimum < 0 || minimum > 60000 || strength < 0 || strength > PARLOR_STRENGTH_MAX)
    {
      fprintf (stderr, "parlor-cli claimtiming: bad --windows, --claim-minimum or --strength\n");
      return 2;
    }
  config = g_str_equal (game, "mcr") ? "hands=1" : g_str_equal (game, "suzume") ? "seats=4 deals=1" : "";

  while (samples->len < (guint) n_windows)
    {
      if (!play_table (info, config, (guint64) seed + tables, strength, (guint) minimum, samples))
        return 1;
      tables++;
    }

  /* The AUC (Mann–Whitney, ties counted half) with its 95 % interval
   * (Hanley and McNeil). */
  g_array_sort (samples, compare_samples);
  for (guint i = 0; i < samples->len;)
    {
      guint j = i, pos = 0, neg = 0;

      while (j < samples->len && g_array_index (samples, Sample, j).ms == g_array_index (samples, Sample, i).ms)
        {
          if (g_array_index (samples, Sample, j).positive)
            pos++;
          else
            neg++;
          j++;
        }
      sum += pos * (n0 + neg / 2.0);
      n1 += pos;
      n0 += neg;
      i = j;
    }
  if (n1 == 0 || n0 == 0)
    {
      fprintf (stderr, "parlor-cli claimtiming: %g windows another seat could claim, %g none could: "
               "play more windows\n", n1, n0);
      return 1;
    }
  auc = sum / (n1 * n0);
  q1 = auc / (2 - auc);
  q2 = 2 * auc * auc / (1 + auc);
  se = sqrt ((auc * (1 - auc) + (n1 - 1) * (q1 - auc * auc) + (n0 - 1) * (q2 - auc * auc)) / (n1 * n0));

  printf ("game=%s tables=%u windows=%u claim-minimum=%d\n", game, tables, samples->len, minimum);
  printf ("another seat could claim: %g windows, median %.3f ms; none could: %g, median %.3f ms\n",
          n1, median (samples, TRUE), n0, median (samples, FALSE));
  printf ("auc=%.3f ci95=%.3f..%.3f\n", auc, MAX (0, auc - 1.96 * se), MIN (1, auc + 1.96 * se));
  return 0;
}
