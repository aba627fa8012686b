/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli-commands.h"
#include "cli-json.h"
#include "cli-selfplay.h"
#include "parlor-line.h"
#include "triad-ai.h"
#include "triad-game.h"
#include "triad-solver.h"
#include "triad-view.h"

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* Same, Plus and Combo resolve as Final Fantasy VIII's code does unless the
 * list names "parlor" (Parlor's first reading). */
static gboolean
parse_rules_option (const char  *text,
                    TriadRules  *rules)
{
  g_auto(GStrv) words = NULL;
  g_autoptr(GPtrArray) kept = g_ptr_array_new ();
  g_autofree char *rest = NULL;
  gboolean parlor = FALSE;

  if (text == NULL)
    {
      *rules = 0;
      return TRUE;
    }
  words = g_strsplit (text, ",", -1);
  for (guint i = 0; words[i] != NULL; i++)
    if (g_str_equal (words[i], "parlor") && !parlor)
      parlor = TRUE;
    else
      g_ptr_array_add (kept, words[i]);
  g_ptr_array_add (kept, NULL);
  rest = g_strjoinv (",", (char **) kept->pdata);
  if (!triad_rules_from_string (*rest != '\0' ? rest : "none", rules)
      || (parlor && (*rules & TRIAD_RULE_FF8)))
    {
      fprintf (stderr, "parlor-cli: --rules takes none or a comma list of same, plus, combo, "
                       "reverse, fallen-ace, same-wall, and ff8 (the default) or parlor\n");
      return FALSE;
    }
  if ((*rules & TRIAD_RULE_COMBO) && !(*rules & (TRIAD_RULE_SAME | TRIAD_RULE_PLUS)))
    {
      fprintf (stderr, "parlor-cli: combo needs same or plus\n");
      return FALSE;
    }
  if (!parlor && (*rules & (TRIAD_RULE_SAME | TRIAD_RULE_PLUS)))
    *rules |= TRIAD_RULE_FF8;
  if (!(*rules & (TRIAD_RULE_SAME | TRIAD_RULE_PLUS)))
    *rules &= ~TRIAD_RULE_FF8;
  if (!(*rules & TRIAD_RULE_SAME))
    *rules &= ~TRIAD_RULE_SAME_WALL;
  return TRUE;
}

/* Times full solves (value and every move reaching it) of random openings. */
static int
run_bench (guint      n_deals,
           guint64    seed,
           TriadRules rules)
{
  g_autoptr(TriadSolver) solver = triad_solver_new ();
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) cpu_times = g_array_new (FALSE, FALSE, sizeof (double));
  guint64 nodes = 0;
  g_autofree char *rules_text = NULL;
  int counts[3] = { 0, 0, 0 };
  double total = 0;
  ParlorRng rng;

  parlor_rng_init (&rng, seed, 0);
  for (guint d = 0; d < n_deals; d++)
    {
      TriadCard first[TRIAD_FIRST_HAND], second[TRIAD_SECOND_HAND];
      TriadPosition pos;
      guint8 moves[TRIAD_N_MOVES];
      guint n_moves;
      int value;
      gint64 start;
      clock_t cpu_start;
      double ms, cpu_ms;

      triad_deal (&rng, first, second);
      triad_position_init (&pos, first, second);
      start = g_get_monotonic_time ();
      cpu_start = clock ();
      if (!triad_solver_solve (solver, &pos, rules, &value, moves, &n_moves, NULL, NULL))
        return 1;
      ms = (g_get_monotonic_time () - start) / 1000.0;
      cpu_ms = (double) (clock () - cpu_start) * 1000.0 / CLOCKS_PER_SEC;
      g_array_append_val (times, ms);
      g_array_append_val (cpu_times, cpu_ms);
      total += ms;
      nodes += triad_solver_get_nodes (solver);
      counts[value + 1]++;
    }

  g_array_sort (times, compare_doubles);
  g_array_sort (cpu_times, compare_doubles);
  rules_text = triad_rules_to_string (rules);
  printf ("deals %u seed %" G_GUINT64_FORMAT " rules %s\n", n_deals, seed, rules_text);
  if (n_deals > 0)
    printf ("opening solve: median %.1f ms, mean %.1f ms, max %.1f ms\n",
            g_array_index (times, double, n_deals / 2), total / n_deals,
            g_array_index (times, double, n_deals - 1));
  printf ("processor time: median %.1f ms, max %.1f ms; %" G_GUINT64_FORMAT " nodes per deal\n",
          g_array_index (cpu_times, double, n_deals / 2), g_array_index (cpu_times, double, n_deals - 1),
          nodes / n_deals);
  printf ("first player: %d wins, %d draws, %d losses\n", counts[2], counts[1], counts[0]);
  return 0;
}

