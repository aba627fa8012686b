/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "claim-game.h"
#include "parlor-table.h"

/* Dealing goes seat 0, 1, 2, 0, 1, 2, then the stock. Seat 0 draws a 5 and
 * discards it: seat 1 holds a 5 (may win), seat 2 a 0 (may take). */
#define DECK_TWO_CLAIMS "deck=1,5,0,2,3,4,5,1,2,3,4,0"
/* The same for seats 0 and 1; seat 2 holds 0 (may take) or not. */
#define DECK_SEAT2_TAKES "deck=0,2,0,1,3,4,5,1,2,3,4,5"
#define DECK_SEAT2_CANNOT "deck=0,2,4,1,3,4,5,1,0,3,2,5"

static ParlorTable *
new_table (const char *config)
{
  g_autoptr(GError) error = NULL;
  ParlorTable *table = parlor_table_new (&claim_game_info, config, 1, &error);

  g_assert_no_error (error);
  for (int s = 0; s < 3; s++)
    parlor_table_add_player_at (table, s, PARLOR_SEAT_LOCAL, "P", NULL);
  return table;
}

static void
submit (ParlorTable *table,
        guint        seat,
        const char  *action)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (parlor_table_submit (table, seat, action, &error));
  g_assert_no_error (error);
}

static void
test_kinds_and_serials (void)
{
  g_autoptr(ParlorTable) table = new_table (DECK_TWO_CLAIMS);
  g_autoptr(GError) error = NULL;
  ParlorPromptKind kind;
  guint serial1, serial2, serial;

  g_assert_true (parlor_table_start (table, NULL));
  g_assert_true (parlor_table_get_prompt (table, 0, &kind, &serial));
  g_assert_cmpint (kind, ==, PARLOR_PROMPT_TURN);
  g_assert_cmpuint (serial, !=, 0);
  g_assert_false (parlor_table_get_prompt (table, 1, NULL, NULL));

  submit (table, 0, "discard value=5");
  g_assert_false (parlor_table_get_prompt (table, 0, NULL, &serial));
  g_assert_cmpuint (serial, ==, 0);
  g_assert_true (parlor_table_get_prompt (table, 1, &kind, &serial1));
  g_assert_cmpint (kind, ==, PARLOR_PROMPT_CLAIM);
  g_assert_true (parlor_table_get_prompt (table, 2, &kind, &serial2));
  g_assert_cmpint (kind, ==, PARLOR_PROMPT_CLAIM);

  /* An answer for another prompt is refused and changes nothing. */
  g_assert_false (parlor_table_submit_prompt (table, 2, serial2 + 1, "take", &error));
  g_assert_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_STALE);
  g_clear_error (&error);

  /* Seat 2 takes; seat 1's prompt stays the same one until it answers. */
  g_assert_true (parlor_table_submit_prompt (table, 2, serial2, "take", &error));
  g_assert_no_error (error);
  g_assert_true (parlor_table_get_prompt (table, 1, NULL, &serial));
  g_assert_cmpuint (serial, ==, serial1);
  g_assert_false (parlor_table_get_prompt (table, 2, NULL, NULL));

  /* Seat 1 passes: the take stands and seat 2 goes straight to its own
   * discard, a new prompt; its old serial is stale. */
  g_assert_true (parlor_table_submit_prompt (table, 1, serial1, "pass", &error));
  g_assert_true (parlor_table_get_prompt (table, 2, &kind, &serial));
  g_assert_cmpint (kind, ==, PARLOR_PROMPT_TURN);
  g_assert_cmpuint (serial, >, serial2);
  g_assert_false (parlor_table_submit_prompt (table, 2, serial2, "discard value=5", &error));
  g_assert_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_STALE);
  parlor_table_stop (table);
}

static void
test_win_beats_take (void)
{
  g_autoptr(ParlorTable) table = new_table (DECK_TWO_CLAIMS);
  g_autofree char *result = NULL;

  g_assert_true (parlor_table_start (table, NULL));
  submit (table, 0, "discard value=5");
  submit (table, 2, "take");
  submit (table, 1, "win");
  g_assert_true (parlor_table_is_over (table));
  result = parlor_game_get_result (parlor_table_get_game (table));
  g_assert_cmpstr (result, ==, "result winner=1");
}

typedef struct
{
  GString *bytes;
  guint    seat;
} Recorder;

static void
on_event (ParlorTable *table,
          guint        audience,
          const char  *line,
          Recorder    *r)
{
  if (audience & PARLOR_AUDIENCE_SEAT (r->seat))
    g_string_append_printf (r->bytes, "event %s\n", line);
}

