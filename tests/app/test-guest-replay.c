/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "net-test-util.h"
#include "parlor-games.h"
#include "parlor-line.h"
#include "parlor-session.h"

/*
 * A LAN guest keeps its game as a seat's view (docs/replay-format.md): a
 * game is hosted and played to its end on loopback, the host's seat and
 * the guest's each choosing with the weakest computer level from their own
 * view; the guest's kept file, opened in a replay session as the viewer
 * does, must show at every step the view and events the guest's session
 * showed live, and hold no event the host told other seats only.
 */

typedef struct
{
  GPtrArray *lines;   /* events since the last step */
  char      *view;
} Step;

static void
step_free (gpointer data)
{
  Step *step = data;

  g_ptr_array_unref (step->lines);
  g_free (step->view);
  g_free (step);
}

typedef struct
{
  const ParlorGameInfo *info;
  ParlorSession *session;
  GPtrArray     *steps;     /* Step: what the session showed */
  GPtrArray     *pending;   /* events since the last step */
  guint          idle;
  guint64        seed;
  gboolean       over;
  gboolean       failed;
} Seat;

static void
on_event (ParlorSession *session,
          const char    *line,
          Seat          *seat)
{
  g_ptr_array_add (seat->pending, g_strdup (line));
}

static void on_waiting (ParlorSession *session,
                        GParamSpec    *pspec,
                        Seat          *seat);

static void
on_changed (ParlorSession *session,
            Seat          *seat)
{
  g_autofree char *view = parlor_session_dup_view (session);
  Step *last = seat->steps->len > 0 ? g_ptr_array_index (seat->steps, seat->steps->len - 1) : NULL;
  Step *step;

  if (view == NULL)
    return;
  /* A view that changed nothing shows no new step. */
  if (last != NULL && seat->pending->len == 0 && g_str_equal (last->view, view))
    return;
  step = g_new0 (Step, 1);
  step->lines = g_steal_pointer (&seat->pending);
  step->view = g_steal_pointer (&view);
  seat->pending = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (seat->steps, step);
  on_waiting (session, NULL, seat);
}

static gboolean
play (gpointer data)
{
  Seat *seat = data;
  g_autofree char *view = NULL;
  g_autofree char *action = NULL;
  g_autoptr(GError) error = NULL;

  seat->idle = 0;
  if (!parlor_session_is_waiting (seat->session) || parlor_session_is_pending (seat->session))
    return G_SOURCE_REMOVE;
  view = parlor_session_dup_view (seat->session);
  action = seat->info->ai_choose (seat->info->ai_levels[0], view, seat->seed++, NULL, &error);
  /* A guest may hear that it is waited on before the view that asks it
   * arrives; that view's change plays. */
  if (g_error_matches (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN))
    return G_SOURCE_REMOVE;
  g_assert_no_error (error);
  if (!parlor_session_submit (seat->session, action, &error))
    g_debug ("not taken: %s", error->message);
  return G_SOURCE_REMOVE;
}

static void
on_waiting (ParlorSession *session,
            GParamSpec    *pspec,
            Seat          *seat)
{
  if (seat->idle == 0)
    seat->idle = g_timeout_add (5, play, seat);
}

static void
on_game_over (ParlorSession *session,
              const char    *result,
              Seat          *seat)
{
  seat->over = TRUE;
}

static void
on_failed (ParlorSession *session,
           const GError  *error,
           Seat          *seat)
{
  seat->failed = TRUE;
}

static void
seat_init (Seat                 *seat,
           const ParlorGameInfo *info,
           ParlorSession        *session,
           guint64               seed)
{
  seat->info = info;
  seat->session = session;
  seat->seed = seed;
  seat->steps = g_ptr_array_new_with_free_func (step_free);
  seat->pending = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (session, "event", G_CALLBACK (on_event), seat);
  g_signal_connect (session, "changed", G_CALLBACK (on_changed), seat);
  g_signal_connect (session, "notify::waiting", G_CALLBACK (on_waiting), seat);
  g_signal_connect (session, "notify::pending", G_CALLBACK (on_waiting), seat);
  g_signal_connect (session, "game-over", G_CALLBACK (on_game_over), seat);
  g_signal_connect (session, "failed", G_CALLBACK (on_failed), seat);
}

