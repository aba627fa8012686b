/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "parlor-line.h"
#include "parlor-table.h"
#include "toy-game.h"

typedef struct
{
  GMainLoop *loop;
  GPtrArray *events;
  GPtrArray *actions;
  guint      n_timeouts;
  guint      n_changed;
  char      *result;
} Watch;

static void
on_event (ParlorTable *table,
          guint        audience,
          const char  *line,
          Watch       *w)
{
  g_ptr_array_add (w->events, g_strdup_printf ("%x %s", audience, line));
}

static void
on_action (ParlorTable *table,
           guint        seat,
           const char  *line,
           gboolean     timed_out,
           Watch       *w)
{
  g_ptr_array_add (w->actions, g_strdup_printf ("%u %s", seat, line));
  w->n_timeouts += timed_out;
}

static void
on_changed (ParlorTable *table,
            Watch       *w)
{
  w->n_changed++;
}

static void
on_game_over (ParlorTable *table,
              const char  *result,
              Watch       *w)
{
  w->result = g_strdup (result);
  g_main_loop_quit (w->loop);
}

static gboolean
on_too_long (gpointer data)
{
  g_assert_not_reached ();
  return G_SOURCE_REMOVE;
}

static void
watch_init (Watch       *w,
            ParlorTable *table)
{
  w->loop = g_main_loop_new (NULL, FALSE);
  w->events = g_ptr_array_new_with_free_func (g_free);
  w->actions = g_ptr_array_new_with_free_func (g_free);
  w->n_timeouts = 0;
  w->n_changed = 0;
  w->result = NULL;
  g_signal_connect (table, "event", G_CALLBACK (on_event), w);
  g_signal_connect (table, "action", G_CALLBACK (on_action), w);
  g_signal_connect (table, "changed", G_CALLBACK (on_changed), w);
  g_signal_connect (table, "game-over", G_CALLBACK (on_game_over), w);
}

static void
watch_run (Watch *w)
{
  guint guard = g_timeout_add_seconds (20, on_too_long, NULL);

  g_main_loop_run (w->loop);
  g_source_remove (guard);
}

static void
watch_clear (Watch *w)
{
  g_main_loop_unref (w->loop);
  g_ptr_array_unref (w->events);
  g_ptr_array_unref (w->actions);
  g_free (w->result);
}

static ParlorTable *
new_table (const char *config,
           guint64     seed)
{
  g_autoptr(GError) error = NULL;
  ParlorTable *table = parlor_table_new (&toy_game_info, config, seed, &error);

  g_assert_no_error (error);
  g_assert_nonnull (table);
  return table;
}

static void
test_computers_finish (void)
{
  g_autoptr(ParlorTable) table = new_table ("seats=4 target=20", 7);
  Watch w;

  watch_init (&w, table);
  g_assert_true (parlor_table_start (table, NULL));
  for (guint i = 0; i < 4; i++)
    g_assert_cmpint (parlor_table_get_seat_kind (table, i), ==, PARLOR_SEAT_AI);
  watch_run (&w);

  g_assert_true (parlor_table_is_over (table));
  g_assert_nonnull (w.result);
  g_assert_cmpuint (w.n_timeouts, ==, 0);
  g_assert_cmpuint (w.actions->len, >=, 10);
  /* 4 secret events, then one event per action. */
  g_assert_cmpuint (w.events->len, ==, 4 + w.actions->len);
  g_assert_cmpuint (w.n_changed, ==, 1 + w.actions->len);
  watch_clear (&w);
}

static void
test_seat_assignment (void)
{
  guint seen[4] = { 0 };

  for (guint64 seed = 0; seed < 64; seed++)
    {
      g_autoptr(ParlorTable) a = new_table ("", seed);
      g_autoptr(ParlorTable) b = new_table ("", seed);
      guint pa, pb;
      int seat;

      pa = parlor_table_add_player (a, PARLOR_SEAT_LOCAL, "Ann", NULL);
      pb = parlor_table_add_player (b, PARLOR_SEAT_LOCAL, "Ann", NULL);
      g_assert_true (parlor_table_start (a, NULL));
      g_assert_true (parlor_table_start (b, NULL));
      seat = parlor_table_get_player_seat (a, pa);
      g_assert_cmpint (seat, >=, 0);
      g_assert_cmpint (seat, ==, parlor_table_get_player_seat (b, pb));
      g_assert_cmpstr (parlor_table_get_seat_name (a, seat), ==, "Ann");
      g_assert_cmpint (parlor_table_get_seat_kind (a, seat), ==, PARLOR_SEAT_LOCAL);
      seen[seat]++;
      parlor_table_stop (a);
      parlor_table_stop (b);
    }
  /* Every seat is reachable. */
  for (guint i = 0; i < 4; i++)
    g_assert_cmpuint (seen[i], >, 0);
}

