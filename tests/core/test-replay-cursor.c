/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "parlor-games.h"
#include "parlor-replay-cursor.h"
#include "parlor-table.h"

/*
 * The replay cursor on every game: a seeded game is played through a
 * table, every seat's view and events kept after each move; the cursor on
 * the table's record must show the very same at every step, forward, back
 * and by jumps. Damaged files give errors, never a crash.
 */

#define MAX_MOVES 600

typedef struct
{
  const char *id;
  const char *config;
} Case;

typedef struct
{
  GPtrArray *views;   /* per step: GStrv, seat -1 first */
  GPtrArray *events;  /* per seat + 1 (index 0: all): GPtrArray of lines */
  GArray    *counts;  /* per step, per seat + 1: events seen so far */
  guint      n_seats;
} Live;

static void
on_event (ParlorTable *table,
          guint        audience,
          const char  *line,
          Live        *live)
{
  for (int s = -1; s < (int) live->n_seats; s++)
    if (s < 0 ? audience == PARLOR_AUDIENCE_ALL : (audience & PARLOR_AUDIENCE_SEAT (s)) != 0)
      g_ptr_array_add (g_ptr_array_index (live->events, s + 1), g_strdup (line));
}

static void
keep_step (ParlorTable *table,
           Live        *live)
{
  GStrv views = g_new0 (char *, live->n_seats + 2);

  for (int s = -1; s < (int) live->n_seats; s++)
    {
      guint count = ((GPtrArray *) g_ptr_array_index (live->events, s + 1))->len;

      views[s + 1] = parlor_table_view_for (table, s);
      g_array_append_val (live->counts, count);
    }
  g_ptr_array_add (live->views, views);
}

/* Plays a seeded game: the lowest waiting seat plays one of its legal
 * moves, chosen by the seed. Returns the record as a file's text. */
static char *
play_game (const Case *c,
           guint64     seed,
           Live       *live)
{
  const ParlorGameInfo *info = parlor_games_lookup (c->id);
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorTable) table = parlor_table_new (info, c->config, seed, &error);
  GString *text = g_string_new (NULL);
  GPtrArray *record;
  ParlorRng rng;

  g_assert_no_error (error);
  live->n_seats = parlor_table_get_n_seats (table);
  live->views = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  live->events = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  live->counts = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint s = 0; s <= live->n_seats; s++)
    g_ptr_array_add (live->events, g_ptr_array_new_with_free_func (g_free));
  for (guint i = 0; i < live->n_seats; i++)
    {
      g_autofree char *name = g_strdup_printf ("P%u", i);

      parlor_table_add_player_at (table, i, i == 0 ? PARLOR_SEAT_LOCAL : PARLOR_SEAT_REMOTE,
                                  name, NULL);
    }
  g_signal_connect (table, "event", G_CALLBACK (on_event), live);
  g_assert_true (parlor_table_start (table, &error));
  g_assert_no_error (error);
  keep_step (table, live);

  parlor_rng_init (&rng, seed, 5);
  for (guint n = 0; n < MAX_MOVES && !parlor_table_is_over (table); n++)
    {
      ParlorGame *game = parlor_table_get_game (table);
      guint seat = g_bit_nth_lsf (parlor_game_get_waiting (game), -1);
      g_autoptr(GPtrArray) legal = parlor_game_legal_actions (game, seat);

      g_assert_nonnull (legal);
      g_assert_cmpuint (legal->len, >, 0);
      g_assert_true (parlor_table_submit (table, seat,
                                          g_ptr_array_index (legal, parlor_rng_below (&rng, legal->len)),
                                          &error));
      g_assert_no_error (error);
      keep_step (table, live);
    }
  g_signal_handlers_disconnect_by_data (table, live);

  record = parlor_table_get_record (table);
  for (guint i = 0; i < record->len; i++)
    {
      g_string_append (text, g_ptr_array_index (record, i));
      g_string_append_c (text, '\n');
    }
  if (parlor_table_is_over (table))
    {
      g_autofree char *result = parlor_game_get_result (parlor_table_get_game (table));
      g_autofree char *line = parlor_replay_format_result (result, NULL);

      if (line != NULL && strstr (text->str, line) == NULL)
        g_string_append_printf (text, "%s\n", line);
    }
  return g_string_free (text, FALSE);
}

static void
live_clear (Live *live)
{
  g_ptr_array_unref (live->views);
  g_ptr_array_unref (live->events);
  g_array_unref (live->counts);
}

static void
assert_step (ParlorReplayCursor *cursor,
             Live               *live,
             guint               step)
{
  GStrv views = g_ptr_array_index (live->views, step);

  g_assert_cmpuint (parlor_replay_cursor_get_step (cursor), ==, step);
  for (int s = -1; s < (int) live->n_seats; s++)
    {
      g_autofree char *view = parlor_replay_cursor_dup_view (cursor, s);
      g_autoptr(GPtrArray) events = parlor_replay_cursor_dup_events (cursor, step, s);
      GPtrArray *seen = g_ptr_array_index (live->events, s + 1);
      guint count = g_array_index (live->counts, guint, step * (live->n_seats + 1) + s + 1);

      g_assert_cmpstr (view, ==, views[s + 1]);
      g_assert_cmpuint (events->len, ==, count);
      for (guint e = 0; e < count; e++)
        g_assert_cmpstr (g_ptr_array_index (events, e), ==, g_ptr_array_index (seen, e));
    }
}

