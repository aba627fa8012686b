/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-join-window"

#include "config.h"

#include <glib/gi18n.h>

#include "parlor-app-games.h"
#include "parlor-discovery.h"
#include "parlor-join-window.h"
#include "parlor-log-view.h"
#include "parlor-status-banner.h"
#include "parlor-token-store.h"

#define CONNECT_TIMEOUT 10
/* How long the list says it is looking before it says nothing was found. */
#define LOOKING_MS 3000

struct _ParlorJoinWindow
{
  AdwWindow      parent_instance;

  GtkListBox    *found_list;
  GtkLabel      *found_placeholder;
  GtkEntry      *address_entry;
  GtkButton     *connect_button;
  GtkButton     *start_button;
  GtkLabel      *resume_label;
  ParlorLogView *log_view;
  ParlorStatusBanner *status;

  char          *player_name;
  char          *game_id;
  char          *address;
  ParlorClient  *client;
  GCancellable  *cancellable;
  gboolean       started;
  gboolean       connected;    /* welcomed by the host: a failure now is a lost link */
  char          *last_line;
  char          *token;        /* of a seat to take back, from the token store */
  char          *join_table;   /* the table chosen in the list, NULL: the open one */
  ParlorBrowser *browser;
  GtkSortListModel *sorted;
  guint          looking_id;
};

G_DEFINE_FINAL_TYPE (ParlorJoinWindow, parlor_join_window, ADW_TYPE_WINDOW)

enum {
  STARTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
append_log (ParlorJoinWindow *self,
            const char       *text)
{
  /* The client reports some failures itself; say each thing once. */
  if (g_strcmp0 (self->last_line, text) == 0)
    return;
  g_free (self->last_line);
  self->last_line = g_strdup (text);
  parlor_log_view_append (self->log_view, text, FALSE);
}

/* The banner says where things stand; errors in error colours. */
static void
set_status (ParlorJoinWindow *self,
            ParlorStatusKind  kind,
            const char       *title,
            const char       *detail)
{
  parlor_status_banner_set (self->status, kind, title, detail);
  gtk_widget_set_visible (GTK_WIDGET (self->status), TRUE);
}

/* Waiting at the table: who is there, and who starts. */
static void
update_waiting_status (ParlorJoinWindow *self)
{
  const char * const *players;
  g_autofree char *list = NULL;
  g_autofree char *detail = NULL;

  if (self->client == NULL || parlor_client_get_state (self->client) != PARLOR_CLIENT_WAITING)
    return;
  players = parlor_client_get_players (self->client);
  list = players != NULL ? g_strjoinv (", ", (char **) players) : g_strdup ("");
  if (parlor_client_is_owner (self->client))
    {
      detail = g_strdup_printf (_("At the table: %s. Start when you like; computer players take the free seats."),
                                list);
      set_status (self, PARLOR_STATUS_READY, _("Connected — you opened this table"), detail);
    }
  else
    {
      detail = g_strdup_printf (_("At the table: %s."), list);
      set_status (self, PARLOR_STATUS_READY, _("Connected — waiting for the host to start"), detail);
    }
}

static void
set_busy (ParlorJoinWindow *self,
          gboolean          busy)
{
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (self));

  /* Off the address box before it turns insensitive: GTK 4.8 would leave
   * its cursor blinking without focus. The log tells what happens next. */
  if (busy && focus != NULL &&
      (gtk_widget_is_ancestor (focus, GTK_WIDGET (self->address_entry)) ||
       focus == GTK_WIDGET (self->connect_button)))
    gtk_widget_grab_focus (GTK_WIDGET (self->log_view));
  if (busy && focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->found_list)))
    gtk_widget_grab_focus (GTK_WIDGET (self->log_view));
  gtk_widget_set_sensitive (GTK_WIDGET (self->connect_button), !busy);
  gtk_widget_set_sensitive (GTK_WIDGET (self->address_entry), !busy);
  gtk_widget_set_sensitive (GTK_WIDGET (self->found_list), !busy);
}

/* The table's owner (the first to sit at a `parlor-cli serve` table) may
 * start it with computer players in the free seats. */
