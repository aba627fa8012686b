/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "parlor-games.h"
#include "parlor-replay-cursor.h"

/*
 * A seat's view (docs/replay-format.md): a seeded game of every game is
 * played, seat 1's view and events kept after each move as a guest would
 * receive them; the cursor on that file must show the same at every step
 * and hold nothing that seat was not told. Damaged and hostile files give
 * an error in words, never a crash.
 */

#define MAX_MOVES 600
#define SEAT 1

typedef struct
{
  GPtrArray *views;   /* per step: the seat's view */
  GPtrArray *events;  /* per step: GPtrArray of the lines it was told */
  GPtrArray *hidden;  /* lines told to other seats only */
  GPtrArray *moves;   /* per step: the seat's move from its view, or NULL */
} Seen;

static void
seen_clear (Seen *seen)
{
  g_ptr_array_unref (seen->views);
  g_ptr_array_unref (seen->events);
  g_ptr_array_unref (seen->hidden);
  g_ptr_array_unref (seen->moves);
}

static void
add_line (GString    *text,
          const char *type,
          const char *line)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *record = parlor_replay_format_seen (type, line, &error);

  g_assert_no_error (error);
  g_string_append_printf (text, "%s\n", record);
}

static void
take_events (GPtrArray *events,
             Seen      *seen,
             GString   *text)
{
  GPtrArray *told = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < events->len; i++)
    {
      ParlorEvent *event = g_ptr_array_index (events, i);

      if ((event->audience & PARLOR_AUDIENCE_SEAT (SEAT)) != 0)
        {
          g_ptr_array_add (told, g_strdup (event->line));
          add_line (text, "event", event->line);
        }
      else
        g_ptr_array_add (seen->hidden, g_strdup (event->line));
    }
  g_ptr_array_add (seen->events, told);
  g_ptr_array_set_size (events, 0);
}

static char *
play_seen (const char *id,
           const char *config,
           guint64     seed,
           Seen       *seen)
{
  const ParlorGameInfo *info = parlor_games_lookup (id);
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorGame) game = info->new_game (config, seed, &error);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  g_autofree char *header = parlor_replay_format_seat_view_header ();
  g_autofree char *game_record = NULL;
  GString *text = g_string_new (NULL);
  ParlorRng rng;
  guint n_seats;

  g_assert_no_error (error);
  n_seats = parlor_game_get_n_seats (game);
  game_record = parlor_replay_format_seat_view_game (id, n_seats, SEAT, &error);
  g_assert_no_error (error);
  g_string_append_printf (text, "%s\n%s\n", header, game_record);
  for (guint s = 0; s < n_seats; s++)
    {
      g_autofree char *name = g_strdup_printf ("P%u", s);
      g_autofree char *record = parlor_replay_format_seat (s, name, s == SEAT ? "local" : "remote",
                                                           NULL, &error);

      g_assert_no_error (error);
      g_string_append_printf (text, "%s\n", record);
    }
  seen->views = g_ptr_array_new_with_free_func (g_free);
  seen->events = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  seen->hidden = g_ptr_array_new_with_free_func (g_free);
  seen->moves = g_ptr_array_new_with_free_func (g_free);

  parlor_game_start (game, events);
  take_events (events, seen, text);
  g_ptr_array_add (seen->views, parlor_game_view_for (game, SEAT));
  add_line (text, "view", g_ptr_array_index (seen->views, 0));

  parlor_rng_init (&rng, seed, 5);
  for (guint n = 0; n < MAX_MOVES && !parlor_game_is_over (game); n++)
    {
      guint seat = g_bit_nth_lsf (parlor_game_get_waiting (game), -1);
      g_autoptr(GPtrArray) legal = parlor_game_legal_actions (game, seat);
      const char *action;
      char *view;

      g_assert_cmpuint (legal->len, >, 0);
      action = g_ptr_array_index (legal, parlor_rng_below (&rng, legal->len));
      g_ptr_array_add (seen->moves, seat == SEAT ? g_strdup (action) : NULL);
      if (seat == SEAT)
        add_line (text, "move", action);
      g_assert_true (parlor_game_apply (game, seat, action, events, &error));
      g_assert_no_error (error);
      take_events (events, seen, text);
      view = parlor_game_view_for (game, SEAT);
      g_ptr_array_add (seen->views, view);
      add_line (text, "view", view);
    }
  if (parlor_game_is_over (game))
    {
      g_autofree char *result = parlor_game_get_result (game);

      add_line (text, "result", result);
    }
  else
    g_string_append (text, "unfinished\n");
  return g_string_free (text, FALSE);
}