static int
run_solve (TriadRules rules)
{
  g_autoptr(TriadSolver) solver = triad_solver_new ();
  char buffer[PARLOR_LINE_MAX_LENGTH + 2];

  while (fgets (buffer, sizeof buffer, stdin) != NULL)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *result = NULL;
      TriadPosition pos;
      guint8 moves[TRIAD_N_MOVES];
      guint n_moves = 0;
      int value;
      gsize len = strlen (buffer);

      if (len > 0 && buffer[len - 1] != '\n' && !feof (stdin))
        {
          int c;

          /* An overlong line: skip the rest of it. */
          while ((c = getchar ()) != EOF && c != '\n')
            ;
          printf ("error: the line is too long\n");
          continue;
        }
      g_strchomp (buffer);
      if (!g_utf8_validate (buffer, -1, NULL))
        printf ("error: the line is not valid UTF-8\n");
      else if (!triad_solve_line_parse (buffer, &pos, &error)
               || !triad_solver_solve (solver, &pos, rules, &value, moves, &n_moves, NULL, &error))
        printf ("error: %s\n", error->message);
      else
        {
          result = triad_solve_line_result (value, moves, n_moves);
          printf ("%s\n", result);
        }
      fflush (stdout);
    }

  return 0;
}

int
parlor_cli_triad (int    argc,
                  char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *rules_text = NULL;
  gboolean bench = FALSE;
  int deals = 50;
  gint64 seed = 1;
  TriadRules rules;
  const char *command;
  GOptionEntry entries[] = {
    { "bench", 0, 0, G_OPTION_ARG_NONE, &bench, "Time solving the openings of random deals", NULL },
    { "deals", 0, 0, G_OPTION_ARG_INT, &deals, "Number of deals to time (50)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed of the deals (1)", "S" },
    { "rules", 0, 0, G_OPTION_ARG_STRING, &rules_text, "Extra rules: none or same,plus,combo,reverse,fallen-ace,same-wall; add parlor for Parlor's first reading", "LIST" },
    { NULL }
  };

  if (argc < 2 || (!g_str_equal (argv[1], "solve") && !g_str_equal (argv[1], "bench")))
    {
      fprintf (stderr, "Usage: parlor-cli triad solve [--rules LIST] < positions\n"
                       "       parlor-cli triad solve --bench [--deals N] [--seed S] [--rules LIST]\n"
                       "       parlor-cli triad bench [--deals N] [--seed S] [--rules LIST]\n"
                       "A position line: P1HAND | P2HAND | BOARD | TOMOVE, e.g.\n"
                       "  73A5 1234 5555 2A2A 9111 | 4444 6262 3A13 8282 | . . . . . . . . . | 1\n");
      return 2;
    }
  command = argv[1];

  context = g_option_context_new ("— solve Triple Triad positions");
  g_option_context_add_main_entries (context, entries, NULL);
  argc--;
  argv++;
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "parlor-cli: %s\n", error->message);
      return 2;
    }
  if (argc > 1)
    {
      fprintf (stderr, "parlor-cli: unexpected argument “%s”\n", argv[1]);
      return 2;
    }
  if (deals < 1 || seed < 0)
    {
      fprintf (stderr, "parlor-cli: --deals must be at least 1 and --seed not negative\n");
      return 2;
    }
  if (!parse_rules_option (rules_text, &rules))
    return 2;

  if (bench || g_str_equal (command, "bench"))
    return run_bench ((guint) deals, (guint64) seed, rules);
  return run_solve (rules);
}

typedef struct
{
  int  value[2];      /* of the deal for an Expert seat, with perfect play */
  int  outcome[2];    /* 1 won, 0 drawn, -1 lost */
} Figures;

typedef struct
{
  char        *config;      /* --config */
  gboolean     open;
  TriadSolver *solver;
  guint        wins[2];
  guint        draws[2];
  guint        below;
  guint        drawn;
} Totals;

static gboolean
check_options (ParlorCliSelfplay  *self,
               GError            **error)
{
  Totals *totals = self->data;
  TriadConfig parsed;

  if ((gint64) self->seed < 0)
    return FALSE;
  if (!triad_config_parse (totals->config, &parsed, error))
    return FALSE;
  totals->open = parsed.open;
  return TRUE;
}

/* The seats stay; who moves first alternates. */
static char *
game_config (ParlorCliSelfplay *self,
             guint              index)
{
  Totals *totals = self->data;

  /* New games play Final Fantasy VIII's Same, Plus and Combo unless the
   * options say reading=parlor (a later word wins). */
  return g_strchomp (g_strdup_printf ("first=%u reading=ff8 %s", index % 2,
                                      totals->config != NULL ? totals->config : ""));
}

static guint64
game_seed (guint64 seed,
           guint   index)
{
  return seed * 1000003u + index;
}

static guint64
ai_seed (guint64 seed,
         guint   seat,
         guint   move)
{
  return seed * 16 + move;
}

static gboolean
is_expert (const char *level)
{
  TriadAiLevel parsed;

  return triad_ai_level_from_string (level, &parsed) && parsed == TRIAD_AI_EXPERT;
}