static void
update_start (ParlorJoinWindow *self)
{
  gboolean owner = self->client != NULL && parlor_client_is_owner (self->client) &&
                   parlor_client_get_state (self->client) == PARLOR_CLIENT_WAITING;

  gtk_widget_set_visible (GTK_WIDGET (self->start_button), owner);
}

static void
on_state_changed (ParlorClient     *client,
                  GParamSpec       *pspec,
                  ParlorJoinWindow *self)
{
  update_start (self);
  update_waiting_status (self);
}

static void
on_start_clicked (ParlorJoinWindow *self)
{
  if (self->client == NULL || !parlor_client_is_owner (self->client))
    return;
  append_log (self, _("Starting the game; computer players take the free seats…"));
  set_status (self, PARLOR_STATUS_BUSY, _("Starting the game…"), NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->start_button), FALSE);
  parlor_client_start (self->client);
}

static void
drop_client (ParlorJoinWindow *self)
{
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->connected = FALSE;
  if (self->client != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->client, self);
      if (!self->started)
        parlor_client_disconnect (self->client);
      g_clear_object (&self->client);
    }
  if (self->start_button != NULL)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->start_button), FALSE);
      gtk_widget_set_sensitive (GTK_WIDGET (self->start_button), TRUE);
    }
}

/* @title (what went wrong) heads the window; the log keeps @message.
 * @wrong_address: the banner says to check it. */
static void
give_up (ParlorJoinWindow *self,
         const char       *title,
         const char       *message,
         gboolean          wrong_address)
{
  set_status (self, PARLOR_STATUS_ERROR, title,
              wrong_address ? _("Check the address and try again.") : NULL);
  append_log (self, message);
  if (wrong_address)
    append_log (self, _("Check the address and try again."));
  drop_client (self);
  set_busy (self, FALSE);
  gtk_widget_grab_focus (GTK_WIDGET (self->address_entry));
}

static void
on_client_log (ParlorClient     *client,
               const char       *message,
               ParlorJoinWindow *self)
{
  append_log (self, message);
}

static void
on_players_changed (ParlorClient     *client,
                    ParlorJoinWindow *self)
{
  const char * const *players = parlor_client_get_players (client);
  g_autofree char *list = players != NULL ? g_strjoinv (", ", (char **) players) : g_strdup ("");
  g_autofree char *text = parlor_client_is_owner (client)
    ? g_strdup_printf (_("At the table: %s. Start when you like; computer players take the free seats."), list)
    : g_strdup_printf (_("At the table: %s. Waiting for the host to start the game…"), list);

  append_log (self, text);
  update_start (self);
  update_waiting_status (self);
}

static void
on_started (ParlorClient     *client,
            ParlorJoinWindow *self)
{
  /* Alive until the window that held it is gone. */
  g_object_ref (client);
  self->started = TRUE;
  g_signal_handlers_disconnect_by_data (client, self);
  g_signal_emit (self, signals[STARTED], 0, client, self->address);
  gtk_window_destroy (GTK_WINDOW (self));
  g_object_unref (client);
}

static void
on_failed (ParlorClient     *client,
           const GError     *error,
           ParlorJoinWindow *self)
{
  if (g_error_matches (error, PARLOR_CLIENT_ERROR, PARLOR_CLIENT_ERROR_REMOVED))
    {
      /* Not a wrong address: say so plainly and stop. */
      set_status (self, PARLOR_STATUS_ERROR, error->message, NULL);
      append_log (self, error->message);
      drop_client (self);
      set_busy (self, FALSE);
      return;
    }
  {
    g_autofree char *title = self->connected
      ? g_strdup_printf (_("Disconnected: %s"), error->message)
      : g_strdup_printf (_("Could not connect: %s"), error->message);

    give_up (self, title, error->message, !self->connected);
  }
}

static void
on_rejected (ParlorClient     *client,
             const GError     *error,
             ParlorJoinWindow *self)
{
  g_autofree char *text = g_strdup_printf (_("The host refused: %s"), error->message);

  give_up (self, text, text, FALSE);
}

static void connect_client (ParlorJoinWindow *self);

