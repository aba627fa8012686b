/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-window"

#include "config.h"

#include <glib/gi18n.h>

#include "parlor-app-games.h"
#include "parlor-host-window.h"
#include "parlor-join-window.h"
#include "parlor-game-screen.h"
#include "parlor-replay.h"
#include "parlor-replay-viewer.h"
#include "parlor-saved-game.h"
#include "parlor-screen-util.h"
#include "parlor-window.h"

struct _ParlorWindow
{
  AdwApplicationWindow  parent_instance;

  GtkButton            *back_button;
  GtkButton            *pause_button;
  GtkButton            *undo_button;
  GtkButton            *hint_button;
  GtkToggleButton      *log_button;
  GtkLabel             *status_label;
  AdwWindowTitle       *window_title;
  AdwToastOverlay      *toast_overlay;
  GtkStack             *stack;
  GtkListBox           *games_list;
  AdwStatusPage        *menu_page;
  GtkBox               *menu_box;
  AdwBin               *play_bin;

  const ParlorAppGame  *game;
  GtkWidget            *screen;
  gboolean              quit_confirmed;
  GSimpleAction        *show_log;
  gboolean              log_shown;
  gboolean              log_known;    /* read from the settings */
  gboolean              log_folded;   /* by a narrow window, not by the player */
  gboolean              narrow;

  /* Saved games checked in a thread: game id → Verdict, and the ids
   * being checked. */
  GHashTable           *verdicts;
  GHashTable           *checking;
  GCancellable         *cancellable;
};

typedef struct
{
  ParlorSavedGameStamp  stamp;
  gboolean              playable;
} Verdict;

typedef enum
{
  SAVED_NONE,
  SAVED_CHECKING,
  SAVED_PLAYABLE,
} SavedState;

G_DEFINE_FINAL_TYPE (ParlorWindow, parlor_window, ADW_TYPE_APPLICATION_WINDOW)

static ParlorApplication *
get_app (ParlorWindow *self)
{
  return PARLOR_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));
}

static void
update_chrome (ParlorWindow *self)
{
  const char *page = gtk_stack_get_visible_child_name (self->stack);
  gboolean at_start = g_strcmp0 (page, "start") == 0;

  gboolean in_game = g_strcmp0 (page, "play") == 0 && self->screen != NULL;
  ParlorGameScreen *screen = in_game ? PARLOR_GAME_SCREEN (self->screen) : NULL;
  gboolean can_pause = screen != NULL && parlor_game_screen_can_pause (screen);
  gboolean paused = screen != NULL && parlor_game_screen_get_paused (screen);

  gtk_widget_set_visible (GTK_WIDGET (self->back_button), !at_start);
  gtk_widget_set_visible (GTK_WIDGET (self->log_button), in_game);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.back", !at_start);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.new-game", self->game != NULL);
  /* Pause and undo are for games against the computer only. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.pause", can_pause);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                 screen != NULL && parlor_game_screen_can_undo (screen));
  gtk_widget_set_visible (GTK_WIDGET (self->pause_button), can_pause);
  gtk_widget_set_visible (GTK_WIDGET (self->undo_button), can_pause);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hint",
                                 screen != NULL && parlor_game_screen_can_hint (screen));
  gtk_widget_set_visible (GTK_WIDGET (self->hint_button), can_pause);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.watch-again",
                                 screen != NULL && parlor_game_screen_can_watch_again (screen));
  gtk_button_set_icon_name (self->pause_button, paused ? "media-playback-start-symbolic"
                                                       : "media-playback-pause-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->pause_button),
                               paused ? _("Resume (Ctrl+P)") : _("Pause (Ctrl+P)"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->pause_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, paused ? _("Resume") : _("Pause"),
                                  -1);
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (self->pause_button), GTK_ACCESSIBLE_RELATION_LABELLED_BY);

  if (at_start || self->game == NULL)
    {
      adw_window_title_set_title (self->window_title, _("Parlor"));
      adw_window_title_set_subtitle (self->window_title, NULL);
    }
  else
    {
      adw_window_title_set_title (self->window_title, _(self->game->info->name));
      adw_window_title_set_subtitle (self->window_title, NULL);
    }
}

const char *
parlor_window_get_page (ParlorWindow *self)
{
  g_return_val_if_fail (PARLOR_IS_WINDOW (self), NULL);
  return gtk_stack_get_visible_child_name (self->stack);
}

GtkWidget *
parlor_window_get_screen (ParlorWindow *self)
{
  g_return_val_if_fail (PARLOR_IS_WINDOW (self), NULL);
  return self->screen;
}

void
parlor_window_toast (ParlorWindow *self,
                     const char   *message)
{
  g_return_if_fail (PARLOR_IS_WINDOW (self));
  g_return_if_fail (message != NULL);

  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (message));
  parlor_screen_announce (self->status_label, message);
}

static void on_saved_game_checked (GObject      *source,
                                   GAsyncResult *result,
                                   gpointer      user_data);

typedef struct
{
  ParlorWindow         *self;
  char                 *game_id;
  ParlorSavedGameStamp  stamp;
} CheckData;

/* Whether @game_id's saved game can be continued, as far as known: a file
 * not yet checked as it is now is checked in a thread, and the page is
 * brought up to date when the verdict comes. */