static void
test_seat_asked_for (void)
{
  for (guint64 seed = 0; seed < 32; seed++)
    {
      g_autoptr(ParlorTable) table = new_table ("", seed);
      guint any = parlor_table_add_player (table, PARLOR_SEAT_LOCAL, "Any", NULL);
      guint fixed = parlor_table_add_player_at (table, 2, PARLOR_SEAT_REMOTE, "Fixed", NULL);

      g_assert_true (parlor_table_start (table, NULL));
      g_assert_cmpint (parlor_table_get_player_seat (table, fixed), ==, 2);
      g_assert_cmpint (parlor_table_get_player_seat (table, any), !=, 2);
      g_assert_cmpint (parlor_table_get_player_seat (table, any), >=, 0);
      g_assert_cmpstr (parlor_table_get_seat_name (table, 2), ==, "Fixed");
      parlor_table_stop (table);
    }
}

static void
test_submit_checks (void)
{
  g_autoptr(ParlorTable) table = new_table ("seats=2 target=100", 3);
  g_autoptr(GError) error = NULL;
  guint p0 = parlor_table_add_player (table, PARLOR_SEAT_LOCAL, "A", NULL);
  guint p1 = parlor_table_add_player (table, PARLOR_SEAT_LOCAL, "B", NULL);
  ParlorGame *game = parlor_table_get_game (table);
  guint mover, other;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  g_assert_false (parlor_table_submit (table, 0, "add n=1", &error));
  g_assert_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN);
  g_clear_error (&error);

  g_assert_true (parlor_table_start (table, NULL));
  g_assert_false (parlor_table_start (table, &error));
  g_clear_error (&error);
  g_assert_cmpint (parlor_table_get_player_seat (table, p0) + parlor_table_get_player_seat (table, p1), ==, 1);

  mover = parlor_game_is_waiting_for (game, 0) ? 0 : 1;
  other = 1 - mover;
  before = parlor_table_view_for (table, -1);
  g_assert_false (parlor_table_submit (table, other, "add n=1", &error));
  g_assert_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN);
  g_clear_error (&error);
  g_assert_false (parlor_table_submit (table, mover, "add n=3", &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_false (parlor_table_submit (table, 9, "add n=1", &error));
  g_clear_error (&error);
  g_assert_false (parlor_table_submit (table, mover, "\xff\xfe", &error));
  g_clear_error (&error);
  after = parlor_table_view_for (table, -1);
  g_assert_cmpstr (before, ==, after);

  g_assert_true (parlor_table_submit (table, mover, "add n=2", &error));
  g_assert_no_error (error);
  g_assert_true (parlor_game_is_waiting_for (game, other));
  parlor_table_stop (table);
}

static void
test_time_limit (void)
{
  g_autoptr(ParlorTable) table = new_table ("seats=2 target=3", 11);
  Watch w;

  parlor_table_add_player (table, PARLOR_SEAT_LOCAL, "Slowpoke", NULL);
  parlor_table_add_player (table, PARLOR_SEAT_REMOTE, "Absent", NULL);
  parlor_table_set_time_limit (table, 1);
  watch_init (&w, table);
  g_assert_true (parlor_table_start (table, NULL));
  for (guint i = 0; i < 2; i++)
    if (parlor_game_is_waiting_for (parlor_table_get_game (table), i))
      {
        gint64 left = parlor_table_get_deadline (table, i) - g_get_monotonic_time ();

        g_assert_cmpint (left, >, 0);
        g_assert_cmpint (left, <=, G_USEC_PER_SEC);
      }
  watch_run (&w);

  g_assert_cmpuint (w.n_timeouts, ==, w.actions->len);
  g_assert_cmpuint (w.actions->len, >=, 2);
  watch_clear (&w);
}

static void
test_seat_turns_computer (void)
{
  g_autoptr(ParlorTable) table = new_table ("seats=2 target=12", 5);
  Watch w;
  guint p = parlor_table_add_player (table, PARLOR_SEAT_REMOTE, "Gone", NULL);
  int seat;

  watch_init (&w, table);
  g_assert_true (parlor_table_start (table, NULL));
  seat = parlor_table_get_player_seat (table, p);
  /* Without a time limit the game waits for the remote seat forever… */
  g_assert_false (parlor_table_is_over (table));
  /* …until its connection drops and a computer player takes over. */
  parlor_table_set_seat_kind (table, seat, PARLOR_SEAT_AI);
  watch_run (&w);
  g_assert_true (parlor_table_is_over (table));
  watch_clear (&w);
}

static void
test_bad_ai_falls_back (void)
{
  g_autoptr(ParlorTable) table = new_table ("seats=2 target=6", 5);
  Watch w;

  parlor_table_set_default_ai_level (table, "bad");
  watch_init (&w, table);
  g_assert_true (parlor_table_start (table, NULL));
  watch_run (&w);
  g_assert_true (parlor_table_is_over (table));
  watch_clear (&w);
}

static void
test_pacing (void)
{
  g_autoptr(ParlorTable) table = new_table ("seats=2 target=4", 5);
  Watch w;
  gint64 start;

  parlor_table_set_ai_delay (table, 100);
  watch_init (&w, table);
  start = g_get_monotonic_time ();
  g_assert_true (parlor_table_start (table, NULL));
  watch_run (&w);
  g_assert_cmpint (g_get_monotonic_time () - start, >=, (gint64) w.actions->len * 100000);
  watch_clear (&w);
}

static void
test_dispose_while_thinking (void)
{
  ParlorTable *table = new_table ("seats=2", 5);
  g_autoptr(ParlorGame) game = g_object_ref (parlor_table_get_game (table));
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gint64 end;

  parlor_table_set_default_ai_level (table, "slow");
  g_assert_true (parlor_table_start (table, NULL));
  g_assert_true (parlor_game_is_waiting_for (game, 0) || parlor_game_is_waiting_for (game, 1));
  before = parlor_game_view_for (game, -1);

  /* The computer player's job holds no reference: the table goes at once… */
  g_object_add_weak_pointer (G_OBJECT (table), (gpointer *) &table);
  g_object_unref (table);
  g_assert_null (table);

  /* …and when the cancelled job comes back, nothing is played. */
  end = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;
  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (10000);
  after = parlor_game_view_for (game, -1);
  g_assert_cmpstr (after, ==, before);
}

static void
test_seat_counts (void)
{
  g_autoptr(GError) error = NULL;
  ParlorTable *table;

  /* The toy game takes 2 to 8 seats: the table refuses others. */
  for (guint n = 2; n <= 8; n++)
    {
      g_autofree char *config = g_strdup_printf ("seats=%u", n);

      table = parlor_table_new (&toy_game_info, config, 1, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (parlor_table_get_n_seats (table), ==, n);
      g_object_unref (table);
    }
  {
    ParlorGameInfo narrow = toy_game_info;

    narrow.min_seats = 3;
    narrow.max_seats = 4;
    table = parlor_table_new (&narrow, "seats=2", 1, &error);
    g_assert_null (table);
    g_assert_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG);
    g_clear_error (&error);
    table = parlor_table_new (&narrow, "seats=5", 1, &error);
    g_assert_null (table);
    g_assert_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG);
  }
}