static void
on_connected (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  ParlorClient *client = PARLOR_CLIENT (object);
  g_autoptr(GError) error = NULL;
  ParlorJoinWindow *self;

  if (!parlor_client_connect_finish (client, result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      self = user_data;
      if (self->token != NULL &&
          g_error_matches (error, PARLOR_CLIENT_ERROR, PARLOR_CLIENT_ERROR_TOKEN))
        {
          g_autofree char *text =
            g_strdup_printf (_("The host does not keep your seat any more (%s). Joining as a new player…"),
                             error->message);

          /* Game over or unknown: the token is of no use any more. */
          parlor_token_store_forget (NULL, NULL, NULL, self->token);
          g_clear_pointer (&self->token, g_free);
          gtk_widget_set_visible (GTK_WIDGET (self->resume_label), FALSE);
          append_log (self, text);
          connect_client (self);
          return;
        }
      {
        g_autofree char *title = g_strdup_printf (_("Could not connect: %s"), error->message);

        give_up (self, title, error->message, TRUE);
      }
      return;
    }

  self = user_data;
  self->connected = TRUE;
  /* Resumed: "started" has taken the seat already. */
  if (parlor_client_get_state (client) != PARLOR_CLIENT_LOBBY)
    return;
  {
    g_autofree char *text = g_strdup_printf (_("Connected to %s. Joining the game…"), self->address);

    append_log (self, text);
    set_status (self, PARLOR_STATUS_BUSY, _("Connected — joining the game…"), NULL);
  }
  parlor_client_join (client, self->join_table);
}

/* A client for self->address, with the stored token if there is one. */
static void
connect_client (ParlorJoinWindow *self)
{
  drop_client (self);
  self->client = parlor_client_new (self->player_name);
  self->cancellable = g_cancellable_new ();
  if (self->token != NULL)
    {
      parlor_client_set_token (self->client, self->token);
      append_log (self, _("Taking your seat back…"));
    }
  g_signal_connect (self->client, "log", G_CALLBACK (on_client_log), self);
  g_signal_connect (self->client, "players-changed", G_CALLBACK (on_players_changed), self);
  g_signal_connect (self->client, "started", G_CALLBACK (on_started), self);
  g_signal_connect (self->client, "failed", G_CALLBACK (on_failed), self);
  g_signal_connect (self->client, "rejected", G_CALLBACK (on_rejected), self);
  g_signal_connect (self->client, "notify::state", G_CALLBACK (on_state_changed), self);
  parlor_client_connect_async (self->client, self->address, CONNECT_TIMEOUT, self->cancellable,
                               on_connected, self);
}

/* Says so when the token store has a seat of a running game on that host. */
static void
update_resume (ParlorJoinWindow *self)
{
  const char *address = gtk_editable_get_text (GTK_EDITABLE (self->address_entry));
  g_autoptr(ParlorTokenEntry) entry = NULL;

  if (address != NULL && *address != '\0')
    entry = parlor_token_store_lookup (NULL, address);
  gtk_widget_set_visible (GTK_WIDGET (self->resume_label), entry != NULL);
}

static void
on_address_changed (ParlorJoinWindow *self)
{
  update_resume (self);
}

static void connect_to (ParlorJoinWindow *self,
                        const char       *address,
                        const char       *table_id);

void
parlor_join_window_connect (ParlorJoinWindow *self,
                            const char       *address)
{
  g_return_if_fail (PARLOR_IS_JOIN_WINDOW (self));
  g_return_if_fail (address != NULL);

  connect_to (self, address, NULL);
}

/* Joins @table_id (NULL: the only open table) at @address. */
static void
connect_to (ParlorJoinWindow *self,
            const char       *address,
            const char       *table_id)
{
  g_autoptr(ParlorTokenEntry) entry = NULL;
  g_autofree char *trimmed = NULL;
  g_autofree char *text = NULL;

  trimmed = g_strstrip (g_strdup (address));
  if (*trimmed == '\0')
    {
      set_status (self, PARLOR_STATUS_ERROR, _("Type the host’s address first."), NULL);
      append_log (self, _("Type the host’s address first."));
      gtk_widget_grab_focus (GTK_WIDGET (self->address_entry));
      return;
    }

  drop_client (self);
  g_free (self->join_table);
  self->join_table = g_strdup (table_id);
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->address_entry)), trimmed) != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->address_entry), trimmed);
  g_free (self->address);
  self->address = g_steal_pointer (&trimmed);
  set_busy (self, TRUE);
  text = g_strdup_printf (_("Connecting to %s…"), self->address);
  append_log (self, text);
  set_status (self, PARLOR_STATUS_BUSY, text, NULL);

  entry = parlor_token_store_lookup (NULL, self->address);
  g_clear_pointer (&self->token, g_free);
  if (entry != NULL)
    {
      self->token = g_strdup (entry->token);
      append_log (self, _("You have a seat in a game on this host."));
    }
  connect_client (self);
}