/* What one seat could learn at each step: its events, its view, its prompt. */
static void
record_seat (ParlorTable *table,
             Recorder    *r)
{
  g_autofree char *view = parlor_table_view_for (table, r->seat);
  ParlorPromptKind kind;
  guint serial;
  gboolean asked = parlor_table_get_prompt (table, r->seat, &kind, &serial);

  g_string_append_printf (r->bytes, "%s\nprompt %d %d %u\n", view, asked, asked ? (int) kind : -1, serial);
}

static char *
play_window (const char *deck,
             guint       seat,
             gboolean    seat2_can_take)
{
  g_autoptr(ParlorTable) table = new_table (deck);
  g_autoptr(GPtrArray) actions = NULL;
  Recorder r = { g_string_new (NULL), seat };

  g_signal_connect (table, "event", G_CALLBACK (on_event), &r);
  g_assert_true (parlor_table_start (table, NULL));
  record_seat (table, &r);
  submit (table, 0, "discard value=5");
  record_seat (table, &r);
  /* Both are waited for; only a seat that may claim is asked, the table
   * passes for a seat that may not (seat 1 holds neither 5 nor 0). */
  g_assert_cmphex (parlor_game_get_waiting (parlor_table_get_game (table)), ==, 0x6);
  g_assert_false (parlor_table_get_prompt (table, 1, NULL, NULL));
  g_assert_cmpint (parlor_table_get_prompt (table, 2, NULL, NULL), ==, seat2_can_take);
  actions = parlor_game_legal_actions (parlor_table_get_game (table), 2);
  g_assert_cmpint (g_str_equal (g_ptr_array_index (actions, 0), "take"), ==, seat2_can_take);
  if (seat2_can_take)
    submit (table, 2, "pass");
  /* The window never closes with the move that opened it. */
  g_assert_true (parlor_game_is_waiting_for (parlor_table_get_game (table), 1));
  g_assert_cmpint (parlor_game_get_prompt_kind (parlor_table_get_game (table), 1), ==,
                   PARLOR_PROMPT_CLAIM);
  while (!parlor_table_get_prompt (table, 1, NULL, NULL))
    g_main_context_iteration (NULL, TRUE);
  /* The window is closed: seat 1 has drawn and must discard. */
  g_assert_cmpint (parlor_game_get_prompt_kind (parlor_table_get_game (table), 1), ==,
                   PARLOR_PROMPT_TURN);
  record_seat (table, &r);
  parlor_table_stop (table);
  return g_string_free (r.bytes, FALSE);
}

static void
test_privacy (void)
{
  for (guint seat = 0; seat < 2; seat++)
    {
      g_autofree char *with = play_window (DECK_SEAT2_TAKES, seat, TRUE);
      g_autofree char *without = play_window (DECK_SEAT2_CANNOT, seat, FALSE);

      g_assert_cmpstr (with, ==, without);
    }
}

typedef struct
{
  GMainLoop *loop;
  GPtrArray *actions;
} Watch;

static void
on_action (ParlorTable *table,
           guint        seat,
           const char  *line,
           gboolean     timed_out,
           Watch       *w)
{
  g_ptr_array_add (w->actions, g_strdup_printf ("%u %s%s", seat, line, timed_out ? " (timed out)" : ""));
  g_main_loop_quit (w->loop);
}

static gboolean
on_too_long (gpointer data)
{
  g_assert_not_reached ();
  return G_SOURCE_REMOVE;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(char **) a, *(char **) b);
}

static void
test_claim_time_limit (void)
{
  g_autoptr(ParlorTable) table = new_table (DECK_SEAT2_TAKES);
  Watch w = { g_main_loop_new (NULL, FALSE), g_ptr_array_new_with_free_func (g_free) };
  gint64 left;
  guint guard;

  parlor_table_set_prompt_time_limit (table, PARLOR_PROMPT_TURN, 120);
  parlor_table_set_prompt_time_limit (table, PARLOR_PROMPT_CLAIM, 1);
  g_assert_cmpuint (parlor_table_get_time_limit (table), ==, 120);
  g_signal_connect (table, "action", G_CALLBACK (on_action), &w);
  g_assert_true (parlor_table_start (table, NULL));
  left = parlor_table_get_deadline (table, 0) - g_get_monotonic_time ();
  g_assert_cmpint (left, >, 100 * G_USEC_PER_SEC);

  submit (table, 0, "discard value=5");
  left = parlor_table_get_deadline (table, 2) - g_get_monotonic_time ();
  g_assert_cmpint (left, >, 0);
  g_assert_cmpint (left, <=, G_USEC_PER_SEC);

  /* Seat 1, with nothing to claim, is not asked: the table passes for it
   * at once. Seat 2 does not answer: its claim passes when its time runs
   * out (it could have taken). */
  guard = g_timeout_add_seconds (30, on_too_long, NULL);
  while (w.actions->len < 3)
    g_main_loop_run (w.loop);
  g_source_remove (guard);
  g_ptr_array_sort (w.actions, compare_strings);
  g_assert_cmpstr (g_ptr_array_index (w.actions, 1), ==, "1 pass");
  g_assert_cmpstr (g_ptr_array_index (w.actions, 2), ==, "2 pass (timed out)");
  g_assert_false (parlor_table_get_prompt (table, 2, NULL, NULL));
  /* The next turn has the turn limit again. */
  left = parlor_table_get_deadline (table, 1) - g_get_monotonic_time ();
  g_assert_cmpint (left, >, 100 * G_USEC_PER_SEC);

  parlor_table_stop (table);
  g_main_loop_unref (w.loop);
  g_ptr_array_unref (w.actions);
}

