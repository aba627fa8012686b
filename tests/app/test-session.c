/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "claim-game.h"
#include "parlor-games.h"
#include "parlor-session.h"

#define DECK_SEAT2_TAKES "deck=0,2,0,1,3,4,5,1,2,3,4,5"

typedef struct
{
  guint seat, waiting, deadline, paused;
} Notified;

static void
on_notify (GObject    *object,
           GParamSpec *pspec,
           Notified   *n)
{
  if (g_str_equal (pspec->name, "seat"))
    n->seat++;
  else if (g_str_equal (pspec->name, "waiting"))
    n->waiting++;
  else if (g_str_equal (pspec->name, "deadline"))
    n->deadline++;
  else if (g_str_equal (pspec->name, "paused"))
    n->paused++;
}

/* Seat 2 plays here; the others are computer players that pass. */
static ParlorSession *
new_session (guint claim_limit)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorTable) table = parlor_table_new (&claim_game_info, DECK_SEAT2_TAKES, 1, &error);
  guint player;

  g_assert_no_error (error);
  player = parlor_table_add_player_at (table, 2, PARLOR_SEAT_LOCAL, "Me", NULL);
  parlor_table_set_default_ai_level (table, "passive");
  parlor_table_set_prompt_time_limit (table, PARLOR_PROMPT_CLAIM, claim_limit);
  return parlor_session_new_local (table, player);
}