static void
on_connect_clicked (ParlorJoinWindow *self)
{
  parlor_join_window_connect (self, gtk_editable_get_text (GTK_EDITABLE (self->address_entry)));
}

/* ---- tables found on the network ---------------------------------------- */

/* "Manhattan at Alice’s table": the game's name, or its id for a game this
 * version does not have. */
static char *
found_title (const ParlorTableRecord *record)
{
  const ParlorAppGame *game = parlor_app_games_lookup (record->game);
  g_autofree char *name = parlor_table_record_dup_visible_name (record);

  return g_strdup_printf (_("%s at %s’s table"), game != NULL ? _(game->info->name) : record->game, name);
}

static char *
found_seats (const ParlorTableRecord *record)
{
  guint free_seats = record->seats - record->taken;

  if (record->started)
    return g_strdup (_("started, for players taking their seat back"));

  return g_strdup_printf (g_dngettext (NULL, "%u of %u seat free", "%u of %u seats free", record->seats),
                          free_seats, record->seats);
}

static void
update_found_row (AdwActionRow     *row,
                  ParlorFoundTable *item)
{
  const ParlorTableRecord *record = parlor_found_table_get_record (item);
  g_autofree char *title = found_title (record);
  g_autofree char *seats = found_seats (record);
  g_autofree char *subtitle = NULL;
  g_autofree char *label = NULL;

  /* What it is, then where: the host's computer and the address. */
  if (record->host[0] != '\0')
    subtitle = g_strdup_printf (_("%s — on %s (%s)"), seats, record->host, parlor_found_table_get_address (item));
  else
    subtitle = g_strdup_printf (_("%s — at %s"), seats, parlor_found_table_get_address (item));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (row, subtitle);
  /* A screen reader says the row in one go: "Manhattan at Alice’s table,
   * 2 of 4 seats free", then where it is; not its title and subtitle again. */
  label = g_strdup_printf (_("%s, %s"), title, seats);
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_DESCRIBED_BY);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, parlor_found_table_get_address (item),
                                  -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (row), parlor_found_table_get_address (item));
}

static void
on_found_notify (ParlorFoundTable *item,
                 GParamSpec       *pspec,
                 AdwActionRow     *row)
{
  update_found_row (row, item);
}

static GtkWidget *
create_found_row (gpointer object,
                  gpointer data)
{
  ParlorFoundTable *item = object;
  const ParlorAppGame *game = parlor_app_games_lookup (parlor_found_table_get_record (item)->game);
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *icon;

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  icon = gtk_image_new_from_icon_name (game != NULL ? game->info->icon_name : "network-server-symbolic");
  gtk_image_set_icon_size (GTK_IMAGE (icon), GTK_ICON_SIZE_LARGE);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
  g_object_set_data_full (G_OBJECT (row), "found-table", g_object_ref (item), g_object_unref);
  update_found_row (ADW_ACTION_ROW (row), item);
  g_signal_connect_object (item, "notify", G_CALLBACK (on_found_notify), row, 0);

  return row;
}

static void
on_found_activated (ParlorJoinWindow *self,
                    GtkListBoxRow    *row)
{
  ParlorFoundTable *item = g_object_get_data (G_OBJECT (row), "found-table");

  if (item == NULL || self->client != NULL)
    return;
  connect_to (self, parlor_found_table_get_address (item), parlor_found_table_get_record (item)->table);
}

/* Enter on a found table joins it (the window would take it for the
 * default button, Connect, with no address typed). */
static gboolean
on_found_enter (GtkWidget *list,
                GVariant  *args,
                gpointer   data)
{
  ParlorJoinWindow *self = data;
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  while (focus != NULL && !GTK_IS_LIST_BOX_ROW (focus) && focus != list)
    focus = gtk_widget_get_parent (focus);
  if (focus == NULL || !GTK_IS_LIST_BOX_ROW (focus) || gtk_widget_get_parent (focus) != list)
    return FALSE;
  on_found_activated (self, GTK_LIST_BOX_ROW (focus));

  return TRUE;
}

