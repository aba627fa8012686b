/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#include "cli-commands.h"
#include "cli-json.h"
#include "cli-selfplay.h"
#include "jihai-game.h"
#include "parlor-line.h"

/* jihai score */

/* One input line `HAND<TAB>WIN<TAB>FLAGS<TAB>DISCARDED` to one output line. */
static char *
score_line (const char *text)
{
  g_auto(GStrv) fields = g_strsplit (text, "\t", -1);
  g_autoptr(GError) error = NULL;
  g_autofree char *lines = NULL;
  JihaiHand hand;
  JihaiScore score;
  JihaiWinWay way;
  guint flags, discarded;
  static const char shapes[][5] = { "none", "A", "B", "C" };

  if (g_strv_length (fields) != 4)
    return g_strdup ("error: a line is HAND<TAB>WIN<TAB>FLAGS<TAB>DISCARDED");
  for (guint i = 0; i < 4; i++)
    g_strstrip (fields[i]);
  if (!jihai_hand_parse (fields[0], &hand, &error))
    return g_strdup_printf ("error: %s", error->message);
  if (g_str_equal (fields[1], "tsumo"))
    way = JIHAI_WIN_TSUMO;
  else if (g_str_equal (fields[1], "ron"))
    way = JIHAI_WIN_RON;
  else
    return g_strdup_printf ("error: the way to win is tsumo or ron, not “%s”", fields[1]);
  if (!jihai_flags_parse (fields[2], &flags, &error))
    return g_strdup_printf ("error: %s", error->message);
  if (!jihai_kinds_parse (fields[3], &discarded))
    return g_strdup_printf ("error: discarded kinds are letters of E S W N O G R or -, not “%s”",
                            fields[3]);
  if (!jihai_check_context (&hand, way, flags, discarded, &error))
    return g_strdup_printf ("error: %s", error->message);

  jihai_score (&hand, way, flags, discarded, &score);
  if (score.shape == JIHAI_SHAPE_NONE)
    return g_strdup_printf ("none\t-\t-\tno\t%s", jihai_status_name (score.status));
  lines = jihai_score_lines_to_string (&score);
  return g_strdup_printf ("%s\t%s\t%d\t%s\t%s", shapes[score.shape], lines, score.total,
                          score.can_win ? "yes" : "no", jihai_status_name (score.status));
}

static int
jihai_score_command (int    argc,
                     char **argv)
{
  char buf[4096];

  if (argc != 1)
    {
      fprintf (stderr, "Usage: parlor-cli jihai score < HANDS\n");
      return 2;
    }
  while (fgets (buf, sizeof buf, stdin) != NULL)
    {
      g_autofree char *out = NULL;
      gsize len = strlen (buf);
      const char *p = buf;

      if (len > 0 && buf[len - 1] == '\n')
        buf[--len] = '\0';
      else if (len == sizeof buf - 1)
        {
          int c;

          while ((c = getchar ()) != EOF && c != '\n')
            ;
          printf ("error: the line is too long\n");
          continue;
        }
      while (g_ascii_isspace (*p))
        p++;
      /* blank lines and # comments are skipped */
      if (*p == '\0' || *p == '#')
        continue;
      out = score_line (buf);
      printf ("%s\n", out);
    }
  fflush (stdout);
  return 0;
}

int
parlor_cli_jihai (int    argc,
                  char **argv)
{
  if (argc >= 2 && g_str_equal (argv[1], "score"))
    return jihai_score_command (argc - 1, argv + 1);
  fprintf (stderr, "Usage: parlor-cli jihai score  (hands on standard input)\n");
  return 2;
}

/* selfplay jihai */

typedef struct
{
  gboolean won[2];
  int      score[2];
  guint    hands;
} Figures;

typedef struct
{
  guint  wins[2];
  double score_total[2];
  double hands_total;
} Totals;

static char *
match_config (ParlorCliSelfplay *self,
              guint              index)
{
  return g_strdup ("first=0");
}