static ParlorReplayCursor *
open_cursor (const char *text)
{
  g_autoptr(GError) error = NULL;
  ParlorReplayCursor *cursor = parlor_replay_cursor_new (text, parlor_games_lookup, 0, &error);

  g_assert_no_error (error);
  g_assert_nonnull (cursor);
  return cursor;
}

/* At every step the cursor shows what every seat saw then, going forward. */
static void
test_forward (gconstpointer data)
{
  const Case *c = data;

  for (guint64 seed = 1; seed <= 3; seed++)
    {
      Live live = { 0 };
      g_autofree char *text = play_game (c, seed, &live);
      g_autoptr(ParlorReplayCursor) cursor = open_cursor (text);
      guint n = parlor_replay_cursor_get_n_steps (cursor);

      g_assert_cmpuint (n + 1, ==, live.views->len);
      g_assert_cmpuint (parlor_replay_cursor_get_n_seats (cursor), ==, live.n_seats);
      g_assert_cmpstr (parlor_replay_cursor_get_seat_name (cursor, 1), ==, "P1");
      g_assert_cmpint (parlor_replay_cursor_get_local_seat (cursor), ==, 0);
      assert_step (cursor, &live, 0);
      for (guint step = 1; step <= n; step++)
        {
          g_assert_true (parlor_replay_cursor_forward (cursor));
          assert_step (cursor, &live, step);
          g_assert_cmpint (parlor_replay_cursor_get_actor (cursor, step), >=, 0);
          g_assert_nonnull (parlor_replay_cursor_get_action (cursor, step));
        }
      g_assert_false (parlor_replay_cursor_forward (cursor));
      live_clear (&live);
    }
}

/* Back one step at a time from the end, then jumps: the same views. */
static void
test_back_and_jumps (gconstpointer data)
{
  const Case *c = data;
  Live live = { 0 };
  g_autofree char *text = play_game (c, 7, &live);
  g_autoptr(ParlorReplayCursor) cursor = open_cursor (text);
  guint n = parlor_replay_cursor_get_n_steps (cursor);
  g_autoptr(GError) error = NULL;
  ParlorRng rng;

  g_assert_true (parlor_replay_cursor_go_to (cursor, n, &error));
  g_assert_no_error (error);
  assert_step (cursor, &live, n);
  for (guint step = n; step > 0 && step + 40 > n; step--)
    {
      g_assert_true (parlor_replay_cursor_back (cursor));
      assert_step (cursor, &live, step - 1);
    }
  parlor_rng_init (&rng, 7, 1);
  for (guint i = 0; i < 30; i++)
    {
      guint step = parlor_rng_below (&rng, n + 1);

      g_assert_true (parlor_replay_cursor_go_to (cursor, step, &error));
      g_assert_no_error (error);
      assert_step (cursor, &live, step);
    }
  /* Forward then back: the view before. */
  g_assert_true (parlor_replay_cursor_go_to (cursor, n / 2, &error));
  g_assert_true (parlor_replay_cursor_forward (cursor));
  g_assert_true (parlor_replay_cursor_back (cursor));
  assert_step (cursor, &live, n / 2);

  g_assert_false (parlor_replay_cursor_go_to (cursor, n + 1, &error));
  g_assert_error (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_SYNTAX);
  assert_step (cursor, &live, n / 2);
  live_clear (&live);
}

/* Hands start where the game says a new one begins, and the log in
 * words speaks to the reader. */
static void
test_hands_and_words (gconstpointer data)
{
  const Case *c = data;
  Live live = { 0 };
  g_autofree char *text = play_game (c, 11, &live);
  g_autoptr(ParlorReplayCursor) cursor = open_cursor (text);
  guint n = parlor_replay_cursor_get_n_steps (cursor);
  guint hands = parlor_replay_cursor_get_n_hands (cursor);
  guint previous = 0;

  g_assert_cmpuint (hands, >=, 1);
  g_assert_cmpuint (parlor_replay_cursor_get_hand_step (cursor, 0), ==, 0);
  for (guint h = 1; h < hands; h++)
    {
      guint step = parlor_replay_cursor_get_hand_step (cursor, h);
      g_autoptr(GPtrArray) added = parlor_replay_cursor_dup_events_between (cursor, step - 1, step, -1);
      gboolean told = FALSE;

      g_assert_cmpuint (step, >, previous);
      for (guint e = 0; e < added->len; e++)
        told |= g_str_has_prefix (g_ptr_array_index (added, e), "hand ") ||
                g_str_has_prefix (g_ptr_array_index (added, e), "round ");
      g_assert_true (told);
      g_assert_cmpuint (parlor_replay_cursor_get_hand (cursor, step), ==, h);
      g_assert_cmpuint (parlor_replay_cursor_get_hand (cursor, step - 1), ==, h - 1);
      g_assert_cmpuint (parlor_replay_cursor_next_hand_step (cursor, step - 1), ==, step);
      g_assert_cmpuint (parlor_replay_cursor_previous_hand_step (cursor, step), ==, previous);
      g_assert_cmpuint (parlor_replay_cursor_previous_hand_step (cursor, step + 1 <= n ? step + 1 : step),
                        ==, step + 1 <= n ? step : previous);
      previous = step;
    }
  g_assert_cmpuint (parlor_replay_cursor_next_hand_step (cursor, n), ==, n);

  for (guint step = 1; step <= MIN (n, 20); step++)
    {
      g_autofree char *words = parlor_replay_cursor_describe_step (cursor, step, 0);
      g_autoptr(GPtrArray) log = parlor_replay_cursor_dup_log (cursor, step, 0);
      g_autoptr(GPtrArray) before = parlor_replay_cursor_dup_log (cursor, step - 1, 0);

      g_assert_nonnull (words);
      g_assert_cmpstr (words, !=, "");
      g_assert_cmpuint (log->len, >=, before->len);
      for (guint i = 0; i < before->len; i++)
        g_assert_cmpstr (g_ptr_array_index (log, i), ==, g_ptr_array_index (before, i));
    }
  live_clear (&live);
}

