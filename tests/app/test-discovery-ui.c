/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <string.h>

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

  return row != NULL && gtk_widget_has_focus (row);
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

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);
  g_assert_true (parlor_settings_set_player_name (parlor_application_get_settings (ui_test_get_app ()), "Host", NULL));

  g_test_add_func ("/app/lan/discovery", test_find_and_join);
  g_test_add_func ("/app/lan/not-announced", test_not_announced);

  return ui_test_run ();
}