static SavedState
get_saved_state (ParlorWindow *self,
                 const char   *game_id)
{
  ParlorSavedGameStamp stamp;
  Verdict *verdict;
  CheckData *data;

  if (!parlor_saved_game_get_stamp (game_id, &stamp))
    {
      g_hash_table_remove (self->verdicts, game_id);
      return SAVED_NONE;
    }
  verdict = g_hash_table_lookup (self->verdicts, game_id);
  if (verdict != NULL && parlor_saved_game_stamp_equal (&verdict->stamp, &stamp))
    return verdict->playable ? SAVED_PLAYABLE : SAVED_NONE;
  if (!g_hash_table_contains (self->checking, game_id))
    {
      g_hash_table_add (self->checking, g_strdup (game_id));
      data = g_new0 (CheckData, 1);
      data->self = g_object_ref (self);
      data->game_id = g_strdup (game_id);
      data->stamp = stamp;
      parlor_saved_game_check_async (game_id, &stamp, self->cancellable,
                                     on_saved_game_checked, data);
    }
  return SAVED_CHECKING;
}

/* Each game's row says when a game against the computer waits to be continued. */
static void
update_game_rows (ParlorWindow *self)
{
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->games_list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *saved = g_object_get_data (G_OBJECT (row), "saved-label");
      const char *id = g_object_get_data (G_OBJECT (row), "game-id");

      if (saved != NULL && id != NULL)
        gtk_widget_set_visible (saved, get_saved_state (self, id) == SAVED_PLAYABLE);
    }
}

static void
on_saved_game_checked (GObject      *source,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  CheckData *data = user_data;
  ParlorWindow *self = data->self;
  g_autoptr(GError) error = NULL;
  gboolean playable = parlor_saved_game_check_finish (result, &error);
  ParlorSavedGameStamp now;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    goto out;
  g_hash_table_remove (self->checking, data->game_id);
  if (!playable)
    g_debug ("Saved game %s: %s", data->game_id, error->message);
  /* A verdict on a file since written anew is no verdict: it is checked again. */
  if (parlor_saved_game_get_stamp (data->game_id, &now) &&
      parlor_saved_game_stamp_equal (&now, &data->stamp) &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_BUSY))
    {
      Verdict *verdict = g_new0 (Verdict, 1);

      verdict->stamp = data->stamp;
      verdict->playable = playable;
      g_hash_table_insert (self->verdicts, g_strdup (data->game_id), verdict);
      if (error != NULL && error->domain == PARLOR_REPLAY_ERROR)
        {
          /* Not offered, and not left to be found again at each start. */
          parlor_saved_game_set_aside (data->game_id);
          parlor_window_toast (self, error->message);
        }
    }
  update_game_rows (self);
  if (self->screen != NULL && self->game != NULL && g_str_equal (self->game->info->id, data->game_id))
    parlor_game_screen_update_saved_bar (PARLOR_GAME_SCREEN (self->screen));
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "menu") == 0 &&
      self->game != NULL && g_str_equal (self->game->info->id, data->game_id))
    parlor_window_show_game (self, data->game_id);

out:
  g_object_unref (data->self);
  g_free (data->game_id);
  g_free (data);
}

gboolean
parlor_window_saved_game_is_playable (ParlorWindow *self,
                                      const char   *game_id)
{
  g_return_val_if_fail (PARLOR_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (game_id != NULL, FALSE);

  return get_saved_state (self, game_id) == SAVED_PLAYABLE;
}

void
parlor_window_show_start (ParlorWindow *self)
{
  g_return_if_fail (PARLOR_IS_WINDOW (self));

  update_game_rows (self);
  gtk_stack_set_visible_child_name (self->stack, "start");
  update_chrome (self);
}

static GtkWidget *
menu_button_new (const char *icon_name,
                 const char *label,
                 const char *action,
                 const char *target)
{
  GtkWidget *button = gtk_button_new ();
  GtkWidget *content = adw_button_content_new ();

  adw_button_content_set_icon_name (ADW_BUTTON_CONTENT (content), icon_name);
  adw_button_content_set_label (ADW_BUTTON_CONTENT (content), label);
  adw_button_content_set_use_underline (ADW_BUTTON_CONTENT (content), TRUE);
  /* Icon and label stay together, centred in the wide button. */
  gtk_widget_set_halign (content, GTK_ALIGN_CENTER);
  gtk_button_set_child (GTK_BUTTON (button), content);
  gtk_widget_set_size_request (button, 280, 56);
  gtk_widget_add_css_class (button, "pill");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  if (target != NULL)
    gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", target);

  return button;
}

void
parlor_window_show_game (ParlorWindow *self,
                         const char   *game_id)
{
  const ParlorAppGame *game;
  GtkWidget *child;
  GtkWidget *play;
  GtkWidget *focus;
  SavedState saved;

  g_return_if_fail (PARLOR_IS_WINDOW (self));

  game = parlor_app_games_lookup (game_id);
  g_return_if_fail (game != NULL);

  if (self->game != game)
    {
      self->game = game;
      self->screen = NULL;
      adw_bin_set_child (self->play_bin, NULL);
    }

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->menu_box))) != NULL)
    gtk_box_remove (self->menu_box, child);

  adw_status_page_set_title (self->menu_page, _(game->info->name));
  /* Screen readers name the pages after the game, as the window's title does. */
  gtk_stack_page_set_title (gtk_stack_get_page (self->stack, GTK_WIDGET (self->menu_page)), _(game->info->name));
  gtk_stack_page_set_title (gtk_stack_get_page (self->stack, GTK_WIDGET (self->play_bin)), _(game->info->name));
  adw_status_page_set_description (self->menu_page, _(game->info->summary));
  adw_status_page_set_icon_name (self->menu_page, game->info->icon_name);

  /* A game left against the computer comes first, once it is known to
   * be one that can be played on. */
  saved = get_saved_state (self, game->info->id);
  if (saved != SAVED_NONE)
    {
      GtkWidget *resume = menu_button_new ("media-playback-start-symbolic", _("_Continue Game"),
                                           "win.continue-game", NULL);

      gtk_widget_add_css_class (resume, "suggested-action");
      gtk_widget_set_sensitive (resume, saved == SAVED_PLAYABLE);
      gtk_box_append (self->menu_box, resume);
      play = menu_button_new ("avatar-default-symbolic", _("New _1-Player Game"),
                              "win.play-local", NULL);
      gtk_box_append (self->menu_box, play);
      focus = saved == SAVED_PLAYABLE ? resume : play;
    }
  else
    {
      play = menu_button_new ("avatar-default-symbolic", _("_1-Player Game"),
                              "win.play-local", NULL);
      gtk_widget_add_css_class (play, "suggested-action");
      gtk_box_append (self->menu_box, play);
      focus = play;
    }
  if (parlor_app_game_has_lan (game))
    {
      gtk_box_append (self->menu_box,
                      menu_button_new ("network-server-symbolic", _("_Host LAN Game"), "win.host-lan", NULL));
      gtk_box_append (self->menu_box,
                      menu_button_new ("network-workgroup-symbolic", _("_Join LAN Game"), "win.join-lan", NULL));
    }
  gtk_box_append (self->menu_box,
                  menu_button_new ("preferences-system-symbolic", _("_Preferences"), "app.preferences", NULL));
  gtk_box_append (self->menu_box,
                  menu_button_new ("application-exit-symbolic", _("_Quit"), "app.quit", NULL));

  gtk_stack_set_visible_child_name (self->stack, "menu");
  update_chrome (self);
  parlor_widget_grab_focus_heard (focus);
}

