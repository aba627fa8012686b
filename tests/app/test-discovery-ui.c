/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>

#include "parlor-application.h"
#include "parlor-discovery.h"
#include "parlor-host-window.h"
#include "parlor-join-window.h"
#include "parlor-window.h"
#include "ui-test-util.h"

/*
 * A friend's table without typing an address: the host window says it is
 * announced and copies its address; the Join window lists the table (with
 * an accessible name a screen reader can say), gives it the focus and
 * joins it with Enter.
 * Discovery stays on the loopback interface, on a port of this test's own.
 */

/* GTK 4.8 has no getter for accessible properties, but its test API returns
 * the value it holds when it differs from the one asked for. */
static char *
a11y_label (GtkWidget *widget)
{
  char *value = gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                    "\x01 none");

  return value != NULL ? value : g_strdup ("");
}

static guint16
free_udp_port (void)
{
  g_autoptr(GSocket) socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_DATAGRAM,
                                            G_SOCKET_PROTOCOL_UDP, NULL);
  g_autoptr(GInetAddress) all = g_inet_address_new_any (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) any = g_inet_socket_address_new (all, 0);
  g_autoptr(GSocketAddress) bound = NULL;

  /* Free on every address, not just loopback's: no other Parlor on this
   * computer speaks on it. */
  g_assert_true (g_socket_bind (socket, any, FALSE, NULL));
  bound = g_socket_get_local_address (socket, NULL);

  return g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound));
}

static gboolean
table_found (gpointer data)
{
  return g_list_model_get_n_items (parlor_join_window_get_found (data)) > 0;
}

static const char *expected_label;

static gboolean
row_labelled (gpointer row)
{
  g_autofree char *label = a11y_label (row);

  return g_strcmp0 (label, expected_label) == 0;
}

static gboolean
first_row_focused (gpointer data)
{
  GtkWidget *row = parlor_join_window_get_found_row (data, 0);

  /* The window's own focus: other tests' windows on the same display may
   * hold the keyboard meanwhile. */
  return row != NULL && gtk_root_get_focus (GTK_ROOT (data)) == row;
}

static gboolean
activate_shortcut (GtkWidget *widget,
                   guint      keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (item))
        continue;
      for (guint k = 0; k < g_list_model_get_n_items (G_LIST_MODEL (item)); k++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (item), k);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (GTK_IS_KEYVAL_TRIGGER (trigger) &&
              gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval &&
              gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == 0 &&
              gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, widget, NULL))
            return TRUE;
        }
    }

  return FALSE;
}

/* Presses @keyval in @window as its focus widget and those around it take
 * it: the first that has it as a key binding or shortcut, from the focus
 * up to the window (whose Enter activates its default widget). */
static void
press (GtkWindow *window,
       guint      keyval)
{
  GtkWidget *widget = gtk_window_get_focus (window);

  g_assert_nonnull (widget);
  for (; widget != NULL; widget = gtk_widget_get_parent (widget))
    if (activate_shortcut (widget, keyval))
      break;
  ui_test_iterate (20);
}

static gboolean
guest_joined (gpointer data)
{
  return parlor_host_window_get_n_players (data) == 2;
}