/* The value of the deal for @seat with perfect play from both sides. */
static int
deal_value (TriadSolver *solver,
            TriadGame   *game,
            guint        seat)
{
  int value = 0;

  if (!triad_solver_solve (solver, triad_game_get_position (game), triad_game_get_rules (game),
                           &value, NULL, NULL, NULL, NULL))
    g_error ("the opening could not be solved");
  return seat == triad_game_get_first_seat (game) ? value : -value;
}

static void
solve_deal (ParlorCliSelfplay    *self,
            ParlorCliSelfplayRun *run,
            ParlorGame           *game)
{
  Totals *totals = self->data;
  Figures *figures = run->figures;

  for (guint s = 0; s < 2; s++)
    if (is_expert (self->levels[s]))
      figures->value[s] = deal_value (totals->solver, TRIAD_GAME (game), s);
}

static gboolean
read_result (ParlorCliSelfplay    *self,
             ParlorCliSelfplayRun *run,
             ParlorGame           *game,
             ParlorLine           *result)
{
  Figures *figures = run->figures;
  TriadGame *triad = TRIAD_GAME (game);
  int outcome = triad_outcome_for_first (triad_position_count (triad_game_get_position (triad), 0));

  for (guint s = 0; s < 2; s++)
    figures->outcome[s] = s == triad_game_get_first_seat (triad) ? outcome : -outcome;
  return TRUE;
}

static void
add_run (ParlorCliSelfplay    *self,
         ParlorCliSelfplayRun *run)
{
  Totals *totals = self->data;
  Figures *figures = run->figures;

  if (figures->outcome[0] == 0)
    totals->drawn++;
  for (guint s = 0; s < 2; s++)
    {
      int mine = figures->outcome[s];

      if (mine > 0)
        totals->wins[s]++;
      else if (mine == 0)
        totals->draws[s]++;
      if (is_expert (self->levels[s]) && mine < figures->value[s])
        totals->below++;
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
           guint              s)
{
  Totals *totals = self->data;

  parlor_cli_json_int (builder, "wins", totals->wins[s]);
  parlor_cli_json_int (builder, "draws", totals->draws[s]);
}

static void
json_tail (ParlorCliSelfplay *self,
           JsonBuilder       *builder)
{
  Totals *totals = self->data;

  parlor_cli_json_string (builder, "hands", totals->open ? "open" : "closed");
  parlor_cli_json_int (builder, "expert_below_value", totals->below);
}

static void
print_text (ParlorCliSelfplay *self)
{
  Totals *totals = self->data;

  printf ("%d games, %u drawn\n", self->games, totals->drawn);
  for (guint s = 0; s < 2; s++)
    printf ("seat %u %-6s  %u wins  %u draws  move time mean %.2f ms, max %.2f ms\n", s,
            self->levels[s], totals->wins[s], totals->draws[s],
            parlor_cli_selfplay_mean_ms (self, s), self->ms_max[s]);
  printf ("expert games below the solved value: %u%s\n", totals->below,
          totals->open ? "" : " (closed hands: Expert cannot see the cards the value assumes)");
}

/* With closed hands the solved value assumes knowledge Expert does not have. */
static int
exit_status (ParlorCliSelfplay *self)
{
  Totals *totals = self->data;

  return totals->below == 0 || !totals->open ? 0 : 1;
}

static const ParlorCliSelfplayGame selfplay = {
  .id = "triad",
  .summary = "— computer players against each other",
  .run_noun = "game",
  .ai_prefix = "",
  .default_seats = "expert,hard",
  .default_games = 10,
  .min_seats = 2,
  .max_seats = 2,
  .seats_help = "Levels of the two seats (easy, medium, hard, expert)",
  .seats_arg = "L,L",
  .games_help = "Number of games (10)",
  .seed_help = "Seed (1)",
  .seats_error = "need --seats L,L (two levels), --games at least 1 and a seed not negative",
  .levels_hint = "easy, medium, hard, expert",
  .options_error = "need --seats L,L (two levels), --games at least 1 and a seed not negative",
  .no_threads = TRUE,
  .fixed_seats = TRUE,
  .figures_size = sizeof (Figures),
  .check = check_options,
  .config = game_config,
  .game_seed = game_seed,
  .ai_seed = ai_seed,
  .prepare = solve_deal,
  .result = read_result,
  .add = add_run,
  .ms_digits = 2,
  .json_head = json_head,
  .json_seat = json_seat,
  .json_tail = json_tail,
  .print_text = print_text,
  .exit_status = exit_status,
};

int
parlor_cli_selfplay_triad (int    argc,
                           char **argv)
{
  g_autoptr(TriadSolver) solver = triad_solver_new ();
  Totals totals = { .solver = solver };
  const GOptionEntry entries[] = {
    { "config", 0, 0, G_OPTION_ARG_STRING, &totals.config, "Game options, e.g. \"hands=closed same=on\"", "TEXT" },
    { NULL }
  };
  int status;

  status = parlor_cli_selfplay_main (&selfplay, entries, &totals, argc, argv);
  g_free (totals.config);
  return status;
}