static void
on_screen_notify (GtkWidget    *screen,
                  GParamSpec   *pspec,
                  ParlorWindow *self)
{
  if (screen == self->screen)
    update_chrome (self);
}

static void
on_screen_announce (GtkWidget    *screen,
                    const char   *text,
                    ParlorWindow *self)
{
  parlor_screen_announce (self->status_label, text);
}

static void
apply_log (ParlorWindow *self)
{
  if (self->screen != NULL)
    parlor_game_screen_set_log_shown (PARLOR_GAME_SCREEN (self->screen), self->log_shown);
  g_simple_action_set_state (self->show_log, g_variant_new_boolean (self->log_shown));
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->log_button),
                               GTK_ACCESSIBLE_STATE_EXPANDED, self->log_shown, -1);
}

static GSettings *
get_gsettings (ParlorWindow *self)
{
  ParlorApplication *app = get_app (self);
  ParlorSettings *settings = app != NULL ? parlor_application_get_settings (app) : NULL;

  return settings != NULL ? parlor_settings_get_settings (settings) : NULL;
}

static void
show_log_activated (GSimpleAction *action,
                    GVariant      *param,
                    gpointer       data)
{
  ParlorWindow *self = data;
  GSettings *settings = get_gsettings (self);

  self->log_known = TRUE;
  self->log_folded = FALSE;
  self->log_shown = !self->log_shown;
  if (settings != NULL)
    g_settings_set_boolean (settings, "show-log", self->log_shown);
  apply_log (self);
}

/* Below this width the log folds away on its own, so the table keeps its size. */
#define NARROW_WIDTH 1000

static void
fold_log_for_width (gpointer data)
{
  ParlorWindow *self = data;

  if (self->narrow && self->log_shown)
    {
      self->log_shown = FALSE;
      self->log_folded = TRUE;
      apply_log (self);
    }
  else if (!self->narrow && self->log_folded)
    {
      self->log_shown = TRUE;
      self->log_folded = FALSE;
      apply_log (self);
    }
  g_object_unref (self);
}

static void
parlor_window_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  ParlorWindow *self = PARLOR_WINDOW (widget);
  gboolean narrow = width < NARROW_WIDTH;

  GTK_WIDGET_CLASS (parlor_window_parent_class)->size_allocate (widget, width, height, baseline);
  /* Only crossing the width folds or unfolds, after this allocation is done. */
  if (narrow != self->narrow)
    {
      self->narrow = narrow;
      g_idle_add_once (fold_log_for_width, g_object_ref (self));
    }
}

static GtkWidget *
ensure_screen (ParlorWindow        *self,
               const ParlorAppGame *game)
{
  if (self->game != game || self->screen == NULL)
    {
      self->game = game;
      self->screen = g_object_new (game->get_screen_type (),
                                   "settings", parlor_application_get_settings (get_app (self)),
                                   "sound", parlor_application_get_sound (get_app (self)),
                                   NULL);
      g_signal_connect_object (self->screen, "notify::can-pause",
                               G_CALLBACK (on_screen_notify), self, 0);
      g_signal_connect_object (self->screen, "notify::can-undo",
                               G_CALLBACK (on_screen_notify), self, 0);
      g_signal_connect_object (self->screen, "notify::can-hint",
                               G_CALLBACK (on_screen_notify), self, 0);
      g_signal_connect_object (self->screen, "notify::paused",
                               G_CALLBACK (on_screen_notify), self, 0);
      g_signal_connect_object (self->screen, "notify::can-watch-again",
                               G_CALLBACK (on_screen_notify), self, 0);
      g_signal_connect_object (self->screen, "announce", G_CALLBACK (on_screen_announce), self, 0);
      adw_bin_set_child (self->play_bin, self->screen);
      if (!self->log_known && get_gsettings (self) != NULL)
        {
          self->log_known = TRUE;
          self->log_shown = g_settings_get_boolean (get_gsettings (self), "show-log");
          if (self->narrow && self->log_shown)
            {
              self->log_shown = FALSE;
              self->log_folded = TRUE;
            }
        }
      apply_log (self);
    }
  return self->screen;
}

