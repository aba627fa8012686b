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
#include "parlor-error.h"
#include "parlor-line.h"
#include "suzume-rules.h"

/* ---- suzume score ---- */

#define fail(error, ...) parlor_fail ((error), G_IO_ERROR, G_IO_ERROR_INVALID_DATA, __VA_ARGS__)

static gboolean
parse_tile (const char  *text,
            MahjongTile *tile,
            GError     **error)
{
  *tile = suzume_tile_from_string (text);
  if (*tile == MAHJONG_NO_TILE)
    return fail (error, _("There is no tile “%s” (1s–9s, 1r–9r, F, C)"), text);
  return TRUE;
}

/* HAND<TAB>DORA<TAB>DEALER<TAB>WIN<TAB>PLAYERS → the output line. */
static char *
score_line (const char *line,
            GError    **error)
{
  g_auto(GStrv) fields = g_strsplit (line, "\t", -1);
  g_auto(GStrv) words = NULL;
  MahjongTile hand[SUZUME_HAND_SIZE], dora;
  guint8 types[SUZUME_N_TYPES] = { 0 };
  guint n = 0;
  gboolean dealer, tsumo;
  guint64 players;
  SuzumeScore score;
  g_autofree char *yaku = NULL;
  GString *payments;
  int owed;

  if (g_strv_length (fields) != 5)
    return fail (error, _("Expected 5 fields separated by tabs, got %u"), g_strv_length (fields)),
           NULL;
  for (guint i = 0; fields[i] != NULL; i++)
    g_strstrip (fields[i]);

  words = g_strsplit_set (fields[0], " ", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      if (*words[i] == '\0')
        continue;
      if (n == SUZUME_HAND_SIZE)
        return fail (error, _("A hand has 6 tiles, this one more")), NULL;
      if (!parse_tile (words[i], &hand[n], error))
        return NULL;
      n++;
    }
  if (n != SUZUME_HAND_SIZE)
    return fail (error, _("A hand has 6 tiles, this one %u"), n), NULL;
  if (!parse_tile (fields[1], &dora, error))
    return NULL;
  if (g_str_equal (fields[2], "yes") || g_str_equal (fields[2], "no"))
    dealer = g_str_equal (fields[2], "yes");
  else
    return fail (error, _("DEALER must be yes or no, not “%s”"), fields[2]), NULL;
  if (g_str_equal (fields[3], "tsumo") || g_str_equal (fields[3], "ron"))
    tsumo = g_str_equal (fields[3], "tsumo");
  else
    return fail (error, _("WIN must be tsumo or ron, not “%s”"), fields[3]), NULL;
  if (!g_ascii_string_to_unsigned (fields[4], 10, SUZUME_MIN_SEATS, SUZUME_MAX_SEATS, &players, NULL))
    return fail (error, _("PLAYERS must be 2 to 5, not “%s”"), fields[4]), NULL;

  /* the 44 tiles: 3 plain and 1 red of each number, 4 發, 4 中 — the indicator included */
  for (guint i = 0; i < SUZUME_HAND_SIZE; i++)
    types[suzume_tile_type (hand[i])]++;
  types[suzume_tile_type (dora)]++;
  for (guint t = 0; t < SUZUME_N_TYPES; t++)
    if (types[t] > suzume_type_copies (t))
      {
        char buf[3];

        return fail (error, _("Too many copies of %s: there are only %u"),
                     suzume_tile_to_string (suzume_type_tile (t), buf), suzume_type_copies (t)),
               NULL;
      }

  if (!suzume_score_hand (hand, dora, &score))
    return g_strdup ("no\t-\t-\tno\t-");

  yaku = suzume_score_to_names (&score);
  payments = g_string_new (NULL);
  owed = score.total + (dealer ? SUZUME_DEALER_BONUS : 0);
  if (score.total < SUZUME_MIN_POINTS)
    g_string_append (payments, "-");
  else if (!tsumo)
    g_string_append_printf (payments, "ron:%d", owed);
  else
    {
      int share = (owed + (int) players - 2) / ((int) players - 1);

      g_string_append (payments, "tsumo:");
      for (guint i = 0; i + 1 < players; i++)
        g_string_append_printf (payments, "%s%d", i > 0 ? "," : "", share);
    }
  {
    char *out = g_strdup_printf ("win\t%d\t%s\t%s\t%s", score.total, yaku,
                                 score.total >= SUZUME_MIN_POINTS ? "yes" : "no", payments->str);

    g_string_free (payments, TRUE);
    return out;
  }
}

