/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-game-screen"

#include "config.h"

#include <glib/gi18n.h>

#include "parlor-game-screen.h"
#include "parlor-screen-util.h"
#include "parlor-setup.h"

typedef struct
{
  ParlorSettings    *settings;
  ParlorSound       *sound;
  ParlorSession     *session;
  GtkStack          *stack;
  GtkWidget         *setup;
  GtkLabel          *clock_label;
  ParlorLogView     *log;
  GPtrArray         *dialogs;      /* GWeakRef: windows closed with the game */
  int                seat;
  char              *names[PARLOR_GAME_SCREEN_MAX_SEATS + 1];   /* NULL-terminated */
  guint              tick_id;
  guint              holds;
  gboolean           finished;
} ParlorGameScreenPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (ParlorGameScreen, parlor_game_screen, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SETTINGS,
  PROP_SOUND,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

#define PRIV(self) ((ParlorGameScreenPrivate *) parlor_game_screen_get_instance_private (self))

static void update_clock (ParlorGameScreen *self);

static void
weak_ref_free (GWeakRef *ref)
{
  g_weak_ref_clear (ref);
  g_free (ref);
}

static void
keep_dialog (ParlorGameScreen *self,
             GtkWindow        *dialog)
{
  GWeakRef *ref = g_new0 (GWeakRef, 1);

  g_weak_ref_init (ref, dialog);
  g_ptr_array_add (PRIV (self)->dialogs, ref);
}

static gboolean
on_tick (gpointer data)
{
  ParlorGameScreen *self = data;

  PRIV (self)->tick_id = 0;
  update_clock (self);
  return G_SOURCE_REMOVE;
}

/* Shows whole seconds left, rounded up, and wakes at the next change. */
static void
update_clock (ParlorGameScreen *self)
{
  ParlorGameScreenPrivate *priv = PRIV (self);
  gint64 deadline = 0;

  g_clear_handle_id (&priv->tick_id, g_source_remove);
  if (priv->clock_label == NULL)
    return;

  if (priv->session != NULL && !priv->finished)
    deadline = parlor_session_get_deadline (priv->session);

  if (deadline > 0)
    {
      gint64 usec = MAX (0, deadline - g_get_monotonic_time ());
      gint64 left = (usec + G_USEC_PER_SEC - 1) / G_USEC_PER_SEC;
      g_autofree char *text = g_strdup_printf ("%d:%02d", (int) (left / 60), (int) (left % 60));

      gtk_label_set_text (priv->clock_label, text);
      if (left <= 10)
        gtk_widget_add_css_class (GTK_WIDGET (priv->clock_label), "error");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (priv->clock_label), "error");
      if (usec > 0)
        priv->tick_id = g_timeout_add ((usec % G_USEC_PER_SEC) / 1000 + 1, on_tick, self);
    }
  else
    {
      gboolean paused = priv->session != NULL && !priv->finished &&
                        parlor_session_get_paused (priv->session);

      /* Translators: the turn clock while a dialog is open */
      gtk_label_set_text (priv->clock_label, paused ? _("Paused") : "");
      gtk_widget_remove_css_class (GTK_WIDGET (priv->clock_label), "error");
    }
}

static void
update_names (ParlorGameScreen *self)
{
  ParlorGameScreenPrivate *priv = PRIV (self);

  for (guint i = 0; i < PARLOR_GAME_SCREEN_MAX_SEATS; i++)
    {
      const char *name = priv->session != NULL ? parlor_session_get_seat_name (priv->session, i) : NULL;
      const char *replaced = priv->session != NULL ? parlor_session_get_seat_replaced (priv->session, i)
                                                   : NULL;

      g_free (priv->names[i]);
      if (replaced != NULL)
        /* Translators: a computer plays for %s until they come back */
        priv->names[i] = g_strdup_printf (_("%s (computer)"), replaced);
      else
        priv->names[i] = name != NULL ? g_strdup (name) : g_strdup_printf (_("Player %u"), i + 1);
    }
}

