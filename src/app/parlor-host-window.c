/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-host-window"

#include "config.h"

#include <glib/gi18n.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "parlor-games.h"
#include "parlor-host-window.h"
#include "parlor-status-banner.h"

#define DEFAULT_PORT 7412
/* The connections log keeps its last lines only: a guest joining and
 * leaving in a loop must not grow the host. */
#define LOG_LINES 100

struct _ParlorHostWindow
{
  AdwWindow             parent_instance;

  ParlorStatusBanner   *status;
  AdwToastOverlay      *toasts;
  AdwPreferencesGroup  *address_group;
  AdwActionRow         *announce_row;
  AdwPreferencesGroup  *players_group;
  GtkListBox           *players_list;
  GtkStack             *log_stack;
  GtkLabel             *log_label;
  GtkButton            *start_button;

  ParlorServer         *server;
  char                 *table_id;
  guint16               port;
  char                 *shown_address; /* the first address a guest may use */
  char                 *copy_address;  /* with its port, for Copy */
  guint                 n_players;
  gboolean              started;
  GQueue                log;           /* char*, oldest first */
};

G_DEFINE_FINAL_TYPE (ParlorHostWindow, parlor_host_window, ADW_TYPE_WINDOW)

enum {
  START,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The banner and the Start button say what the host waits for. */
static void
update_status (ParlorHostWindow *self)
{
  ParlorTable *table = parlor_server_get_table (self->server, self->table_id);
  guint n_seats = table != NULL ? parlor_table_get_n_seats (table) : 0;
  guint guests = self->n_players > 0 ? self->n_players - 1 : 0;
  guint free_seats = n_seats > self->n_players ? n_seats - self->n_players : 0;
  const char *address = self->shown_address != NULL ? self->shown_address : "";
  g_autofree char *title = NULL;
  g_autofree char *seats = NULL;
  g_autofree char *detail = NULL;

  if (guests == 0)
    {
      title = g_strdup_printf (_("Listening on %s port %u — no one has joined yet"),
                               address, self->port);
      detail = g_strdup (_("Waiting for at least one player to join. "
                           "Free seats will be computer players."));
    }
  else
    {
      title = g_strdup_printf (g_dngettext (NULL, "Listening on %s port %u — %u player joined",
                                            "Listening on %s port %u — %u players joined", guests),
                               address, self->port, guests);
      if (free_seats > 0)
        detail = g_strdup_printf (g_dngettext (NULL, "Start the game when everyone is here. "
                                                     "The free seat will be a computer player.",
                                               "Start the game when everyone is here. "
                                               "The %u free seats will be computer players.",
                                               free_seats),
                                  free_seats);
      else
        detail = g_strdup (_("Every seat is taken. Start the game when you like."));
    }
  parlor_status_banner_set (self->status, guests == 0 ? PARLOR_STATUS_BUSY : PARLOR_STATUS_READY,
                            title, detail);

  if (n_seats > 0)
    {
      seats = g_strdup_printf (g_dngettext (NULL, "%u of %u seat taken", "%u of %u seats taken", n_seats),
                               self->n_players, n_seats);
      adw_preferences_group_set_description (self->players_group, seats);
    }

  /* The host plus at least one friend. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->start_button), guests > 0 && !self->started);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->start_button),
                               guests > 0 ? _("Start now; computer players take the free seats")
                                          : _("Waiting for at least one player to join"));
}

static void
update_players (ParlorHostWindow *self)
{
  g_auto(GStrv) names = parlor_server_list_players (self->server, self->table_id);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->players_list))) != NULL)
    gtk_list_box_remove (self->players_list, child);

  self->n_players = names != NULL ? g_strv_length (names) : 0;
  for (guint i = 0; i < self->n_players; i++)
    {
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), names[i]);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      if (i == 0)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _("You, the host"));
      else
        {
          GtkWidget *remove = gtk_button_new_with_mnemonic (_("_Remove"));
          g_autofree char *label = g_strdup_printf (_("Remove %s"), names[i]);

          gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
          gtk_actionable_set_action_name (GTK_ACTIONABLE (remove), "host.remove");
          gtk_actionable_set_action_target (GTK_ACTIONABLE (remove), "u", i);
          gtk_accessible_update_property (GTK_ACCESSIBLE (remove),
                                          GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), remove);
        }
      adw_action_row_add_prefix (ADW_ACTION_ROW (row),
                                 gtk_image_new_from_icon_name ("avatar-default-symbolic"));
      gtk_list_box_append (self->players_list, row);
    }

  update_status (self);
}

static void
on_players_changed (ParlorServer     *server,
                    const char       *table_id,
                    ParlorHostWindow *self)
{
  if (g_strcmp0 (table_id, self->table_id) == 0)
    update_players (self);
}

static void
on_log (ParlorServer     *server,
        const char       *table_id,
        const char       *message,
        ParlorHostWindow *self)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_queue_push_tail (&self->log, g_strdup (message));
  while (self->log.length > LOG_LINES)
    g_free (g_queue_pop_head (&self->log));
  for (GList *l = self->log.head; l != NULL; l = l->next)
    {
      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, l->data);
    }
  gtk_label_set_text (self->log_label, text->str);
  gtk_stack_set_visible_child_name (self->log_stack, "log");
}

static void
remove_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  ParlorHostWindow *self = PARLOR_HOST_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  if (self->server == NULL || self->started)
    return;
  if (!parlor_server_remove_player (self->server, self->table_id, g_variant_get_uint32 (param), &error))
    {
      parlor_status_banner_set (self->status, PARLOR_STATUS_ERROR, error->message, NULL);
      on_log (self->server, self->table_id, error->message, self);
    }
}

/* Cancel (or closing the window) before the start stops hosting at once:
 * the server says goodbye to the guests and frees its port. */
static gboolean
parlor_host_window_close_request (GtkWindow *window)
{
  ParlorHostWindow *self = PARLOR_HOST_WINDOW (window);

  if (self->server != NULL && !self->started)
    {
      g_signal_handlers_disconnect_by_data (self->server, self);
      parlor_server_stop (self->server);
    }

  return GTK_WINDOW_CLASS (parlor_host_window_parent_class)->close_request (window);
}

static void
copy_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  ParlorHostWindow *self = PARLOR_HOST_WINDOW (widget);
  const char *address = g_variant_get_string (param, NULL);
  g_autofree char *text = g_strdup_printf (_("Copied %s"), address);

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), address);
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (text));
}