static int
score_stdin (void)
{
  char buf[4096];

  while (fgets (buf, sizeof buf, stdin) != NULL)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *out = NULL;
      gsize len = strlen (buf);
      gboolean blank = TRUE;

      if (len > 0 && buf[len - 1] == '\n')
        buf[--len] = '\0';
      else if (len == sizeof buf - 1)
        {
          int c;

          while ((c = getchar ()) != EOF && c != '\n')
            ;
          printf ("error: %s\n", _("The line is too long"));
          continue;
        }
      if (len > 0 && buf[len - 1] == '\r')
        buf[--len] = '\0';
      for (const char *p = buf; *p != '\0' && blank; p++)
        blank = g_ascii_isspace (*p);
      if (blank || buf[0] == '#')
        continue;
      if (!g_utf8_validate (buf, -1, NULL))
        {
          printf ("error: %s\n", _("The line is not valid UTF-8 text"));
          continue;
        }
      out = score_line (buf, &error);
      if (out == NULL)
        printf ("error: %s\n", error->message);
      else
        printf ("%s\n", out);
      fflush (stdout);
    }
  return 0;
}

int
parlor_cli_suzume (int    argc,
                   char **argv)
{
  if (argc == 2 && g_str_equal (argv[1], "score"))
    return score_stdin ();
  fprintf (stderr, "Usage: parlor-cli suzume score < HANDS\n"
                   "Each line: HAND<TAB>DORA<TAB>DEALER<TAB>WIN<TAB>PLAYERS\n");
  return 2;
}

/* ---- selfplay suzume ---- */

typedef struct
{
  double won[SUZUME_MAX_SEATS];       /* 1, or 1/k for a k-way tie */
  int    points[SUZUME_MAX_SEATS];
  guint  hands_won[SUZUME_MAX_SEATS];
  guint  n_hands;
  guint  n_drawn;
} Figures;

typedef struct
{
  int    deals;                       /* --deals */
  double wins[SUZUME_MAX_SEATS];
  double points[SUZUME_MAX_SEATS];
  guint  hands_won[SUZUME_MAX_SEATS];
  guint  n_hands;
  guint  n_drawn;
} Totals;

static gboolean
check_deals (ParlorCliSelfplay  *self,
             GError            **error)
{
  Totals *totals = self->data;

  return totals->deals == 1 || totals->deals == 2 || totals->deals == 4;
}

static char *
match_config (ParlorCliSelfplay *self,
              guint              index)
{
  Totals *totals = self->data;

  return g_strdup_printf ("seats=%u deals=%u", self->n_seats, (guint) totals->deals);
}

static void
count_events (ParlorCliSelfplay    *self,
              ParlorCliSelfplayRun *run,
              GPtrArray            *events)
{
  Figures *figures = run->figures;

  for (guint i = 0; i < events->len; i++)
    {
      ParlorEvent *e = g_ptr_array_index (events, i);

      if (g_str_has_prefix (e->line, "hand "))
        figures->n_hands++;
      else if (g_str_equal (e->line, "exhausted"))
        figures->n_drawn++;
      else if (g_str_has_prefix (e->line, "tsumo ") || g_str_has_prefix (e->line, "ron "))
        {
          g_autoptr(ParlorLine) line = parlor_line_parse (e->line, NULL);
          gint64 seat;

          if (line != NULL && parlor_line_get_int (line, "seat", 0, SUZUME_MAX_SEATS - 1, &seat, NULL))
            figures->hands_won[run->item_at[seat]]++;
        }
    }
}

static gboolean
read_result (ParlorCliSelfplay    *self,
             ParlorCliSelfplayRun *run,
             ParlorGame           *game,
             ParlorLine           *result)
{
  Figures *figures = run->figures;
  guint n = self->n_seats, n_first = 0;
  int scores[SUZUME_MAX_SEATS], ranks[SUZUME_MAX_SEATS];

  if (!parlor_cli_parse_int_list (parlor_line_get (result, "scores"), scores, n, 1000000) ||
      !parlor_cli_parse_int_list (parlor_line_get (result, "ranks"), ranks, n, 1000000))
    return FALSE;
  for (guint p = 0; p < n; p++)
    n_first += ranks[p] == 1;
  for (guint p = 0; p < n; p++)
    {
      figures->points[run->item_at[p]] = scores[p];
      figures->won[run->item_at[p]] = ranks[p] == 1 ? 1.0 / n_first : 0.0;
    }
  return TRUE;
}