/* The seat is known once the session has one; the screen hears it once. */
static void
ensure_seated (ParlorGameScreen *self)
{
  ParlorGameScreenPrivate *priv = PRIV (self);
  ParlorGameScreenClass *klass = PARLOR_GAME_SCREEN_GET_CLASS (self);

  if (priv->seat >= 0 || priv->session == NULL)
    return;
  priv->seat = parlor_session_get_seat (priv->session);
  if (priv->seat < 0)
    return;
  update_names (self);
  if (klass->seated != NULL)
    klass->seated (self);
}

int
parlor_game_screen_get_seat (ParlorGameScreen *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), -1);
  return PRIV (self)->seat;
}

const char *
parlor_game_screen_get_seat_name (ParlorGameScreen *self,
                                  guint             seat)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), "");
  g_return_val_if_fail (seat < PARLOR_GAME_SCREEN_MAX_SEATS, "");
  return PRIV (self)->names[seat];
}

const char * const *
parlor_game_screen_get_names (ParlorGameScreen *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), NULL);
  return (const char * const *) PRIV (self)->names;
}

static void
on_event (ParlorSession    *session,
          const char       *line,
          ParlorGameScreen *self)
{
  ParlorGameScreenClass *klass = PARLOR_GAME_SCREEN_GET_CLASS (self);

  ensure_seated (self);
  if (klass->session_event != NULL)
    klass->session_event (self, line);
}

static void
on_changed (ParlorSession    *session,
            ParlorGameScreen *self)
{
  ParlorGameScreenClass *klass = PARLOR_GAME_SCREEN_GET_CLASS (self);

  ensure_seated (self);
  if (klass->session_changed != NULL)
    klass->session_changed (self);
}

static void
on_log (ParlorSession    *session,
        const char       *text,
        ParlorGameScreen *self)
{
  /* Who left, who came back, who ran out of time. */
  if (PRIV (self)->log != NULL)
    parlor_log_view_append (PRIV (self)->log, text, TRUE);
}

static void
on_timed_out (ParlorSession    *session,
              guint             seat,
              ParlorGameScreen *self)
{
  if ((int) seat == parlor_session_get_seat (session))
    parlor_game_screen_toast (self, _("Your time ran out: the move was made for you."));
}

static void
on_seats_changed (ParlorSession    *session,
                  ParlorGameScreen *self)
{
  ParlorGameScreenClass *klass = PARLOR_GAME_SCREEN_GET_CLASS (self);

  if (PRIV (self)->seat >= 0)
    update_names (self);
  if (klass->seats_changed != NULL)
    klass->seats_changed (self);
}

static void
on_game_over (ParlorSession    *session,
              const char       *result,
              ParlorGameScreen *self)
{
  ParlorGameScreenClass *klass = PARLOR_GAME_SCREEN_GET_CLASS (self);

  parlor_game_screen_set_finished (self, TRUE);
  if (klass->game_over != NULL)
    klass->game_over (self, result);
}

static void
on_rejected (ParlorSession    *session,
             const GError     *error,
             ParlorGameScreen *self)
{
  parlor_game_screen_toast (self, error->message);
  on_changed (session, self);
}

static void
on_failed (ParlorSession    *session,
           const GError     *error,
           ParlorGameScreen *self)
{
  ParlorGameScreenPrivate *priv = PRIV (self);
  GtkWindow *dialog;

  on_changed (session, self);
  update_clock (self);
  /* The client has said it in the log; after the end nothing is lost. */
  if (priv->finished)
    return;

  parlor_game_screen_close_dialogs (self);
  dialog = parlor_screen_show_connection_lost (GTK_WIDGET (self), session, error);
  if (dialog != NULL)
    keep_dialog (self, dialog);
}

static void
on_reconnected (ParlorSession    *session,
                ParlorGameScreen *self)
{
  ParlorGameScreenClass *klass = PARLOR_GAME_SCREEN_GET_CLASS (self);

  parlor_game_screen_toast (self, _("Reconnected: you have your seat back."));
  PRIV (self)->seat = -1;
  ensure_seated (self);
  if (klass->reconnected != NULL)
    klass->reconnected (self);
  on_changed (session, self);
}

