/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "net-test-util.h"
#include "parlor-line.h"
#include "parlor-session.h"
#include "parlor-token-store.h"
#include "toy-game.h"

/* A guest's session on a host's table (the toy game of the net tests). */

static gboolean
client_in (ParlorClient      *client,
           ParlorClientState  state)
{
  return parlor_client_get_state (client) == state;
}

static gboolean
client_waiting (gpointer data)
{
  return client_in (data, PARLOR_CLIENT_WAITING);
}

static gboolean
client_playing (gpointer data)
{
  return client_in (data, PARLOR_CLIENT_PLAYING);
}

static gboolean
client_lobby (gpointer data)
{
  return client_in (data, PARLOR_CLIENT_LOBBY);
}

/* A client seated at @table_id of the server on @port. */
static ParlorClient *
seat_client (ParlorServer *server,
             guint16       port,
             const char   *name,
             const char   *table_id,
             gboolean      start)
{
  g_autofree char *address = g_strdup_printf ("127.0.0.1:%u", port);
  ParlorClient *client = parlor_client_new (name);
  g_autoptr(GError) error = NULL;

  parlor_client_connect_async (client, address, 5, NULL, NULL, NULL);
  g_assert_true (net_test_wait (client_lobby, client, 10000));
  parlor_client_join (client, table_id);
  g_assert_true (net_test_wait (client_waiting, client, 10000));
  if (start)
    {
      g_assert_true (parlor_server_start_table (server, table_id, &error));
      g_assert_no_error (error);
      g_assert_true (net_test_wait (client_playing, client, 10000));
    }
  return client;
}

typedef struct
{
  GArray *seats;    /* guint: seats the session said timed out */
} TimedOut;

static void
on_timed_out (ParlorSession *session,
              guint          seat,
              TimedOut      *out)
{
  g_array_append_val (out->seats, seat);
}

static gboolean
timed_out_twice (gpointer data)
{
  return ((TimedOut *) data)->seats->len >= 2;
}

/* The guest hears of its own time running out ("timed-out", its seat, for
 * the screen's toast), never of the host's. */
static void
test_own_timeout (void)
{
  guint16 port;
  g_autoptr(ParlorServer) server = net_test_server_new (&port);
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorClient) client = NULL;
  g_autoptr(ParlorSession) session = NULL;
  g_autofree char *address = g_strdup_printf ("127.0.0.1:%u", port);
  TimedOut out = { g_array_new (FALSE, FALSE, sizeof (guint)) };
  const char *table_id;
  int seat;

  parlor_server_set_time_limit (server, 1);
  table_id = parlor_server_create_table (server, "toy", "seats=2", "Host", &error);
  g_assert_no_error (error);
  client = seat_client (server, port, "Guest", table_id, TRUE);
  session = parlor_session_new_remote (client, address);
  g_signal_connect (session, "timed-out", G_CALLBACK (on_timed_out), &out);
  seat = parlor_session_get_seat (session);
  g_assert_cmpint (seat, >=, 0);

  /* Neither the guest nor the host plays: the timer plays for both. */
  g_assert_true (net_test_wait (timed_out_twice, &out, 30000));
  for (guint i = 0; i < out.seats->len; i++)
    g_assert_cmpuint (g_array_index (out.seats, guint, i), ==, (guint) seat);

  parlor_session_stop (session);
  g_array_unref (out.seats);
}

typedef struct
{
  ParlorSession *session;
  guint          seat;
} Replaced;

static gboolean
is_replaced (gpointer data)
{
  Replaced *r = data;

  return parlor_session_get_seat_replaced (r->session, r->seat) != NULL;
}

static gboolean
not_replaced (gpointer data)
{
  return !is_replaced (data);
}

/* A seat a computer keeps for a player who dropped shows as such, and no
 * more once they are back. */