static void
show_screen (ParlorWindow *self)
{
  gtk_stack_set_visible_child_name (self->stack, "play");
  update_chrome (self);
  gtk_widget_grab_focus (self->screen);
}

static void
start_local_game (ParlorWindow *self)
{
  if (self->game == NULL)
    return;

  parlor_game_screen_new_local_game (PARLOR_GAME_SCREEN (ensure_screen (self, self->game)));
  show_screen (self);
}

gboolean
parlor_window_play (ParlorWindow *self,
                    const char   *game_id)
{
  g_return_val_if_fail (PARLOR_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (game_id != NULL, FALSE);

  if (parlor_app_games_lookup (game_id) == NULL)
    return FALSE;
  parlor_window_show_game (self, game_id);
  parlor_game_screen_start_local_game (PARLOR_GAME_SCREEN (ensure_screen (self, self->game)));
  show_screen (self);
  return TRUE;
}

gboolean
parlor_window_play_on (ParlorWindow  *self,
                       ParlorTable   *table,
                       GError       **error)
{
  const ParlorAppGame *game;
  GtkWidget *screen;

  g_return_val_if_fail (PARLOR_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (PARLOR_IS_TABLE (table), FALSE);

  game = parlor_app_games_lookup (parlor_table_get_info (table)->id);
  g_return_val_if_fail (game != NULL, FALSE);
  parlor_window_show_game (self, game->info->id);
  screen = ensure_screen (self, game);
  if (!parlor_game_screen_play_on (PARLOR_GAME_SCREEN (screen), table, error))
    return FALSE;
  show_screen (self);
  return TRUE;
}

static gboolean is_playing (ParlorWindow *self);
static gboolean is_kept    (ParlorWindow *self);

static void
play_on_from_viewer (ParlorWindow       *self,
                     ParlorReplayViewer *viewer,
                     ParlorTable        *table)
{
  g_autoptr(GError) error = NULL;

  if (!parlor_window_play_on (self, table, &error))
    {
      parlor_window_toast (self, error->message);
      return;
    }
  gtk_window_destroy (GTK_WINDOW (viewer));
  gtk_window_present (GTK_WINDOW (self));
}

typedef struct
{
  ParlorWindow *self;
  GWeakRef      viewer;
  ParlorTable  *table;
} PlayOn;

static void
play_on_free (PlayOn *play_on)
{
  g_object_unref (play_on->self);
  g_weak_ref_clear (&play_on->viewer);
  g_object_unref (play_on->table);
  g_free (play_on);
}

static void
play_on_when_answered (gpointer data)
{
  PlayOn *play_on = data;
  g_autoptr(ParlorReplayViewer) viewer = g_weak_ref_get (&play_on->viewer);

  /* Closed meanwhile, the viewer has no game to play on. */
  if (viewer != NULL && gtk_widget_get_visible (GTK_WIDGET (viewer)))
    play_on_from_viewer (play_on->self, viewer, play_on->table);
  play_on_free (play_on);
}

static void
on_leave_for_play_on_response (AdwMessageDialog *dialog,
                               const char       *response,
                               gpointer          user_data)
{
  /* Once the dialog is closed: playing on closes the viewer it belongs to. */
  if (g_str_equal (response, "play-on"))
    g_idle_add_once (play_on_when_answered, g_object_steal_data (G_OBJECT (dialog), "play-on"));
}

static void
on_viewer_play_on (ParlorReplayViewer *viewer,
                   ParlorTable        *table,
                   ParlorWindow       *self)
{
  AdwMessageDialog *dialog;
  PlayOn *play_on;

  /* A LAN game is not kept: it is not ended without asking. */
  if (!is_playing (self) || is_kept (self))
    {
      play_on_from_viewer (self, viewer, table);
      return;
    }
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (viewer), _("Leave the LAN Game?"),
                                                       _("Playing on from the replay ends the LAN "
                                                         "game in progress.")));
  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Keep Playing"),
                                    "play-on", _("_Play On"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "play-on", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  play_on = g_new0 (PlayOn, 1);
  play_on->self = g_object_ref (self);
  g_weak_ref_init (&play_on->viewer, viewer);
  play_on->table = g_object_ref (table);
  g_object_set_data_full (G_OBJECT (dialog), "play-on", play_on, (GDestroyNotify) play_on_free);
  g_signal_connect (dialog, "response", G_CALLBACK (on_leave_for_play_on_response), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
parlor_window_present_viewer (ParlorWindow       *self,
                              ParlorReplayViewer *viewer)
{
  g_return_if_fail (PARLOR_IS_WINDOW (self));
  g_return_if_fail (PARLOR_IS_REPLAY_VIEWER (viewer));

  gtk_window_set_transient_for (GTK_WINDOW (viewer), GTK_WINDOW (self));
  gtk_window_set_application (GTK_WINDOW (viewer), gtk_window_get_application (GTK_WINDOW (self)));
  g_signal_connect_object (viewer, "play-on", G_CALLBACK (on_viewer_play_on), self, 0);
  gtk_window_present (GTK_WINDOW (viewer));
}

static void
show_unwatchable (ParlorWindow *self,
                  const char   *message)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _("This Replay Cannot Be Watched"),
                                              message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  parlor_window_present_dialog (self, GTK_WINDOW (dialog));
}

static void
on_replay_loaded (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(ParlorWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  ParlorReplayViewer *viewer = parlor_replay_viewer_new_for_file_finish (result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;   /* the window is gone */
  if (viewer == NULL)
    show_unwatchable (self, error->message);
  else
    parlor_window_present_viewer (self, viewer);
}

/* Read off the main loop: the window goes on while a file is checked. */
void
parlor_window_open_replay (ParlorWindow *self,
                           GFile        *file)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();

  g_return_if_fail (PARLOR_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  g_signal_connect_object (self, "destroy", G_CALLBACK (g_cancellable_cancel), cancellable,
                           G_CONNECT_SWAPPED);
  parlor_replay_viewer_new_for_file_async (file, cancellable, on_replay_loaded, g_object_ref (self));
}

/* The game just finished, from the table's record: it is there at once,
 * whether or not the records have kept the file yet. */
static void
watch_again_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  ParlorWindow *self = PARLOR_WINDOW (widget);
  ParlorGameScreen *screen = self->screen != NULL ? PARLOR_GAME_SCREEN (self->screen) : NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *title = NULL;
  const char *path;
  ParlorReplayViewer *viewer;

  if (screen == NULL || !parlor_game_screen_can_watch_again (screen))
    return;
  path = parlor_game_screen_get_last_replay_path (screen);
  title = path != NULL ? g_path_get_basename (path) : NULL;
  viewer = parlor_replay_viewer_new_for_text (parlor_game_screen_get_last_replay (screen), title, &error);
  if (viewer == NULL)
    show_unwatchable (self, error->message);
  else
    parlor_window_present_viewer (self, viewer);
}

static void
on_open_response (GtkNativeDialog *chooser,
                  int              response,
                  ParlorWindow    *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      if (file != NULL)
        parlor_window_open_replay (self, file);
    }
  g_object_unref (chooser);
}

static void
open_replay_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  ParlorWindow *self = PARLOR_WINDOW (widget);
  GtkFileChooserNative *chooser;
  GtkFileFilter *filter = gtk_file_filter_new ();
  GtkFileFilter *all = gtk_file_filter_new ();

  chooser = gtk_file_chooser_native_new (_("Open a Replay"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("Replays"));
  gtk_file_filter_add_pattern (filter, "*.replay");
  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), all);
  g_object_unref (filter);
  g_object_unref (all);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (on_open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static gboolean
on_drop (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         ParlorWindow  *self)
{
  GSList *files;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  files = gdk_file_list_get_files (g_value_get_boxed (value));
  for (GSList *l = files; l != NULL; l = l->next)
    parlor_window_open_replay (self, l->data);
  g_slist_free (files);
  return files != NULL;
}

static void
on_host_start (ParlorHostWindow *host,
               ParlorServer     *server,
               const char       *table_id,
               ParlorWindow     *self)
{
  g_autoptr(GError) error = NULL;
  GtkWidget *screen = ensure_screen (self, self->game);

  if (!parlor_game_screen_host_game (PARLOR_GAME_SCREEN (screen), server, table_id, &error))
    {
      parlor_window_toast (self, error->message);
      return;
    }
  show_screen (self);
}

ParlorHostWindow *
parlor_window_host_lan (ParlorWindow *self)
{
  g_autoptr(GError) error = NULL;
  ParlorSettings *settings = parlor_application_get_settings (get_app (self));
  ParlorHostWindow *host;
  g_autofree char *config = NULL;
  g_autofree char *summary = NULL;

  g_return_val_if_fail (PARLOR_IS_WINDOW (self), NULL);

  if (self->game == NULL || !parlor_app_game_has_lan (self->game))
    return NULL;

  config = parlor_game_screen_host_config (PARLOR_GAME_SCREEN (ensure_screen (self, self->game)), &summary);
  host = parlor_host_window_new (settings, self->game->info->id, config, &error);
  if (host == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("Could not host a game: %s"), error->message);

      parlor_window_toast (self, text);
      return NULL;
    }
  if (summary != NULL)
    parlor_host_window_set_rules (host, summary);
  g_signal_connect_object (host, "start", G_CALLBACK (on_host_start), self, 0);
  gtk_window_set_transient_for (GTK_WINDOW (host), GTK_WINDOW (self));
  gtk_window_present (GTK_WINDOW (host));
  return host;
}

static void
on_join_started (ParlorJoinWindow *join,
                 ParlorClient     *client,
                 const char       *address,
                 ParlorWindow     *self)
{
  const ParlorAppGame *game = parlor_app_games_lookup (parlor_client_get_game_id (client));

  if (game == NULL || !parlor_app_game_has_lan (game))
    {
      parlor_client_disconnect (client);
      parlor_window_toast (self, _("The host is playing a game this version of Parlor does not have"));
      return;
    }
  if (self->game != game)
    parlor_window_show_game (self, game->info->id);
  parlor_game_screen_join_game (PARLOR_GAME_SCREEN (ensure_screen (self, game)), client, address);
  show_screen (self);
}

ParlorJoinWindow *
parlor_window_join_lan (ParlorWindow *self)
{
  ParlorSettings *settings = parlor_application_get_settings (get_app (self));
  g_autofree char *name = parlor_settings_get_effective_name (settings);
  ParlorJoinWindow *join;

  g_return_val_if_fail (PARLOR_IS_WINDOW (self), NULL);

  if (self->game == NULL || !parlor_app_game_has_lan (self->game))
    return NULL;

  join = parlor_join_window_new (name, self->game->info->id);
  g_signal_connect_object (join, "started", G_CALLBACK (on_join_started), self, 0);
  gtk_window_set_transient_for (GTK_WINDOW (join), GTK_WINDOW (self));
  gtk_window_present (GTK_WINDOW (join));
  return join;
}

static void
host_lan_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  parlor_window_host_lan (PARLOR_WINDOW (widget));
}