static void
on_clock_notify (ParlorSession    *session,
                 GParamSpec       *pspec,
                 ParlorGameScreen *self)
{
  update_clock (self);
}

static void
on_pending_notify (ParlorSession    *session,
                   GParamSpec       *pspec,
                   ParlorGameScreen *self)
{
  on_changed (session, self);
}

void
parlor_game_screen_set_session (ParlorGameScreen *self,
                                ParlorSession    *session)
{
  ParlorGameScreenPrivate *priv;

  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));
  g_return_if_fail (session == NULL || PARLOR_IS_SESSION (session));

  priv = PRIV (self);
  if (priv->session == session)
    return;

  if (priv->session != NULL)
    {
      /* A host's server says goodbye to the guest, who hears that the host left. */
      g_signal_handlers_disconnect_by_data (priv->session, self);
      parlor_session_stop (priv->session);
      g_clear_object (&priv->session);
    }
  priv->finished = FALSE;
  priv->holds = 0;
  priv->seat = -1;
  update_names (self);

  if (session != NULL)
    {
      priv->session = g_object_ref (session);
      g_signal_connect (session, "event", G_CALLBACK (on_event), self);
      g_signal_connect (session, "changed", G_CALLBACK (on_changed), self);
      g_signal_connect (session, "log", G_CALLBACK (on_log), self);
      g_signal_connect (session, "timed-out", G_CALLBACK (on_timed_out), self);
      g_signal_connect (session, "seats-changed", G_CALLBACK (on_seats_changed), self);
      g_signal_connect (session, "game-over", G_CALLBACK (on_game_over), self);
      g_signal_connect (session, "rejected", G_CALLBACK (on_rejected), self);
      g_signal_connect (session, "failed", G_CALLBACK (on_failed), self);
      g_signal_connect (session, "reconnected", G_CALLBACK (on_reconnected), self);
      g_signal_connect (session, "notify::deadline", G_CALLBACK (on_clock_notify), self);
      g_signal_connect (session, "notify::paused", G_CALLBACK (on_clock_notify), self);
      /* The host took the move, or asks for one: the screen follows. */
      g_signal_connect (session, "notify::pending", G_CALLBACK (on_pending_notify), self);
      g_signal_connect (session, "notify::waiting", G_CALLBACK (on_pending_notify), self);
    }
  update_clock (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

ParlorSession *
parlor_game_screen_new_hosted_session (ParlorServer  *server,
                                       const char    *table_id,
                                       GError       **error)
{
  g_return_val_if_fail (PARLOR_IS_SERVER (server), NULL);
  g_return_val_if_fail (table_id != NULL, NULL);

  if (parlor_server_get_table (server, table_id) == NULL)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                           _("The hosted game is gone"));
      return NULL;
    }
  return parlor_session_new_hosted (server, table_id);
}

gboolean
parlor_game_screen_start_session (ParlorGameScreen  *self,
                                  ParlorSession     *session,
                                  GError           **error)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);
  g_return_val_if_fail (PARLOR_IS_SESSION (session), FALSE);

  parlor_game_screen_set_session (self, session);
  if (!parlor_session_start (session, error))
    {
      parlor_game_screen_set_session (self, NULL);
      return FALSE;
    }
  return TRUE;
}

ParlorSession *
parlor_game_screen_get_session (ParlorGameScreen *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), NULL);
  return PRIV (self)->session;
}

ParlorSettings *
parlor_game_screen_get_settings (ParlorGameScreen *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), NULL);
  return PRIV (self)->settings;
}

gboolean
parlor_game_screen_is_guest (ParlorGameScreen *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);
  return PRIV (self)->session != NULL && parlor_session_is_remote (PRIV (self)->session);
}

gboolean
parlor_game_screen_is_host (ParlorGameScreen *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);
  return PRIV (self)->session != NULL && parlor_session_is_hosted (PRIV (self)->session);
}

void
parlor_game_screen_set_pages (ParlorGameScreen *self,
                              GtkStack         *stack,
                              GtkWidget        *setup)
{
  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));
  g_return_if_fail (GTK_IS_STACK (stack));
  g_return_if_fail (GTK_IS_WIDGET (setup));
  PRIV (self)->stack = stack;
  PRIV (self)->setup = setup;
}