static void
test_find_and_join (void)
{
  ParlorWindow *window = ui_test_get_window ();
  ParlorSettings *settings = parlor_application_get_settings (ui_test_get_app ());
  g_autofree char *port = g_strdup_printf ("%u", free_udp_port ());
  ParlorWindow *guest;
  ParlorHostWindow *host;
  ParlorJoinWindow *join;
  GtkWidget *row;
  g_autofree char *label = NULL;
  g_autofree char *expected = NULL;
  GValue copied = G_VALUE_INIT;

  g_assert_cmpstr (g_getenv ("PARLOR_DISCOVERY"), ==, "loopback");
  g_setenv ("PARLOR_DISCOVERY_PORT", port, TRUE);

  parlor_window_show_game (window, "manhattan");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.host-lan", NULL));
  host = PARLOR_HOST_WINDOW (ui_test_find_window (PARLOR_TYPE_HOST_WINDOW));
  g_assert_nonnull (host);
  g_assert_true (parlor_host_window_is_announced (host));

  /* Copy puts the address on the clipboard. */
  g_assert_nonnull (parlor_host_window_get_address (host));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (host), "host.copy", "s",
                                             parlor_host_window_get_address (host)));
  g_value_init (&copied, G_TYPE_STRING);
  g_assert_true (gdk_content_provider_get_value (gdk_clipboard_get_content (gtk_widget_get_clipboard (GTK_WIDGET (host))),
                                                 &copied, NULL));
  g_assert_cmpstr (g_value_get_string (&copied), ==, parlor_host_window_get_address (host));
  g_value_unset (&copied);

  /* A friend's Parlor lists the table by itself. */
  g_assert_true (parlor_settings_set_player_name (settings, "Guest", NULL));
  guest = parlor_window_new (ui_test_get_app ());
  gtk_window_present (GTK_WINDOW (guest));
  parlor_window_show_game (guest, "manhattan");
  join = parlor_window_join_lan (guest);
  g_assert_nonnull (join);
  ui_test_wait_for (table_found, join);
  g_assert_cmpuint (g_list_model_get_n_items (parlor_join_window_get_found (join)), ==, 1);

  row = parlor_join_window_get_found_row (join, 0);
  g_assert_nonnull (row);
  g_assert_true (gtk_list_box_row_get_activatable (GTK_LIST_BOX_ROW (row)));
  /* Said in one go, once the row has settled. */
  expected = g_strdup_printf ("Manhattan at %s’s table, 3 of 4 seats free", "Host");
  expected_label = expected;
  ui_test_wait_for (row_labelled, row);
  label = a11y_label (row);
  g_assert_cmpstr (label, ==, expected);
  /* Its label is its name, not the title it shows. */
  g_assert_false (gtk_test_accessible_has_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_LABELLED_BY));
  ui_test_screenshot (GTK_WIDGET (join), "join-window-found");
  ui_test_screenshot (GTK_WIDGET (host), "host-window-announced");

  /* The table found takes the focus from the empty address box, and
   * Enter joins it. */
  ui_test_wait_for (first_row_focused, join);
  press (GTK_WINDOW (join), GDK_KEY_Return);
  ui_test_wait_for (guest_joined, host);
  g_assert_true (parlor_join_window_is_busy (join));

  gtk_window_destroy (GTK_WINDOW (join));
  gtk_window_destroy (GTK_WINDOW (host));
  gtk_window_destroy (GTK_WINDOW (guest));
  ui_test_iterate (50);
  g_assert_true (parlor_settings_set_player_name (settings, "Host", NULL));
}

/* With discovery off (or its port taken) the host window says friends must
 * type the address, and the Join window says why it lists nothing. */
static void
test_not_announced (void)
{
  ParlorWindow *window = ui_test_get_window ();
  ParlorHostWindow *host;
  ParlorJoinWindow *join;

  g_setenv ("PARLOR_DISCOVERY", "off", TRUE);
  parlor_window_show_game (window, "triad");
  host = parlor_window_host_lan (window);
  g_assert_nonnull (host);
  g_assert_false (parlor_host_window_is_announced (host));
  ui_test_screenshot (GTK_WIDGET (host), "host-window-not-announced");
  gtk_window_destroy (GTK_WINDOW (host));

  join = parlor_window_join_lan (window);
  g_assert_nonnull (join);
  ui_test_iterate (200);
  g_assert_cmpuint (g_list_model_get_n_items (parlor_join_window_get_found (join)), ==, 0);
  g_assert_null (parlor_join_window_get_found_row (join, 0));
  ui_test_screenshot (GTK_WIDGET (join), "join-window-off");
  gtk_window_destroy (GTK_WINDOW (join));
  ui_test_iterate (50);
  g_setenv ("PARLOR_DISCOVERY", "loopback", TRUE);
}

typedef struct
{
  guint16       port;
  volatile gint stop;
  guint         n_sent;
} Flood;

/* Announcements of 64 made-up tables under ever new server ids, from two
 * addresses, as fast as the thread can send them. */
