/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>

#include "cli-commands.h"
#include "cli-json.h"
#include "cli-selfplay.h"
#include "parlor-line.h"
#include "parlor-rng.h"

/* parlor-cli selfplay mcr: duplicate walls, each seed played four times with the
 * --seats items rotated one seat further each time. */

#define N_SEATS 4

typedef struct
{
  int   score[N_SEATS];
  guint wins[N_SEATS];
  guint deal_ins[N_SEATS];
  guint self_drawn[N_SEATS];
  guint hands;
  guint drawn;
} Figures;

typedef struct
{
  int    hands;                       /* --hands */
  guint  wins[N_SEATS];
  guint  deal_ins[N_SEATS];
  guint  self_drawn[N_SEATS];
  double score[N_SEATS];
  guint  total_hands;
  guint  total_drawn;
} Totals;

static gboolean
check_hands (ParlorCliSelfplay  *self,
             GError            **error)
{
  Totals *totals = self->data;

  return totals->hands == 16 || totals->hands == 1;
}

static char *
match_config (ParlorCliSelfplay *self,
              guint              index)
{
  Totals *totals = self->data;

  return g_strdup_printf ("hands=%d", totals->hands);
}

/* Duplicate walls: four matches in a row share a seed. */
static guint64
match_seed (guint64 seed,
            guint   index)
{
  return parlor_rng_splitmix64 (seed ^ parlor_rng_splitmix64 (index / N_SEATS));
}

/* @key of the result, a figure per table seat, into @out per --seats item. */
static gboolean
read_list (ParlorLine                 *result,
           const char                 *key,
           const ParlorCliSelfplayRun *run,
           int                        *out)
{
  int v[N_SEATS];

  if (!parlor_cli_parse_int_list (parlor_line_get (result, key), v, N_SEATS, 10000000))
    return FALSE;
  for (guint p = 0; p < N_SEATS; p++)
    out[run->item_at[p]] = v[p];
  return TRUE;
}

static gboolean
read_result (ParlorCliSelfplay    *self,
             ParlorCliSelfplayRun *run,
             ParlorGame           *game,
             ParlorLine           *result)
{
  Figures *figures = run->figures;
  int wins[N_SEATS], deal_ins[N_SEATS], self_drawn[N_SEATS];

  figures->hands = (guint) g_ascii_strtoull (parlor_line_get (result, "hands"), NULL, 10);
  figures->drawn = (guint) g_ascii_strtoull (parlor_line_get (result, "drawn"), NULL, 10);
  if (!read_list (result, "scores", run, figures->score) ||
      !read_list (result, "wins", run, wins) ||
      !read_list (result, "deal_ins", run, deal_ins) ||
      !read_list (result, "self_drawn", run, self_drawn))
    return FALSE;
  for (guint i = 0; i < N_SEATS; i++)
    {
      figures->wins[i] = (guint) wins[i];
      figures->deal_ins[i] = (guint) deal_ins[i];
      figures->self_drawn[i] = (guint) self_drawn[i];
    }
  return TRUE;
}

static void
add_run (ParlorCliSelfplay    *self,
         ParlorCliSelfplayRun *run)
{
  Totals *totals = self->data;
  Figures *figures = run->figures;

  totals->total_hands += figures->hands;
  totals->total_drawn += figures->drawn;
  for (int i = 0; i < N_SEATS; i++)
    {
      totals->wins[i] += figures->wins[i];
      totals->deal_ins[i] += figures->deal_ins[i];
      totals->self_drawn[i] += figures->self_drawn[i];
      totals->score[i] += figures->score[i];
    }
}

static void
json_head (ParlorCliSelfplay *self,
           JsonBuilder       *builder)
{
  Totals *totals = self->data;

  parlor_cli_json_int (builder, "matches", self->games);
  parlor_cli_json_int (builder, "hands", totals->total_hands);
  parlor_cli_json_int (builder, "drawn_hands", totals->total_drawn);
}

static double
score_per_hand (Totals *totals,
                guint   i)
{
  return totals->total_hands > 0 ? totals->score[i] / totals->total_hands : 0.0;
}

static void
json_seat (ParlorCliSelfplay *self,
           JsonBuilder       *builder,
           guint              i)
{
  Totals *totals = self->data;

  parlor_cli_json_int (builder, "wins", totals->wins[i]);
  parlor_cli_json_int (builder, "self_drawn", totals->self_drawn[i]);
  parlor_cli_json_int (builder, "deal_ins", totals->deal_ins[i]);
  parlor_cli_json_int (builder, "score", (gint64) totals->score[i]);
  parlor_cli_json_double (builder, "mean_score_per_hand", score_per_hand (totals, i));
}

static void
print_text (ParlorCliSelfplay *self)
{
  Totals *totals = self->data;

  printf ("%d matches of Chinese Official mahjong (%u hands, %u drawn), seed %" G_GINT64_FORMAT "\n",
          self->games, totals->total_hands, totals->total_drawn, (gint64) self->seed);
  printf ("%-4s %-5s %6s %6s %8s %12s %9s %9s\n", "item", "level", "wins", "self", "deal-ins",
          "score/hand", "mean ms", "max ms");
  for (guint i = 0; i < N_SEATS; i++)
    printf ("%-4u %-5s %6u %6u %8u %12.2f %9.3f %9.3f\n", i, self->levels[i], totals->wins[i],
            totals->self_drawn[i], totals->deal_ins[i], score_per_hand (totals, i),
            parlor_cli_selfplay_mean_ms (self, i), self->ms_max[i]);
}

static const ParlorCliSelfplayGame selfplay = {
  .id = "mcr",
  .summary = "- play Chinese Official mahjong between computer players",
  .run_noun = "match",
  .ai_prefix = "level ",
  .default_seats = "4,3,2,1",
  .default_games = 4,
  .min_seats = N_SEATS,
  .max_seats = N_SEATS,
  .seats_help = "Four AI levels (1–4), e.g. 4,3,3,3",
  .seats_arg = "L,L,L,L",
  .games_help = "Number of matches (default 4); each seed is played four times, the seats rotated",
  .seats_error = "--seats needs 4 levels separated by commas",
  .levels_hint = "1, 2, 3 or 4",
  .options_error = "--games and --threads must be positive, --hands 16 or 1",
  .recheck_waiting = TRUE,
  .cpu_time = TRUE,
  .view_in_errors = TRUE,
  .figures_size = sizeof (Figures),
  .check = check_hands,
  .config = match_config,
  .game_seed = match_seed,
  .result = read_result,
  .add = add_run,
  .json_head = json_head,
  .json_seat = json_seat,
  .print_text = print_text,
};

int
parlor_cli_selfplay_mcr (int    argc,
                         char **argv)
{
  Totals totals = { .hands = 16 };
  const GOptionEntry entries[] = {
    { "hands", 0, 0, G_OPTION_ARG_INT, &totals.hands, "Hands per match: 16 (default) or 1", "H" },
    { NULL }
  };

  return parlor_cli_selfplay_main (&selfplay, entries, &totals, argc, argv);
}