static void
test_pause (void)
{
  g_autoptr(ParlorTable) table = new_table (DECK_SEAT2_TAKES);
  Watch w = { g_main_loop_new (NULL, FALSE), g_ptr_array_new_with_free_func (g_free) };
  gint64 end, left;
  guint guard;

  parlor_table_set_prompt_time_limit (table, PARLOR_PROMPT_TURN, 1);
  g_signal_connect (table, "action", G_CALLBACK (on_action), &w);
  g_assert_true (parlor_table_start (table, NULL));
  parlor_table_set_paused (table, TRUE);
  g_assert_true (parlor_table_is_paused (table));
  g_assert_cmpint (parlor_table_get_deadline (table, 0), ==, 0);

  /* Twice the limit goes by, and seat 0's time does not run out. */
  end = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;
  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (10000);
  g_assert_cmpuint (w.actions->len, ==, 0);

  parlor_table_set_paused (table, FALSE);
  left = parlor_table_get_deadline (table, 0) - g_get_monotonic_time ();
  g_assert_cmpint (left, >, 0);
  g_assert_cmpint (left, <=, G_USEC_PER_SEC);
  guard = g_timeout_add_seconds (30, on_too_long, NULL);
  while (w.actions->len < 1)
    g_main_loop_run (w.loop);
  g_source_remove (guard);
  g_assert_cmpstr (g_ptr_array_index (w.actions, 0), ==, "0 discard value=5 (timed out)");

  parlor_table_stop (table);
  g_main_loop_unref (w.loop);
  g_ptr_array_unref (w.actions);
}

static void
test_computers_claim (void)
{
  for (guint64 seed = 1; seed <= 20; seed++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(ParlorTable) table = parlor_table_new (&claim_game_info, "", seed, &error);
      GMainContext *ctx = g_main_context_default ();
      gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

      g_assert_no_error (error);
      parlor_table_set_default_ai_level (table, seed % 2 ? "greedy" : "passive");
      g_assert_true (parlor_table_start (table, NULL));
      while (!parlor_table_is_over (table) && g_get_monotonic_time () < end)
        g_main_context_iteration (ctx, TRUE);
      g_assert_true (parlor_table_is_over (table));
    }
}

/* Computer players' turns are paced, their claim answers are not: a pause
 * only when a computer could claim would tell everyone that it could. */
static void
test_claims_not_paced (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorTable) table = parlor_table_new (&claim_game_info, DECK_TWO_CLAIMS, 1, &error);
  Watch w = { g_main_loop_new (NULL, FALSE), g_ptr_array_new_with_free_func (g_free) };
  guint guard;

  g_assert_no_error (error);
  parlor_table_add_player_at (table, 0, PARLOR_SEAT_LOCAL, "P", NULL);
  parlor_table_add_player_at (table, 1, PARLOR_SEAT_AI, "A", "passive");
  parlor_table_add_player_at (table, 2, PARLOR_SEAT_AI, "B", "passive");
  /* Far longer than the guard: a paced answer would fail the test. */
  parlor_table_set_ai_delay (table, 600 * 1000);
  g_signal_connect (table, "action", G_CALLBACK (on_action), &w);
  g_assert_true (parlor_table_start (table, NULL));
  submit (table, 0, "discard value=5");
  /* Seats 1 and 2 may both claim; the passive players pass at once. */
  g_assert_true (parlor_table_get_prompt (table, 1, NULL, NULL));
  g_assert_true (parlor_table_get_prompt (table, 2, NULL, NULL));
  guard = g_timeout_add_seconds (30, on_too_long, NULL);
  while (w.actions->len < 3)
    g_main_loop_run (w.loop);
  g_source_remove (guard);
  g_ptr_array_sort (w.actions, compare_strings);
  g_assert_cmpstr (g_ptr_array_index (w.actions, 1), ==, "1 pass");
  g_assert_cmpstr (g_ptr_array_index (w.actions, 2), ==, "2 pass");
  /* Seat 1 has drawn: its turn is paced, nothing more happens for now. */
  g_assert_cmpint (parlor_game_get_prompt_kind (parlor_table_get_game (table), 1), ==,
                   PARLOR_PROMPT_TURN);

  parlor_table_stop (table);
  g_main_loop_unref (w.loop);
  g_ptr_array_unref (w.actions);
}