static void
test_steps (gconstpointer data)
{
  const char * const *c = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorReplayCursor) cursor = NULL;
  g_autofree char *text = NULL;
  Seen seen;
  guint n;
  gboolean over;

  text = play_seen (c[0], c[1], 31, &seen);
  g_assert_true (parlor_replay_is_seat_view (text));
  cursor = parlor_replay_cursor_new (text, parlor_games_lookup, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpint (parlor_replay_cursor_get_view_seat (cursor), ==, SEAT);
  g_assert_null (parlor_replay_cursor_get_game (cursor));
  g_assert_false (parlor_replay_cursor_is_current_version (cursor));
  n = parlor_replay_cursor_get_n_steps (cursor);
  g_assert_cmpuint (n + 1, ==, seen.views->len);
  g_assert_cmpstr (parlor_replay_cursor_get_seat_name (cursor, SEAT), ==, "P1");

  /* Forward, then back: every step's view and events as the seat had them. */
  for (int pass = 0; pass < 2; pass++)
    for (guint k = 0; k <= n; k++)
      {
        guint step = pass == 0 ? k : n - k;
        g_autofree char *view = NULL;
        g_autoptr(GPtrArray) told = NULL;
        GPtrArray *expected = g_ptr_array_index (seen.events, step);
        g_autofree char *words = NULL;

        g_assert_true (parlor_replay_cursor_go_to (cursor, step, &error));
        view = parlor_replay_cursor_dup_view (cursor, SEAT);
        g_assert_cmpstr (view, ==, g_ptr_array_index (seen.views, step));
        for (int s = -1; s < (int) parlor_replay_cursor_get_n_seats (cursor); s++)
          if (s != SEAT)
            g_assert_null (parlor_replay_cursor_dup_view (cursor, s));
        told = parlor_replay_cursor_dup_events_between (cursor, step > 0 ? step - 1 : 0, step, SEAT);
        g_assert_cmpuint (told->len, ==, expected->len);
        for (guint i = 0; i < told->len; i++)
          g_assert_cmpstr (g_ptr_array_index (told, i), ==, g_ptr_array_index (expected, i));
        g_assert_cmpstr (parlor_replay_cursor_get_move (cursor, step), ==,
                         step < seen.moves->len ? g_ptr_array_index (seen.moves, step) : NULL);
        g_assert_cmpstr (parlor_replay_cursor_get_seen_view (cursor, step), ==, view);
        words = parlor_replay_cursor_describe_step (cursor, step, SEAT);
        g_assert_true (words != NULL && *words != '\0');
      }
  g_assert_false (parlor_replay_cursor_is_over (cursor));
  g_assert_true (parlor_replay_cursor_go_to (cursor, n, NULL));
  /* A random game may still be going after MAX_MOVES: kept unfinished. */
  over = strstr (text, "\nunfinished\n") == NULL;
  g_assert_true (parlor_replay_cursor_is_over (cursor) == over);
  g_assert_true (parlor_replay_cursor_is_unfinished (cursor) == !over);

  /* Nothing told to the other seats only is in the file. */
  for (guint i = 0; i < seen.hidden->len; i++)
    {
      g_autofree char *as_event = g_strdup_printf ("\nevent %s\n",
                                                   (char *) g_ptr_array_index (seen.hidden, i));
      gboolean also_told = FALSE;

      for (guint s = 0; s < seen.events->len && !also_told; s++)
        {
          GPtrArray *told = g_ptr_array_index (seen.events, s);

          for (guint e = 0; e < told->len; e++)
            also_told |= g_str_equal (g_ptr_array_index (told, e), g_ptr_array_index (seen.hidden, i));
        }
      if (!also_told)
        g_assert_null (strstr (text, as_event));
    }
  seen_clear (&seen);
}

