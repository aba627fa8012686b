/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#include "cli-commands.h"
#include "cli-json.h"
#include "parlor-games.h"
#include "parlor-line.h"
#include "parlor-replay.h"
#include "suzume-rules.h"

/* ---- suzume score ---- */

static gboolean
fail (GError    **error,
      const char *format,
      ...) G_GNUC_PRINTF (2, 3);

static gboolean
fail (GError    **error,
      const char *format,
      ...)
{
  va_list args;
  char *message;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, message);
  g_free (message);
  return FALSE;
}

static gboolean
parse_tile (const char *text,
            SuzumeTile *tile,
            GError    **error)
{
  *tile = suzume_tile_from_string (text);
  if (*tile == SUZUME_NO_TILE)
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
  SuzumeTile hand[SUZUME_HAND_SIZE], dora;
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

/* SplitMix64 finaliser: independent seeds from (seed, game, seat, move). */
static guint64
mix (guint64 x)
{
  x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  x = (x ^ (x >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return x ^ (x >> 31);
}

typedef struct
{
  const ParlorGameInfo *info;
  char    **levels;
  guint     n_seats;
  guint     deals;
  guint64   seed;
  gboolean  want_log;
} Setup;

typedef struct
{
  guint      index;
  /* per --seats item */
  double     won[SUZUME_MAX_SEATS];       /* 1, or 1/k for a k-way tie */
  int        points[SUZUME_MAX_SEATS];
  double     ms_total[SUZUME_MAX_SEATS];
  double     ms_max[SUZUME_MAX_SEATS];
  guint      n_moves[SUZUME_MAX_SEATS];
  guint      hands_won[SUZUME_MAX_SEATS];
  guint      n_hands;
  guint      n_drawn;
  GPtrArray *log;
  char      *error;
} GameRun;

static void
game_run_free (GameRun *run)
{
  g_clear_pointer (&run->log, g_ptr_array_unref);
  g_free (run->error);
  g_free (run);
}

static gboolean
parse_int_list (const char *text,
                int        *out,
                guint       n)
{
  g_auto(GStrv) parts = g_strsplit (text != NULL ? text : "", ",", -1);

  if (g_strv_length (parts) != n)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      gint64 v;

      if (!g_ascii_string_to_signed (parts[i], 10, -1000000, 1000000, &v, NULL))
        return FALSE;
      out[i] = (int) v;
    }
  return TRUE;
}

static void
count_events (GameRun   *run,
              GPtrArray *events,
              const int *item_at)
{
  for (guint i = 0; i < events->len; i++)
    {
      ParlorEvent *e = g_ptr_array_index (events, i);

      if (g_str_has_prefix (e->line, "hand "))
        run->n_hands++;
      else if (g_str_equal (e->line, "exhausted"))
        run->n_drawn++;
      else if (g_str_has_prefix (e->line, "tsumo ") || g_str_has_prefix (e->line, "ron "))
        {
          g_autoptr(ParlorLine) line = parlor_line_parse (e->line, NULL);
          gint64 seat;

          if (line != NULL && parlor_line_get_int (line, "seat", 0, SUZUME_MAX_SEATS - 1, &seat, NULL))
            run->hands_won[item_at[seat]]++;
        }
    }
}

/* Plays one match; the --seats item i sits at position (i + index) % n. */
static void
play_one (GameRun     *run,
          const Setup *setup)
{
  guint n = setup->n_seats;
  guint64 game_seed = mix (setup->seed ^ mix (run->index));
  g_autofree char *config = g_strdup_printf ("seats=%u deals=%u", n, setup->deals);
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorGame) game = setup->info->new_game (config, game_seed, &error);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  g_autofree char *result = NULL;
  g_autoptr(ParlorLine) result_line = NULL;
  int item_at[SUZUME_MAX_SEATS];
  int scores[SUZUME_MAX_SEATS], ranks[SUZUME_MAX_SEATS];
  guint moves = 0, n_first = 0;

  if (game == NULL)
    {
      run->error = g_strdup (error->message);
      return;
    }
  for (guint p = 0; p < n; p++)
    item_at[p] = (int) ((p + n - run->index % n) % n);

  if (setup->want_log)
    {
      run->log = g_ptr_array_new_with_free_func (g_free);
      if (!parlor_cli_log_add (run->log,
                               parlor_replay_format_game (setup->info->id, game_seed, config, &error),
                               &error, &run->error))
        return;
      for (guint p = 0; p < n; p++)
        {
          g_autofree char *name = g_strdup_printf ("%s AI %u", setup->levels[item_at[p]], p);

          if (!parlor_cli_log_add (run->log,
                                   parlor_replay_format_seat (p, name, "ai", setup->levels[item_at[p]],
                                                              &error),
                                   &error, &run->error))
            return;
        }
    }

  parlor_game_start (game, events);
  count_events (run, events, item_at);
  if (run->log != NULL && !parlor_cli_log_events (run->log, events, &error, &run->error))
    return;

  while (!parlor_game_is_over (game))
    {
      guint32 waiting = parlor_game_get_waiting (game);
      g_autoptr(GPtrArray) chosen = g_ptr_array_new_with_free_func (g_free);

      if (waiting == 0)
        {
          run->error = g_strdup ("the game waits for nobody");
          return;
        }
      /* every waiting seat decides from the same moment, then the answers go in */
      for (guint p = 0; p < n; p++)
        {
          g_autofree char *view = NULL;
          char *action;
          int item = item_at[p];
          gint64 t0;
          double ms;

          if (!(waiting & PARLOR_AUDIENCE_SEAT (p)))
            {
              g_ptr_array_add (chosen, NULL);
              continue;
            }
          view = parlor_game_view_for (game, (int) p);
          t0 = g_get_monotonic_time ();
          action = setup->info->ai_choose (setup->levels[item], view,
                                           mix (game_seed + mix (((guint64) p << 32) | moves)),
                                           NULL, &error);
          ms = (g_get_monotonic_time () - t0) / 1000.0;
          moves++;
          if (action == NULL)
            {
              run->error = g_strdup_printf ("%s AI failed: %s", setup->levels[item], error->message);
              return;
            }
          run->ms_total[item] += ms;
          run->ms_max[item] = MAX (run->ms_max[item], ms);
          run->n_moves[item]++;
          g_ptr_array_add (chosen, action);
        }
      for (guint p = 0; p < n; p++)
        {
          const char *action = g_ptr_array_index (chosen, p);

          if (action == NULL)
            continue;
          g_ptr_array_set_size (events, 0);
          if (!parlor_game_apply (game, p, action, events, &error))
            {
              run->error = g_strdup_printf ("%s AI chose the illegal “%s”: %s",
                                            setup->levels[item_at[p]], action, error->message);
              return;
            }
          count_events (run, events, item_at);
          if (run->log != NULL)
            {
              if (!parlor_cli_log_add (run->log,
                                       parlor_replay_format_action (p, action, FALSE, &error),
                                       &error, &run->error))
                return;
              if (!parlor_cli_log_events (run->log, events, &error, &run->error))
                return;
            }
        }
    }

  result = parlor_game_get_result (game);
  if (run->log != NULL &&
      !parlor_cli_log_add (run->log, parlor_replay_format_result (result, &error),
                           &error, &run->error))
    return;
  result_line = parlor_line_parse (result, NULL);
  if (result_line == NULL || !parse_int_list (parlor_line_get (result_line, "scores"), scores, n) ||
      !parse_int_list (parlor_line_get (result_line, "ranks"), ranks, n))
    {
      run->error = g_strdup_printf ("unreadable result “%s”", result);
      return;
    }
  for (guint p = 0; p < n; p++)
    n_first += ranks[p] == 1;
  for (guint p = 0; p < n; p++)
    {
      run->points[item_at[p]] = scores[p];
      run->won[item_at[p]] = ranks[p] == 1 ? 1.0 / n_first : 0.0;
    }
}

static void
play_job (gpointer data,
          gpointer user_data)
{
  play_one (data, user_data);
}

int
parlor_cli_selfplay_suzume (int    argc,
                            char **argv)
{
  g_autofree char *seats = NULL;
  g_autofree char *log_path = NULL;
  gint64 seed = 1;
  int games = 100;
  int threads = 1;
  int deals = 1;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "seats", 0, 0, G_OPTION_ARG_STRING, &seats, "2 to 5 AI levels, e.g. strong,normal,normal", "L,L[,…]" },
    { "games", 0, 0, G_OPTION_ARG_INT, &games, "Number of matches (default 100)", "N" },
    { "deals", 0, 0, G_OPTION_ARG_INT, &deals, "Times every player deals in a match: 1, 2 or 4 (default 1)", "D" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed of the whole run (default 1)", "S" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
    { "log", 0, 0, G_OPTION_ARG_FILENAME, &log_path, "Write every match as a replay to FILE", "FILE" },
    { "threads", 0, 0, G_OPTION_ARG_INT, &threads, "Matches played at once (default 1; same results)", "T" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("- play Suzume-jong between computer players");
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) levels = NULL;
  g_autoptr(GPtrArray) runs = NULL;
  Setup setup = { 0 };
  int status = 0;
  guint n;
  double wins[SUZUME_MAX_SEATS] = { 0 }, points[SUZUME_MAX_SEATS] = { 0 };
  double ms_total[SUZUME_MAX_SEATS] = { 0 }, ms_max[SUZUME_MAX_SEATS] = { 0 };
  guint n_moves[SUZUME_MAX_SEATS] = { 0 }, hands_won[SUZUME_MAX_SEATS] = { 0 };
  guint n_hands = 0, n_drawn = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "parlor-cli: %s\n", error->message);
      return 2;
    }

  setup.info = parlor_games_lookup ("suzume");
  levels = g_strsplit (seats != NULL ? seats : "strong,normal,normal", ",", -1);
  n = g_strv_length (levels);
  if (n < SUZUME_MIN_SEATS || n > SUZUME_MAX_SEATS)
    {
      fprintf (stderr, "parlor-cli: --seats needs 2 to 5 levels separated by commas\n");
      return 2;
    }
  for (guint i = 0; i < n; i++)
    if (!g_strv_contains (setup.info->ai_levels, levels[i]))
      {
        fprintf (stderr, "parlor-cli: unknown level “%s” (random, normal or strong)\n", levels[i]);
        return 2;
      }
  if (games < 1 || threads < 1 || threads > 64 || (deals != 1 && deals != 2 && deals != 4))
    {
      fprintf (stderr, "parlor-cli: --games and --threads must be positive, --deals 1, 2 or 4\n");
      return 2;
    }
  setup.levels = levels;
  setup.n_seats = n;
  setup.deals = (guint) deals;
  setup.seed = (guint64) seed;
  setup.want_log = log_path != NULL;

  runs = g_ptr_array_new_with_free_func ((GDestroyNotify) game_run_free);
  for (int g = 0; g < games; g++)
    {
      GameRun *run = g_new0 (GameRun, 1);

      run->index = g;
      g_ptr_array_add (runs, run);
    }
  parlor_cli_play_all (runs, play_job, &setup, threads);

  for (guint g = 0; g < runs->len; g++)
    {
      GameRun *run = g_ptr_array_index (runs, g);

      if (run->error != NULL)
        {
          fprintf (stderr, "parlor-cli: match %u: %s\n", g, run->error);
          status = 1;
          continue;
        }
      n_hands += run->n_hands;
      n_drawn += run->n_drawn;
      for (guint i = 0; i < n; i++)
        {
          wins[i] += run->won[i];
          points[i] += run->points[i];
          ms_total[i] += run->ms_total[i];
          ms_max[i] = MAX (ms_max[i], run->ms_max[i]);
          n_moves[i] += run->n_moves[i];
          hands_won[i] += run->hands_won[i];
        }
    }

  if (log_path != NULL &&
      !parlor_cli_write_replays (log_path, runs, G_STRUCT_OFFSET (GameRun, log), &error))
    {
      fprintf (stderr, "parlor-cli: %s\n", error->message);
      status = 1;
    }

  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonGenerator) generator = json_generator_new ();
      g_autoptr(JsonNode) root = NULL;
      g_autofree char *text = NULL;

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "game");
      json_builder_add_string_value (builder, "suzume");
      json_builder_set_member_name (builder, "games");
      json_builder_add_int_value (builder, games);
      json_builder_set_member_name (builder, "deals");
      json_builder_add_int_value (builder, deals);
      json_builder_set_member_name (builder, "hands");
      json_builder_add_int_value (builder, n_hands);
      json_builder_set_member_name (builder, "drawn_hands");
      json_builder_add_int_value (builder, n_drawn);
      json_builder_set_member_name (builder, "seats");
      json_builder_begin_array (builder);
      for (guint i = 0; i < n; i++)
        {
          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "level");
          json_builder_add_string_value (builder, levels[i]);
          json_builder_set_member_name (builder, "wins");
          json_builder_add_double_value (builder, wins[i]);
          json_builder_set_member_name (builder, "win_rate");
          json_builder_add_double_value (builder, wins[i] / games);
          json_builder_set_member_name (builder, "mean_points");
          json_builder_add_double_value (builder, points[i] / games);
          json_builder_set_member_name (builder, "hands_won");
          json_builder_add_int_value (builder, hands_won[i]);
          json_builder_set_member_name (builder, "decisions");
          json_builder_add_int_value (builder, n_moves[i]);
          json_builder_set_member_name (builder, "mean_ms");
          json_builder_add_double_value (builder, n_moves[i] > 0 ? ms_total[i] / n_moves[i] : 0.0);
          json_builder_set_member_name (builder, "max_ms");
          json_builder_add_double_value (builder, ms_max[i]);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      json_builder_end_object (builder);
      root = json_builder_get_root (builder);
      json_generator_set_root (generator, root);
      text = json_generator_to_data (generator, NULL);
      printf ("%s\n", text);
    }
  else
    {
      printf ("%d matches of Suzume-jong, %u hands (%u drawn), seed %" G_GINT64_FORMAT "\n",
              games, n_hands, n_drawn, seed);
      printf ("%-4s %-8s %8s %7s %11s %9s %9s %9s\n", "item", "level", "wins", "win%",
              "mean points", "hands won", "mean ms", "max ms");
      for (guint i = 0; i < n; i++)
        printf ("%-4u %-8s %8.1f %6.1f%% %11.2f %9u %9.3f %9.3f\n", i, levels[i], wins[i],
                100.0 * wins[i] / games, points[i] / games, hands_won[i],
                n_moves[i] > 0 ? ms_total[i] / n_moves[i] : 0.0, ms_max[i]);
    }
  return status;
}