static void
add_address_row (ParlorHostWindow *self,
                 GInetAddress     *address)
{
  g_autofree char *text = g_inet_address_to_string (address);
  g_autofree char *with_port = NULL;
  GtkWidget *row = adw_action_row_new ();

  if (g_inet_address_get_family (address) == G_SOCKET_FAMILY_IPV6)
    with_port = g_strdup_printf ("[%s]:%u", text, self->port);
  else
    with_port = g_strdup_printf ("%s:%u", text, self->port);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), with_port);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  /* To copy it into a message to friends. */
  adw_preferences_row_set_title_selectable (ADW_PREFERENCES_ROW (row), TRUE);
  gtk_widget_add_css_class (row, "property");
  if (g_inet_address_get_is_loopback (address))
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _("This computer only"));
  adw_action_row_add_prefix (ADW_ACTION_ROW (row),
                             gtk_image_new_from_icon_name ("network-wired-symbolic"));
  {
    GtkWidget *copy = gtk_button_new_from_icon_name ("edit-copy-symbolic");
    g_autofree char *label = g_strdup_printf (_("Copy %s"), with_port);

    gtk_widget_set_valign (copy, GTK_ALIGN_CENTER);
    gtk_widget_add_css_class (copy, "flat");
    gtk_widget_set_tooltip_text (copy, _("Copy the address"));
    gtk_accessible_update_property (GTK_ACCESSIBLE (copy), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
    gtk_actionable_set_action_name (GTK_ACTIONABLE (copy), "host.copy");
    gtk_actionable_set_action_target (GTK_ACTIONABLE (copy), "s", with_port);
    adw_action_row_add_suffix (ADW_ACTION_ROW (row), copy);
  }
  /* Before the row saying whether the table is announced. */
  adw_preferences_group_add (self->address_group, row);
  if (self->shown_address == NULL)
    {
      self->shown_address = g_steal_pointer (&text);
      self->copy_address = g_strdup (with_port);
    }
}