static gpointer
flood_thread (gpointer data)
{
  Flood *flood = data;
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) parlor_table_record_free);
  g_autoptr(GInetAddress) group = g_inet_address_new_from_string (PARLOR_DISCOVERY_GROUP);
  g_autoptr(GSocketAddress) to = g_inet_socket_address_new (group, flood->port);
  GSocket *sockets[2];
  struct in_addr lo = { g_htonl (INADDR_LOOPBACK) };

  for (guint i = 0; i < G_N_ELEMENTS (sockets); i++)
    {
      g_autofree char *text = g_strdup_printf ("127.0.0.%u", i + 2);
      g_autoptr(GInetAddress) from = g_inet_address_new_from_string (text);
      g_autoptr(GSocketAddress) bind_to = g_inet_socket_address_new (from, 0);

      sockets[i] = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_DATAGRAM, G_SOCKET_PROTOCOL_UDP, NULL);
      g_assert_true (g_socket_bind (sockets[i], bind_to, FALSE, NULL));
      g_assert_cmpint (setsockopt (g_socket_get_fd (sockets[i]), IPPROTO_IP, IP_MULTICAST_IF, &lo, sizeof lo), ==, 0);
    }
  for (guint i = 0; i < 64; i++)
    {
      ParlorTableRecord *record = parlor_table_record_new ();

      record->game = g_strdup ("manhattan");
      record->table = g_strdup_printf ("%u", i + 1);
      record->name = g_strdup_printf ("Spoof %u", i + 1);
      record->host = g_strdup ("");
      record->port = 7412;
      record->taken = 1;
      record->seats = 4;
      record->protocol = 2;
      g_ptr_array_add (records, record);
    }
  for (guint round = 0; !g_atomic_int_get (&flood->stop); round++)
    {
      g_autofree char *server = g_strdup_printf ("spoof%u", round);
      guint first = 0;

      while (first < records->len)
        {
          g_autoptr(GBytes) bytes = parlor_discovery_encode (PARLOR_DISCOVERY_ANNOUNCE, server, 7412, records,
                                                             &first, PARLOR_DISCOVERY_MAX_DATAGRAM);

          g_socket_send_to (sockets[round % 2], to, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                            NULL, NULL);
          flood->n_sent++;
        }
      if (round % 8 == 7)
        g_usleep (1000);
    }
  for (guint i = 0; i < G_N_ELEMENTS (sockets); i++)
    g_object_unref (sockets[i]);

  return NULL;
}

typedef struct
{
  gint64 last;
  gint64 longest;
} Ticks;

static gboolean
on_tick (gpointer data)
{
  Ticks *ticks = data;
  gint64 now = g_get_monotonic_time ();

  ticks->longest = MAX (ticks->longest, now - ticks->last);
  ticks->last = now;

  return G_SOURCE_CONTINUE;
}

static gboolean
list_filled (gpointer data)
{
  return g_list_model_get_n_items (parlor_join_window_get_found (data)) >=
         PARLOR_DISCOVERY_MAX_FOUND - PARLOR_DISCOVERY_ANSWER_ROOM;
}

/* A flood of announcements fills the Join window's list to what
 * announcements may fill, no further: the longest the main loop went
 * unturned is measured with a timeout every millisecond. */
static void
test_flood (void)
{
  ParlorWindow *window = ui_test_get_window ();
  guint16 udp = free_udp_port ();
  g_autofree char *port = g_strdup_printf ("%u", udp);
  ParlorJoinWindow *join;
  Flood flood = { 0 };
  Ticks ticks = { 0 };
  GThread *thread;
  guint tick_id;
  gint64 end;

  g_setenv ("PARLOR_DISCOVERY_PORT", port, TRUE);
  parlor_window_show_game (window, "manhattan");
  join = parlor_window_join_lan (window);
  g_assert_nonnull (join);
  ui_test_iterate (100);

  flood.port = udp;
  ticks.last = g_get_monotonic_time ();
  tick_id = g_timeout_add (1, on_tick, &ticks);
  thread = g_thread_new ("flood", flood_thread, &flood);
  ui_test_wait_for (list_filled, join);
  on_tick (&ticks);
  g_test_message ("filling the list, the main loop stalled %.1f ms at most", ticks.longest / 1000.0);
  ticks.longest = 0;
  end = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;
  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  on_tick (&ticks);
  g_atomic_int_set (&flood.stop, 1);
  g_thread_join (thread);
  g_source_remove (tick_id);

  g_test_message ("then 2 s more: %u datagrams of announcements in all, %u tables listed, the main loop "
                  "stalled %.1f ms at most",
                  flood.n_sent, g_list_model_get_n_items (parlor_join_window_get_found (join)),
                  ticks.longest / 1000.0);
  g_assert_cmpuint (g_list_model_get_n_items (parlor_join_window_get_found (join)), <=, PARLOR_DISCOVERY_MAX_FOUND);
  /* A figure to read; the bound only says the window never hangs (a busy
   * machine, a sanitizer and the flooding thread share the cores). */
  g_assert_cmpint (ticks.longest, <, 5 * G_USEC_PER_SEC);

  gtk_window_destroy (GTK_WINDOW (join));
  ui_test_iterate (50);
}

