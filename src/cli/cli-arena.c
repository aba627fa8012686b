/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-cli"

#include "config.h"

#include <math.h>
#include <stdio.h>

#include "cli-commands.h"
#include "cli-json.h"
#include "cli-selfplay.h"
#include "parlor-games.h"
#include "parlor-line.h"
#include "parlor-rng.h"

/* parlor-cli arena GAME: seeded deals played with the --seats items rotated
 * one seat further each game, figures per item with 95% intervals. With
 * --duplicate each deal is played once per rotation, so every item meets the
 * same tiles or cards from every seat. The unit is one hand of mcr, one
 * match of jihai and suzume, one game of manhattan. */

#define MAX_ITEMS PARLOR_CLI_SELFPLAY_MAX_SEATS

typedef struct
{
  double points[MAX_ITEMS];
  double first[MAX_ITEMS];      /* won the unit; a tie shares it */
  guint  hands_won[MAX_ITEMS];
  guint  deal_ins[MAX_ITEMS];
} Figures;

typedef struct
{
  const char *unit;             /* "hand", "match" or "game" */
  const char *name;
  GArray     *samples[MAX_ITEMS];   /* double per independent unit */
  double      first[MAX_ITEMS];
  guint       hands_won[MAX_ITEMS];
  guint       deal_ins[MAX_ITEMS];
  guint       n_games;
  gboolean    duplicate;
} Totals;

/* Read by game_seed on every worker, written once before they start: the
 * number of games sharing a deal (1 unless --duplicate). */
static guint deal_span = 1;

static guint64
arena_game_seed (guint64 seed,
                 guint   index)
{
  return parlor_rng_splitmix64 (seed ^ parlor_rng_splitmix64 (index / deal_span));
}

static char *
mcr_config (ParlorCliSelfplay *self,
            guint              index)
{
  return g_strdup ("hands=1");
}

static char *
jihai_config (ParlorCliSelfplay *self,
              guint              index)
{
  return g_strdup ("first=0");
}

static char *
suzume_config (ParlorCliSelfplay *self,
               guint              index)
{
  return g_strdup_printf ("seats=%u deals=1", self->n_seats);
}

/* Hands won and deal-ins from the win events of jihai and suzume. */
static void
count_wins (ParlorCliSelfplay    *self,
            ParlorCliSelfplayRun *run,
            GPtrArray            *events)
{
  Figures *figures = run->figures;

  for (guint i = 0; i < events->len; i++)
    {
      ParlorEvent *e = g_ptr_array_index (events, i);
      g_autoptr(ParlorLine) line = NULL;
      gint64 seat, from;

      if (!g_str_has_prefix (e->line, "win ") && !g_str_has_prefix (e->line, "ron ") &&
          !g_str_has_prefix (e->line, "tsumo "))
        continue;
      line = parlor_line_parse (e->line, NULL);
      if (line == NULL ||
          !parlor_line_get_int (line, "seat", 0, self->n_seats - 1, &seat, NULL))
        continue;
      figures->hands_won[run->item_at[seat]]++;
      if (parlor_line_get_int (line, "from", 0, self->n_seats - 1, &from, NULL) && from != seat)
        figures->deal_ins[run->item_at[from]]++;
    }
}

/* "scores" and "ranks", a figure per table seat: manhattan and suzume. */
static gboolean
read_ranked (ParlorCliSelfplay    *self,
             ParlorCliSelfplayRun *run,
             ParlorGame           *game,
             ParlorLine           *result)
{
  Figures *figures = run->figures;
  guint n = self->n_seats, n_first = 0;
  int scores[MAX_ITEMS], ranks[MAX_ITEMS];

  if (!parlor_cli_parse_int_list (parlor_line_get (result, "scores"), scores, n, 10000000) ||
      !parlor_cli_parse_int_list (parlor_line_get (result, "ranks"), ranks, n, 1000))
    return FALSE;
  for (guint p = 0; p < n; p++)
    n_first += ranks[p] == 1;
  for (guint p = 0; p < n; p++)
    {
      figures->points[run->item_at[p]] = scores[p];
      figures->first[run->item_at[p]] = ranks[p] == 1 ? 1.0 / n_first : 0.0;
    }
  return TRUE;
}

static gboolean
read_jihai (ParlorCliSelfplay    *self,
            ParlorCliSelfplayRun *run,
            ParlorGame           *game,
            ParlorLine           *result)
{
  Figures *figures = run->figures;
  gint64 winner, s0, s1;

  if (!parlor_line_get_int (result, "winner", 0, 1, &winner, NULL) ||
      !parlor_line_get_int (result, "score0", -1000, 1000, &s0, NULL) ||
      !parlor_line_get_int (result, "score1", -1000, 1000, &s1, NULL))
    return FALSE;
  figures->first[run->item_at[winner]] = 1.0;
  figures->points[run->item_at[0]] = (double) s0;
  figures->points[run->item_at[1]] = (double) s1;
  return TRUE;
}