#define MINIMUM_MS 150

static gboolean
window_open (ParlorTable *table)
{
  ParlorGame *game = parlor_table_get_game (table);

  return !parlor_table_is_over (table) &&
         ((parlor_game_is_waiting_for (game, 1) &&
           parlor_game_get_prompt_kind (game, 1) == PARLOR_PROMPT_CLAIM) ||
          (parlor_game_is_waiting_for (game, 2) &&
           parlor_game_get_prompt_kind (game, 2) == PARLOR_PROMPT_CLAIM));
}

/* How long (µs) the window on seat 0's discard stays open when seats 1 and
 * 2 (local players, or a computer for seat 2) answer at once. */
static gint64
window_time (const char *deck,
             const char *seat2_level,
             const char *answer1,
             const char *answer2)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorTable) table = parlor_table_new (&claim_game_info, deck, 1, &error);
  gint64 opened, end;

  g_assert_no_error (error);
  parlor_table_add_player_at (table, 0, PARLOR_SEAT_LOCAL, "P", NULL);
  parlor_table_add_player_at (table, 1, PARLOR_SEAT_LOCAL, "Q", NULL);
  parlor_table_add_player_at (table, 2, seat2_level != NULL ? PARLOR_SEAT_AI : PARLOR_SEAT_LOCAL,
                              "R", seat2_level);
  g_assert_cmpuint (parlor_table_get_claim_minimum (table), ==, 0);
  parlor_table_set_claim_minimum (table, MINIMUM_MS);
  g_assert_true (parlor_table_start (table, NULL));
  opened = g_get_monotonic_time ();
  submit (table, 0, "discard value=5");
  if (answer2 != NULL)
    submit (table, 2, answer2);
  if (answer1 != NULL)
    {
      guint serial;

      g_assert_true (parlor_table_get_prompt (table, 1, NULL, &serial));
      g_assert_true (parlor_table_submit_prompt (table, 1, serial, answer1, &error));
      g_assert_no_error (error);
      /* Its prompt is closed at once, and a second answer refused; the
       * window stays open. */
      g_assert_false (parlor_table_get_prompt (table, 1, NULL, NULL));
      g_assert_false (parlor_table_submit (table, 1, answer1, &error));
      g_assert_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_STALE);
      g_clear_error (&error);
    }
  end = opened + 30 * G_USEC_PER_SEC;
  while (window_open (table) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (window_open (table));
  parlor_table_stop (table);
  return g_get_monotonic_time () - opened;
}

/* With a least window time, every window lasts it, whoever could claim
 * and however fast they answered. */
static void
test_claim_minimum (void)
{
  /* Nobody could claim: the table passes for both. */
  g_assert_cmpint (window_time (DECK_SEAT2_CANNOT, NULL, NULL, NULL), >=, MINIMUM_MS * 1000);
  /* Seat 2 could take and answers at once; seat 1 is passed for. */
  g_assert_cmpint (window_time (DECK_SEAT2_TAKES, NULL, NULL, "pass"), >=, MINIMUM_MS * 1000);
  g_assert_cmpint (window_time (DECK_SEAT2_TAKES, NULL, NULL, "take"), >=, MINIMUM_MS * 1000);
  /* A computer could take. */
  g_assert_cmpint (window_time (DECK_SEAT2_TAKES, "greedy", NULL, NULL), >=, MINIMUM_MS * 1000);
  g_assert_cmpint (window_time (DECK_SEAT2_TAKES, "passive", NULL, NULL), >=, MINIMUM_MS * 1000);
  /* Both could claim and answer at once: the last answer is held. */
  g_assert_cmpint (window_time (DECK_TWO_CLAIMS, NULL, "pass", "pass"), >=, MINIMUM_MS * 1000);
  g_assert_cmpint (window_time (DECK_TWO_CLAIMS, NULL, "win", "take"), >=, MINIMUM_MS * 1000);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/claim/kinds-and-serials", test_kinds_and_serials);
  g_test_add_func ("/core/claim/win-beats-take", test_win_beats_take);
  g_test_add_func ("/core/claim/privacy", test_privacy);
  g_test_add_func ("/core/claim/claim-time-limit", test_claim_time_limit);
  g_test_add_func ("/core/claim/pause", test_pause);
  g_test_add_func ("/core/claim/computers-claim", test_computers_claim);
  g_test_add_func ("/core/claim/claims-not-paced", test_claims_not_paced);
  g_test_add_func ("/core/claim/claim-minimum", test_claim_minimum);

  return g_test_run ();
}