static void
join_lan_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  parlor_window_join_lan (PARLOR_WINDOW (widget));
}

static void
on_leave_response (AdwMessageDialog *dialog,
                   const char       *response,
                   ParlorWindow     *self)
{
  if (g_str_equal (response, "leave"))
    {
      adw_bin_set_child (self->play_bin, NULL);
      self->screen = NULL;
      parlor_window_show_game (self, self->game->info->id);
    }
  else if (g_str_equal (response, "new"))
    start_local_game (self);
}

/* Asks before abandoning a game in progress; @response_id is what "yes" does. */
static void
confirm_leave (ParlorWindow *self,
               const char   *response_id)
{
  AdwMessageDialog *dialog;
  gboolean new_game = g_str_equal (response_id, "new");

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                       new_game ? _("Start a New Game?") : _("Leave the Game?"),
                                                       _("The game in progress will be lost.")));
  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Keep Playing"),
                                    response_id, new_game ? _("_New Game") : _("_Leave"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, response_id, ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (on_leave_response), self);
  parlor_window_present_dialog (self, GTK_WINDOW (dialog));
}

/* Shows @dialog over the window; a game against the computer waits meanwhile. */
void
parlor_window_present_dialog (ParlorWindow *self,
                              GtkWindow    *dialog)
{
  g_return_if_fail (PARLOR_IS_WINDOW (self));
  g_return_if_fail (GTK_IS_WINDOW (dialog));

  gtk_window_set_transient_for (dialog, GTK_WINDOW (self));
  if (self->screen != NULL && g_str_equal (gtk_stack_get_visible_child_name (self->stack), "play"))
    parlor_game_screen_present_dialog (PARLOR_GAME_SCREEN (self->screen), dialog);
  else
    gtk_window_present (dialog);
}