static void
seat_clear (Seat *seat)
{
  g_clear_handle_id (&seat->idle, g_source_remove);
  g_signal_handlers_disconnect_by_data (seat->session, seat);
  g_ptr_array_unref (seat->steps);
  g_ptr_array_unref (seat->pending);
}

static gboolean
both_over (gpointer data)
{
  Seat *seats = data;

  /* Either may wait for the other: poke them, the clock is not asked. */
  for (guint i = 0; i < 2; i++)
    if (!seats[i].over && seats[i].idle == 0 && parlor_session_is_waiting (seats[i].session))
      seats[i].idle = g_timeout_add (5, play, &seats[i]);
  return (seats[0].over && seats[1].over) || seats[1].failed;
}

typedef struct
{
  const ParlorGameInfo *info;
  const char    *address;
  ParlorSession *session;
  Seat          *seat;
} Joining;

/* As the app does: the guest's session from the start, before any event. */
static void
on_started (ParlorClient *client,
            Joining      *joining)
{
  joining->session = parlor_session_new_remote (client, joining->address);
  seat_init (joining->seat, joining->info, joining->session, 2);
}

static gboolean
client_in (gpointer data)
{
  return parlor_client_get_state (data) == PARLOR_CLIENT_WAITING;
}

static gboolean
client_lobby (gpointer data)
{
  return parlor_client_get_state (data) == PARLOR_CLIENT_LOBBY;
}

static gboolean
client_playing (gpointer data)
{
  return parlor_client_get_state (data) == PARLOR_CLIENT_PLAYING;
}

/* The replay session tells what a step added: its events, then "changed". */
typedef struct
{
  GPtrArray *lines;
} Told;

static void
on_told (ParlorSession *session,
         const char    *line,
         Told          *told)
{
  g_ptr_array_add (told->lines, g_strdup (line));
}