/* The first table found takes the focus from the empty address box, so
 * Enter joins it; never from an address being typed. */
static void
on_found_changed (GListModel       *model,
                  guint             position,
                  guint             removed,
                  guint             added,
                  ParlorJoinWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  GtkWidget *row;

  if (added == 0 || g_list_model_get_n_items (model) != added || self->client != NULL)
    return;
  if (focus != NULL && focus != GTK_WIDGET (self->address_entry) &&
      !gtk_widget_is_ancestor (focus, GTK_WIDGET (self->address_entry)))
    return;
  if (*gtk_editable_get_text (GTK_EDITABLE (self->address_entry)) != '\0')
    return;
  row = GTK_WIDGET (gtk_list_box_get_row_at_index (self->found_list, 0));
  if (row != NULL)
    gtk_widget_grab_focus (row);
}

/* This window's game first, then open tables before started ones. */
static int
compare_found (gconstpointer a,
               gconstpointer b,
               gpointer      data)
{
  ParlorJoinWindow *self = data;
  const ParlorTableRecord *ra = parlor_found_table_get_record ((ParlorFoundTable *) a);
  const ParlorTableRecord *rb = parlor_found_table_get_record ((ParlorFoundTable *) b);
  int mine_a = g_strcmp0 (ra->game, self->game_id) == 0;
  int mine_b = g_strcmp0 (rb->game, self->game_id) == 0;

  if (mine_a != mine_b)
    return mine_b - mine_a;

  return (int) ra->started - (int) rb->started;
}

static gboolean
on_looking_timeout (gpointer data)
{
  ParlorJoinWindow *self = data;

  self->looking_id = 0;
  gtk_label_set_text (self->found_placeholder,
                      _("No table found on your network yet. Ask your friend to host a LAN game, "
                        "or type their address below."));
  return G_SOURCE_REMOVE;
}

static void
start_browsing (ParlorJoinWindow *self)
{
  g_autoptr(GError) error = NULL;
  GtkCustomSorter *sorter;

  self->browser = parlor_browser_new ();
  sorter = gtk_custom_sorter_new (compare_found, self, NULL);
  self->sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->browser)), GTK_SORTER (sorter));
  gtk_list_box_bind_model (self->found_list, G_LIST_MODEL (self->sorted), create_found_row, self, NULL);
  g_signal_connect_object (self->sorted, "items-changed", G_CALLBACK (on_found_changed), self, G_CONNECT_AFTER);
  if (!parlor_browser_start (self->browser, parlor_discovery_default_scope (),
                             parlor_discovery_default_port (), &error))
    {
      g_autofree char *text =
        g_strdup_printf (_("Parlor cannot look for tables on your network (%s). Type the host’s address below."),
                         error->message);

      gtk_label_set_text (self->found_placeholder, text);
      return;
    }
  self->looking_id = g_timeout_add (LOOKING_MS, on_looking_timeout, self);
}

static void
parlor_join_window_dispose (GObject *object)
{
  ParlorJoinWindow *self = PARLOR_JOIN_WINDOW (object);

  drop_client (self);
  g_clear_handle_id (&self->looking_id, g_source_remove);
  if (self->browser != NULL)
    parlor_browser_stop (self->browser);
  g_clear_object (&self->sorted);
  g_clear_object (&self->browser);

  G_OBJECT_CLASS (parlor_join_window_parent_class)->dispose (object);
}

static void
parlor_join_window_finalize (GObject *object)
{
  ParlorJoinWindow *self = PARLOR_JOIN_WINDOW (object);

  g_free (self->player_name);
  g_free (self->game_id);
  g_free (self->address);
  g_free (self->last_line);
  g_free (self->token);
  g_free (self->join_table);

  G_OBJECT_CLASS (parlor_join_window_parent_class)->finalize (object);
}

