/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <sys/prctl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "parlor-application.h"
#include "parlor-host-window.h"
#include "parlor-join-window.h"
#include "parlor-token-store.h"
#include "parlor-window.h"
#include "triad-hand-view.h"
#include "triad-screen-private.h"
#include "triad-view.h"
#include "ui-test-util.h"

/*
 * A guest's app is killed in the middle of a Triple Triad game; a new app
 * of the same user (the same state directory) joins the same host and gets
 * its seat, its hand and its log back.
 *
 * The killed guest is this test program run again with PARLOR_TEST_GUEST
 * set to the host's address: it joins, says "seated" on its standard
 * output once its seat is dealt and its token kept, and waits to be killed.
 */

#define GUEST_ENV "PARLOR_TEST_GUEST"

typedef struct
{
  ParlorWindow *window;
  GtkWidget    *screen;
  const char   *address;
} Guest;

static void
on_joined (ParlorJoinWindow *join,
           ParlorClient     *client,
           const char       *address,
           Guest            *guest)
{
  guest->screen = parlor_window_get_screen (guest->window);
}

static gboolean
guest_seated (gpointer data)
{
  Guest *guest = data;

  return guest->screen != NULL && parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (TRIAD_SCREEN (guest->screen))) >= 0;
}

static gboolean
guest_dealt (gpointer data)
{
  Guest *guest = data;
  g_autofree char *view = NULL;
  g_autoptr(ParlorTokenEntry) entry = NULL;

  if (!guest_seated (guest))
    return FALSE;
  view = triad_screen_dup_view (TRIAD_SCREEN (guest->screen));
  entry = parlor_token_store_lookup (NULL, guest->address);
  return view != NULL && entry != NULL;
}

static ParlorJoinWindow *
open_join (Guest *guest)
{
  ParlorJoinWindow *join;

  guest->window = parlor_window_new (ui_test_get_app ());
  gtk_window_set_default_size (GTK_WINDOW (guest->window), 1100, 760);
  gtk_window_present (GTK_WINDOW (guest->window));
  parlor_window_show_game (guest->window, "triad");
  join = parlor_window_join_lan (guest->window);
  g_assert_nonnull (join);
  g_signal_connect (join, "started", G_CALLBACK (on_joined), guest);
  return join;
}

static gboolean
exit_now (gpointer data)
{
  _exit (3);
}

/* The child: join, get dealt, say so, wait for the end. */
static int
guest_main (const char *address)
{
  Guest guest = { NULL, NULL, address };
  ParlorJoinWindow *join;

  g_assert_true (parlor_settings_set_player_name (parlor_application_get_settings (ui_test_get_app ()),
                                                  "Guest", NULL));
  join = open_join (&guest);
  parlor_join_window_connect (join, address);
  /* Never outlive a test that forgot us. */
  g_timeout_add_seconds (240, (GSourceFunc) exit_now, NULL);
  ui_test_wait_for (guest_dealt, &guest);
  printf ("seated %d\n", parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (TRIAD_SCREEN (guest.screen))));
  fflush (stdout);
  for (;;)
    g_main_context_iteration (NULL, TRUE);
  return 0;
}

/* ---- the host's side ---------------------------------------------------- */

/* A child left behind by a failed test must not hold the test's output open. */
static void
die_with_parent (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}

typedef struct
{
  GDataInputStream *out;
  char             *line;
  gboolean          done;
} LineRead;

static void
on_line_read (GObject      *object,
              GAsyncResult *result,
              gpointer      data)
{
  LineRead *read = data;

  read->line = g_data_input_stream_read_line_finish_utf8 (G_DATA_INPUT_STREAM (object), result,
                                                           NULL, NULL);
  read->done = TRUE;
}

static gboolean
line_read (gpointer data)
{
  return ((LineRead *) data)->done;
}

typedef struct
{
  ParlorTable *table;
  guint        seat;
  ParlorSeatKind kind;
} SeatKind;