/* Every cut of the file, and every record changed: a cursor or an error. */
/* --every=N: the damaged replays are cut and spoiled at one line in N past
 * the first eight (and at the last), as under the sanitizers reading is slow. */
static guint every = 1;

static guint
next_cut (guint cut,
          guint n_lines)
{
  if (cut < 8 || every <= 1 || cut + 1 >= n_lines)
    return cut + 1;
  return MIN (cut + every, n_lines - 1);
}

static void
test_damaged (gconstpointer data)
{
  const char * const *c = data;
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  Seen seen;
  guint n_lines;

  text = play_seen (c[0], c[1], 7, &seen);
  lines = g_strsplit (text, "\n", -1);
  n_lines = g_strv_length (lines);
  for (guint cut = 0; cut < n_lines; cut = next_cut (cut, n_lines))
    {
      g_autofree char *head = NULL;
      char *saved = lines[cut];
      g_autoptr(GError) error = NULL;
      g_autoptr(ParlorReplayCursor) cursor = NULL;

      lines[cut] = NULL;
      head = g_strjoinv ("\n", lines);
      lines[cut] = saved;
      cursor = parlor_replay_cursor_new (head, parlor_games_lookup, 0, &error);
      if (cut < 5)
        {
          /* Before any view: nothing to watch. */
          g_assert_null (cursor);
          g_assert_nonnull (error);
          g_assert_true (strlen (error->message) > 0);
        }
      else if (cursor != NULL)
        {
          g_assert_true (parlor_replay_cursor_go_to (cursor, parlor_replay_cursor_get_n_steps (cursor),
                                                     NULL));
          g_assert_true (parlor_replay_cursor_is_unfinished (cursor) ||
                         parlor_replay_cursor_is_over (cursor));
        }
    }
  for (guint i = 0; i < n_lines; i += (1 + i / 8) * every)
    {
      for (guint at = 0; at < strlen (lines[i]); at += 29)
        {
          g_autofree char *copy = g_strdup (text);
          char *where = strstr (copy, lines[i]) + at;
          g_autoptr(GError) error = NULL;
          g_autoptr(ParlorReplayCursor) cursor = NULL;

          *where = (*where == '\x01') ? 'x' : '\x01';
          cursor = parlor_replay_cursor_new (copy, parlor_games_lookup, 0, &error);
          if (cursor == NULL)
            {
              g_assert_nonnull (error);
              g_assert_true (g_str_has_prefix (error->message, "line ") ||
                             strstr (error->message, "not a replay") != NULL);
            }
        }
    }
  seen_clear (&seen);
}