static void
wait_until_waiting (ParlorSession *session)
{
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (!parlor_session_is_waiting (session) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (parlor_session_is_waiting (session));
}

static void
test_properties_follow_the_table (void)
{
  g_autoptr(ParlorSession) session = new_session (20);
  Notified n = { 0 };
  gint64 deadline;
  int seat;
  gboolean waiting;

  g_signal_connect (session, "notify", G_CALLBACK (on_notify), &n);
  g_assert_true (parlor_session_start (session, NULL));
  g_assert_cmpuint (n.seat, ==, 1);
  g_object_get (session, "seat", &seat, NULL);
  g_assert_cmpint (seat, ==, 2);

  /* Seat 0 (a computer) discards a 5: seat 2 may take it, in its claim window. */
  wait_until_waiting (session);
  g_object_get (session, "waiting", &waiting, "deadline", &deadline, NULL);
  g_assert_true (waiting);
  g_assert_cmpuint (n.waiting, ==, 1);
  g_assert_cmpint (deadline, >, g_get_monotonic_time ());
  g_assert_cmpint (deadline - g_get_monotonic_time (), <=, 20 * G_USEC_PER_SEC);
  g_assert_cmpuint (n.deadline, >=, 1);

  /* A dialog pauses the game here: the clock stops and says so. */
  parlor_session_set_paused (session, TRUE);
  g_assert_true (parlor_session_get_paused (session));
  g_assert_cmpuint (n.paused, ==, 1);
  g_assert_cmpint (parlor_session_get_deadline (session), ==, 0);
  parlor_session_set_paused (session, FALSE);
  g_assert_cmpuint (n.paused, ==, 2);
  g_assert_cmpint (parlor_session_get_deadline (session), >, 0);

  /* Taking the card (once seat 1 has passed) makes a new prompt: our own
   * discard, without the claim window's limit. */
  g_assert_true (parlor_session_submit (session, "take", NULL));
  wait_until_waiting (session);
  g_assert_cmpint (parlor_session_get_deadline (session), ==, 0);
  g_assert_true (parlor_session_submit (session, "discard value=0", NULL));
  g_assert_false (parlor_session_is_waiting (session));
  g_assert_false (parlor_session_is_pending (session));
  parlor_session_stop (session);
}

static void
on_timed_out (ParlorSession *session,
              guint          seat,
              guint         *count)
{
  (*count)++;
}

static void
on_log (ParlorSession *session,
        const char    *text,
        GString       *log)
{
  g_string_append_printf (log, "%s\n", text);
}

static void
test_claim_times_out (void)
{
  g_autoptr(ParlorSession) session = new_session (1);
  g_autoptr(GString) log = g_string_new (NULL);
  guint timed_out = 0;
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  g_signal_connect (session, "timed-out", G_CALLBACK (on_timed_out), &timed_out);
  g_signal_connect (session, "log", G_CALLBACK (on_log), log);
  g_assert_true (parlor_session_start (session, NULL));
  wait_until_waiting (session);
  /* Nothing answered: the claim passes by itself and play goes on. */
  while (timed_out == 0 && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (timed_out, ==, 1);
  /* The log tells what happened: a pass, not a random move. */
  g_assert_nonnull (strstr (log->str, "Your time ran out: you passed on the tile."));
  g_assert_null (strstr (log->str, "random"));
  g_assert_false (parlor_session_is_waiting (session) &&
                  parlor_session_get_deadline (session) > 0 &&
                  parlor_session_get_deadline (session) - g_get_monotonic_time () > G_USEC_PER_SEC);
  parlor_session_stop (session);
}

typedef struct
{
  guint  seat;
  guint  passed_for;   /* the seat's passes the player did not submit */
  gboolean submitting;
} Passes;

static void
on_action (ParlorTable *table,
           guint        seat,
           const char  *line,
           gboolean     timed_out,
           Passes      *p)
{
  if (seat == p->seat && !p->submitting && g_str_equal (line, "pass"))
    p->passed_for++;
}

/*
 * A player with nothing to claim is never asked: whenever the session says
 * the game waits for the player, the view asks something, and the passes of
 * the windows where the player could not claim are played by the table.
 */
static void
test_nothing_to_claim_never_asks (gconstpointer data)
{
  const char *game_id = data;
  const ParlorGameInfo *info = parlor_games_lookup (game_id);
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorTable) table = parlor_table_new (info, g_str_equal (game_id, "jihai")
                                                         ? "first=0" : "seats=3 dealer=0",
                                                   7, &error);
  g_autoptr(ParlorSession) session = NULL;
  Passes p = { 0, 0, FALSE };
  guint asked = 0;
  guint64 seed = 1;
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  g_assert_no_error (error);
  parlor_table_add_player_at (table, 0, PARLOR_SEAT_LOCAL, "Me", NULL);
  parlor_table_set_default_ai_level (table, "normal");
  g_signal_connect (table, "action", G_CALLBACK (on_action), &p);
  session = parlor_session_new_local (table, 0);
  g_assert_true (parlor_session_start (session, &error));
  g_assert_no_error (error);

  /* A few hands are enough. */
  while (!parlor_table_is_over (table) && p.passed_for < 20 && g_get_monotonic_time () < end)
    {
      g_autofree char *view = NULL;
      g_autofree char *action = NULL;

      if (!parlor_session_is_waiting (session))
        {
          g_main_context_iteration (NULL, TRUE);
          continue;
        }
      view = parlor_session_dup_view (session);
      g_assert_null (strstr (view, " ask=none"));
      asked++;
      action = info->ai_choose ("normal", view, seed++, NULL, &error);
      g_assert_no_error (error);
      p.submitting = TRUE;
      g_assert_true (parlor_session_submit (session, action, &error));
      g_assert_no_error (error);
      p.submitting = FALSE;
    }
  g_assert_cmpuint (asked, >, 0);
  g_assert_cmpuint (p.passed_for, >, 0);
  parlor_session_stop (session);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/session/properties-follow-the-table", test_properties_follow_the_table);
  g_test_add_func ("/app/session/claim-times-out", test_claim_times_out);
  g_test_add_data_func ("/app/session/nothing-to-claim-never-asks/jihai", "jihai",
                        test_nothing_to_claim_never_asks);
  g_test_add_data_func ("/app/session/nothing-to-claim-never-asks/suzume", "suzume",
                        test_nothing_to_claim_never_asks);

  return g_test_run ();
}
