/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-cli"

#include "config.h"

#include <stdio.h>

#include "cli-commands.h"
#include "cli-json.h"
#include "parlor-games.h"
#include "parlor-replay.h"
#include "parlor-review.h"

static void
print_text (GPtrArray *entries,
            guint      seat,
            double     seconds)
{
  for (guint i = 0; i < entries->len; i++)
    {
      ParlorReviewEntry *e = g_ptr_array_index (entries, i);

      printf ("game %u step %u%s\n", e->game + 1, e->step, e->timeout ? " (time ran out)" : "");
      printf ("  played: %s\n", e->played_words);
      printf ("  the computer: %s\n", e->best_words);
      for (guint f = 0; f < e->cost.n_figures; f++)
        printf ("  %s: %g → %g\n", e->cost.figures[f].key,
                parlor_cli_round (e->cost.figures[f].played, 3),
                parlor_cli_round (e->cost.figures[f].best, 3));
      printf ("  %s\n", e->cost.explanation);
    }
  printf ("%u decisions of seat %u listed, reviewed in %.2f s\n", entries->len, seat, seconds);
}

static void
print_json (GPtrArray  *entries,
            const char *file,
            guint       seat,
            guint64     seed,
            double      seconds)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  parlor_cli_json_string (builder, "file", file);
  parlor_cli_json_int (builder, "seat", seat);
  parlor_cli_json_int (builder, "seed", (gint64) seed);
  json_builder_set_member_name (builder, "entries");
  json_builder_begin_array (builder);
  for (guint i = 0; i < entries->len; i++)
    {
      ParlorReviewEntry *e = g_ptr_array_index (entries, i);

      json_builder_begin_object (builder);
      parlor_cli_json_int (builder, "game", e->game);
      parlor_cli_json_int (builder, "step", e->step);
      parlor_cli_json_int (builder, "seat", e->seat);
      json_builder_set_member_name (builder, "timeout");
      json_builder_add_boolean_value (builder, e->timeout);
      parlor_cli_json_string (builder, "played", e->played);
      parlor_cli_json_string (builder, "best", e->best);
      parlor_cli_json_string (builder, "played_words", e->played_words);
      parlor_cli_json_string (builder, "best_words", e->best_words);
      json_builder_set_member_name (builder, "figures");
      json_builder_begin_array (builder);
      for (guint f = 0; f < e->cost.n_figures; f++)
        {
          json_builder_begin_object (builder);
          parlor_cli_json_string (builder, "key", e->cost.figures[f].key);
          parlor_cli_json_double (builder, "played", parlor_cli_round (e->cost.figures[f].played, 4));
          parlor_cli_json_double (builder, "best", parlor_cli_round (e->cost.figures[f].best, 4));
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      parlor_cli_json_string (builder, "explanation", e->cost.explanation);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  parlor_cli_json_double (builder, "seconds", parlor_cli_round (seconds, 3));
  json_builder_end_object (builder);
  parlor_cli_print_json (builder);
}

int
parlor_cli_review (int    argc,
                   char **argv)
{
  g_autoptr(GOptionContext) context =
      g_option_context_new ("FILE - list the decisions the strongest computer player would have made otherwise");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autofree char *text = NULL;
  gint64 seed = 1;
  int seat = -1;
  gboolean json = FALSE;
  gint64 start;
  double seconds;
  GOptionEntry options[] = {
    { "seat", 0, 0, G_OPTION_ARG_INT, &seat, "The seat whose decisions are reviewed", "S" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "The review's seed (default 1)", "N" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print JSON", NULL },
    { NULL }
  };

  g_option_context_add_main_entries (context, options, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "parlor-cli: %s\n", error->message);
      return 2;
    }
  if (argc != 2 || seat < 0)
    {
      fprintf (stderr, "Usage: parlor-cli review FILE --seat S [--seed N] [--json]\n");
      return 2;
    }
  text = parlor_replay_read_file (argv[1], NULL, &error);
  if (text == NULL)
    {
      fprintf (stderr, "parlor-cli: %s\n", error->message);
      return error->domain == PARLOR_REPLAY_ERROR ? 1 : 2;
    }

  start = g_get_monotonic_time ();
  entries = parlor_review_replay (text, parlor_games_lookup, (guint) seat, (guint64) seed, NULL,
                                  &error);
  seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  if (entries == NULL)
    {
      fprintf (stderr, "parlor-cli: %s\n", error->message);
      return 1;
    }
  if (json)
    print_json (entries, argv[1], (guint) seat, (guint64) seed, seconds);
  else
    print_text (entries, (guint) seat, seconds);
  return 0;
}