const char *
parlor_game_screen_get_page (ParlorGameScreen *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), NULL);
  return PRIV (self)->stack != NULL ? gtk_stack_get_visible_child_name (PRIV (self)->stack) : NULL;
}

void
parlor_game_screen_show_page (ParlorGameScreen *self,
                              const char       *name)
{
  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));
  g_return_if_fail (name != NULL);
  if (PRIV (self)->stack != NULL)
    gtk_stack_set_visible_child_name (PRIV (self)->stack, name);
}

void
parlor_game_screen_show_result_page (ParlorGameScreen *self,
                                     GtkWidget        *again_button,
                                     GtkWidget        *back_button)
{
  gboolean guest, host;

  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));
  g_return_if_fail (GTK_IS_BUTTON (again_button) && GTK_IS_BUTTON (back_button));

  guest = parlor_game_screen_is_guest (self);
  host = parlor_game_screen_is_host (self);
  gtk_widget_set_visible (again_button, !guest);
  gtk_button_set_label (GTK_BUTTON (again_button), host ? _("Host _Again") : _("_Play Again"));
  gtk_button_set_label (GTK_BUTTON (back_button), guest ? _("_Back to Menu") : _("_Back"));
  parlor_game_screen_show_page (self, "result");
  gtk_widget_grab_focus (guest ? back_button : again_button);
}

/* Forgets the game shown: the base's part, then the screen's. */
static void
reset (ParlorGameScreen *self)
{
  ParlorGameScreenClass *klass = PARLOR_GAME_SCREEN_GET_CLASS (self);

  parlor_game_screen_set_session (self, NULL);
  parlor_game_screen_close_dialogs (self);
  if (PRIV (self)->log != NULL)
    parlor_log_view_clear (PRIV (self)->log);
  if (klass->reset != NULL)
    klass->reset (self);
}

static void
parlor_game_screen_real_new_local_game (ParlorGameScreen *self)
{
  reset (self);
  parlor_game_screen_show_page (self, "setup");
  if (PRIV (self)->setup != NULL)
    gtk_widget_grab_focus (PRIV (self)->setup);
}

static void
start_local_game (ParlorGameScreen *self)
{
  ParlorGameScreenClass *klass = PARLOR_GAME_SCREEN_GET_CLASS (self);
  ParlorSettings *settings = PRIV (self)->settings;
  g_autofree char *name = settings != NULL ? parlor_settings_get_effective_name (settings)
                                            : g_strdup (_("You"));
  g_autofree char *config = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorTable) table = NULL;
  g_autoptr(ParlorSession) session = NULL;
  guint player;

  g_assert (klass->game_info != NULL && klass->seat_players != NULL && klass->begin_play != NULL);

  reset (self);
  config = klass->local_config != NULL ? klass->local_config (self) : NULL;
  table = parlor_table_new (klass->game_info, config != NULL ? config : "",
                            parlor_game_seed (), &error);
  if (table == NULL)
    {
      parlor_game_screen_toast (self, error->message);
      return;
    }
  if (settings != NULL)
    {
      parlor_table_set_time_limit (table, parlor_settings_get_time_limit (settings));
      parlor_table_set_ai_delay (table, parlor_settings_get_ai_delay (settings));
    }
  player = klass->seat_players (self, table, name);

  session = parlor_session_new_local (table, player);
  parlor_game_screen_show_page (self, "play");
  if (!parlor_game_screen_start_session (self, session, &error))
    {
      parlor_game_screen_toast (self, error->message);
      parlor_game_screen_show_page (self, "setup");
      return;
    }
  ensure_seated (self);
  klass->begin_play (self);
}

static void
start_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  start_local_game (PARLOR_GAME_SCREEN (widget));
}

static void
play_again_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  ParlorGameScreen *self = PARLOR_GAME_SCREEN (widget);
  gboolean host = parlor_game_screen_is_host (self);
  gboolean guest = parlor_game_screen_is_guest (self);

  /* The setup page, with the choices of the game just played. */
  parlor_game_screen_new_local_game (self);
  if (host)
    gtk_widget_activate_action (widget, "win.host-lan", NULL);
  else if (guest)
    gtk_widget_activate_action (widget, "win.back", NULL);
  else if (PARLOR_GAME_SCREEN_GET_CLASS (self)->play_again_starts)
    start_local_game (self);
}