static void
test_seat_replaced (void)
{
  guint16 port;
  g_autoptr(ParlorServer) server = net_test_server_new (&port);
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorClient) ann = NULL;
  g_autoptr(ParlorClient) bo = NULL;
  g_autoptr(ParlorClient) back = NULL;
  g_autoptr(ParlorSession) session = NULL;
  g_autofree char *address = g_strdup_printf ("127.0.0.1:%u", port);
  g_autofree char *token = NULL;
  Replaced r;
  const char *table_id;

  table_id = parlor_server_create_table (server, "toy", "seats=3", "Host", &error);
  g_assert_no_error (error);
  ann = seat_client (server, port, "Ann", table_id, FALSE);
  bo = seat_client (server, port, "Bo", table_id, TRUE);
  g_assert_true (net_test_wait (client_playing, ann, 10000));
  session = parlor_session_new_remote (ann, address);
  r.session = session;
  r.seat = parlor_client_get_seat (bo);
  g_assert_null (parlor_session_get_seat_replaced (session, r.seat));
  for (guint i = 0; i < 3; i++)
    g_assert_null (parlor_session_get_seat_replaced (session, i));

  token = g_strdup (parlor_client_get_token (bo));
  parlor_client_disconnect (bo);
  g_assert_true (net_test_wait (is_replaced, &r, 10000));
  g_assert_cmpstr (parlor_session_get_seat_replaced (session, r.seat), ==, "Bo");

  back = parlor_client_new ("Bo");
  parlor_client_set_token (back, token);
  parlor_client_connect_async (back, address, 5, NULL, NULL, NULL);
  g_assert_true (net_test_wait (client_playing, back, 10000));
  g_assert_true (net_test_wait (not_replaced, &r, 10000));

  /* The host's own table says the same of the seat. */
  parlor_client_disconnect (back);
  g_assert_true (net_test_wait (is_replaced, &r, 10000));
  g_assert_cmpstr (parlor_table_get_seat_replaced (parlor_server_get_table (server, table_id), r.seat),
                   ==, "Bo");
  parlor_session_stop (session);
}

typedef struct
{
  guint     n_events;
  gboolean  failed;
  gboolean  reconnected;
  GString  *log;
  ParlorSession *session;
  const char *address;
} Watch;

static void on_event (ParlorSession *session, const char *line, Watch *watch);
static void on_failed (ParlorSession *session, const GError *error, Watch *watch);
static void on_reconnected (ParlorSession *session, Watch *watch);
static void on_log (ParlorSession *session, const char *text, Watch *watch);

static void
on_started_session (ParlorClient *client,
                    Watch        *watch)
{
  g_signal_handlers_disconnect_by_data (client, watch);
  watch->session = parlor_session_new_remote (client, watch->address);
  g_signal_connect (watch->session, "event", G_CALLBACK (on_event), watch);
  g_signal_connect (watch->session, "failed", G_CALLBACK (on_failed), watch);
  g_signal_connect (watch->session, "reconnected", G_CALLBACK (on_reconnected), watch);
  g_signal_connect (watch->session, "log", G_CALLBACK (on_log), watch);
}

static void
on_event (ParlorSession *session,
          const char    *line,
          Watch         *watch)
{
  watch->n_events++;
}

static void
on_failed (ParlorSession *session,
           const GError  *error,
           Watch         *watch)
{
  watch->failed = TRUE;
}

static void
on_reconnected (ParlorSession *session,
                Watch         *watch)
{
  watch->reconnected = TRUE;
}

static void
on_log (ParlorSession *session,
        const char    *text,
        Watch         *watch)
{
  g_string_append_printf (watch->log, "%s\n", text);
}

static gboolean
has_failed (gpointer data)
{
  return ((Watch *) data)->failed;
}

static gboolean
has_reconnected (gpointer data)
{
  return ((Watch *) data)->reconnected;
}

/* The events a seat may see so far, counted from the table's record. */
static guint
events_of_seat (ParlorTable *table,
                guint        seat)
{
  GPtrArray *record = parlor_table_get_record (table);
  guint n = 0;

  for (guint i = 0; i < record->len; i++)
    {
      g_autoptr(ParlorLine) line = parlor_line_parse (g_ptr_array_index (record, i), NULL);
      const char *audience;

      /* `event audience=<hex mask|all> line=…` (docs/replay-format.md) */
      if (line == NULL || !g_str_equal (parlor_line_get_type (line), "event"))
        continue;
      audience = parlor_line_get (line, "audience");
      g_assert_nonnull (audience);
      if (g_str_equal (audience, "all") || (g_ascii_strtoull (audience, NULL, 16) & (1u << seat)) != 0)
        n++;
    }
  return n;
}

typedef struct
{
  Watch       *watch;
  ParlorTable *table;
  guint        seat;
} Count;

static gboolean
counts_agree (gpointer data)
{
  Count *c = data;

  return c->watch->n_events == events_of_seat (c->table, c->seat);
}

/* The connection breaks; Reconnect takes the seat back, and the events the
 * session had are not told twice (the host's history starts with them). */