static void
parlor_join_window_class_init (ParlorJoinWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  g_type_ensure (PARLOR_TYPE_LOG_VIEW);
  g_type_ensure (PARLOR_TYPE_STATUS_BANNER);
  object_class->dispose = parlor_join_window_dispose;
  object_class->finalize = parlor_join_window_finalize;

  signals[STARTED] =
    g_signal_new ("started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, PARLOR_TYPE_CLIENT, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/parlorgames/Parlor/parlor-join-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ParlorJoinWindow, found_list);
  gtk_widget_class_bind_template_child (widget_class, ParlorJoinWindow, found_placeholder);
  gtk_widget_class_bind_template_child (widget_class, ParlorJoinWindow, address_entry);
  gtk_widget_class_bind_template_child (widget_class, ParlorJoinWindow, connect_button);
  gtk_widget_class_bind_template_child (widget_class, ParlorJoinWindow, log_view);
  gtk_widget_class_bind_template_child (widget_class, ParlorJoinWindow, start_button);
  gtk_widget_class_bind_template_child (widget_class, ParlorJoinWindow, resume_label);
  gtk_widget_class_bind_template_child (widget_class, ParlorJoinWindow, status);
  gtk_widget_class_bind_template_callback (widget_class, on_address_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_connect_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_start_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_found_activated);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
parlor_join_window_init (ParlorJoinWindow *self)
{
  static const guint enter_keys[] = { GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter };
  GtkEventController *keys;

  gtk_widget_init_template (GTK_WIDGET (self));
  keys = gtk_shortcut_controller_new ();
  for (guint i = 0; i < G_N_ELEMENTS (enter_keys); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (enter_keys[i], 0),
                                                            gtk_callback_action_new (on_found_enter, self, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self->found_list), keys);
  start_browsing (self);
  gtk_window_set_default_widget (GTK_WINDOW (self), GTK_WIDGET (self->connect_button));
  /* Typing the address is the first thing to do. */
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->address_entry));
}

ParlorJoinWindow *
parlor_join_window_new (const char *player_name,
                        const char *game_id)
{
  ParlorJoinWindow *self;

  g_return_val_if_fail (player_name != NULL, NULL);

  self = g_object_new (PARLOR_TYPE_JOIN_WINDOW, NULL);
  self->player_name = g_strdup (player_name);
  self->game_id = g_strdup (game_id);
  /* The sorter reads game_id: sort again now that it is set. */
  gtk_sorter_changed (gtk_sort_list_model_get_sorter (self->sorted), GTK_SORTER_CHANGE_DIFFERENT);

  return self;
}

/* Whether the window offers to take back a seat on the address typed. */
gboolean
parlor_join_window_has_seat (ParlorJoinWindow *self)
{
  g_return_val_if_fail (PARLOR_IS_JOIN_WINDOW (self), FALSE);
  return gtk_widget_get_visible (GTK_WIDGET (self->resume_label));
}

char *
parlor_join_window_get_log (ParlorJoinWindow *self)
{
  g_return_val_if_fail (PARLOR_IS_JOIN_WINDOW (self), NULL);

  return parlor_log_view_get_text (self->log_view);
}

/* The banner at the top (hidden until the first Connect). */
ParlorStatusBanner *
parlor_join_window_get_status (ParlorJoinWindow *self)
{
  g_return_val_if_fail (PARLOR_IS_JOIN_WINDOW (self), NULL);
  return self->status;
}

gboolean
parlor_join_window_shows_log_placeholder (ParlorJoinWindow *self)
{
  g_return_val_if_fail (PARLOR_IS_JOIN_WINDOW (self), FALSE);
  return parlor_log_view_shows_placeholder (self->log_view);
}

gboolean
parlor_join_window_is_busy (ParlorJoinWindow *self)
{
  g_return_val_if_fail (PARLOR_IS_JOIN_WINDOW (self), FALSE);
  return self->client != NULL;
}

/* The tables found on the network (ParlorFoundTable), as listed. */
GListModel *
parlor_join_window_get_found (ParlorJoinWindow *self)
{
  g_return_val_if_fail (PARLOR_IS_JOIN_WINDOW (self), NULL);
  return G_LIST_MODEL (self->sorted);
}

/* The list's row for found table @index, or NULL. */
GtkWidget *
parlor_join_window_get_found_row (ParlorJoinWindow *self,
                                  guint             index)
{
  g_return_val_if_fail (PARLOR_IS_JOIN_WINDOW (self), NULL);
  return GTK_WIDGET (gtk_list_box_get_row_at_index (self->found_list, (int) index));
}