static void
test_record (void)
{
  g_autoptr(ParlorTable) table = new_table ("seats=3 target=9", 21);
  GPtrArray *record;
  Watch w;
  guint n_actions = 0;

  watch_init (&w, table);
  g_assert_true (parlor_table_start (table, NULL));
  watch_run (&w);
  record = parlor_table_get_record (table);
  g_assert_cmpstr (g_ptr_array_index (record, 0), ==, "replay version=1");
  g_assert_true (g_str_has_prefix (g_ptr_array_index (record, 1), "game id=toy seed=21"));
  for (guint i = 0; i < record->len; i++)
    {
      g_autoptr(ParlorLine) line = parlor_line_parse (g_ptr_array_index (record, i), NULL);

      g_assert_nonnull (line);
      if (g_str_equal (parlor_line_get_type (line), "action"))
        {
          g_autofree char *expected = g_strdup_printf ("%s %s", parlor_line_get (line, "seat"),
                                                       parlor_line_get (line, "line"));

          g_assert_cmpstr (expected, ==, g_ptr_array_index (w.actions, n_actions));
          n_actions++;
        }
    }
  g_assert_cmpuint (n_actions, ==, w.actions->len);
  g_assert_true (g_str_has_prefix (g_ptr_array_index (record, record->len - 1), "result "));
  watch_clear (&w);
}