static gboolean
is_playing (ParlorWindow *self)
{
  return self->screen != NULL && parlor_game_screen_is_playing (PARLOR_GAME_SCREEN (self->screen));
}

/* A game against the computer is kept to be resumed: leaving it loses nothing. */
static gboolean
is_kept (ParlorWindow *self)
{
  return self->screen != NULL && parlor_game_screen_is_kept (PARLOR_GAME_SCREEN (self->screen));
}

/* Quitting now would end a game that will not be resumed (a LAN game). */
gboolean
parlor_window_needs_quit_question (ParlorWindow *self)
{
  g_return_val_if_fail (PARLOR_IS_WINDOW (self), FALSE);
  return is_playing (self) && !is_kept (self);
}

static void
on_quit_response (AdwMessageDialog *dialog,
                  const char       *response,
                  ParlorWindow     *self)
{
  if (!g_str_equal (response, "quit"))
    return;
  self->quit_confirmed = TRUE;
  g_action_group_activate_action (G_ACTION_GROUP (get_app (self)), "quit", NULL);
}

/* "Quit Parlor?" over the window; Quit quits the app. */
void
parlor_window_confirm_quit (ParlorWindow *self)
{
  AdwMessageDialog *dialog;

  g_return_if_fail (PARLOR_IS_WINDOW (self));

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _("Quit Parlor?"),
                                                       _("You will leave the LAN game in "
                                                         "progress.")));
  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Keep Playing"),
                                    "quit", _("_Quit"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "quit", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (on_quit_response), self);
  parlor_window_present_dialog (self, GTK_WINDOW (dialog));
}

gboolean
parlor_window_get_quit_confirmed (ParlorWindow *self)
{
  g_return_val_if_fail (PARLOR_IS_WINDOW (self), FALSE);
  return self->quit_confirmed;
}

const char *
parlor_window_get_game_id (ParlorWindow *self)
{
  g_return_val_if_fail (PARLOR_IS_WINDOW (self), NULL);
  return self->game != NULL ? self->game->info->id : NULL;
}

/* What screen readers were last told of pause, resume, undo, restore or a toast. */
const char *
parlor_window_get_announcement (ParlorWindow *self)
{
  g_return_val_if_fail (PARLOR_IS_WINDOW (self), NULL);
  return gtk_label_get_text (self->status_label);
}

/* Writes the game against the computer now (the session is ending). */
void
parlor_window_save_game (ParlorWindow *self)
{
  g_return_if_fail (PARLOR_IS_WINDOW (self));

  if (self->screen != NULL)
    parlor_game_screen_save (PARLOR_GAME_SCREEN (self->screen));
}