/* A one-hand match: the hand's winner wins the unit. */
static gboolean
read_mcr (ParlorCliSelfplay    *self,
          ParlorCliSelfplayRun *run,
          ParlorGame           *game,
          ParlorLine           *result)
{
  Figures *figures = run->figures;
  int scores[4], wins[4], deal_ins[4];

  if (!parlor_cli_parse_int_list (parlor_line_get (result, "scores"), scores, 4, 10000000) ||
      !parlor_cli_parse_int_list (parlor_line_get (result, "wins"), wins, 4, 1000) ||
      !parlor_cli_parse_int_list (parlor_line_get (result, "deal_ins"), deal_ins, 4, 1000))
    return FALSE;
  for (guint p = 0; p < 4; p++)
    {
      int item = run->item_at[p];

      figures->points[item] = scores[p];
      figures->first[item] = wins[p] > 0;
      figures->hands_won[item] = (guint) wins[p];
      figures->deal_ins[item] = (guint) deal_ins[p];
    }
  return TRUE;
}

/* Runs come in order; a duplicated deal's games are one sample per item. */
static void
add_run (ParlorCliSelfplay    *self,
         ParlorCliSelfplayRun *run)
{
  Totals *totals = self->data;
  Figures *figures = run->figures;
  guint span = totals->duplicate ? self->n_seats : 1;

  for (guint i = 0; i < self->n_seats; i++)
    {
      GArray *samples = totals->samples[i];

      if (run->index % span == 0)
        {
          double zero = 0.0;

          g_array_append_val (samples, zero);
        }
      g_array_index (samples, double, samples->len - 1) += figures->points[i] / span;
      totals->first[i] += figures->first[i];
      totals->hands_won[i] += figures->hands_won[i];
      totals->deal_ins[i] += figures->deal_ins[i];
    }
  totals->n_games++;
}

static const ParlorCliSelfplayGame games[] = {
  { .id = "mcr", .run_noun = "hand", .ai_prefix = "level ", .min_seats = 4, .max_seats = 4,
    .seats_error = "mcr needs 4 levels", .levels_hint = "1, 2, 3 or 4",
    .recheck_waiting = TRUE, .view_in_errors = TRUE, .figures_size = sizeof (Figures),
    .config = mcr_config, .game_seed = arena_game_seed, .result = read_mcr, .add = add_run },
  { .id = "jihai", .run_noun = "match", .ai_prefix = "", .min_seats = 2, .max_seats = 2,
    .seats_error = "jihai needs 2 levels", .levels_hint = "random, normal or strong",
    .figures_size = sizeof (Figures), .config = jihai_config, .game_seed = arena_game_seed,
    .events = count_wins, .result = read_jihai, .add = add_run },
  { .id = "suzume", .run_noun = "match", .ai_prefix = "", .min_seats = 2, .max_seats = 5,
    .seats_error = "suzume needs 2 to 5 levels", .levels_hint = "random, normal or strong",
    .simultaneous = TRUE, .figures_size = sizeof (Figures), .config = suzume_config,
    .game_seed = arena_game_seed, .events = count_wins, .result = read_ranked, .add = add_run },
  { .id = "manhattan", .run_noun = "game", .ai_prefix = "", .min_seats = 4, .max_seats = 4,
    .seats_error = "manhattan needs 4 levels", .levels_hint = "random, normal or strong",
    .figures_size = sizeof (Figures), .game_seed = arena_game_seed, .result = read_ranked,
    .add = add_run },
};

static const char *const game_names[] = {
  "Chinese Official mahjong", "honor-tile mahjong", "Suzume-jong", "Manhattan",
};

/* Mean and the half width of its 95% interval. */
static void
mean_interval (GArray *samples,
               double *mean,
               double *half)
{
  double sum = 0.0, squares = 0.0;
  guint n = samples->len;

  *mean = *half = 0.0;
  if (n == 0)
    return;
  for (guint k = 0; k < n; k++)
    sum += g_array_index (samples, double, k);
  *mean = sum / n;
  if (n < 2)
    return;
  for (guint k = 0; k < n; k++)
    {
      double d = g_array_index (samples, double, k) - *mean;

      squares += d * d;
    }
  *half = 1.96 * sqrt (squares / (n - 1)) / sqrt (n);
}