void
parlor_game_screen_class_install_game_actions (GtkWidgetClass *widget_class,
                                               const char     *prefix)
{
  g_autofree char *start = NULL;
  g_autofree char *again = NULL;

  g_return_if_fail (g_type_is_a (G_TYPE_FROM_CLASS (widget_class), PARLOR_TYPE_GAME_SCREEN));
  g_return_if_fail (prefix != NULL);

  start = g_strconcat (prefix, ".start", NULL);
  again = g_strconcat (prefix, ".play-again", NULL);
  gtk_widget_class_install_action (widget_class, start, NULL, start_action);
  gtk_widget_class_install_action (widget_class, again, NULL, play_again_action);
}

void
parlor_game_screen_set_finished (ParlorGameScreen *self,
                                 gboolean          finished)
{
  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));

  PRIV (self)->finished = !!finished;
  if (finished && PRIV (self)->session != NULL)
    parlor_session_set_paused (PRIV (self)->session, FALSE);
  update_clock (self);
}

gboolean
parlor_game_screen_get_finished (ParlorGameScreen *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);
  return PRIV (self)->finished;
}

static gboolean
parlor_game_screen_real_is_playing (ParlorGameScreen *self)
{
  ParlorGameScreenPrivate *priv = PRIV (self);

  return priv->session != NULL && !priv->finished && parlor_session_is_playing (priv->session);
}

gboolean
parlor_game_screen_is_playing (ParlorGameScreen *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);
  return PARLOR_GAME_SCREEN_GET_CLASS (self)->is_playing (self);
}

gboolean
parlor_game_screen_can_move (ParlorGameScreen *self)
{
  ParlorGameScreenPrivate *priv;

  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);

  priv = PRIV (self);
  return priv->session != NULL && !priv->finished &&
         parlor_session_is_waiting (priv->session) &&
         !parlor_session_is_pending (priv->session) &&
         (!parlor_session_is_remote (priv->session) || parlor_session_is_playing (priv->session));
}

gboolean
parlor_game_screen_submit (ParlorGameScreen  *self,
                           const char        *action,
                           GError           **error)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (PRIV (self)->session == NULL)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_OVER,
                           _("No game is being played"));
      return FALSE;
    }
  return parlor_session_submit (PRIV (self)->session, action, error);
}

void
parlor_game_screen_set_clock_label (ParlorGameScreen *self,
                                    GtkLabel         *label)
{
  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));
  g_return_if_fail (label == NULL || GTK_IS_LABEL (label));

  PRIV (self)->clock_label = label;
  update_clock (self);
}

const char *
parlor_game_screen_get_clock_text (ParlorGameScreen *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), NULL);
  return PRIV (self)->clock_label != NULL ? gtk_label_get_text (PRIV (self)->clock_label) : "";
}

void
parlor_game_screen_set_log_view (ParlorGameScreen *self,
                                 ParlorLogView    *log)
{
  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));
  PRIV (self)->log = log;
}

void
parlor_game_screen_toast (ParlorGameScreen *self,
                          const char       *message)
{
  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));
  parlor_screen_toast (GTK_WIDGET (self), message);
}

void
parlor_game_screen_play_sound (ParlorGameScreen *self,
                               ParlorSoundEvent  id)
{
  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));

  if (PRIV (self)->sound != NULL)
    parlor_sound_play (PRIV (self)->sound, id);
}

void
parlor_game_screen_hold (ParlorGameScreen *self)
{
  ParlorGameScreenPrivate *priv;

  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));

  priv = PRIV (self);
  if (priv->holds++ == 0 && priv->session != NULL && !priv->finished)
    parlor_session_set_paused (priv->session, TRUE);
}

