/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-replay-viewer"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "parlor-app-games.h"
#include "parlor-games.h"
#include "parlor-replay-viewer.h"
#include "parlor-screen-util.h"
#include "parlor-session.h"

/* Seconds per action of the Play speeds, as the dropdown lists them. */
static const guint speeds_ms[] = { 500, 1000, 2000 };

struct _ParlorReplayViewer
{
  AdwWindow           parent_instance;

  ParlorReplayCursor *cursor;
  ParlorSession      *session;
  ParlorGameScreen   *screen;
  GtkWidget          *controls;
  GtkLabel           *step_label;
  GtkLabel           *status_label;
  GtkToggleButton    *play_button;
  GtkWidget          *play_on_button;
  GtkDropDown        *speed_dropdown;
  GtkDropDown        *seat_dropdown;
  guint               play_id;
  int                 seat;
};

G_DEFINE_FINAL_TYPE (ParlorReplayViewer, parlor_replay_viewer, ADW_TYPE_WINDOW)

enum {
  PLAY_ON,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
update_controls (ParlorReplayViewer *self)
{
  guint step = parlor_replay_cursor_get_step (self->cursor);
  guint n = parlor_replay_cursor_get_n_steps (self->cursor);
  guint hands = parlor_replay_cursor_get_n_hands (self->cursor);
  g_autofree char *text = NULL;
  gboolean over = parlor_game_is_over (parlor_replay_cursor_get_game (self->cursor));

  if (hands > 1)
    /* Translators: where a replay stands: "Move 12 of 240 · Hand 2 of 8" */
    text = g_strdup_printf (_("Move %u of %u · Hand %u of %u"), step, n,
                            parlor_replay_cursor_get_hand (self->cursor, step) + 1, hands);
  else
    /* Translators: where a replay stands: "Move 12 of 40" */
    text = g_strdup_printf (_("Move %u of %u"), step, n);
  gtk_label_set_text (self->step_label, text);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.back", step > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.start", step > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.previous-hand", step > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.forward", step < n);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.end", step < n);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.next-hand", step < n);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.play-on",
                                 parlor_replay_cursor_get_local_seat (self->cursor) >= 0 &&
                                 parlor_replay_cursor_is_current_version (self->cursor) && !over);
}

/* The screen starts again from the cursor's step (a step back, or
 * another seat's view); keyboard focus stays on the viewer's controls. */
static void
watch (ParlorReplayViewer *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  gboolean on_controls = focus != NULL && gtk_widget_is_ancestor (focus, self->controls);

  g_clear_object (&self->session);
  self->session = parlor_session_new_replay (self->cursor, self->seat);
  parlor_game_screen_watch (self->screen, self->session);
  if (on_controls)
    gtk_widget_grab_focus (focus);
  else
    gtk_widget_grab_focus (GTK_WIDGET (self->play_button));
}

static void
announce_step (ParlorReplayViewer *self)
{
  guint step = parlor_replay_cursor_get_step (self->cursor);
  g_autofree char *words = parlor_replay_cursor_describe_step (self->cursor, step, self->seat);
  /* Translators: a replay's step said to screen readers: "Move 12: Ann discards 5p" */
  g_autofree char *said = g_strdup_printf (_("Move %u: %s"), step, words);

  parlor_screen_announce (self->status_label, said);
}

void
parlor_replay_viewer_go_to (ParlorReplayViewer *self,
                            guint               step)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (PARLOR_IS_REPLAY_VIEWER (self));

  step = MIN (step, parlor_replay_cursor_get_n_steps (self->cursor));
  if (!parlor_replay_cursor_go_to (self->cursor, step, &error))
    {
      parlor_screen_announce (self->status_label, error->message);
      return;
    }
  if (self->session == NULL || !parlor_session_replay_sync (self->session))
    watch (self);
  update_controls (self);
  announce_step (self);
}

static void
stop_playing (ParlorReplayViewer *self)
{
  g_clear_handle_id (&self->play_id, g_source_remove);
  if (gtk_toggle_button_get_active (self->play_button))
    gtk_toggle_button_set_active (self->play_button, FALSE);
}

static gboolean
on_play_tick (gpointer data)
{
  ParlorReplayViewer *self = data;
  guint step = parlor_replay_cursor_get_step (self->cursor);

  if (step >= parlor_replay_cursor_get_n_steps (self->cursor))
    {
      self->play_id = 0;
      stop_playing (self);
      return G_SOURCE_REMOVE;
    }
  parlor_replay_viewer_go_to (self, step + 1);
  return G_SOURCE_CONTINUE;
}

