/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "parlor-client.h"
#include "parlor-host-window.h"
#include "ui-test-util.h"

/*
 * The host window: its banner says where it listens, who joined and why
 * Start waits; its connections log says it waits for players until the
 * first line, stays bounded under a join/leave flood; Remove takes a
 * waiting guest off the table (the guest is told why), and Cancel stops
 * hosting and frees the port.
 */

typedef struct
{
  ParlorClient *client;
  gboolean      connected;
  GError       *failure;
} Guest;

static void
on_connected (GObject      *object,
              GAsyncResult *result,
              gpointer      data)
{
  Guest *guest = data;

  guest->connected = parlor_client_connect_finish (PARLOR_CLIENT (object), result, &guest->failure);
}

static void
on_failed (ParlorClient *client,
           const GError *error,
           Guest        *guest)
{
  g_clear_error (&guest->failure);
  guest->failure = g_error_copy (error);
}

static gboolean
guest_connected (gpointer data)
{
  Guest *guest = data;

  return guest->connected || guest->failure != NULL;
}

static gboolean
guest_waiting (gpointer data)
{
  return parlor_client_get_state (((Guest *) data)->client) == PARLOR_CLIENT_WAITING;
}

static gboolean
guest_in_lobby (gpointer data)
{
  return parlor_client_get_state (((Guest *) data)->client) == PARLOR_CLIENT_LOBBY;
}

static gboolean
guest_failed (gpointer data)
{
  return ((Guest *) data)->failure != NULL;
}

static gboolean
two_players (gpointer data)
{
  return parlor_host_window_get_n_players (data) == 2;
}

static gboolean
one_player (gpointer data)
{
  return parlor_host_window_get_n_players (data) == 1;
}

/* GTK 4.8 has no getter for accessible properties, but its test API returns
 * the value it holds when it differs from the one asked for. */
static char *
a11y_property (GtkWidget             *widget,
               GtkAccessibleProperty  property)
{
  char *value = gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget), property, "\x01 none");

  return value != NULL ? value : g_strdup ("");
}

/* The banner as a screen reader reads it: a status named by its title. */
static void
assert_status_announced (ParlorStatusBanner *status)
{
  g_autofree char *label = a11y_property (GTK_WIDGET (status), GTK_ACCESSIBLE_PROPERTY_LABEL);
  g_autofree char *description = a11y_property (GTK_WIDGET (status), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);

  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (status)), ==,
                   GTK_ACCESSIBLE_ROLE_STATUS);
  g_assert_cmpstr (label, ==, parlor_status_banner_get_title (status));
  g_assert_cmpstr (description, ==, parlor_status_banner_get_detail (status));
}

static GtkWidget *
find_button (GtkWidget  *root,
             const char *action)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_BUTTON (child) &&
          g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (child)), action) == 0)
        return child;
      found = find_button (child, action);
      if (found != NULL)
        return found;
    }

  return NULL;
}