void
parlor_game_screen_release (ParlorGameScreen *self)
{
  ParlorGameScreenPrivate *priv;

  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));

  priv = PRIV (self);
  if (priv->holds == 0)
    return;
  if (--priv->holds == 0 && priv->session != NULL)
    parlor_session_set_paused (priv->session, FALSE);
}

/* Unmapped or destroyed, whichever comes first, releases its hold once. */
static void
on_dialog_gone (GtkWidget        *dialog,
                ParlorGameScreen *self)
{
  if (g_object_steal_data (G_OBJECT (dialog), "parlor-hold") != NULL)
    parlor_game_screen_release (self);
}

void
parlor_game_screen_present_dialog (ParlorGameScreen *self,
                                   GtkWindow        *dialog)
{
  GtkRoot *root;

  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));
  g_return_if_fail (GTK_IS_WINDOW (dialog));

  root = gtk_widget_get_root (GTK_WIDGET (self));
  if (GTK_IS_WINDOW (root))
    gtk_window_set_transient_for (dialog, GTK_WINDOW (root));
  keep_dialog (self, dialog);
  parlor_game_screen_hold (self);
  g_object_set_data (G_OBJECT (dialog), "parlor-hold", self);
  g_signal_connect_object (dialog, "unmap", G_CALLBACK (on_dialog_gone), self, 0);
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (on_dialog_gone), self, 0);
  gtk_window_present (dialog);
}

void
parlor_game_screen_close_dialogs (ParlorGameScreen *self)
{
  ParlorGameScreenPrivate *priv;

  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));

  priv = PRIV (self);
  while (priv->dialogs->len > 0)
    {
      g_autoptr(GtkWindow) dialog = g_weak_ref_get (g_ptr_array_index (priv->dialogs, priv->dialogs->len - 1));

      g_ptr_array_remove_index (priv->dialogs, priv->dialogs->len - 1);
      if (dialog != NULL)
        gtk_window_destroy (dialog);
    }
}

void
parlor_game_screen_new_local_game (ParlorGameScreen *self)
{
  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));
  PARLOR_GAME_SCREEN_GET_CLASS (self)->new_local_game (self);
}

static gboolean
parlor_game_screen_real_host_game (ParlorGameScreen  *self,
                                   ParlorServer      *server,
                                   const char        *table_id,
                                   GError           **error)
{
  ParlorGameScreenClass *klass = PARLOR_GAME_SCREEN_GET_CLASS (self);
  g_autoptr(ParlorSession) session = parlor_game_screen_new_hosted_session (server, table_id, error);

  if (session == NULL)
    return FALSE;
  /* On the setup page until the game has started. */
  klass->new_local_game (self);
  if (!parlor_game_screen_start_session (self, session, error))
    return FALSE;
  ensure_seated (self);
  klass->begin_play (self);
  return TRUE;
}

static void
parlor_game_screen_real_join_game (ParlorGameScreen *self,
                                   ParlorClient     *client,
                                   const char       *address)
{
  ParlorGameScreenClass *klass = PARLOR_GAME_SCREEN_GET_CLASS (self);
  g_autoptr(ParlorSession) session = parlor_session_new_remote (client, address);

  klass->new_local_game (self);
  parlor_game_screen_set_session (self, session);
  ensure_seated (self);
  klass->begin_play (self);
}

gboolean
parlor_game_screen_can_host (ParlorGameScreen *self)
{
  ParlorGameScreenClass *klass;

  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);
  klass = PARLOR_GAME_SCREEN_GET_CLASS (self);
  return klass->host_game != NULL &&
         (klass->host_game != parlor_game_screen_real_host_game || klass->begin_play != NULL);
}

gboolean
parlor_game_screen_host_game (ParlorGameScreen  *self,
                              ParlorServer      *server,
                              const char        *table_id,
                              GError           **error)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);
  g_return_val_if_fail (parlor_game_screen_can_host (self), FALSE);
  return PARLOR_GAME_SCREEN_GET_CLASS (self)->host_game (self, server, table_id, error);
}

gboolean
parlor_game_screen_can_join (ParlorGameScreen *self)
{
  ParlorGameScreenClass *klass;

  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);
  klass = PARLOR_GAME_SCREEN_GET_CLASS (self);
  return klass->join_game != NULL &&
         (klass->join_game != parlor_game_screen_real_join_game || klass->begin_play != NULL);
}

