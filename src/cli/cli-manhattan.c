/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "cli-commands.h"
#include "cli-json.h"
#include "cli-selfplay.h"
#include "parlor-games.h"
#include "parlor-line.h"
#include "parlor-replay.h"

#define N_SEATS 4

typedef struct
{
  gboolean won[N_SEATS];
  int      score[N_SEATS];
} Figures;

typedef struct
{
  guint  wins[N_SEATS];
  double score_total[N_SEATS];
} Totals;

static gboolean
read_result (ParlorCliSelfplay    *self,
             ParlorCliSelfplayRun *run,
             ParlorGame           *game,
             ParlorLine           *result)
{
  Figures *figures = run->figures;
  int scores[N_SEATS], ranks[N_SEATS];

  if (!parlor_cli_parse_int_list (parlor_line_get (result, "scores"), scores, N_SEATS, 1000000) ||
      !parlor_cli_parse_int_list (parlor_line_get (result, "ranks"), ranks, N_SEATS, 1000000))
    return FALSE;
  for (int p = 0; p < N_SEATS; p++)
    {
      figures->score[run->item_at[p]] = scores[p];
      figures->won[run->item_at[p]] = ranks[p] == 1;
    }
  return TRUE;
}

static void
add_run (ParlorCliSelfplay    *self,
         ParlorCliSelfplayRun *run)
{
  Totals *totals = self->data;
  Figures *figures = run->figures;

  for (int i = 0; i < N_SEATS; i++)
    {
      totals->wins[i] += figures->won[i];
      totals->score_total[i] += figures->score[i];
    }
}

static void
json_head (ParlorCliSelfplay *self,
           JsonBuilder       *builder)
{
  parlor_cli_json_int (builder, "games", self->games);
}

static void
json_seat (ParlorCliSelfplay *self,
           JsonBuilder       *builder,
           guint              i)
{
  Totals *totals = self->data;

  parlor_cli_json_int (builder, "wins", totals->wins[i]);
  parlor_cli_json_double (builder, "mean_score",
                          parlor_cli_round (totals->score_total[i] / self->games, 3));
}

static void
print_text (ParlorCliSelfplay *self)
{
  Totals *totals = self->data;

  printf ("%d games of Manhattan, seed %" G_GINT64_FORMAT "\n", self->games, (gint64) self->seed);
  printf ("%-4s %-8s %6s %7s %10s %9s %9s\n", "item", "level", "wins", "win%", "mean score",
          "mean ms", "max ms");
  for (guint i = 0; i < N_SEATS; i++)
    printf ("%-4u %-8s %6u %6.1f%% %10.2f %9.3f %9.3f\n", i, self->levels[i], totals->wins[i],
            100.0 * totals->wins[i] / self->games, totals->score_total[i] / self->games,
            parlor_cli_selfplay_mean_ms (self, i), self->ms_max[i]);
}

static const ParlorCliSelfplayGame selfplay = {
  .id = "manhattan",
  .summary = "- play Manhattan between computer players",
  .run_noun = "game",
  .ai_prefix = "",
  .default_seats = "normal,random,random,random",
  .default_games = 100,
  .min_seats = N_SEATS,
  .max_seats = N_SEATS,
  .seats_help = "Four AI levels, e.g. strong,random,random,random",
  .seats_arg = "L,L,L,L",
  .games_help = "Number of games (default 100)",
  .seats_error = "--seats needs 4 levels separated by commas",
  .levels_hint = "random, normal or strong",
  .figures_size = sizeof (Figures),
  .result = read_result,
  .add = add_run,
  .ms_digits = 3,
  .json_head = json_head,
  .json_seat = json_seat,
  .print_text = print_text,
};

int
parlor_cli_selfplay_manhattan (int    argc,
                               char **argv)
{
  Totals totals = { 0 };

  return parlor_cli_selfplay_main (&selfplay, NULL, &totals, argc, argv);
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
  text = parlor_replay_read_file (argv[1], NULL, &error);
  if (text == NULL && error->domain != PARLOR_REPLAY_ERROR)
    {
      fprintf (stderr, "parlor-cli: %s\n", error->message);
      return 2;
    }
  if (text == NULL || !parlor_replay_verify (text, parlor_games_lookup, &n_games, &error))
    {
      printf ("%s\n", error->message);
      return 1;
    }

  printf ("ok %u games\n", n_games);
  return 0;
}