/* The addresses guests may use: the one the server listens on, or when it
 * listens on all, this machine's. */
static void
list_addresses (ParlorHostWindow *self,
                const char       *listen_address)
{
  g_autoptr(GInetAddress) bound = listen_address != NULL ? g_inet_address_new_from_string (listen_address) : NULL;
  struct ifaddrs *list = NULL;
  guint shown = 0;

  if (bound != NULL && !g_inet_address_get_is_any (bound))
    {
      add_address_row (self, bound);
      return;
    }

  if (getifaddrs (&list) == 0)
    {
      for (struct ifaddrs *ifa = list; ifa != NULL; ifa = ifa->ifa_next)
        {
          g_autoptr(GInetAddress) address = NULL;

          if (ifa->ifa_addr == NULL)
            continue;
          if (ifa->ifa_addr->sa_family == AF_INET)
            address = g_inet_address_new_from_bytes ((const guint8 *) &((struct sockaddr_in *) (gpointer) ifa->ifa_addr)->sin_addr,
                                                     G_SOCKET_FAMILY_IPV4);
          else if (ifa->ifa_addr->sa_family == AF_INET6)
            address = g_inet_address_new_from_bytes ((const guint8 *) &((struct sockaddr_in6 *) (gpointer) ifa->ifa_addr)->sin6_addr,
                                                     G_SOCKET_FAMILY_IPV6);
          if (address == NULL || g_inet_address_get_is_loopback (address) ||
              g_inet_address_get_is_link_local (address))
            continue;
          add_address_row (self, address);
          shown++;
        }
      freeifaddrs (list);
    }

  if (shown == 0)
    {
      g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);

      add_address_row (self, loopback);
    }
}

/* Friends find the table in their Join window while the server runs: it
 * goes on announcing it (as started) for players coming back. */
static void
announce (ParlorHostWindow *self)
{
  g_autoptr(GError) error = NULL;
  GtkWidget *row = adw_action_row_new ();

  self->announce_row = ADW_ACTION_ROW (row);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  if (parlor_server_announce (self->server, parlor_discovery_default_scope (),
                              parlor_discovery_default_port (), &error))
    {
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Announced on your network"));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                                   _("Friends on your network see this table in their Join window."));
      adw_action_row_add_prefix (ADW_ACTION_ROW (row),
                                 gtk_image_new_from_icon_name ("network-transmit-receive-symbolic"));
    }
  else
    {
      g_autofree char *detail =
        g_strdup_printf (_("Friends must type an address above (%s)."), error->message);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Not announced on your network"));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), detail);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row),
                                 gtk_image_new_from_icon_name ("network-offline-symbolic"));
    }
  adw_preferences_group_add (self->address_group, row);
}

gboolean
parlor_host_window_start (ParlorHostWindow *self)
{
  g_return_val_if_fail (PARLOR_IS_HOST_WINDOW (self), FALSE);

  if (self->started || self->n_players < 2)
    return FALSE;

  self->started = TRUE;
  g_signal_emit (self, signals[START], 0, self->server, self->table_id);
  gtk_window_destroy (GTK_WINDOW (self));
  return TRUE;
}

static void
on_start_clicked (ParlorHostWindow *self)
{
  parlor_host_window_start (self);
}