static void
start_playing (ParlorReplayViewer *self)
{
  guint index = gtk_drop_down_get_selected (self->speed_dropdown);

  g_clear_handle_id (&self->play_id, g_source_remove);
  if (index >= G_N_ELEMENTS (speeds_ms))
    index = 1;
  if (parlor_replay_cursor_get_step (self->cursor) >= parlor_replay_cursor_get_n_steps (self->cursor))
    parlor_replay_viewer_go_to (self, 0);
  self->play_id = g_timeout_add (speeds_ms[index], on_play_tick, self);
}

static void
on_play_toggled (ParlorReplayViewer *self)
{
  gboolean active = gtk_toggle_button_get_active (self->play_button);

  gtk_button_set_icon_name (GTK_BUTTON (self->play_button),
                            active ? "media-playback-pause-symbolic" : "media-playback-start-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->play_button),
                               active ? _("Pause (Space)") : _("Play (Space)"));
  if (active && self->play_id == 0)
    start_playing (self);
  else if (!active)
    g_clear_handle_id (&self->play_id, g_source_remove);
}

static void
on_speed_changed (ParlorReplayViewer *self)
{
  if (self->play_id != 0)
    start_playing (self);
}

static void
on_seat_changed (ParlorReplayViewer *self)
{
  guint seat = gtk_drop_down_get_selected (self->seat_dropdown);

  if (seat == GTK_INVALID_LIST_POSITION || (int) seat == self->seat)
    return;
  self->seat = seat;
  watch (self);
  announce_step (self);
}

static void
step_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  ParlorReplayViewer *self = PARLOR_REPLAY_VIEWER (widget);
  ParlorReplayCursor *cursor = self->cursor;
  guint step = parlor_replay_cursor_get_step (cursor);
  guint n = parlor_replay_cursor_get_n_steps (cursor);

  if (g_str_equal (action_name, "replay.back"))
    step = step > 0 ? step - 1 : 0;
  else if (g_str_equal (action_name, "replay.forward"))
    step = MIN (step + 1, n);
  else if (g_str_equal (action_name, "replay.start"))
    step = 0;
  else if (g_str_equal (action_name, "replay.end"))
    step = n;
  else if (g_str_equal (action_name, "replay.previous-hand"))
    step = parlor_replay_cursor_previous_hand_step (cursor, step);
  else if (g_str_equal (action_name, "replay.next-hand"))
    step = parlor_replay_cursor_next_hand_step (cursor, step);
  /* Moving by hand stops the playing. */
  g_clear_handle_id (&self->play_id, g_source_remove);
  stop_playing (self);
  parlor_replay_viewer_go_to (self, step);
}

static void
play_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  ParlorReplayViewer *self = PARLOR_REPLAY_VIEWER (widget);

  gtk_toggle_button_set_active (self->play_button, !gtk_toggle_button_get_active (self->play_button));
}

static void
play_on_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  ParlorReplayViewer *self = PARLOR_REPLAY_VIEWER (widget);
  g_autoptr(ParlorTable) table = NULL;
  g_autoptr(GError) error = NULL;
  const char * const *records;
  guint n_records;

  stop_playing (self);
  records = parlor_replay_cursor_get_records (self->cursor, &n_records);
  table = parlor_table_new_from_record (parlor_replay_cursor_get_info (self->cursor), records,
                                        n_records, parlor_replay_cursor_get_step (self->cursor),
                                        &error);
  if (table == NULL)
    {
      parlor_screen_announce (self->status_label, error->message);
      parlor_screen_toast (GTK_WIDGET (self->screen), error->message);
      return;
    }
  g_signal_emit (self, signals[PLAY_ON], 0, table);
}

static void
parlor_replay_viewer_dispose (GObject *object)
{
  ParlorReplayViewer *self = PARLOR_REPLAY_VIEWER (object);

  g_clear_handle_id (&self->play_id, g_source_remove);
  /* The screen lets the session go before the window's widgets do. */
  if (self->screen != NULL)
    parlor_game_screen_set_session (self->screen, NULL);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (parlor_replay_viewer_parent_class)->dispose (object);
}

static void
parlor_replay_viewer_finalize (GObject *object)
{
  ParlorReplayViewer *self = PARLOR_REPLAY_VIEWER (object);

  g_clear_object (&self->cursor);

  G_OBJECT_CLASS (parlor_replay_viewer_parent_class)->finalize (object);
}

static void
add_key (GtkShortcutController *controller,
         guint                  keyval,
         const char            *action)
{
  gtk_shortcut_controller_add_shortcut (controller,
                                        gtk_shortcut_new (gtk_keyval_trigger_new (keyval, 0),
                                                          gtk_named_action_new (action)));
}