static void
test_refused (void)
{
  static const struct { const char *text; const char *message; } cases[] = {
    { "replay version=3 kind=seat-view\ngame id=triad seats=2 seat=0\nview x\n",
      "line 1: a seat’s view of version 3 is not supported" },
    { "replay version=2 kind=seat-view\ngame id=chess seats=2 seat=0\nview x\n",
      "line 2: there is no game “chess”" },
    { "replay version=2 kind=seat-view\ngame seed=1\n",
      "line 2: the game record names no game" },
    { "replay version=2 kind=seat-view\ngame id=triad seats=9 seat=0\nview x\n",
      "line 2: the game record needs the number of seats and the seat whose view it is" },
    { "replay version=2 kind=seat-view\ngame id=triad seats=2 seat=2\nview x\n",
      "line 2: the game record needs the number of seats and the seat whose view it is" },
    { "replay version=2 kind=seat-view\nview x\n",
      "line 2: a seat’s view names its game before anything else" },
    { "replay version=2 kind=seat-view\ngame id=triad seats=2 seat=0\nseat index=5 name=A\nview x\n",
      "line 3: a seat record needs a seat of the game and a name" },
    { "replay version=2 kind=seat-view\ngame id=triad seats=2 seat=0\naction seat=0 line=x\n",
      "line 3: unknown record “action”" },
    { "replay version=2 kind=seat-view\ngame id=triad seats=2 seat=0\nevent x\n",
      "line 3: the seat’s view holds no position of the game" },
    { "replay version=2 kind=seat-view\ngame id=triad seats=2 seat=0\nview x\nresult y\nview z\n",
      "line 5: nothing may follow the end of a seat’s view" },
    { "replay version=2 kind=seat-view\ngame id=triad seats=2 seat=0\nview x\nunfinished\nevent z\n",
      "line 5: nothing may follow the end of a seat’s view" },
    { "replay version=2 kind=seat-view\ngame id=triad seats=2 seat=0\ngame id=triad seats=2 seat=1\n",
      "line 3: a seat’s view holds one game" },
    { "replay version=2 kind=seat-view\n", "line 1: the seat’s view holds no position of the game" },
    { "replay version=2 kind=seat-view\ngame id=triad seats=2 seat=0\nevent e\nmove m\nview x\n",
      "line 4: a move follows the view it was made from" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(ParlorReplayCursor) cursor =
        parlor_replay_cursor_new (cases[i].text, parlor_games_lookup, 0, &error);

      g_assert_null (cursor);
      g_assert_error (error, PARLOR_REPLAY_ERROR, error->code);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

static void
test_unfinished_and_verify (void)
{
  const char *text = "replay version=2 kind=seat-view\ngame id=triad seats=2 seat=1\n"
                     "seat index=0 name=Ann kind=remote\nseat index=1 name=Bo kind=local\n"
                     "view a b=1\nevent played x\nview a b=2\nevent seen y\nunfinished\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorReplayCursor) cursor = parlor_replay_cursor_new (text, parlor_games_lookup, 0, &error);
  g_autofree char *last = NULL;

  g_assert_no_error (error);
  /* The events after the last view make a step with that view. */
  g_assert_cmpuint (parlor_replay_cursor_get_n_steps (cursor), ==, 2);
  g_assert_true (parlor_replay_cursor_go_to (cursor, 2, NULL));
  last = parlor_replay_cursor_dup_view (cursor, 1);
  g_assert_cmpstr (last, ==, "a b=2");
  g_assert_true (parlor_replay_cursor_is_unfinished (cursor));
  g_assert_false (parlor_replay_cursor_is_over (cursor));
  g_assert_null (parlor_replay_cursor_get_seen_result (cursor));
  g_assert_cmpint (parlor_replay_cursor_get_actor (cursor, 1), ==, -1);

  /* Not verifiable: no seed; said so. */
  g_assert_false (parlor_replay_verify (text, parlor_games_lookup, NULL, &error));
  g_assert_nonnull (strstr (error->message, "one seat’s view"));
}

static const char * const games[][2] = {
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
  for (int i = 1; i < argc; i++)
    if (g_str_has_prefix (argv[i], "--every="))
      every = MAX ((guint) g_ascii_strtoull (argv[i] + strlen ("--every="), NULL, 10), 1);

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autofree char *steps = g_strdup_printf ("/seat-view/%s/steps", games[i][0]);
      g_autofree char *damaged = g_strdup_printf ("/seat-view/%s/damaged", games[i][0]);

      g_test_add_data_func (steps, games[i], test_steps);
      g_test_add_data_func (damaged, games[i], test_damaged);
    }
  g_test_add_func ("/seat-view/refused", test_refused);
  g_test_add_func ("/seat-view/unfinished-and-verify", test_unfinished_and_verify);

  return g_test_run ();
}