static void
parlor_host_window_dispose (GObject *object)
{
  ParlorHostWindow *self = PARLOR_HOST_WINDOW (object);

  if (self->server != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->server, self);
      /* Once started, the game screen owns the server. */
      if (!self->started)
        parlor_server_stop (self->server);
      g_clear_object (&self->server);
    }

  G_OBJECT_CLASS (parlor_host_window_parent_class)->dispose (object);
}

static void
parlor_host_window_finalize (GObject *object)
{
  ParlorHostWindow *self = PARLOR_HOST_WINDOW (object);

  g_free (self->table_id);
  g_free (self->shown_address);
  g_free (self->copy_address);
  g_queue_clear_full (&self->log, g_free);

  G_OBJECT_CLASS (parlor_host_window_parent_class)->finalize (object);
}

static void
parlor_host_window_class_init (ParlorHostWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = parlor_host_window_dispose;
  object_class->finalize = parlor_host_window_finalize;
  GTK_WINDOW_CLASS (klass)->close_request = parlor_host_window_close_request;

  signals[START] =
    g_signal_new ("start", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, PARLOR_TYPE_SERVER, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/parlorgames/Parlor/parlor-host-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ParlorHostWindow, status);
  gtk_widget_class_bind_template_child (widget_class, ParlorHostWindow, toasts);
  gtk_widget_class_bind_template_child (widget_class, ParlorHostWindow, address_group);
  gtk_widget_class_bind_template_child (widget_class, ParlorHostWindow, players_group);
  gtk_widget_class_bind_template_child (widget_class, ParlorHostWindow, players_list);
  gtk_widget_class_bind_template_child (widget_class, ParlorHostWindow, log_stack);
  gtk_widget_class_bind_template_child (widget_class, ParlorHostWindow, log_label);
  gtk_widget_class_bind_template_child (widget_class, ParlorHostWindow, start_button);
  gtk_widget_class_bind_template_callback (widget_class, on_start_clicked);

  gtk_widget_class_install_action (widget_class, "host.remove", "u", remove_activated);
  gtk_widget_class_install_action (widget_class, "host.copy", "s", copy_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
parlor_host_window_init (ParlorHostWindow *self)
{
  g_type_ensure (PARLOR_TYPE_STATUS_BANNER);
  g_queue_init (&self->log);
  gtk_widget_init_template (GTK_WIDGET (self));
}

ParlorHostWindow *
parlor_host_window_new (ParlorSettings  *settings,
                        const char      *game_id,
                        const char      *config,
                        GError         **error)
{
  g_autoptr(ParlorHostWindow) self = NULL;
  g_autofree char *name = NULL;
  const char *address = g_getenv ("PARLOR_LAN_ADDRESS");
  const char *port_text = g_getenv ("PARLOR_LAN_PORT");
  guint16 port = port_text != NULL ? (guint16) g_ascii_strtoull (port_text, NULL, 10) : DEFAULT_PORT;
  const char *table_id;

  g_return_val_if_fail (PARLOR_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (game_id != NULL, NULL);

  self = g_object_ref_sink (g_object_new (PARLOR_TYPE_HOST_WINDOW, NULL));
  self->server = parlor_server_new (parlor_games_lookup);
  parlor_server_set_time_limit (self->server, parlor_settings_get_time_limit (settings));
  /* Free seats and dropped guests' seats get computers of this strength,
   * mapped onto the game's levels. */
  parlor_server_set_strength (self->server, parlor_settings_get_computer_strength (settings));
  parlor_server_set_claim_time_limit (self->server, parlor_settings_get_claim_time_limit (settings));
  parlor_server_set_ai_delay (self->server, parlor_settings_get_ai_delay (settings));
  /* The least a claim window lasts once a guest sits at the table. */
  if (parlor_settings_get_settings (settings) != NULL)
    parlor_server_set_claim_minimum (self->server,
                                     g_settings_get_uint (parlor_settings_get_settings (settings),
                                                          "lan-claim-minimum"));
  g_signal_connect (self->server, "players-changed", G_CALLBACK (on_players_changed), self);
  g_signal_connect (self->server, "log", G_CALLBACK (on_log), self);

  /* The usual port, or any free one if another program holds it. */
  if (!parlor_server_listen (self->server, address, port, &self->port, NULL) &&
      !parlor_server_listen (self->server, address, 0, &self->port, error))
    return NULL;

  name = parlor_settings_get_effective_name (settings);
  table_id = parlor_server_create_table (self->server, game_id, config, name, error);
  if (table_id == NULL)
    return NULL;
  self->table_id = g_strdup (table_id);

  list_addresses (self, address);
  announce (self);
  update_players (self);

  return g_steal_pointer (&self);
}

void
parlor_host_window_set_rules (ParlorHostWindow *self,
                              const char       *summary)
{
  GtkWidget *group;
  GtkWidget *label;

  g_return_if_fail (PARLOR_IS_HOST_WINDOW (self));
  g_return_if_fail (summary != NULL);

  group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Rules"));
  label = gtk_label_new (summary);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), label);
  /* First on the page: what is being hosted, then how to join it. */
  gtk_widget_insert_before (group, gtk_widget_get_parent (GTK_WIDGET (self->address_group)),
                            GTK_WIDGET (self->address_group));
}

guint16
parlor_host_window_get_port (ParlorHostWindow *self)
{
  g_return_val_if_fail (PARLOR_IS_HOST_WINDOW (self), 0);
  return self->port;
}

/* The lines the connections log holds now, oldest first (for tests). */
guint
parlor_host_window_get_n_log_lines (ParlorHostWindow *self)
{
  g_return_val_if_fail (PARLOR_IS_HOST_WINDOW (self), 0);
  return self->log.length;
}

/* The banner at the top: listening where, who joined, what next. */
ParlorStatusBanner *
parlor_host_window_get_status (ParlorHostWindow *self)
{
  g_return_val_if_fail (PARLOR_IS_HOST_WINDOW (self), NULL);
  return self->status;
}

gboolean
parlor_host_window_shows_log_placeholder (ParlorHostWindow *self)
{
  g_return_val_if_fail (PARLOR_IS_HOST_WINDOW (self), FALSE);
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->log_stack), "empty") == 0;
}