static void
test_guest_keeps (gconstpointer data)
{
  const char *game_id = data;
  const ParlorGameInfo *info = parlor_games_lookup (game_id);
  g_autoptr(ParlorServer) server = parlor_server_new (parlor_games_lookup);
  g_autoptr(ParlorClient) client = parlor_client_new ("Guest");
  g_autoptr(ParlorSession) host = NULL;
  g_autoptr(ParlorSession) guest = NULL;
  g_autoptr(ParlorReplayCursor) cursor = NULL;
  g_autoptr(ParlorSession) replay = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *address = NULL;
  g_autofree char *text = NULL;
  Seat seats[2] = { 0 };
  Told told = { g_ptr_array_new_with_free_func (g_free) };
  Joining joining;
  GPtrArray *record;
  const char *table_id;
  guint16 port;
  int guest_seat;
  guint n_hidden = 0;

  parlor_server_set_allow_create (server, TRUE);
  parlor_server_set_seed (server, 11);
  parlor_server_set_ai_delay (server, 0);
  parlor_server_set_claim_minimum (server, 5);
  g_assert_true (parlor_server_listen (server, "127.0.0.1", 0, &port, &error));
  g_assert_no_error (error);
  table_id = parlor_server_create_table (server, game_id, g_str_equal (game_id, "mcr") ? "hands=1" : "",
                                         "Host", &error);
  g_assert_no_error (error);
  address = g_strdup_printf ("127.0.0.1:%u", port);
  parlor_client_connect_async (client, address, 5, NULL, NULL, NULL);
  g_assert_true (net_test_wait (client_lobby, client, 60000));
  parlor_client_join (client, table_id);
  g_assert_true (net_test_wait (client_in, client, 60000));
  joining = (Joining) { info, address, NULL, &seats[1] };
  g_signal_connect (client, "started", G_CALLBACK (on_started), &joining);

  host = parlor_session_new_hosted (server, table_id);
  seat_init (&seats[0], info, host, 1);
  g_assert_true (parlor_session_start (host, &error));
  g_assert_no_error (error);
  g_assert_true (net_test_wait (client_playing, client, 60000));
  guest = joining.session;
  g_assert_nonnull (guest);
  g_signal_handlers_disconnect_by_data (client, &joining);
  on_waiting (host, NULL, &seats[0]);
  on_waiting (guest, NULL, &seats[1]);

  g_assert_true (net_test_wait (both_over, seats, 300000));
  g_assert_false (seats[1].failed);
  guest_seat = parlor_session_get_seat (guest);
  g_assert_cmpint (guest_seat, >=, 0);

  text = parlor_session_dup_seat_view (guest);
  g_assert_nonnull (text);
  g_assert_true (g_str_has_prefix (text, "replay version=2 kind=seat-view\n"));
  g_assert_null (strstr (text, "\nunfinished\n"));
  g_assert_null (parlor_session_dup_seat_view (host));

  /* It opens as the viewer opens it, with the guest's seat only. */
  cursor = parlor_replay_cursor_new (text, parlor_games_lookup, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpint (parlor_replay_cursor_get_view_seat (cursor), ==, guest_seat);
  g_assert_cmpstr (parlor_replay_cursor_get_seat_name (cursor, guest_seat), ==, "Guest");
  g_assert_cmpuint (parlor_replay_cursor_get_n_steps (cursor) + 1, ==, seats[1].steps->len);
  replay = parlor_session_new_replay (cursor, guest_seat);
  g_signal_connect (replay, "event", G_CALLBACK (on_told), &told);
  g_assert_true (parlor_session_start (replay, &error));
  for (guint k = 0; k < seats[1].steps->len; k++)
    {
      Step *live = g_ptr_array_index (seats[1].steps, k);
      g_autofree char *view = NULL;

      if (k > 0)
        {
          g_assert_true (parlor_replay_cursor_go_to (cursor, k, &error));
          g_assert_true (parlor_session_replay_sync (replay));
        }
      view = parlor_session_dup_view (replay);
      g_assert_cmpstr (view, ==, live->view);
      g_assert_cmpuint (told.lines->len, ==, live->lines->len);
      for (guint i = 0; i < told.lines->len; i++)
        g_assert_cmpstr (g_ptr_array_index (told.lines, i), ==, g_ptr_array_index (live->lines, i));
      g_ptr_array_set_size (told.lines, 0);
    }
  g_assert_true (parlor_replay_cursor_is_over (cursor));
  g_assert_cmpstr (parlor_replay_cursor_get_seen_result (cursor), ==, parlor_client_get_result (client));

  /* No event the host told other seats only is in the guest's file. */
  record = parlor_table_get_record (parlor_server_get_table (server, table_id));
  for (guint i = 0; i < record->len; i++)
    {
      g_autoptr(ParlorLine) r = parlor_line_parse (g_ptr_array_index (record, i), NULL);
      const char *audience;
      guint32 mask;
      g_autofree char *as_record = NULL;

      if (r == NULL || !g_str_equal (parlor_line_get_type (r), "event"))
        continue;
      audience = parlor_line_get (r, "audience");
      mask = g_str_equal (audience, "all") ? PARLOR_AUDIENCE_ALL
                                          : (guint32) g_ascii_strtoull (audience, NULL, 16);
      as_record = g_strdup_printf ("\nevent %s\n", parlor_line_get (r, "line"));
      if ((mask & PARLOR_AUDIENCE_SEAT (guest_seat)) != 0)
        g_assert_nonnull (strstr (text, as_record));
      else
        n_hidden++;
      if ((mask & PARLOR_AUDIENCE_SEAT (guest_seat)) == 0 && strstr (text, as_record) != NULL)
        {
          /* Only as the same line told to the guest too. */
          gboolean also = FALSE;

          for (guint j = 0; j < record->len && !also; j++)
            {
              g_autoptr(ParlorLine) o = parlor_line_parse (g_ptr_array_index (record, j), NULL);

              also = o != NULL && g_str_equal (parlor_line_get_type (o), "event") &&
                     g_strcmp0 (parlor_line_get (o, "line"), parlor_line_get (r, "line")) == 0 &&
                     (g_str_equal (parlor_line_get (o, "audience"), "all") ||
                      (g_ascii_strtoull (parlor_line_get (o, "audience"), NULL, 16) &
                       PARLOR_AUDIENCE_SEAT (guest_seat)) != 0);
            }
          g_assert_true (also);
        }
    }

  /* The guest's moves, each after the view it was made from, are moves the
   * host's table took from that seat, in order. */
  {
    guint n_moves = 0, at = 0;

    for (guint k = 0; k <= parlor_replay_cursor_get_n_steps (cursor); k++)
      {
        const char *move = parlor_replay_cursor_get_move (cursor, k);
        g_autofree char *action = NULL;
        gboolean found = FALSE;

        if (move == NULL)
          continue;
        n_moves++;
        action = g_strdup_printf ("%d", guest_seat);
        for (; at < record->len && !found; at++)
          {
            g_autoptr(ParlorLine) r = parlor_line_parse (g_ptr_array_index (record, at), NULL);

            found = r != NULL && g_str_equal (parlor_line_get_type (r), "action") &&
                    g_strcmp0 (parlor_line_get (r, "seat"), action) == 0 &&
                    g_strcmp0 (parlor_line_get (r, "line"), move) == 0;
          }
        g_assert_true (found);
      }
    g_assert_cmpuint (n_moves, >, 0);
  }

  /* Every game but Triple Triad (its hands are open) hides something. */
  g_test_message ("%u events for other seats only", n_hidden);
  if (!g_str_equal (game_id, "triad"))
    g_assert_cmpuint (n_hidden, >, 0);

  g_signal_handlers_disconnect_by_data (replay, &told);
  g_ptr_array_unref (told.lines);
  seat_clear (&seats[0]);
  seat_clear (&seats[1]);
  parlor_session_stop (guest);
  parlor_session_stop (host);
}

static gboolean
has_step (gpointer data)
{
  return ((Seat *) data)->steps->len > 0;
}

static gboolean
seat_failed (gpointer data)
{
  return ((Seat *) data)->failed;
}

/* The host goes away mid-game: what the guest saw is kept, unfinished. */
static void
test_host_vanishes (void)
{
  const ParlorGameInfo *info = parlor_games_lookup ("triad");
  g_autoptr(ParlorServer) server = parlor_server_new (parlor_games_lookup);
  g_autoptr(ParlorClient) client = parlor_client_new ("Guest");
  g_autoptr(ParlorSession) guest = NULL;
  g_autoptr(ParlorReplayCursor) cursor = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *address = NULL;
  g_autofree char *text = NULL;
  g_autofree char *view = NULL;
  Seat seat = { 0 };
  Joining joining;
  const char *table_id;
  guint16 port;

  parlor_server_set_allow_create (server, TRUE);
  parlor_server_set_seed (server, 3);
  g_assert_true (parlor_server_listen (server, "127.0.0.1", 0, &port, &error));
  table_id = parlor_server_create_table (server, "triad", "", "Host", &error);
  g_assert_no_error (error);
  address = g_strdup_printf ("127.0.0.1:%u", port);
  parlor_client_connect_async (client, address, 5, NULL, NULL, NULL);
  g_assert_true (net_test_wait (client_lobby, client, 60000));
  parlor_client_join (client, table_id);
  g_assert_true (net_test_wait (client_in, client, 60000));
  joining = (Joining) { info, address, NULL, &seat };
  g_signal_connect (client, "started", G_CALLBACK (on_started), &joining);
  g_assert_true (parlor_server_start_table (server, table_id, &error));
  g_assert_true (net_test_wait (client_playing, client, 60000));
  guest = joining.session;
  g_signal_handlers_disconnect_by_data (client, &joining);
  g_assert_true (net_test_wait (has_step, &seat, 60000));

  parlor_server_stop (server);
  g_assert_true (net_test_wait (seat_failed, &seat, 60000));
  text = parlor_session_dup_seat_view (guest);
  g_assert_nonnull (text);
  g_assert_true (g_str_has_suffix (text, "\nunfinished\n"));
  cursor = parlor_replay_cursor_new (text, parlor_games_lookup, 0, &error);
  g_assert_no_error (error);
  g_assert_true (parlor_replay_cursor_is_unfinished (cursor));
  g_assert_true (parlor_replay_cursor_go_to (cursor, parlor_replay_cursor_get_n_steps (cursor), NULL));
  view = parlor_replay_cursor_dup_view (cursor, parlor_session_get_seat (guest));
  g_assert_cmpstr (view, ==, ((Step *) g_ptr_array_index (seat.steps, seat.steps->len - 1))->view);
  seat_clear (&seat);
  parlor_session_stop (guest);
}

int
main (int   argc,
      char *argv[])
{
  static const char * const games[] = { "triad", "manhattan", "jihai", "suzume", "mcr" };

  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autofree char *path = g_strdup_printf ("/app/guest-replay/%s", games[i]);

      g_test_add_data_func (path, games[i], test_guest_keeps);
    }
  g_test_add_func ("/app/guest-replay/host-vanishes", test_host_vanishes);
  return g_test_run ();
}