static void
add_run (ParlorCliSelfplay    *self,
         ParlorCliSelfplayRun *run)
{
  Totals *totals = self->data;
  Figures *figures = run->figures;

  totals->n_hands += figures->n_hands;
  totals->n_drawn += figures->n_drawn;
  for (guint i = 0; i < self->n_seats; i++)
    {
      totals->wins[i] += figures->won[i];
      totals->points[i] += figures->points[i];
      totals->hands_won[i] += figures->hands_won[i];
    }
}

static void
json_head (ParlorCliSelfplay *self,
           JsonBuilder       *builder)
{
  Totals *totals = self->data;

  parlor_cli_json_int (builder, "games", self->games);
  parlor_cli_json_int (builder, "deals", totals->deals);
  parlor_cli_json_int (builder, "hands", totals->n_hands);
  parlor_cli_json_int (builder, "drawn_hands", totals->n_drawn);
}

static void
json_seat (ParlorCliSelfplay *self,
           JsonBuilder       *builder,
           guint              i)
{
  Totals *totals = self->data;

  parlor_cli_json_double (builder, "wins", totals->wins[i]);
  parlor_cli_json_double (builder, "win_rate", totals->wins[i] / self->games);
  parlor_cli_json_double (builder, "mean_points", totals->points[i] / self->games);
  parlor_cli_json_int (builder, "hands_won", totals->hands_won[i]);
  parlor_cli_json_int (builder, "decisions", self->n_moves[i]);
}

static void
print_text (ParlorCliSelfplay *self)
{
  Totals *totals = self->data;
  int games = self->games;

  printf ("%d matches of Suzume-jong, %u hands (%u drawn), seed %" G_GINT64_FORMAT "\n",
          games, totals->n_hands, totals->n_drawn, (gint64) self->seed);
  printf ("%-4s %-8s %8s %7s %11s %9s %9s %9s\n", "item", "level", "wins", "win%",
          "mean points", "hands won", "mean ms", "max ms");
  for (guint i = 0; i < self->n_seats; i++)
    printf ("%-4u %-8s %8.1f %6.1f%% %11.2f %9u %9.3f %9.3f\n", i, self->levels[i],
            totals->wins[i], 100.0 * totals->wins[i] / games, totals->points[i] / games,
            totals->hands_won[i], parlor_cli_selfplay_mean_ms (self, i), self->ms_max[i]);
}

static const ParlorCliSelfplayGame selfplay = {
  .id = "suzume",
  .summary = "- play Suzume-jong between computer players",
  .run_noun = "match",
  .ai_prefix = "",
  .default_seats = "strong,normal,normal",
  .default_games = 100,
  .min_seats = SUZUME_MIN_SEATS,
  .max_seats = SUZUME_MAX_SEATS,
  .seats_help = "2 to 5 AI levels, e.g. strong,normal,normal",
  .seats_arg = "L,L[,…]",
  .games_help = "Number of matches (default 100)",
  .seats_error = "--seats needs 2 to 5 levels separated by commas",
  .levels_hint = "random, normal or strong",
  .options_error = "--games and --threads must be positive, --deals 1, 2 or 4",
  .simultaneous = TRUE,
  .figures_size = sizeof (Figures),
  .check = check_deals,
  .config = match_config,
  .events = count_events,
  .result = read_result,
  .add = add_run,
  .json_head = json_head,
  .json_seat = json_seat,
  .print_text = print_text,
};

int
parlor_cli_selfplay_suzume (int    argc,
                            char **argv)
{
  Totals totals = { .deals = 1 };
  const GOptionEntry entries[] = {
    { "deals", 0, 0, G_OPTION_ARG_INT, &totals.deals, "Times every player deals in a match: 1, 2 or 4 (default 1)", "D" },
    { NULL }
  };

  return parlor_cli_selfplay_main (&selfplay, entries, &totals, argc, argv);
}