static void
parlor_replay_viewer_class_init (ParlorReplayViewerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = parlor_replay_viewer_dispose;
  object_class->finalize = parlor_replay_viewer_finalize;

  gtk_widget_class_install_action (widget_class, "replay.back", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "replay.forward", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "replay.start", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "replay.end", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "replay.previous-hand", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "replay.next-hand", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "replay.play", NULL, play_action);
  gtk_widget_class_install_action (widget_class, "replay.play-on", NULL, play_on_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);

  signals[PLAY_ON] = g_signal_new ("play-on", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 1, PARLOR_TYPE_TABLE);
}

static void
parlor_replay_viewer_init (ParlorReplayViewer *self)
{
  GtkEventController *keys = gtk_shortcut_controller_new ();

  /* Before the board's own keys: in a replay nothing on it is played. */
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  add_key (GTK_SHORTCUT_CONTROLLER (keys), GDK_KEY_Left, "replay.back");
  add_key (GTK_SHORTCUT_CONTROLLER (keys), GDK_KEY_Right, "replay.forward");
  add_key (GTK_SHORTCUT_CONTROLLER (keys), GDK_KEY_Home, "replay.start");
  add_key (GTK_SHORTCUT_CONTROLLER (keys), GDK_KEY_End, "replay.end");
  add_key (GTK_SHORTCUT_CONTROLLER (keys), GDK_KEY_Page_Up, "replay.previous-hand");
  add_key (GTK_SHORTCUT_CONTROLLER (keys), GDK_KEY_Page_Down, "replay.next-hand");
  add_key (GTK_SHORTCUT_CONTROLLER (keys), GDK_KEY_space, "replay.play");
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  gtk_window_set_default_size (GTK_WINDOW (self), 1100, 760);
}

static GtkWidget *
icon_button (const char *icon,
             const char *tooltip,
             const char *action)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  return button;
}

static GtkWidget *
labelled (GtkWidget  *control,
          const char *mnemonic)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new_with_mnemonic (mnemonic);

  gtk_label_set_mnemonic_widget (GTK_LABEL (label), control);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), control);
  return box;
}

static void
build (ParlorReplayViewer *self,
       const char         *title)
{
  const ParlorGameInfo *info = parlor_replay_cursor_get_info (self->cursor);
  const ParlorAppGame *game = parlor_app_games_lookup (info->id);
  static const char * const speeds[] = { N_("0.5 s a move"), N_("1 s a move"), N_("2 s a move"), NULL };
  const char *speed_names[G_N_ELEMENTS (speeds)];
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  GtkWidget *box, *header, *bar, *buttons, *play_on;
  g_autofree char *window_title = g_strdup_printf (_("Replay: %s"), _(info->name));

  gtk_window_set_title (GTK_WINDOW (self), window_title);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  header = adw_header_bar_new ();
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header),
                                   adw_window_title_new (window_title, title != NULL ? title : ""));
  play_on = gtk_button_new_with_mnemonic (_("Play _On from Here"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (play_on), "replay.play-on");
  gtk_widget_set_tooltip_text (play_on, _("Start a game against the computer at this position, "
                                          "in your seat"));
  gtk_widget_add_css_class (play_on, "suggested-action");
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), play_on);
  self->play_on_button = play_on;
  gtk_box_append (GTK_BOX (box), header);

  self->screen = PARLOR_GAME_SCREEN (g_object_new (game->get_screen_type (), NULL));
  gtk_widget_set_vexpand (GTK_WIDGET (self->screen), TRUE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->screen));

  bar = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_add_css_class (bar, "toolbar");
  gtk_widget_set_margin_start (bar, 12);
  gtk_widget_set_margin_end (bar, 12);
  gtk_widget_set_margin_bottom (bar, 6);
  self->controls = bar;
  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_halign (buttons, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (buttons), icon_button ("media-skip-backward-symbolic",
                                                  _("To the Start (Home)"), "replay.start"));
  gtk_box_append (GTK_BOX (buttons), icon_button ("media-seek-backward-symbolic",
                                                  _("Previous Hand (Page Up)"), "replay.previous-hand"));
  gtk_box_append (GTK_BOX (buttons), icon_button ("go-previous-symbolic",
                                                  _("Back One Move (Left)"), "replay.back"));
  self->play_button = GTK_TOGGLE_BUTTON (gtk_toggle_button_new ());
  gtk_button_set_icon_name (GTK_BUTTON (self->play_button), "media-playback-start-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->play_button), _("Play (Space)"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->play_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Play"), -1);
  g_signal_connect_swapped (self->play_button, "toggled", G_CALLBACK (on_play_toggled), self);
  gtk_box_append (GTK_BOX (buttons), GTK_WIDGET (self->play_button));
  gtk_box_append (GTK_BOX (buttons), icon_button ("go-next-symbolic",
                                                  _("Forward One Move (Right)"), "replay.forward"));
  gtk_box_append (GTK_BOX (buttons), icon_button ("media-seek-forward-symbolic",
                                                  _("Next Hand (Page Down)"), "replay.next-hand"));
  gtk_box_append (GTK_BOX (buttons), icon_button ("media-skip-forward-symbolic",
                                                  _("To the End (End)"), "replay.end"));

  for (guint i = 0; speeds[i] != NULL; i++)
    speed_names[i] = _(speeds[i]);
  speed_names[G_N_ELEMENTS (speeds) - 1] = NULL;
  self->speed_dropdown = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (speed_names));
  gtk_drop_down_set_selected (self->speed_dropdown, 1);
  g_signal_connect_swapped (self->speed_dropdown, "notify::selected", G_CALLBACK (on_speed_changed), self);
  gtk_box_append (GTK_BOX (buttons), labelled (GTK_WIDGET (self->speed_dropdown), _("_Speed")));

  for (guint s = 0; s < parlor_replay_cursor_get_n_seats (self->cursor); s++)
    gtk_string_list_append (names, parlor_replay_cursor_get_seat_name (self->cursor, s));
  self->seat_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (names)), NULL));
  gtk_drop_down_set_selected (self->seat_dropdown, self->seat);
  g_signal_connect_swapped (self->seat_dropdown, "notify::selected", G_CALLBACK (on_seat_changed), self);
  gtk_box_append (GTK_BOX (buttons), labelled (GTK_WIDGET (self->seat_dropdown), _("_View of")));

  self->step_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->step_label), "numeric");
  gtk_box_append (GTK_BOX (buttons), GTK_WIDGET (self->step_label));
  gtk_box_append (GTK_BOX (bar), buttons);

  self->status_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->status_label, TRUE);
  gtk_label_set_xalign (self->status_label, 0.5);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->status_label),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, "", -1);
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->status_label));
  gtk_box_append (GTK_BOX (box), bar);

  adw_window_set_content (ADW_WINDOW (self), box);
}