static gboolean
read_result (ParlorCliSelfplay    *self,
             ParlorCliSelfplayRun *run,
             ParlorGame           *game,
             ParlorLine           *result)
{
  Figures *figures = run->figures;
  gint64 winner, s0, s1, hands;

  if (!parlor_line_get_int (result, "winner", 0, 1, &winner, NULL)
      || !parlor_line_get_int (result, "score0", -1000, 1000, &s0, NULL)
      || !parlor_line_get_int (result, "score1", -1000, 1000, &s1, NULL)
      || !parlor_line_get_int (result, "hands", 0, G_MAXINT, &hands, NULL))
    return FALSE;
  figures->won[run->item_at[winner]] = TRUE;
  figures->score[run->item_at[0]] = (int) s0;
  figures->score[run->item_at[1]] = (int) s1;
  figures->hands = (guint) hands;
  return TRUE;
}

static void
add_run (ParlorCliSelfplay    *self,
         ParlorCliSelfplayRun *run)
{
  Totals *totals = self->data;
  Figures *figures = run->figures;

  totals->hands_total += figures->hands;
  for (int i = 0; i < 2; i++)
    {
      totals->wins[i] += figures->won[i];
      totals->score_total[i] += figures->score[i];
    }
}

static void
json_head (ParlorCliSelfplay *self,
           JsonBuilder       *builder)
{
  Totals *totals = self->data;

  parlor_cli_json_int (builder, "games", self->games);
  parlor_cli_json_int (builder, "seed", (gint64) self->seed);
  parlor_cli_json_double (builder, "mean_hands",
                          self->n_ok > 0 ? totals->hands_total / self->n_ok : 0.0);
}

static void
json_seat (ParlorCliSelfplay *self,
           JsonBuilder       *builder,
           guint              i)
{
  Totals *totals = self->data;
  guint n_ok = self->n_ok;

  parlor_cli_json_int (builder, "wins", totals->wins[i]);
  parlor_cli_json_double (builder, "win_rate", n_ok > 0 ? (double) totals->wins[i] / n_ok : 0.0);
  parlor_cli_json_double (builder, "mean_points", n_ok > 0 ? totals->score_total[i] / n_ok : 0.0);
  parlor_cli_json_int (builder, "decisions", self->n_moves[i]);
}

static void
print_text (ParlorCliSelfplay *self)
{
  Totals *totals = self->data;
  guint n_ok = self->n_ok;

  printf ("%d matches of honor-tile mahjong, seed %" G_GINT64_FORMAT "\n", self->games,
          (gint64) self->seed);
  printf ("%-4s %-8s %6s %7s %11s %9s %9s\n", "item", "level", "wins", "win%", "mean points",
          "mean ms", "max ms");
  for (guint i = 0; i < 2; i++)
    printf ("%-4u %-8s %6u %6.1f%% %11.2f %9.3f %9.3f\n", i, self->levels[i], totals->wins[i],
            n_ok > 0 ? 100.0 * totals->wins[i] / n_ok : 0.0,
            n_ok > 0 ? totals->score_total[i] / n_ok : 0.0,
            parlor_cli_selfplay_mean_ms (self, i), self->ms_max[i]);
}

static const ParlorCliSelfplayGame selfplay = {
  .id = "jihai",
  .summary = "- play honor-tile mahjong between computer players",
  .run_noun = "match",
  .ai_prefix = "",
  .default_seats = "strong,normal",
  .default_games = 100,
  .min_seats = 2,
  .max_seats = 2,
  .seats_help = "Two AI levels, e.g. strong,normal",
  .seats_arg = "L,L",
  .games_help = "Number of matches (default 100)",
  .seats_error = "--seats needs 2 levels separated by a comma",
  .levels_hint = "random, normal or strong",
  .figures_size = sizeof (Figures),
  .config = match_config,
  .result = read_result,
  .add = add_run,
  .json_head = json_head,
  .json_seat = json_seat,
  .print_text = print_text,
};

int
parlor_cli_selfplay_jihai (int    argc,
                           char **argv)
{
  Totals totals = { 0 };

  return parlor_cli_selfplay_main (&selfplay, NULL, &totals, argc, argv);
}