static void
test_reconnect_once (void)
{
  guint16 port;
  g_autoptr(ParlorServer) server = net_test_server_new (&port);
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorClient) client = NULL;
  g_autoptr(ParlorSession) session = NULL;
  g_autofree char *address = g_strdup_printf ("127.0.0.1:%u", port);
  Watch watch = { 0, FALSE, FALSE, g_string_new (NULL), NULL, NULL };
  ParlorTable *table;
  Count count;
  const char *table_id;
  int seat;

  table_id = parlor_server_create_table (server, "toy", "seats=2", "Host", &error);
  g_assert_no_error (error);
  table = parlor_server_get_table (server, table_id);
  /* As the app does: the session starts with the seat ("started"), before
   * the first events. */
  client = seat_client (server, port, "Guest", table_id, FALSE);
  watch.address = address;
  g_signal_connect (client, "started", G_CALLBACK (on_started_session), &watch);
  g_assert_true (parlor_server_start_table (server, table_id, &error));
  g_assert_no_error (error);
  g_assert_true (net_test_wait (client_playing, client, 10000));
  session = g_steal_pointer (&watch.session);
  g_assert_nonnull (session);
  seat = parlor_session_get_seat (session);
  count.watch = &watch;
  count.table = table;
  count.seat = seat;

  /* A client that sends nothing but nonsense is dropped by the host. */
  for (guint i = 0; i < 100; i++)
    parlor_client_send_raw (client, "nonsense");
  g_assert_true (net_test_wait (has_failed, &watch, 10000));

  /* Straight away: the host may not have seen the drop yet ("seat-taken"),
   * which the session tries again after a second. */
  parlor_session_reconnect (session);
  g_assert_true (parlor_session_is_reconnecting (session));
  net_test_wait (has_reconnected, &watch, 20000);
  g_test_message ("log: %s", watch.log->str);
  g_assert_true (watch.reconnected);
  g_assert_false (parlor_session_is_reconnecting (session));
  g_assert_cmpint (parlor_session_get_seat (session), ==, seat);
  g_assert_nonnull (strstr (watch.log->str, "Reconnecting… (attempt 1 of 5)"));
  /* Every event once: none twice, none missing. */
  g_assert_true (net_test_wait (counts_agree, &count, 10000));

  parlor_session_stop (session);
  g_string_free (watch.log, TRUE);
}

/* The host is gone for good: five attempts, 1, 2, 4 and 8 s apart, each
 * said, then "The host cannot be reached". (About 15 s: suite slow.) */
static void
test_reconnect_gives_up (void)
{
  guint16 port;
  g_autoptr(ParlorServer) server = net_test_server_new (&port);
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorClient) client = NULL;
  g_autoptr(ParlorSession) session = NULL;
  g_autofree char *address = g_strdup_printf ("127.0.0.1:%u", port);
  Watch watch = { 0, FALSE, FALSE, g_string_new (NULL), NULL, NULL };
  const char *table_id;
  gint64 started;

  table_id = parlor_server_create_table (server, "toy", "seats=2", "Host", &error);
  g_assert_no_error (error);
  client = seat_client (server, port, "Guest", table_id, TRUE);
  session = parlor_session_new_remote (client, address);
  g_signal_connect (session, "failed", G_CALLBACK (on_failed), &watch);
  g_signal_connect (session, "log", G_CALLBACK (on_log), &watch);

  parlor_server_stop (server);
  g_assert_true (net_test_wait (has_failed, &watch, 10000));
  watch.failed = FALSE;
  started = g_get_monotonic_time ();
  parlor_session_reconnect (session);
  g_assert_true (net_test_wait (has_failed, &watch, 60000));
  /* 1 + 2 + 4 + 8 s between the attempts. */
  g_assert_cmpint (g_get_monotonic_time () - started, >=, 15 * G_USEC_PER_SEC - G_USEC_PER_SEC / 2);
  for (guint i = 1; i <= 5; i++)
    {
      g_autofree char *said = g_strdup_printf ("Reconnecting… (attempt %u of 5)", i);

      g_assert_nonnull (strstr (watch.log->str, said));
    }
  g_assert_null (strstr (watch.log->str, "attempt 6"));
  g_assert_nonnull (strstr (watch.log->str, "The host cannot be reached"));
  g_assert_false (parlor_session_is_reconnecting (session));

  parlor_session_stop (session);
  g_string_free (watch.log, TRUE);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *state = g_dir_make_tmp ("parlor-session-XXXXXX", NULL);
  int status;

  /* Tokens go to a state directory of the test's own. */
  g_setenv ("XDG_STATE_HOME", state, TRUE);
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/session-remote/own-timeout", test_own_timeout);
  g_test_add_func ("/app/session-remote/seat-replaced", test_seat_replaced);
  g_test_add_func ("/app/session-remote/reconnect-once", test_reconnect_once);
  g_test_add_func ("/app/session-remote/reconnect-gives-up", test_reconnect_gives_up);

  status = g_test_run ();
  {
    g_autofree char *file = parlor_token_store_default_path ();
    g_autofree char *dir = g_path_get_dirname (file);

    g_remove (file);
    g_rmdir (dir);
    g_rmdir (state);
  }
  return status;
}