ParlorReplayViewer *
parlor_replay_viewer_new (ParlorReplayCursor *cursor,
                          const char         *title)
{
  ParlorReplayViewer *self;
  int local;

  g_return_val_if_fail (PARLOR_IS_REPLAY_CURSOR (cursor), NULL);
  g_return_val_if_fail (parlor_app_games_lookup (parlor_replay_cursor_get_info (cursor)->id) != NULL,
                        NULL);

  self = g_object_new (PARLOR_TYPE_REPLAY_VIEWER, NULL);
  self->cursor = g_object_ref (cursor);
  local = parlor_replay_cursor_get_local_seat (cursor);
  self->seat = local >= 0 ? local : 0;
  build (self, title);
  parlor_replay_viewer_go_to (self, parlor_replay_cursor_get_step (cursor));
  return self;
}

ParlorReplayViewer *
parlor_replay_viewer_new_for_file (GFile   *file,
                                   GError **error)
{
  g_autoptr(ParlorReplayCursor) cursor = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *name = NULL;
  gsize length;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  name = g_file_get_basename (file);
  if (!g_file_load_contents (file, NULL, &text, &length, NULL, &local_error))
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error), _("%s cannot be read: "), name);
      return NULL;
    }
  if (memchr (text, '\0', length) != NULL)
    {
      g_set_error (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_SYNTAX,
                   _("%s is not a replay: it is not text"), name);
      return NULL;
    }
  cursor = parlor_replay_cursor_new (text, parlor_games_lookup, 0, &local_error);
  if (cursor == NULL)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error),
                                  _("%s cannot be watched: "), name);
      return NULL;
    }
  return parlor_replay_viewer_new (cursor, name);
}

ParlorReplayCursor *
parlor_replay_viewer_get_cursor (ParlorReplayViewer *self)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_VIEWER (self), NULL);
  return self->cursor;
}

ParlorGameScreen *
parlor_replay_viewer_get_screen (ParlorReplayViewer *self)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_VIEWER (self), NULL);
  return self->screen;
}

guint
parlor_replay_viewer_get_step (ParlorReplayViewer *self)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_VIEWER (self), 0);
  return parlor_replay_cursor_get_step (self->cursor);
}

int
parlor_replay_viewer_get_seat (ParlorReplayViewer *self)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_VIEWER (self), -1);
  return self->seat;
}

void
parlor_replay_viewer_set_seat (ParlorReplayViewer *self,
                               guint               seat)
{
  g_return_if_fail (PARLOR_IS_REPLAY_VIEWER (self));
  g_return_if_fail (seat < parlor_replay_cursor_get_n_seats (self->cursor));
  gtk_drop_down_set_selected (self->seat_dropdown, seat);
}

const char *
parlor_replay_viewer_get_announcement (ParlorReplayViewer *self)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_VIEWER (self), NULL);
  return gtk_label_get_text (self->status_label);
}