/* Wilson's 95% interval of @wins out of @n. */
static void
wilson (double  wins,
        guint   n,
        double *low,
        double *high)
{
  const double z = 1.96;
  double p, centre, spread, denom;

  *low = *high = 0.0;
  if (n == 0)
    return;
  p = wins / n;
  denom = 1.0 + z * z / n;
  centre = (p + z * z / (2.0 * n)) / denom;
  spread = z * sqrt (p * (1.0 - p) / n + z * z / (4.0 * n * n)) / denom;
  *low = MAX (0.0, centre - spread);
  *high = MIN (1.0, centre + spread);
}

static void
print_json (ParlorCliSelfplay *self,
            Totals            *totals,
            int                hands)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  parlor_cli_json_string (builder, "game", self->game->id);
  parlor_cli_json_string (builder, "unit", totals->unit);
  parlor_cli_json_int (builder, "deals", hands);
  parlor_cli_json_int (builder, "games", totals->n_games);
  parlor_cli_json_int (builder, "seed", (gint64) self->seed);
  json_builder_set_member_name (builder, "duplicate");
  json_builder_add_boolean_value (builder, totals->duplicate);
  json_builder_set_member_name (builder, "seats");
  json_builder_begin_array (builder);
  for (guint i = 0; i < self->n_seats; i++)
    {
      double mean, half, low, high;

      mean_interval (totals->samples[i], &mean, &half);
      wilson (totals->first[i], totals->n_games, &low, &high);
      json_builder_begin_object (builder);
      parlor_cli_json_string (builder, "level", self->levels[i]);
      parlor_cli_json_double (builder, "mean_points", parlor_cli_round (mean, 4));
      parlor_cli_json_double (builder, "points_low", parlor_cli_round (mean - half, 4));
      parlor_cli_json_double (builder, "points_high", parlor_cli_round (mean + half, 4));
      parlor_cli_json_double (builder, "win_rate",
                              parlor_cli_round (totals->n_games > 0 ? totals->first[i] / totals->n_games : 0.0, 4));
      parlor_cli_json_double (builder, "win_low", parlor_cli_round (low, 4));
      parlor_cli_json_double (builder, "win_high", parlor_cli_round (high, 4));
      parlor_cli_json_double (builder, "wins", totals->first[i]);
      parlor_cli_json_int (builder, "hands_won", totals->hands_won[i]);
      parlor_cli_json_int (builder, "deal_ins", totals->deal_ins[i]);
      parlor_cli_json_double (builder, "mean_ms", parlor_cli_round (parlor_cli_selfplay_mean_ms (self, i), 3));
      parlor_cli_json_double (builder, "max_ms", parlor_cli_round (self->ms_max[i], 3));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  parlor_cli_print_json (builder);
}

static void
print_text (ParlorCliSelfplay *self,
            Totals            *totals,
            int                hands)
{
  printf ("%s: %d deals%s, %u %s%s, seed %" G_GINT64_FORMAT "\n", totals->name, hands,
          totals->duplicate ? " played once per seat rotation" : "", totals->n_games, totals->unit,
          g_str_has_suffix (totals->unit, "h") ? "es" : "s",
          (gint64) self->seed);
  printf ("%-4s %-7s %-22s %-20s %9s %9s %8s %9s %9s\n", "item", "level", "points/unit (95%)",
          "win rate (95%)", "wins", "hands won", "deal-ins", "mean ms", "max ms");
  for (guint i = 0; i < self->n_seats; i++)
    {
      double mean, half, low, high;
      g_autofree char *points = NULL;
      g_autofree char *rate = NULL;

      mean_interval (totals->samples[i], &mean, &half);
      wilson (totals->first[i], totals->n_games, &low, &high);
      points = g_strdup_printf ("%.2f ± %.2f", mean, half);
      rate = g_strdup_printf ("%.3f [%.3f, %.3f]",
                              totals->n_games > 0 ? totals->first[i] / totals->n_games : 0.0,
                              low, high);
      printf ("%-4u %-7s %-23s %-20s %9.1f %9u %8u %9.3f %9.3f\n", i, self->levels[i], points, rate,
              totals->first[i], totals->hands_won[i], totals->deal_ins[i],
              parlor_cli_selfplay_mean_ms (self, i), self->ms_max[i]);
    }
}

