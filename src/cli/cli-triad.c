/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli-commands.h"
#include "cli-json.h"
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

static gboolean
parse_rules_option (const char  *text,
                    TriadRules  *rules)
{
  if (text == NULL)
    {
      *rules = 0;
      return TRUE;
    }
  if (!triad_rules_from_string (text, rules))
    {
      fprintf (stderr, "parlor-cli: --rules takes none or a comma list of same, plus, combo\n");
      return FALSE;
    }
  if ((*rules & TRIAD_RULE_COMBO) && !(*rules & (TRIAD_RULE_SAME | TRIAD_RULE_PLUS)))
    {
      fprintf (stderr, "parlor-cli: combo needs same or plus\n");
      return FALSE;
    }
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
    { "rules", 0, 0, G_OPTION_ARG_STRING, &rules_text, "Extra rules: none or same,plus,combo", "LIST" },
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
  TriadAiLevel level;
  const char  *name;
  guint        wins;
  guint        draws;
  double       total_ms;
  double       max_ms;
  guint        n_moves;
} SeatStats;

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

int
parlor_cli_selfplay_triad (int    argc,
                           char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TriadSolver) solver = triad_solver_new ();
  g_autofree char *seats_text = NULL;
  g_autofree char *config_text = NULL;
  g_auto(GStrv) levels = NULL;
  gboolean json = FALSE;
  int n_games = 10;
  gint64 seed = 1;
  SeatStats stats[2];
  TriadConfig parsed;
  gboolean open;
  guint below = 0, drawn = 0;
  GOptionEntry entries[] = {
    { "seats", 0, 0, G_OPTION_ARG_STRING, &seats_text, "Levels of the two seats (easy, medium, hard, expert)", "L,L" },
    { "games", 0, 0, G_OPTION_ARG_INT, &n_games, "Number of games (10)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed (1)", "S" },
    { "config", 0, 0, G_OPTION_ARG_STRING, &config_text, "Game options, e.g. \"hands=closed same=on\"", "TEXT" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
    { NULL }
  };

  context = g_option_context_new ("— computer players against each other");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "parlor-cli: %s\n", error->message);
      return 2;
    }
  levels = g_strsplit (seats_text != NULL ? seats_text : "expert,hard", ",", -1);
  if (g_strv_length (levels) != 2 || n_games < 1 || seed < 0)
    {
      fprintf (stderr, "parlor-cli: need --seats L,L (two levels), --games at least 1 and a seed not negative\n");
      return 2;
    }
  if (!triad_config_parse (config_text, &parsed, &error))
    {
      fprintf (stderr, "parlor-cli: %s\n", error->message);
      return 2;
    }
  open = parsed.open;
  memset (stats, 0, sizeof stats);
  for (guint s = 0; s < 2; s++)
    {
      stats[s].name = levels[s];
      if (!triad_ai_level_from_string (levels[s], &stats[s].level))
        {
          fprintf (stderr, "parlor-cli: unknown level “%s” (easy, medium, hard, expert)\n", levels[s]);
          return 2;
        }
    }

  for (guint g = 0; g < (guint) n_games; g++)
    {
      g_autoptr(TriadGame) game = NULL;
      g_autoptr(GPtrArray) events = parlor_event_array_new ();
      g_autofree char *config = g_strdup_printf ("first=%u %s", g % 2, config_text != NULL ? config_text : "");
      guint64 game_seed = (guint64) seed * 1000003u + g;
      int value[2] = { 0, 0 };
      const TriadPosition *pos;
      int outcome;

      game = triad_game_new (config, game_seed, &error);
      if (game == NULL)
        {
          fprintf (stderr, "parlor-cli: %s\n", error->message);
          return 2;
        }
      for (guint s = 0; s < 2; s++)
        if (stats[s].level == TRIAD_AI_EXPERT)
          value[s] = deal_value (solver, game, s);

      parlor_game_start (PARLOR_GAME (game), events);
      for (guint turn = 0; !parlor_game_is_over (PARLOR_GAME (game)); turn++)
        {
          guint seat = parlor_game_is_waiting_for (PARLOR_GAME (game), 0) ? 0 : 1;
          g_autofree char *view = parlor_game_view_for (PARLOR_GAME (game), (int) seat);
          g_autofree char *action = NULL;
          gint64 start = g_get_monotonic_time ();
          double ms;

          action = triad_ai_choose (stats[seat].name, view, game_seed * 16 + turn, NULL, &error);
          ms = (g_get_monotonic_time () - start) / 1000.0;
          if (action == NULL || !parlor_game_apply (PARLOR_GAME (game), seat, action, events, &error))
            {
              fprintf (stderr, "parlor-cli: game %u: %s\n", g, error->message);
              return 1;
            }
          stats[seat].total_ms += ms;
          stats[seat].max_ms = MAX (stats[seat].max_ms, ms);
          stats[seat].n_moves++;
        }

      pos = triad_game_get_position (game);
      outcome = triad_outcome_for_first (triad_position_count (pos, 0));
      if (outcome == 0)
        drawn++;
      for (guint s = 0; s < 2; s++)
        {
          int mine = s == triad_game_get_first_seat (game) ? outcome : -outcome;

          if (mine > 0)
            stats[s].wins++;
          else if (mine == 0)
            stats[s].draws++;
          if (stats[s].level == TRIAD_AI_EXPERT && mine < value[s])
            below++;
        }
    }

  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "game");
      json_builder_add_string_value (builder, "triad");
      json_builder_set_member_name (builder, "games");
      json_builder_add_int_value (builder, n_games);
      json_builder_set_member_name (builder, "seats");
      json_builder_begin_array (builder);
      for (guint s = 0; s < 2; s++)
        {
          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "level");
          json_builder_add_string_value (builder, stats[s].name);
          json_builder_set_member_name (builder, "wins");
          json_builder_add_int_value (builder, stats[s].wins);
          json_builder_set_member_name (builder, "draws");
          json_builder_add_int_value (builder, stats[s].draws);
          json_builder_set_member_name (builder, "mean_ms");
          json_builder_add_double_value (builder, parlor_cli_round (stats[s].n_moves > 0 ? stats[s].total_ms / stats[s].n_moves : 0.0, 2));
          json_builder_set_member_name (builder, "max_ms");
          json_builder_add_double_value (builder, parlor_cli_round (stats[s].max_ms, 2));
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "hands");
      json_builder_add_string_value (builder, open ? "open" : "closed");
      json_builder_set_member_name (builder, "expert_below_value");
      json_builder_add_int_value (builder, below);
      json_builder_end_object (builder);
      parlor_cli_print_json (builder);
    }
  else
    {
      printf ("%d games, %u drawn\n", n_games, drawn);
      for (guint s = 0; s < 2; s++)
        printf ("seat %u %-6s  %u wins  %u draws  move time mean %.2f ms, max %.2f ms\n", s,
                stats[s].name, stats[s].wins, stats[s].draws,
                stats[s].n_moves > 0 ? stats[s].total_ms / stats[s].n_moves : 0.0, stats[s].max_ms);
      printf ("expert games below the solved value: %u%s\n", below,
              open ? "" : " (closed hands: Expert cannot see the cards the value assumes)");
    }

  /* With closed hands the solved value assumes knowledge Expert does not have. */
  return below == 0 || !open ? 0 : 1;
}