static void
test_host_window (void)
{
  ParlorWindow *window = ui_test_get_window ();
  ParlorHostWindow *host;
  ParlorServer *server;
  Guest guest = { 0 };
  g_autofree char *address = NULL;
  g_autoptr(GSocketListener) listener = g_socket_listener_new ();
  g_autoptr(GError) error = NULL;
  GtkWidget *remove;
  GtkWidget *start_button;
  ParlorStatusBanner *status;
  g_autofree char *port_text = NULL;
  g_autofree char *waiting_title = NULL;
  guint16 port;

  parlor_window_show_game (window, "manhattan");
  host = parlor_window_host_lan (window);
  g_assert_nonnull (host);
  g_object_ref (host);
  server = parlor_host_window_get_server (host);
  port = parlor_host_window_get_port (host);
  port_text = g_strdup_printf ("%u", port);
  status = parlor_host_window_get_status (host);
  start_button = parlor_host_window_get_start_button (host);

  /* Alone: the banner says where, and why Start waits; the log is empty. */
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (status)));
  g_assert_cmpint (parlor_status_banner_get_kind (status), ==, PARLOR_STATUS_BUSY);
  g_assert_nonnull (strstr (parlor_status_banner_get_title (status), "127.0.0.1"));
  g_assert_nonnull (strstr (parlor_status_banner_get_title (status), port_text));
  {
    g_autofree char *title = g_strdup_printf (_("Listening on %s port %u — no one has joined yet"),
                                              "127.0.0.1", port);

    g_assert_cmpstr (parlor_status_banner_get_title (status), ==, title);
  }
  g_assert_cmpstr (parlor_status_banner_get_detail (status), ==,
                   _("Waiting for at least one player to join. Free seats will be computer players."));
  assert_status_announced (status);
  g_assert_false (gtk_widget_get_sensitive (start_button));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (start_button), ==, _("Waiting for at least one player to join"));
  g_assert_true (parlor_host_window_shows_log_placeholder (host));
  waiting_title = g_strdup (parlor_status_banner_get_title (status));
  ui_test_screenshot_light_dark (GTK_WIDGET (host), "host-empty");

  /* A flood of log lines (each join and leave writes one) keeps the last 100. */
  {
    g_auto(GStrv) tables = parlor_server_list_tables (server);

    for (guint i = 0; i < 2000; i++)
      {
        g_autofree char *line = g_strdup_printf ("Guest %u joined from 192.0.2.1", i);

        g_signal_emit_by_name (server, "log", tables[0], line);
      }
  }
  g_assert_cmpuint (parlor_host_window_get_n_log_lines (host), ==, 100);
  g_assert_false (parlor_host_window_shows_log_placeholder (host));

  /* A guest joins; the host removes them, and they are told. */
  guest.client = parlor_client_new ("Guest");
  g_signal_connect (guest.client, "failed", G_CALLBACK (on_failed), &guest);
  address = g_strdup_printf ("127.0.0.1:%u", port);
  parlor_client_connect_async (guest.client, address, 10, NULL, on_connected, &guest);
  ui_test_wait_for (guest_connected, &guest);
  g_assert_no_error (guest.failure);
  /* A guest joining and leaving in a loop: the log keeps its last lines,
   * and the cycles do not slow down (the figures are for a person). */
  {
    gint64 first = 0, last = 0;

    for (guint i = 0; i < 400; i++)
      {
        gint64 start = g_get_monotonic_time ();

        parlor_client_join (guest.client, NULL);
        ui_test_wait_for (guest_waiting, &guest);
        parlor_client_leave (guest.client);
        ui_test_wait_for (guest_in_lobby, &guest);
        if (i < 50)
          first += g_get_monotonic_time () - start;
        else if (i >= 350)
          last += g_get_monotonic_time () - start;
      }
    g_test_message ("join/leave cycle: %.2f ms for the first 50, %.2f ms for the last 50",
                    first / 50 / 1000.0, last / 50 / 1000.0);
    g_assert_cmpuint (parlor_host_window_get_n_log_lines (host), ==, 100);
  }

  parlor_client_join (guest.client, NULL);
  ui_test_wait_for (guest_waiting, &guest);
  ui_test_wait_for (two_players, host);
  /* A guest at the table: Start is ready, and the banner says so. */
  g_assert_cmpint (parlor_status_banner_get_kind (status), ==, PARLOR_STATUS_READY);
  g_assert_nonnull (strstr (parlor_status_banner_get_title (status), port_text));
  {
    g_autofree char *title = g_strdup_printf (g_dngettext (NULL, "Listening on %s port %u — %u player joined",
                                                           "Listening on %s port %u — %u players joined", 1),
                                              "127.0.0.1", port, 1);
    g_autofree char *detail = g_strdup_printf (g_dngettext (NULL, "Start the game when everyone is here. "
                                                                  "The free seat will be a computer player.",
                                                            "Start the game when everyone is here. "
                                                            "The %u free seats will be computer players.", 2),
                                               2);

    g_assert_cmpstr (parlor_status_banner_get_title (status), ==, title);
    g_assert_cmpstr (parlor_status_banner_get_detail (status), ==, detail);
  }
  assert_status_announced (status);
  g_assert_true (gtk_widget_get_sensitive (start_button));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (start_button), ==, _("Start now; computer players take the free seats"));
  /* Start, Remove and the log are in reach of the keyboard. */
  g_assert_true (ui_test_reached_by_tab (GTK_WIDGET (host), start_button));
  g_assert_true (ui_test_reached_by_tab (GTK_WIDGET (host), find_button (GTK_WIDGET (host), "host.remove")));
  {
    g_autofree char *differs = NULL;
    GtkWidget *log = GTK_WIDGET (parlor_host_window_get_log (host));

    g_assert_true (ui_test_reached_by_tab (GTK_WIDGET (host), log));
    differs = gtk_test_accessible_check_property (GTK_ACCESSIBLE (log), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                  _("Connection log"));
    g_assert_null (differs);
  }
  ui_test_screenshot_light_dark (GTK_WIDGET (host), "host-remove");

  remove = find_button (GTK_WIDGET (host), "host.remove");
  g_assert_nonnull (remove);
  g_signal_emit_by_name (remove, "clicked");
  ui_test_wait_for (guest_failed, &guest);
  g_assert_error (guest.failure, PARLOR_CLIENT_ERROR, PARLOR_CLIENT_ERROR_REMOVED);
  ui_test_wait_for (one_player, host);
  g_assert_cmpint (parlor_status_banner_get_kind (status), ==, PARLOR_STATUS_BUSY);
  g_assert_cmpstr (parlor_status_banner_get_title (status), ==, waiting_title);
  g_assert_false (gtk_widget_get_sensitive (start_button));

  /* Cancel: hosting stops and the port is free at once. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (host), "window.close", NULL));
  ui_test_iterate (50);
  g_assert_true (g_socket_listener_add_inet_port (listener, port, NULL, &error));
  g_assert_no_error (error);

  g_clear_error (&guest.failure);
  g_object_unref (guest.client);
  g_object_unref (host);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);
  g_assert_true (parlor_settings_set_player_name (parlor_application_get_settings (ui_test_get_app ()), "Host", NULL));

  g_test_add_func ("/app/lan/host-window", test_host_window);

  return ui_test_run ();
}