int
parlor_cli_arena (int    argc,
                  char **argv)
{
  ParlorCliSelfplay self = { 0 };
  Totals totals = { 0 };
  g_autofree char *seats = NULL;
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) runs = NULL;
  const char *id = NULL;
  gint64 seed = 1;
  int hands = 0, jobs = 1, status = 0;
  gboolean duplicate = FALSE;
  gsize which;
  const GOptionEntry entries[] = {
    { "seats", 0, 0, G_OPTION_ARG_STRING, &seats, "Computer levels, one per seat, e.g. 4,3,3,3", "L,L,…" },
    { "hands", 0, 0, G_OPTION_ARG_INT, &hands, "Number of deals: mcr hands, jihai and suzume matches, manhattan games", "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed of the whole run (default 1)", "S" },
    { "duplicate", 0, 0, G_OPTION_ARG_NONE, &duplicate, "Play each deal once per rotation of the seats", NULL },
    { "jobs", 0, 0, G_OPTION_ARG_INT, &jobs, "Games played at once, 1 to 64 (default 1; same figures)", "J" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &self.json, "Print one JSON object", NULL },
    { NULL }
  };

  context = g_option_context_new ("GAME - measure computer levels against each other (GAME: mcr, jihai, suzume or manhattan)");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "parlor-cli: %s\n", error->message);
      return 2;
    }
  if (argc == 2)
    id = argv[1];
  for (which = 0; id != NULL && which < G_N_ELEMENTS (games); which++)
    if (g_str_equal (games[which].id, id))
      break;
  if (id == NULL || which == G_N_ELEMENTS (games))
    {
      fprintf (stderr, "parlor-cli: arena needs one game: mcr, jihai, suzume or manhattan\n");
      return 2;
    }

  self.game = &games[which];
  self.info = parlor_games_lookup (id);
  self.seed = (guint64) seed;
  self.threads = jobs;
  self.data = &totals;
  totals.unit = games[which].run_noun;
  totals.name = game_names[which];
  totals.duplicate = duplicate;
  if (seats == NULL)
    {
      fprintf (stderr, "parlor-cli: --seats is needed: %s\n", self.game->seats_error);
      return 2;
    }
  self.levels = g_strsplit (seats, ",", -1);
  self.n_seats = g_strv_length (self.levels);
  if (self.n_seats < self.game->min_seats || self.n_seats > self.game->max_seats)
    {
      fprintf (stderr, "parlor-cli: %s\n", self.game->seats_error);
      g_strfreev (self.levels);
      return 2;
    }
  for (guint i = 0; i < self.n_seats; i++)
    if (!g_strv_contains (self.info->ai_levels, self.levels[i]))
      {
        fprintf (stderr, "parlor-cli: unknown level “%s” (%s)\n", self.levels[i], self.game->levels_hint);
        g_strfreev (self.levels);
        return 2;
      }
  if (hands < 1 || hands > 1000000)
    {
      fprintf (stderr, "parlor-cli: --hands must be a number from 1 to 1000000\n");
      g_strfreev (self.levels);
      return 2;
    }
  if (jobs < 1 || jobs > 64)
    {
      fprintf (stderr, "parlor-cli: --jobs must be a number from 1 to 64\n");
      g_strfreev (self.levels);
      return 2;
    }

  deal_span = duplicate ? self.n_seats : 1;
  for (guint i = 0; i < self.n_seats; i++)
    totals.samples[i] = g_array_new (FALSE, FALSE, sizeof (double));
  runs = g_ptr_array_new_with_free_func ((GDestroyNotify) parlor_cli_selfplay_run_free);
  for (guint g = 0; g < (guint) hands * deal_span; g++)
    {
      ParlorCliSelfplayRun *run = g_new0 (ParlorCliSelfplayRun, 1);

      run->index = g;
      g_ptr_array_add (runs, run);
    }
  parlor_cli_selfplay_play (&self, runs);

  for (guint g = 0; g < runs->len; g++)
    {
      ParlorCliSelfplayRun *run = g_ptr_array_index (runs, g);

      if (run->error != NULL)
        {
          fprintf (stderr, "parlor-cli: %s %u: %s\n", self.game->run_noun, g, run->error);
          status = 1;
          break;
        }
      self.n_ok++;
      for (guint i = 0; i < self.n_seats; i++)
        {
          self.ms_total[i] += run->ms_total[i];
          self.ms_max[i] = MAX (self.ms_max[i], run->ms_max[i]);
          self.n_moves[i] += run->n_moves[i];
        }
      add_run (&self, run);
    }

  if (status == 0)
    {
      if (self.json)
        print_json (&self, &totals, hands);
      else
        print_text (&self, &totals, hands);
    }
  for (guint i = 0; i < self.n_seats; i++)
    g_array_unref (totals.samples[i]);
  g_strfreev (self.levels);
  return status;
}
