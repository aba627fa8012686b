/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-join-window"

#include "config.h"

#include <glib/gi18n.h>

#include "parlor-join-window.h"
#include "parlor-log-view.h"
#include "parlor-status-banner.h"
#include "parlor-token-store.h"

#define CONNECT_TIMEOUT 10

struct _ParlorJoinWindow
{
  AdwWindow      parent_instance;

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
  gtk_widget_set_sensitive (GTK_WIDGET (self->connect_button), !busy);
  gtk_widget_set_sensitive (GTK_WIDGET (self->address_entry), !busy);
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
  g_autoptr(ParlorClient) keep = g_object_ref (client);

  self->started = TRUE;
  g_signal_handlers_disconnect_by_data (client, self);
  g_signal_emit (self, signals[STARTED], 0, client, self->address);
  gtk_window_destroy (GTK_WINDOW (self));
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
  parlor_client_join (client, NULL);
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

void
parlor_join_window_connect (ParlorJoinWindow *self,
                            const char       *address)
{
  g_autoptr(ParlorTokenEntry) entry = NULL;
  g_autofree char *trimmed = NULL;
  g_autofree char *text = NULL;

  g_return_if_fail (PARLOR_IS_JOIN_WINDOW (self));
  g_return_if_fail (address != NULL);

  trimmed = g_strstrip (g_strdup (address));
  if (*trimmed == '\0')
    {
      set_status (self, PARLOR_STATUS_ERROR, _("Type the host’s address first."), NULL);
      append_log (self, _("Type the host’s address first."));
      gtk_widget_grab_focus (GTK_WIDGET (self->address_entry));
      return;
    }

  drop_client (self);
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

static void
parlor_join_window_dispose (GObject *object)
{
  ParlorJoinWindow *self = PARLOR_JOIN_WINDOW (object);

  drop_client (self);

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
  gtk_widget_class_bind_template_child (widget_class, ParlorJoinWindow, address_entry);
  gtk_widget_class_bind_template_child (widget_class, ParlorJoinWindow, connect_button);
  gtk_widget_class_bind_template_child (widget_class, ParlorJoinWindow, log_view);
  gtk_widget_class_bind_template_child (widget_class, ParlorJoinWindow, start_button);
  gtk_widget_class_bind_template_child (widget_class, ParlorJoinWindow, resume_label);
  gtk_widget_class_bind_template_child (widget_class, ParlorJoinWindow, status);
  gtk_widget_class_bind_template_callback (widget_class, on_address_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_connect_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_start_clicked);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
parlor_join_window_init (ParlorJoinWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
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