/* Every truncation and many damaged bytes: a cursor or an error. */
static void
test_damaged (gconstpointer data)
{
  const Case *c = data;
  Live live = { 0 };
  g_autofree char *text = play_game (c, 3, &live);
  gsize len = strlen (text);
  ParlorRng rng;

  parlor_rng_init (&rng, 3, 9);
  for (guint i = 0; i < 160; i++)
    {
      g_autofree char *damaged = g_strdup (text);
      g_autoptr(GError) error = NULL;
      g_autoptr(ParlorReplayCursor) cursor = NULL;
      gsize at = parlor_rng_below (&rng, len);

      if (i % 2 == 0)
        damaged[at] = '\0';
      else
        damaged[at] = "x=%\n\r \001\377"[parlor_rng_below (&rng, 8)];
      cursor = parlor_replay_cursor_new (damaged, parlor_games_lookup, 0, &error);
      if (cursor == NULL)
        {
          g_assert_nonnull (error);
          g_assert_true (error->domain == PARLOR_REPLAY_ERROR);
          g_assert_cmpstr (error->message, !=, "");
        }
      else
        {
          g_assert_no_error (error);
          g_assert_true (parlor_replay_cursor_go_to (cursor, parlor_replay_cursor_get_n_steps (cursor), NULL));
        }
    }
  live_clear (&live);
}

static void
assert_refused (const char *text,
                const char *words)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorReplayCursor) cursor = parlor_replay_cursor_new (text, parlor_games_lookup, 0, &error);

  g_assert_null (cursor);
  g_assert_nonnull (error);
  g_assert_true (error->domain == PARLOR_REPLAY_ERROR);
  if (strstr (error->message, words) == NULL)
    g_error ("“%s” lacks “%s”", error->message, words);
}

/* Files of a newer version, of another kind, and no file at all. */
static void
test_refused (void)
{
  Live live = { 0 };
  Case c = { "triad", "" };
  g_autofree char *text = play_game (&c, 2, &live);
  g_autofree char *newer = NULL;
  g_autofree char *newer_game = NULL;
  GString *s;

  newer = g_strconcat ("replay version=2", strchr (text, '\n'), NULL);
  assert_refused (newer, "replay version 2 is not supported");
  s = g_string_new (text);
  g_string_replace (s, "game id=triad ", "game id=triad version=99 ", 1);
  newer_game = g_string_free (s, FALSE);
  assert_refused (newer_game, "newer than this Parlor");
  assert_refused ("", "empty");
  assert_refused ("\x89PNG\r\n\x1a\n\x01\x02", "not text");
  assert_refused ("replay version=1\ngame id=chess seed=1 config=\n", "chess");
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(ParlorReplayCursor) cursor = parlor_replay_cursor_new (text, parlor_games_lookup, 1, &error);

    g_assert_null (cursor);
    g_assert_error (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_SYNTAX);
  }
  live_clear (&live);
}

static const Case cases[] = {
  { "manhattan", "" },
  { "triad", "" },
  { "jihai", "" },
  { "suzume", "" },
  { "mcr", "hands=1" },
};

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *forward = g_strdup_printf ("/replay-cursor/%s/forward", cases[i].id);
      g_autofree char *back = g_strdup_printf ("/replay-cursor/%s/back-and-jumps", cases[i].id);
      g_autofree char *hands = g_strdup_printf ("/replay-cursor/%s/hands-and-words", cases[i].id);
      g_autofree char *damaged = g_strdup_printf ("/replay-cursor/%s/damaged", cases[i].id);

      g_test_add_data_func (forward, &cases[i], test_forward);
      g_test_add_data_func (back, &cases[i], test_back_and_jumps);
      g_test_add_data_func (hands, &cases[i], test_hands_and_words);
      g_test_add_data_func (damaged, &cases[i], test_damaged);
    }
  g_test_add_func ("/replay-cursor/refused", test_refused);

  return g_test_run ();
}