static gboolean
row_visible_name (gpointer data)
{
  GtkWidget *row = parlor_join_window_get_found_row (data, 0);

  return row != NULL &&
         strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), "U+0301 U+0301") != NULL;
}

/* A host whose name is only combining marks is listed under something a
 * player can see: the marks' code points. */
static void
test_blank_name (void)
{
  ParlorWindow *window = ui_test_get_window ();
  guint16 udp = free_udp_port ();
  g_autofree char *port = g_strdup_printf ("%u", udp);
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) parlor_table_record_free);
  g_autoptr(GSocket) socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_DATAGRAM,
                                            G_SOCKET_PROTOCOL_UDP, NULL);
  g_autoptr(GInetAddress) group = g_inet_address_new_from_string (PARLOR_DISCOVERY_GROUP);
  g_autoptr(GSocketAddress) to = g_inet_socket_address_new (group, udp);
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) from = g_inet_socket_address_new (loopback, 0);
  ParlorTableRecord *record = parlor_table_record_new ();
  struct in_addr lo = { g_htonl (INADDR_LOOPBACK) };
  ParlorJoinWindow *join;
  GtkWidget *row;
  g_autofree char *label = NULL;

  record->game = g_strdup ("manhattan");
  record->table = g_strdup ("1");
  record->name = g_strdup ("\xcc\x81\xcc\x81");
  record->host = g_strdup ("");
  record->port = 7412;
  record->taken = 1;
  record->seats = 4;
  record->protocol = 2;
  g_ptr_array_add (records, record);
  g_assert_true (g_socket_bind (socket, from, FALSE, NULL));
  g_assert_cmpint (setsockopt (g_socket_get_fd (socket), IPPROTO_IP, IP_MULTICAST_IF, &lo, sizeof lo), ==, 0);

  g_setenv ("PARLOR_DISCOVERY_PORT", port, TRUE);
  parlor_window_show_game (window, "manhattan");
  join = parlor_window_join_lan (window);
  g_assert_nonnull (join);
  ui_test_iterate (100);
  {
    guint first = 0;
    g_autoptr(GBytes) bytes = parlor_discovery_encode (PARLOR_DISCOVERY_ANNOUNCE, "blank", 7412, records, &first,
                                                       PARLOR_DISCOVERY_MAX_DATAGRAM);

    g_assert_cmpint (g_socket_send_to (socket, to, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                       NULL, NULL), >, 0);
  }
  ui_test_wait_for (row_visible_name, join);
  row = parlor_join_window_get_found_row (join, 0);
  label = a11y_label (row);
  g_assert_nonnull (strstr (label, "U+0301 U+0301"));

  gtk_window_destroy (GTK_WINDOW (join));
  ui_test_iterate (50);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);
  g_assert_true (parlor_settings_set_player_name (parlor_application_get_settings (ui_test_get_app ()), "Host", NULL));

  g_test_add_func ("/app/lan/discovery", test_find_and_join);
  g_test_add_func ("/app/lan/not-announced", test_not_announced);
  g_test_add_func ("/app/lan/flood", test_flood);
  g_test_add_func ("/app/lan/blank-name", test_blank_name);

  return ui_test_run ();
}