/* Escape: the game's own use of it first (a mahjong claim's Pass), else Back. */
static void
escape_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  ParlorWindow *self = PARLOR_WINDOW (widget);

  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "play") == 0 &&
      self->screen != NULL && parlor_game_screen_escape (PARLOR_GAME_SCREEN (self->screen)))
    return;
  gtk_widget_activate_action (widget, "win.back", NULL);
}

static void
back_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  ParlorWindow *self = PARLOR_WINDOW (widget);
  const char *page = gtk_stack_get_visible_child_name (self->stack);

  if (g_str_equal (page, "play"))
    {
      /* A game against the computer is saved and offered again. */
      if (is_playing (self) && !is_kept (self))
        confirm_leave (self, "leave");
      else
        parlor_window_show_game (self, self->game->info->id);
    }
  else
    parlor_window_show_start (self);
}

static void
new_game_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  ParlorWindow *self = PARLOR_WINDOW (widget);

  /* A game against the computer stays saved (the setup page offers it)
   * until another starts: nothing is lost yet. */
  if (is_playing (self) && !is_kept (self))
    confirm_leave (self, "new");
  else
    start_local_game (self);
}

static void
pause_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  ParlorWindow *self = PARLOR_WINDOW (widget);
  ParlorGameScreen *screen;

  if (self->screen == NULL)
    return;
  screen = PARLOR_GAME_SCREEN (self->screen);
  parlor_game_screen_set_paused (screen, !parlor_game_screen_get_paused (screen));
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  ParlorWindow *self = PARLOR_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  if (self->screen != NULL && !parlor_game_screen_undo (PARLOR_GAME_SCREEN (self->screen), &error))
    parlor_window_toast (self, error->message);
}

static void
hint_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  ParlorWindow *self = PARLOR_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  if (self->screen != NULL && !parlor_game_screen_hint (PARLOR_GAME_SCREEN (self->screen), &error))
    parlor_window_toast (self, error->message);
}

static void
continue_game_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *param)
{
  ParlorWindow *self = PARLOR_WINDOW (widget);

  if (self->game == NULL)
    return;
  if (parlor_game_screen_resume_saved_game (PARLOR_GAME_SCREEN (ensure_screen (self, self->game)), NULL))
    show_screen (self);
  else
    parlor_window_show_game (self, self->game->info->id);
}

static void
play_local_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  start_local_game (PARLOR_WINDOW (widget));
}

static void
fullscreen_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  GtkWindow *window = GTK_WINDOW (widget);

  if (gtk_window_is_fullscreen (window))
    gtk_window_unfullscreen (window);
  else
    gtk_window_fullscreen (window);
}

static void
on_game_row_activated (GtkListBox    *list,
                       GtkListBoxRow *row,
                       ParlorWindow  *self)
{
  parlor_window_show_game (self, g_object_get_data (G_OBJECT (row), "game-id"));
}

/* A size remembered from a bigger screen, or damaged, still gives a window one can use. */
#define WINDOW_SIZE_MIN 360
#define WINDOW_SIZE_MAX 16384

void
parlor_window_save_state (ParlorWindow *self)
{
  GSettings *settings;
  gboolean maximized;
  int width = 0, height = 0;

  g_return_if_fail (PARLOR_IS_WINDOW (self));

  settings = get_gsettings (self);
  maximized = gtk_window_is_maximized (GTK_WINDOW (self));
  if (settings == NULL)
    return;
  g_settings_set_boolean (settings, "window-maximized", maximized);
  /* A maximized or full-screen window keeps the size it comes back to. */
  if (maximized || gtk_window_is_fullscreen (GTK_WINDOW (self)))
    return;
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  if (width > 0 && height > 0)
    {
      g_settings_set_int (settings, "window-width", CLAMP (width, WINDOW_SIZE_MIN, WINDOW_SIZE_MAX));
      g_settings_set_int (settings, "window-height", CLAMP (height, WINDOW_SIZE_MIN, WINDOW_SIZE_MAX));
    }
}