/* The replay holds every setting and move as one line: a table does not
 * open with settings, nor take a move, whose record would be too long to
 * read back. */
static void
test_record_limit (void)
{
  g_autofree char *spaces = g_strnfill (PARLOR_LINE_MAX_LENGTH / 3, ' ');
  g_autofree char *config = g_strconcat ("seats=2 target=100", spaces, NULL);
  g_autofree char *action = g_strconcat ("add n=1", spaces, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorTable) refused = parlor_table_new (&toy_game_info, config, 3, &error);
  g_autoptr(ParlorTable) table = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  ParlorGame *game;
  guint mover, len;

  g_assert_null (refused);
  g_assert_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG);
  g_clear_error (&error);

  table = new_table ("seats=2 target=100", 3);
  game = parlor_table_get_game (table);
  parlor_table_add_player (table, PARLOR_SEAT_LOCAL, "A", NULL);
  parlor_table_add_player (table, PARLOR_SEAT_LOCAL, "B", NULL);
  g_assert_true (parlor_table_start (table, NULL));
  mover = parlor_game_is_waiting_for (game, 0) ? 0 : 1;
  len = parlor_table_get_record (table)->len;
  before = parlor_table_view_for (table, -1);

  g_assert_false (parlor_table_submit (table, mover, action, &error));
  g_assert_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX);
  g_clear_error (&error);
  after = parlor_table_view_for (table, -1);
  g_assert_cmpstr (before, ==, after);
  g_assert_cmpuint (parlor_table_get_record (table)->len, ==, len);

  g_assert_true (parlor_table_submit (table, mover, "add n=1", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (parlor_table_get_record (table)->len, >, len);
  parlor_table_stop (table);
}

/* A game's rules add their event lines with parlor_emit(). */
static void
test_emit (void)
{
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  ParlorEvent *event;

  parlor_emit (events, PARLOR_AUDIENCE_SEAT (1), "draw seat=%u tile=%c", 1u, 'E');
  parlor_emit (events, PARLOR_AUDIENCE_ALL, "hand number=%d", -3);
  parlor_emit (NULL, PARLOR_AUDIENCE_ALL, "dropped");
  g_assert_cmpuint (events->len, ==, 2);
  event = g_ptr_array_index (events, 0);
  g_assert_cmpstr (event->line, ==, "draw seat=1 tile=E");
  g_assert_cmphex (event->audience, ==, 2);
  event = g_ptr_array_index (events, 1);
  g_assert_cmpstr (event->line, ==, "hand number=-3");
  g_assert_cmphex (event->audience, ==, 0xffffffff);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/table/emit", test_emit);
  g_test_add_func ("/core/table/computers-finish", test_computers_finish);
  g_test_add_func ("/core/table/seat-assignment", test_seat_assignment);
  g_test_add_func ("/core/table/seat-asked-for", test_seat_asked_for);
  g_test_add_func ("/core/table/submit-checks", test_submit_checks);
  g_test_add_func ("/core/table/time-limit", test_time_limit);
  g_test_add_func ("/core/table/seat-turns-computer", test_seat_turns_computer);
  g_test_add_func ("/core/table/bad-ai-falls-back", test_bad_ai_falls_back);
  g_test_add_func ("/core/table/pacing", test_pacing);
  g_test_add_func ("/core/table/dispose-while-thinking", test_dispose_while_thinking);
  g_test_add_func ("/core/table/seat-counts", test_seat_counts);
  g_test_add_func ("/core/table/record", test_record);
  g_test_add_func ("/core/table/record-limit", test_record_limit);

  return g_test_run ();
}