static gboolean
seat_is (gpointer data)
{
  SeatKind *want = data;

  return parlor_table_get_seat_kind (want->table, want->seat) == want->kind;
}

typedef struct
{
  TriadScreen *screen;
  ParlorTable *table;
  int          seat;
} Same;

/* The guest's view is the one the table has for its seat. */
static gboolean
view_is_tables (gpointer data)
{
  Same *same = data;
  g_autofree char *mine = triad_screen_dup_view (same->screen);
  g_autofree char *tables = parlor_table_view_for (same->table, same->seat);

  return mine != NULL && g_strcmp0 (mine, tables) == 0;
}

static void
on_child_exited (GObject      *object,
                 GAsyncResult *result,
                 gpointer      data)
{
  g_subprocess_wait_finish (G_SUBPROCESS (object), result, NULL);
  *(gboolean *) data = TRUE;
}

static gboolean
child_gone (gpointer data)
{
  return *(gboolean *) data;
}

static guint
count (const char *haystack,
       const char *needle)
{
  guint n = 0;

  for (const char *p = strstr (haystack, needle); p != NULL; p = strstr (p + 1, needle))
    n++;
  return n;
}

static gboolean
host_heard_back (gpointer data)
{
  g_autofree char *log = parlor_game_screen_dup_log_text (PARLOR_GAME_SCREEN (data));

  return strstr (log, "Guest is back") != NULL;
}