void
parlor_game_screen_join_game (ParlorGameScreen *self,
                              ParlorClient     *client,
                              const char       *address)
{
  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));
  g_return_if_fail (parlor_game_screen_can_join (self));
  PARLOR_GAME_SCREEN_GET_CLASS (self)->join_game (self, client, address);
}

char *
parlor_game_screen_host_config (ParlorGameScreen  *self,
                                char             **summary)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), NULL);

  if (PARLOR_GAME_SCREEN_GET_CLASS (self)->host_config == NULL)
    return NULL;
  return PARLOR_GAME_SCREEN_GET_CLASS (self)->host_config (self, summary);
}

static void
parlor_game_screen_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  ParlorGameScreen *self = PARLOR_GAME_SCREEN (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, PRIV (self)->settings);
      break;
    case PROP_SOUND:
      g_value_set_object (value, PRIV (self)->sound);
      break;
    case PROP_SESSION:
      g_value_set_object (value, PRIV (self)->session);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
parlor_game_screen_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  ParlorGameScreen *self = PARLOR_GAME_SCREEN (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      PRIV (self)->settings = g_value_dup_object (value);
      break;
    case PROP_SOUND:
      PRIV (self)->sound = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The setup page's strength and times are the app's settings. */
static void
parlor_game_screen_constructed (GObject *object)
{
  ParlorGameScreenPrivate *priv = PRIV (PARLOR_GAME_SCREEN (object));

  G_OBJECT_CLASS (parlor_game_screen_parent_class)->constructed (object);

  if (priv->settings != NULL && PARLOR_IS_SETUP (priv->setup))
    parlor_setup_bind_settings (PARLOR_SETUP (priv->setup), priv->settings);
}

static void
parlor_game_screen_dispose (GObject *object)
{
  ParlorGameScreen *self = PARLOR_GAME_SCREEN (object);
  ParlorGameScreenPrivate *priv = PRIV (self);

  g_clear_handle_id (&priv->tick_id, g_source_remove);
  parlor_game_screen_set_session (self, NULL);
  parlor_game_screen_close_dialogs (self);
  priv->clock_label = NULL;
  priv->log = NULL;
  priv->stack = NULL;
  priv->setup = NULL;
  g_clear_object (&priv->settings);
  g_clear_object (&priv->sound);

  G_OBJECT_CLASS (parlor_game_screen_parent_class)->dispose (object);
}

static void
parlor_game_screen_finalize (GObject *object)
{
  ParlorGameScreen *self = PARLOR_GAME_SCREEN (object);

  g_ptr_array_unref (PRIV (self)->dialogs);
  for (guint i = 0; i < PARLOR_GAME_SCREEN_MAX_SEATS; i++)
    g_free (PRIV (self)->names[i]);

  G_OBJECT_CLASS (parlor_game_screen_parent_class)->finalize (object);
}

static void
parlor_game_screen_class_init (ParlorGameScreenClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = parlor_game_screen_get_property;
  object_class->set_property = parlor_game_screen_set_property;
  object_class->constructed = parlor_game_screen_constructed;
  object_class->dispose = parlor_game_screen_dispose;
  object_class->finalize = parlor_game_screen_finalize;
  klass->new_local_game = parlor_game_screen_real_new_local_game;
  klass->is_playing = parlor_game_screen_real_is_playing;
  klass->host_game = parlor_game_screen_real_host_game;
  klass->join_game = parlor_game_screen_real_join_game;

  /* Both may be NULL (a test's screen): defaults, and silence. */
  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, PARLOR_TYPE_SETTINGS,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SOUND] =
    g_param_spec_object ("sound", NULL, NULL, PARLOR_TYPE_SOUND,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, PARLOR_TYPE_SESSION,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
parlor_game_screen_init (ParlorGameScreen *self)
{
  PRIV (self)->dialogs = g_ptr_array_new_with_free_func ((GDestroyNotify) weak_ref_free);
  PRIV (self)->seat = -1;
  update_names (self);
}