/* The connections log: its placeholder or its lines. */
GtkWidget *
parlor_host_window_get_log (ParlorHostWindow *self)
{
  g_return_val_if_fail (PARLOR_IS_HOST_WINDOW (self), NULL);
  return GTK_WIDGET (self->log_stack);
}

GtkWidget *
parlor_host_window_get_start_button (ParlorHostWindow *self)
{
  g_return_val_if_fail (PARLOR_IS_HOST_WINDOW (self), NULL);
  return GTK_WIDGET (self->start_button);
}

ParlorServer *
parlor_host_window_get_server (ParlorHostWindow *self)
{
  g_return_val_if_fail (PARLOR_IS_HOST_WINDOW (self), NULL);
  return self->server;
}

guint
parlor_host_window_get_n_players (ParlorHostWindow *self)
{
  g_return_val_if_fail (PARLOR_IS_HOST_WINDOW (self), 0);
  return self->n_players;
}

/* Whether the table is announced on the local network. */
gboolean
parlor_host_window_is_announced (ParlorHostWindow *self)
{
  g_return_val_if_fail (PARLOR_IS_HOST_WINDOW (self), FALSE);
  return self->server != NULL && parlor_server_is_announcing (self->server);
}

/* "ADDRESS:PORT" that Copy puts on the clipboard first. */
const char *
parlor_host_window_get_address (ParlorHostWindow *self)
{
  g_return_val_if_fail (PARLOR_IS_HOST_WINDOW (self), NULL);
  return self->copy_address;
}