static void
test_restarted_guest (void)
{
  ParlorWindow *window = ui_test_get_window ();
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) child = NULL;
  g_autoptr(GDataInputStream) out = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorTokenEntry) entry = NULL;
  g_autofree char *address = NULL;
  g_autofree char *exe = NULL;
  g_autofree char *log = NULL;
  LineRead read = { NULL, NULL, FALSE };
  Guest guest = { NULL, NULL, NULL };
  ParlorHostWindow *host;
  ParlorJoinWindow *join;
  TriadScreen *screen;
  ParlorTable *table;
  SeatKind kind;
  Same same;
  TriadView view;
  int guest_seat;
  gboolean exited = FALSE;

  parlor_window_show_game (window, "triad");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  screen = TRIAD_SCREEN (parlor_window_get_screen (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "win.host-lan", NULL));
  host = PARLOR_HOST_WINDOW (ui_test_find_window (PARLOR_TYPE_HOST_WINDOW));
  g_assert_nonnull (host);
  address = g_strdup_printf ("127.0.0.1:%u", parlor_host_window_get_port (host));
  guest.address = address;

  /* The first guest: another process, with the same state directory. */
  exe = g_file_read_link ("/proc/self/exe", &error);
  g_assert_no_error (error);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);
  g_subprocess_launcher_setenv (launcher, GUEST_ENV, address, TRUE);
  child = g_subprocess_launcher_spawn (launcher, &error, exe, NULL);
  g_assert_no_error (error);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (child));
  ui_test_wait_for (ui_test_two_players, host);
  g_assert_true (parlor_host_window_start (host));
  table = parlor_game_screen_get_table (PARLOR_GAME_SCREEN (screen));
  g_assert_nonnull (table);

  /* The child's test framework may say things first. */
  do
    {
      g_clear_pointer (&read.line, g_free);
      read.done = FALSE;
      g_data_input_stream_read_line_async (out, G_PRIORITY_DEFAULT, NULL, on_line_read, &read);
      ui_test_wait_for (line_read, &read);
      g_assert_nonnull (read.line);
    }
  while (!g_str_has_prefix (read.line, "seated "));
  guest_seat = atoi (read.line + strlen ("seated "));
  g_free (read.line);
  g_assert_cmpint (guest_seat, ==, 1 - parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (screen)));
  g_assert_cmpint (parlor_table_get_seat_kind (table, guest_seat), ==, PARLOR_SEAT_REMOTE);

  /* Killed: no goodbye; a computer keeps the seat. */
  g_subprocess_send_signal (child, SIGKILL);
  g_subprocess_wait_async (child, NULL, on_child_exited, &exited);
  ui_test_wait_for (child_gone, &exited);
  g_assert_false (g_subprocess_get_if_exited (child));
  kind.table = table;
  kind.seat = guest_seat;
  kind.kind = PARLOR_SEAT_AI;
  ui_test_wait_for (seat_is, &kind);
  g_assert_cmpstr (parlor_table_get_seat_replaced (table, guest_seat), ==, "Guest");

  /* The restarted app knows it has a seat there, says so and takes it. */
  entry = parlor_token_store_lookup (NULL, address);
  g_assert_nonnull (entry);
  g_assert_cmpstr (entry->game_id, ==, "triad");
  g_assert_cmpstr (entry->name, ==, "Guest");
  g_assert_true (parlor_settings_set_player_name (parlor_application_get_settings (ui_test_get_app ()),
                                                  "Guest", NULL));
  join = open_join (&guest);
  g_assert_true (parlor_settings_set_player_name (parlor_application_get_settings (ui_test_get_app ()),
                                                  "Host", NULL));
  g_assert_false (parlor_join_window_has_seat (join));
  parlor_join_window_connect (join, address);
  g_assert_true (parlor_join_window_has_seat (join));
  {
    g_autofree char *join_log = parlor_join_window_get_log (join);

    g_assert_nonnull (strstr (join_log, "You have a seat in a game on this host."));
  }
  ui_test_wait_for (guest_seated, &guest);

  /* The same seat, a player in it again, the table's view of it. */
  g_assert_cmpint (parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (TRIAD_SCREEN (guest.screen))), ==, guest_seat);
  kind.kind = PARLOR_SEAT_REMOTE;
  ui_test_wait_for (seat_is, &kind);
  same.screen = TRIAD_SCREEN (guest.screen);
  same.table = table;
  same.seat = guest_seat;
  ui_test_wait_for (view_is_tables, &same);
  {
    g_autofree char *line = triad_screen_dup_view (TRIAD_SCREEN (guest.screen));

    g_assert_true (triad_view_parse (line, &view, NULL));
    g_assert_cmpuint (triad_hand_view_get_n_cards (TRIAD_HAND_VIEW (triad_screen_get_my_hand (TRIAD_SCREEN (guest.screen)))),
                      ==, view.n_hand[guest_seat]);
    g_assert_cmpuint (view.n_hand[guest_seat], >, 0);
  }
  ui_test_wait_for (host_heard_back, screen);

  /* The log is back: the rules the host chose, said once. */
  log = parlor_game_screen_dup_log_text (PARLOR_GAME_SCREEN (TRIAD_SCREEN (guest.screen)));
  g_assert_cmpuint (count (log, "Rules: "), ==, 1);
  ui_test_screenshot (GTK_WIDGET (guest.window), "reconnect-guest-back");

  gtk_window_destroy (GTK_WINDOW (guest.window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
}

int
main (int   argc,
      char *argv[])
{
  const char *guest = g_getenv (GUEST_ENV);
  g_autofree char *state = NULL;
  int status;

  if (guest == NULL)
    {
      /* Before anything reads it: the child inherits it. */
      state = g_dir_make_tmp ("parlor-reconnect-XXXXXX", NULL);
      g_assert_nonnull (state);
      g_setenv ("XDG_STATE_HOME", state, TRUE);
    }
  ui_test_init (&argc, &argv);
  if (guest != NULL)
    return guest_main (guest);

  g_assert_true (parlor_settings_set_player_name (parlor_application_get_settings (ui_test_get_app ()), "Host", NULL));
  g_test_add_func ("/app/reconnect/restarted-guest", test_restarted_guest);

  status = ui_test_run ();
  {
    g_autofree char *file = parlor_token_store_default_path ();
    g_autofree char *dir = g_path_get_dirname (file);

    g_remove (file);
    g_rmdir (dir);
    g_rmdir (state);
  }
  return status;
}