static void
restore_window_state (ParlorWindow *self)
{
  GSettings *settings = get_gsettings (self);

  if (settings == NULL)
    return;
  gtk_window_set_default_size (GTK_WINDOW (self),
                               CLAMP (g_settings_get_int (settings, "window-width"),
                                      WINDOW_SIZE_MIN, WINDOW_SIZE_MAX),
                               CLAMP (g_settings_get_int (settings, "window-height"),
                                      WINDOW_SIZE_MIN, WINDOW_SIZE_MAX));
  if (g_settings_get_boolean (settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

static gboolean
on_close_request (GtkWindow *window)
{
  ParlorWindow *self = PARLOR_WINDOW (window);

  /* A LAN game in progress is not left without asking. */
  if (parlor_window_needs_quit_question (self) && !self->quit_confirmed)
    {
      parlor_window_confirm_quit (self);
      return TRUE;
    }
  parlor_window_save_state (self);
  /* A game against the computer is kept for next time. */
  parlor_window_save_game (self);
  /* Stop computer players and timers before the widgets go. */
  adw_bin_set_child (self->play_bin, NULL);
  self->screen = NULL;

  return FALSE;
}

static void
parlor_window_dispose (GObject *object)
{
  ParlorWindow *self = PARLOR_WINDOW (object);

  g_cancellable_cancel (self->cancellable);

  G_OBJECT_CLASS (parlor_window_parent_class)->dispose (object);
}

static void
parlor_window_finalize (GObject *object)
{
  ParlorWindow *self = PARLOR_WINDOW (object);

  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->verdicts, g_hash_table_unref);
  g_clear_pointer (&self->checking, g_hash_table_unref);

  G_OBJECT_CLASS (parlor_window_parent_class)->finalize (object);
}

static void
parlor_window_class_init (ParlorWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = parlor_window_dispose;
  object_class->finalize = parlor_window_finalize;

  window_class->close_request = on_close_request;
  widget_class->size_allocate = parlor_window_size_allocate;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/parlorgames/Parlor/parlor-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ParlorWindow, back_button);
  gtk_widget_class_bind_template_child (widget_class, ParlorWindow, pause_button);
  gtk_widget_class_bind_template_child (widget_class, ParlorWindow, undo_button);
  gtk_widget_class_bind_template_child (widget_class, ParlorWindow, hint_button);
  gtk_widget_class_bind_template_child (widget_class, ParlorWindow, log_button);
  gtk_widget_class_bind_template_child (widget_class, ParlorWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, ParlorWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, ParlorWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, ParlorWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, ParlorWindow, games_list);
  gtk_widget_class_bind_template_child (widget_class, ParlorWindow, menu_page);
  gtk_widget_class_bind_template_child (widget_class, ParlorWindow, menu_box);
  gtk_widget_class_bind_template_child (widget_class, ParlorWindow, play_bin);

  gtk_widget_class_install_action (widget_class, "win.back", NULL, back_action);
  gtk_widget_class_install_action (widget_class, "win.escape", NULL, escape_action);
  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_action);
  gtk_widget_class_install_action (widget_class, "win.play-local", NULL, play_local_action);
  gtk_widget_class_install_action (widget_class, "win.fullscreen", NULL, fullscreen_action);
  gtk_widget_class_install_action (widget_class, "win.host-lan", NULL, host_lan_action);
  gtk_widget_class_install_action (widget_class, "win.join-lan", NULL, join_lan_action);
  gtk_widget_class_install_action (widget_class, "win.pause", NULL, pause_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, hint_action);
  gtk_widget_class_install_action (widget_class, "win.continue-game", NULL, continue_game_action);
  gtk_widget_class_install_action (widget_class, "win.open-replay", NULL, open_replay_action);
  gtk_widget_class_install_action (widget_class, "win.watch-again", NULL, watch_again_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.escape", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, 0, "win.show-log", NULL);
}

static void
add_game_rows (ParlorWindow *self)
{
  const ParlorAppGame * const *games = parlor_app_games_list ();

  for (gsize i = 0; games[i] != NULL; i++)
    {
      GtkWidget *row = adw_action_row_new ();
      /* The row's title names the game: the pictures are decoration. */
      GtkWidget *icon = g_object_new (GTK_TYPE_IMAGE, "icon-name", games[i]->info->icon_name,
                                      "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION, NULL);
      GtkWidget *arrow = g_object_new (GTK_TYPE_IMAGE, "icon-name", "go-next-symbolic",
                                       "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION, NULL);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(games[i]->info->name));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _(games[i]->info->summary));
      gtk_image_set_icon_size (GTK_IMAGE (icon), GTK_ICON_SIZE_LARGE);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
      {
        GtkWidget *saved = gtk_label_new (_("Game in progress"));

        gtk_widget_add_css_class (saved, "dim-label");
        gtk_widget_set_visible (saved, FALSE);
        adw_action_row_add_suffix (ADW_ACTION_ROW (row), saved);
        g_object_set_data (G_OBJECT (row), "saved-label", saved);
      }
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), arrow);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      g_object_set_data (G_OBJECT (row), "game-id", (gpointer) games[i]->info->id);
      gtk_list_box_append (self->games_list, row);
    }
}

/* build-aux/measure reads this to time the start-up to the first frame. */
static void
on_first_paint (GdkFrameClock *clock,
                ParlorWindow  *self)
{
  g_signal_handlers_disconnect_by_data (clock, self);
  g_print ("first-frame %" G_GINT64_FORMAT "\n", g_get_monotonic_time ());
}

static void
on_realize (ParlorWindow *self)
{
  if (g_getenv ("PARLOR_REPORT_FIRST_FRAME") != NULL)
    g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (self)), "after-paint",
                      G_CALLBACK (on_first_paint), self);
}

static void
parlor_window_init (ParlorWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (self, "realize", G_CALLBACK (on_realize), NULL);

  self->verdicts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->checking = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->cancellable = g_cancellable_new ();

  self->log_shown = TRUE;
  self->show_log = g_simple_action_new_stateful ("show-log", NULL, g_variant_new_boolean (TRUE));
  g_signal_connect (self->show_log, "activate", G_CALLBACK (show_log_activated), self);
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (self->show_log));
  g_object_unref (self->show_log);   /* the window's action map keeps it */

  add_game_rows (self);
  {
    GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

    g_signal_connect (drop, "drop", G_CALLBACK (on_drop), self);
    gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
  }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->games_list),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Games"), -1);
  g_signal_connect (self->games_list, "row-activated", G_CALLBACK (on_game_row_activated), self);
  update_game_rows (self);
  update_chrome (self);
}

ParlorWindow *
parlor_window_new (ParlorApplication *app)
{
  ParlorWindow *self = g_object_new (PARLOR_TYPE_WINDOW, "application", app, NULL);

  /* The size the window had when it was last closed. */
  restore_window_state (self);
  return self;
}
