/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-replay-viewer"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "parlor-app-games.h"
#include "parlor-games.h"
#include "parlor-replay-viewer.h"
#include "parlor-review.h"
#include "parlor-saved-game.h"
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

  /* All Hands: every seat's view at once, each on a screen of its own. */
  GtkToggleButton    *all_button;
  GtkStack           *body_stack;
  GtkGrid            *all_grid;
  GPtrArray          *all_screens;       /* ParlorGameScreen, one per seat */
  GPtrArray          *all_sessions;      /* ParlorSession, one per seat */

  /* The review of one seat's decisions (docs/review.md). */
  GtkToggleButton    *review_button;
  GtkRevealer        *review_revealer;
  GtkLabel           *review_heading;
  GtkWidget          *review_busy;
  GtkSpinner         *review_spinner;
  GtkLabel           *review_status;
  GtkListBox         *review_list;
  GCancellable       *review_cancellable;
  GPtrArray          *review;            /* ParlorReviewEntry, once done */
  int                 review_seat;       /* the seat reviewed, -1: none yet */
};

G_DEFINE_FINAL_TYPE (ParlorReplayViewer, parlor_replay_viewer, ADW_TYPE_WINDOW)

enum {
  PLAY_ON,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static guint review_seat  (ParlorReplayViewer *self);
static void  start_review (ParlorReplayViewer *self);

static void
update_controls (ParlorReplayViewer *self)
{
  guint step = parlor_replay_cursor_get_step (self->cursor);
  guint n = parlor_replay_cursor_get_n_steps (self->cursor);
  guint hands = parlor_replay_cursor_get_n_hands (self->cursor);
  g_autofree char *text = NULL;
  gboolean over = parlor_replay_cursor_is_over (self->cursor);

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

/* All Hands follows the cursor on each seat's screen. */
static void
sync_all (ParlorReplayViewer *self)
{
  if (self->all_screens == NULL)
    return;
  for (guint s = 0; s < self->all_screens->len; s++)
    {
      ParlorSession *session = g_ptr_array_index (self->all_sessions, s);

      if (!parlor_session_replay_sync (session))
        {
          g_autoptr(ParlorSession) fresh = parlor_session_new_replay (self->cursor, s);

          g_ptr_array_index (self->all_sessions, s) = g_object_ref (fresh);
          parlor_game_screen_watch (g_ptr_array_index (self->all_screens, s), fresh);
          g_object_unref (session);
        }
    }
}

static void
build_all (ParlorReplayViewer *self)
{
  const ParlorAppGame *game = parlor_app_games_lookup (parlor_replay_cursor_get_info (self->cursor)->id);
  guint n = parlor_replay_cursor_get_n_seats (self->cursor);

  self->all_screens = g_ptr_array_new ();
  self->all_sessions = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint s = 0; s < n; s++)
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);
      GtkWidget *heading = gtk_label_new (parlor_replay_cursor_get_seat_name (self->cursor, s));
      ParlorGameScreen *screen = PARLOR_GAME_SCREEN (g_object_new (game->get_screen_type (), NULL));
      ParlorSession *session = parlor_session_new_replay (self->cursor, s);
      /* Translators: one seat's part of All Hands, for screen readers: "Ann's view" */
      g_autofree char *label = g_strdup_printf (_("%s’s view"),
                                                parlor_replay_cursor_get_seat_name (self->cursor, s));

      gtk_widget_add_css_class (heading, "heading");
      gtk_label_set_xalign (GTK_LABEL (heading), 0);
      gtk_widget_set_hexpand (GTK_WIDGET (screen), TRUE);
      gtk_widget_set_vexpand (GTK_WIDGET (screen), TRUE);
      gtk_widget_set_size_request (GTK_WIDGET (screen), -1, 420);
      gtk_box_append (GTK_BOX (box), heading);
      gtk_box_append (GTK_BOX (box), GTK_WIDGET (screen));
      gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      gtk_grid_attach (self->all_grid, box, s % 2, s / 2, 1, 1);
      g_ptr_array_add (self->all_screens, screen);
      g_ptr_array_add (self->all_sessions, session);
      parlor_game_screen_watch (screen, session);
    }
}

static void
on_all_toggled (ParlorReplayViewer *self)
{
  gboolean active = gtk_toggle_button_get_active (self->all_button);

  if (active && self->all_screens == NULL)
    build_all (self);
  gtk_stack_set_visible_child_name (self->body_stack, active ? "all" : "one");
  gtk_widget_set_sensitive (GTK_WIDGET (self->seat_dropdown), !active);
  parlor_screen_announce (self->status_label,
                          active ? _("All hands: every player’s view, their hidden tiles and cards open")
                                 : _("One player’s view"));
}

static void
all_hands_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  ParlorReplayViewer *self = PARLOR_REPLAY_VIEWER (widget);

  if (gtk_widget_get_visible (GTK_WIDGET (self->all_button)))
    gtk_toggle_button_set_active (self->all_button, !gtk_toggle_button_get_active (self->all_button));
}

static void
announce_step (ParlorReplayViewer *self)
{
  guint step = parlor_replay_cursor_get_step (self->cursor);
  g_autofree char *words = parlor_replay_cursor_describe_step (self->cursor, step, self->seat);
  /* Translators: a replay's step said to screen readers: "Move 12: Ann discards 5p" */
  g_autofree char *said = g_strdup_printf (_("Move %u: %s"), step, words);

  if (step == parlor_replay_cursor_get_n_steps (self->cursor) &&
      parlor_replay_cursor_is_unfinished (self->cursor))
    {
      /* Translators: the last step of a game whose host went away */
      g_autofree char *more = g_strdup_printf (_("%s. The game stopped here: the host went away."),
                                               said);

      parlor_screen_announce (self->status_label, more);
      return;
    }
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
  sync_all (self);
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

  if (seat == GTK_INVALID_LIST_POSITION || (int) seat == self->seat ||
      parlor_replay_cursor_get_view_seat (self->cursor) >= 0)
    return;
  self->seat = seat;
  watch (self);
  announce_step (self);
  /* Without a seat of your own, the review follows the seat viewed. */
  if (gtk_toggle_button_get_active (self->review_button) && self->review_seat != (int) review_seat (self))
    start_review (self);
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
start_play_on (ParlorReplayViewer *self)
{
  g_autoptr(ParlorTable) table = NULL;
  g_autoptr(GError) error = NULL;
  const char * const *records;
  guint n_records;

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
play_on_when_answered (gpointer data)
{
  ParlorReplayViewer *self = data;

  /* Closed meanwhile, the viewer has no game to play on. */
  if (gtk_widget_get_visible (GTK_WIDGET (self)))
    start_play_on (self);
  g_object_unref (self);
}

static void
on_replace_response (AdwMessageDialog   *dialog,
                     const char         *response,
                     ParlorReplayViewer *self)
{
  /* Once the dialog is closed: playing on closes the viewer it belongs to. */
  if (g_str_equal (response, "replace"))
    g_idle_add_once (play_on_when_answered, g_object_ref (self));
}

/* One game of each kind is kept to be resumed: playing on replaces it,
 * so the player is asked first, as a new game asks. */
static void
play_on_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  ParlorReplayViewer *self = PARLOR_REPLAY_VIEWER (widget);
  const ParlorGameInfo *info = parlor_replay_cursor_get_info (self->cursor);
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;

  stop_playing (self);
  if (!parlor_saved_game_exists (info->id))
    {
      start_play_on (self);
      return;
    }
  /* Translators: %s is a game, "Triple Triad" */
  body = g_strdup_printf (_("Your unfinished game of %s against the computer will be lost: "
                            "only one game of each kind is kept."), _(info->name));
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _("Replace the Saved Game?"),
                                                       body));
  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    "replace", _("_Play On"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "replace", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_replace_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ---- Review ---- */

typedef struct
{
  char                 *text;
  guint                 seat;
  /* A seat's view: each move with the view it was made from. */
  const ParlorGameInfo *info;
  GPtrArray            *views;
  GPtrArray            *moves;
  GArray               *steps;
} ReviewJob;

static void
review_job_free (gpointer data)
{
  ReviewJob *job = data;

  g_free (job->text);
  g_clear_pointer (&job->views, g_ptr_array_unref);
  g_clear_pointer (&job->moves, g_ptr_array_unref);
  g_clear_pointer (&job->steps, g_array_unref);
  g_free (job);
}

/* A seat's view has no actions to play again: each move is judged from
 * the view it was made from, as parlor_review_actions() judges them. */
static GPtrArray *
review_seen (ReviewJob     *job,
             GCancellable  *cancellable,
             GError       **error)
{
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) parlor_review_entry_free);

  for (guint i = 0; i < job->views->len; i++)
    {
      g_autoptr(GError) local_error = NULL;
      ParlorReviewEntry *entry =
        parlor_review_decision (job->info, g_ptr_array_index (job->views, i),
                                g_ptr_array_index (job->moves, i), PARLOR_REPLAY_VIEWER_REVIEW_SEED,
                                cancellable, &local_error);

      if (local_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
      if (entry == NULL)
        continue;
      entry->step = g_array_index (job->steps, guint, i);
      entry->seat = job->seat;
      g_ptr_array_add (entries, entry);
    }
  return g_steal_pointer (&entries);
}

static void
review_thread (GTask        *task,
               gpointer      source,
               gpointer      data,
               GCancellable *cancellable)
{
  ReviewJob *job = data;
  GError *error = NULL;
  GPtrArray *entries = job->views != NULL
                       ? review_seen (job, cancellable, &error)
                       : parlor_review_replay (job->text, parlor_games_lookup, job->seat,
                                               PARLOR_REPLAY_VIEWER_REVIEW_SEED, cancellable, &error);

  if (entries == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, entries, (GDestroyNotify) g_ptr_array_unref);
}

/* The seat a review is of: yours in your own game, else the one viewed. */
static guint
review_seat (ParlorReplayViewer *self)
{
  int local = parlor_replay_cursor_get_local_seat (self->cursor);

  return local >= 0 ? (guint) local : (guint) MAX (self->seat, 0);
}

static const char *
figure_name (const char *key)
{
  static const struct { const char *key; const char *name; } names[] = {
    /* Translators: review figures, "Value: -1 → 1" (the move played, then the computer's) */
    { "value", N_("Value") },
    { "margin", N_("Margin over the best other") },
    { "score", N_("Expected score") },
    { "shanten", N_("Shanten") },
    { "ukeire", N_("Effective tiles") },
    { "win-chance", N_("Win chance") },
    { "points", N_("Expected points") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (names[i].key, key))
      return _(names[i].name);
  return key;
}

static char *
figure_value (const char *key,
              double      value)
{
  if (g_str_equal (key, "win-chance"))
    /* Translators: a chance in percent */
    return g_strdup_printf (_("%.0f%%"), value * 100.0);
  if (value == (double) (gint64) value)
    return g_strdup_printf ("%" G_GINT64_FORMAT, (gint64) value);
  return g_strdup_printf ("%.2f", value);
}

/* An entry in words: the two moves, the figures and why. */
static char *
entry_body (const ParlorReviewEntry *e)
{
  GString *text = g_string_new (NULL);

  /* Translators: a reviewed decision: the move played, in the log's words */
  g_string_append_printf (text, _("Played: %s"), e->played_words);
  g_string_append_c (text, '\n');
  /* Translators: and the strongest computer player's move instead */
  g_string_append_printf (text, _("The computer: %s"), e->best_words);
  if (e->timeout)
    g_string_append_printf (text, " %s", _("Your time had run out."));
  for (guint f = 0; f < e->cost.n_figures; f++)
    {
      g_autofree char *played = figure_value (e->cost.figures[f].key, e->cost.figures[f].played);
      g_autofree char *best = figure_value (e->cost.figures[f].key, e->cost.figures[f].best);

      g_string_append_c (text, '\n');
      /* Translators: a review figure: "Shanten 2 → 1" (the move played → the computer's) */
      g_string_append_printf (text, _("%s %s → %s"), figure_name (e->cost.figures[f].key),
                              played, best);
    }
  if (e->cost.explanation != NULL)
    g_string_append_printf (text, "\n%s", e->cost.explanation);
  return g_string_free (text, FALSE);
}

/* The same, said with its step. */
static char *
entry_text (const ParlorReviewEntry *e)
{
  g_autofree char *body = entry_body (e);

  return g_strdup_printf (_("Move %u: %s"), e->step, body);
}

static GtkWidget *
entry_row (const ParlorReviewEntry *e)
{
  g_autofree char *text = entry_text (e);
  g_autofree char *body = entry_body (e);
  g_autofree char *title = g_strdup_printf (_("Move %u"), e->step);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);
  GtkWidget *heading = gtk_label_new (title);
  GtkWidget *label = gtk_label_new (body);

  gtk_widget_add_css_class (heading, "heading");
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_box_append (GTK_BOX (box), heading);
  gtk_box_append (GTK_BOX (box), label);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  return row;
}

static void
clear_review_list (ParlorReplayViewer *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->review_list))) != NULL)
    gtk_list_box_remove (self->review_list, child);
}

static void
update_review_actions (ParlorReplayViewer *self)
{
  gboolean has = self->review != NULL && self->review->len > 0;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.next-decision", has);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.previous-decision", has);
}

static void
set_review_busy (ParlorReplayViewer *self,
                 gboolean            busy,
                 const char         *status)
{
  gtk_spinner_set_spinning (self->review_spinner, busy);
  gtk_widget_set_visible (GTK_WIDGET (self->review_spinner), busy);
  gtk_label_set_text (self->review_status, status);
  gtk_widget_set_visible (self->review_busy, status != NULL);
}

static void
cancel_review (ParlorReplayViewer *self)
{
  if (self->review_cancellable != NULL)
    g_cancellable_cancel (self->review_cancellable);
  g_clear_object (&self->review_cancellable);
}

typedef struct
{
  GWeakRef      viewer;
  GCancellable *cancellable;
} ReviewCall;

static void
on_reviewed (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  ReviewCall *call = data;
  g_autoptr(ParlorReplayViewer) self = g_weak_ref_get (&call->viewer);
  g_autoptr(GCancellable) cancellable = call->cancellable;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *said = NULL;

  g_weak_ref_clear (&call->viewer);
  g_free (call);
  entries = g_task_propagate_pointer (G_TASK (result), &error);
  /* A review given up (the viewer closed, another seat) is not shown. */
  if (self == NULL || cancellable != self->review_cancellable || g_cancellable_is_cancelled (cancellable))
    return;
  g_clear_object (&self->review_cancellable);
  if (entries == NULL)
    {
      /* Translators: the review failed; the reason follows */
      said = g_strdup_printf (_("The review failed: %s"), error->message);
      set_review_busy (self, FALSE, said);
      parlor_screen_announce (self->status_label, said);
      return;
    }
  g_clear_pointer (&self->review, g_ptr_array_unref);
  self->review = g_steal_pointer (&entries);
  clear_review_list (self);
  for (guint i = 0; i < self->review->len; i++)
    gtk_list_box_append (self->review_list, entry_row (g_ptr_array_index (self->review, i)));
  gtk_widget_set_visible (GTK_WIDGET (self->review_list), self->review->len > 0);
  if (self->review->len == 0)
    said = g_strdup (_("No decisions to question: the computer player agrees with every move."));
  else
    said = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "The review lists %u decision: N and P go to the next and the previous.",
                                         "The review lists %u decisions: N and P go to the next and the previous.",
                                         self->review->len),
                            self->review->len);
  set_review_busy (self, FALSE, self->review->len == 0 ? said : NULL);
  update_review_actions (self);
  parlor_screen_announce (self->status_label, said);
}

static void
start_review (ParlorReplayViewer *self)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *heading = NULL;
  ReviewJob *job;
  ReviewCall *call;
  const char * const *records;
  guint n_records;
  GString *text = g_string_new (NULL);

  cancel_review (self);
  g_clear_pointer (&self->review, g_ptr_array_unref);
  clear_review_list (self);
  gtk_widget_set_visible (GTK_WIDGET (self->review_list), FALSE);
  update_review_actions (self);

  self->review_seat = (int) review_seat (self);
  /* Translators: the review panel's heading: whose decisions */
  heading = g_strdup_printf (_("Decisions of %s"),
                             parlor_replay_cursor_get_seat_name (self->cursor, self->review_seat));
  gtk_label_set_text (self->review_heading, heading);

  records = parlor_replay_cursor_get_records (self->cursor, &n_records);
  for (guint i = 0; i < n_records; i++)
    g_string_append_printf (text, "%s\n", records[i]);
  job = g_new0 (ReviewJob, 1);
  job->text = g_string_free (text, FALSE);
  job->seat = (guint) self->review_seat;
  if (parlor_replay_cursor_get_view_seat (self->cursor) >= 0)
    {
      job->info = parlor_replay_cursor_get_info (self->cursor);
      job->views = g_ptr_array_new_with_free_func (g_free);
      job->moves = g_ptr_array_new_with_free_func (g_free);
      job->steps = g_array_new (FALSE, FALSE, sizeof (guint));
      for (guint k = 0; k <= parlor_replay_cursor_get_n_steps (self->cursor); k++)
        if (parlor_replay_cursor_get_move (self->cursor, k) != NULL)
          {
            g_ptr_array_add (job->views, g_strdup (parlor_replay_cursor_get_seen_view (self->cursor, k)));
            g_ptr_array_add (job->moves, g_strdup (parlor_replay_cursor_get_move (self->cursor, k)));
            g_array_append_val (job->steps, k);
          }
    }

  self->review_cancellable = g_cancellable_new ();
  call = g_new0 (ReviewCall, 1);
  g_weak_ref_init (&call->viewer, self);
  call->cancellable = g_object_ref (self->review_cancellable);
  task = g_task_new (NULL, self->review_cancellable, on_reviewed, call);
  g_task_set_task_data (task, job, review_job_free);
  g_task_run_in_thread (task, review_thread);

  set_review_busy (self, TRUE, _("Reviewing…"));
  parlor_screen_announce (self->status_label, _("Reviewing…"));
}

static void
on_review_toggled (ParlorReplayViewer *self)
{
  gboolean active = gtk_toggle_button_get_active (self->review_button);

  gtk_revealer_set_reveal_child (self->review_revealer, active);
  if (!active)
    return;
  if (self->review_cancellable == NULL &&
      (self->review == NULL || self->review_seat != (int) review_seat (self)))
    start_review (self);
  if (self->review != NULL && self->review->len > 0)
    gtk_widget_grab_focus (GTK_WIDGET (self->review_list));
}

static void
review_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  ParlorReplayViewer *self = PARLOR_REPLAY_VIEWER (widget);

  gtk_toggle_button_set_active (self->review_button, !gtk_toggle_button_get_active (self->review_button));
}

static void
go_to_entry (ParlorReplayViewer *self,
             guint               index)
{
  ParlorReviewEntry *e = g_ptr_array_index (self->review, index);
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->review_list, (int) index);
  g_autofree char *said = entry_text (e);

  stop_playing (self);
  parlor_replay_viewer_go_to (self, e->step);
  if (row != NULL)
    {
      gtk_list_box_select_row (self->review_list, row);
      if (gtk_revealer_get_reveal_child (self->review_revealer))
        gtk_widget_grab_focus (GTK_WIDGET (row));
    }
  parlor_screen_announce (self->status_label, said);
}

static void
on_review_row_activated (ParlorReplayViewer *self,
                         GtkListBoxRow      *row)
{
  int index = gtk_list_box_row_get_index (row);

  if (self->review != NULL && index >= 0 && (guint) index < self->review->len)
    go_to_entry (self, (guint) index);
}

static void
decision_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  ParlorReplayViewer *self = PARLOR_REPLAY_VIEWER (widget);
  guint step = parlor_replay_cursor_get_step (self->cursor);
  gboolean next = g_str_equal (action_name, "replay.next-decision");
  int found = -1;

  if (self->review == NULL || self->review->len == 0)
    return;
  if (!gtk_toggle_button_get_active (self->review_button))
    gtk_toggle_button_set_active (self->review_button, TRUE);
  for (guint i = 0; i < self->review->len; i++)
    {
      guint at = ((ParlorReviewEntry *) g_ptr_array_index (self->review, i))->step;

      if (next && at > step)
        {
          found = (int) i;
          break;
        }
      if (!next && at < step)
        found = (int) i;
    }
  if (found < 0)
    {
      parlor_screen_announce (self->status_label, next ? _("No reviewed decision after this move")
                                                      : _("No reviewed decision before this move"));
      return;
    }
  go_to_entry (self, (guint) found);
}

void
parlor_replay_viewer_review (ParlorReplayViewer *self)
{
  g_return_if_fail (PARLOR_IS_REPLAY_VIEWER (self));

  if (!gtk_toggle_button_get_active (self->review_button))
    gtk_toggle_button_set_active (self->review_button, TRUE);
  else if (self->review_cancellable == NULL && self->review == NULL)
    start_review (self);
}

gboolean
parlor_replay_viewer_is_reviewing (ParlorReplayViewer *self)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_VIEWER (self), FALSE);
  return self->review_cancellable != NULL;
}

GPtrArray *
parlor_replay_viewer_get_review (ParlorReplayViewer *self)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_VIEWER (self), NULL);
  return self->review;
}

GtkListBox *
parlor_replay_viewer_get_review_list (ParlorReplayViewer *self)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_VIEWER (self), NULL);
  return self->review_list;
}

static void
parlor_replay_viewer_dispose (GObject *object)
{
  ParlorReplayViewer *self = PARLOR_REPLAY_VIEWER (object);

  g_clear_handle_id (&self->play_id, g_source_remove);
  cancel_review (self);
  /* The screen lets the session go before the window's widgets do. */
  if (self->screen != NULL)
    parlor_game_screen_set_session (self->screen, NULL);
  g_clear_object (&self->session);
  if (self->all_screens != NULL)
    for (guint s = 0; s < self->all_screens->len; s++)
      parlor_game_screen_set_session (g_ptr_array_index (self->all_screens, s), NULL);
  g_clear_pointer (&self->all_screens, g_ptr_array_unref);
  g_clear_pointer (&self->all_sessions, g_ptr_array_unref);

  G_OBJECT_CLASS (parlor_replay_viewer_parent_class)->dispose (object);
}

static void
parlor_replay_viewer_finalize (GObject *object)
{
  ParlorReplayViewer *self = PARLOR_REPLAY_VIEWER (object);

  g_clear_object (&self->cursor);
  g_clear_pointer (&self->review, g_ptr_array_unref);

  G_OBJECT_CLASS (parlor_replay_viewer_parent_class)->finalize (object);
}

static void
add_key_with (GtkShortcutController *controller,
              guint                  keyval,
              GdkModifierType        modifiers,
              const char            *action)
{
  gtk_shortcut_controller_add_shortcut (controller,
                                        gtk_shortcut_new (gtk_keyval_trigger_new (keyval, modifiers),
                                                          gtk_named_action_new (action)));
}

static void
add_key (GtkShortcutController *controller,
         guint                  keyval,
         const char            *action)
{
  add_key_with (controller, keyval, 0, action);
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
  gtk_widget_class_install_action (widget_class, "replay.review", NULL, review_action);
  gtk_widget_class_install_action (widget_class, "replay.all-hands", NULL, all_hands_action);
  gtk_widget_class_install_action (widget_class, "replay.next-decision", NULL, decision_action);
  gtk_widget_class_install_action (widget_class, "replay.previous-decision", NULL, decision_action);
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
  add_key_with (GTK_SHORTCUT_CONTROLLER (keys), GDK_KEY_r, GDK_CONTROL_MASK, "replay.review");
  add_key_with (GTK_SHORTCUT_CONTROLLER (keys), GDK_KEY_h, GDK_CONTROL_MASK, "replay.all-hands");
  add_key (GTK_SHORTCUT_CONTROLLER (keys), GDK_KEY_n, "replay.next-decision");
  add_key (GTK_SHORTCUT_CONTROLLER (keys), GDK_KEY_p, "replay.previous-decision");
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  gtk_window_set_default_size (GTK_WINDOW (self), 1100, 760);
  self->review_seat = -1;
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

/* The review's side panel: whose, its progress, and the decisions listed. */
static GtkWidget *
build_review_panel (ParlorReplayViewer *self)
{
  GtkWidget *panel = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  self->review_revealer = GTK_REVEALER (gtk_revealer_new ());
  gtk_revealer_set_transition_type (self->review_revealer, GTK_REVEALER_TRANSITION_TYPE_SLIDE_LEFT);
  gtk_widget_set_size_request (panel, 320, -1);
  gtk_widget_set_margin_start (panel, 6);
  gtk_widget_set_margin_end (panel, 6);
  gtk_widget_set_margin_top (panel, 6);

  self->review_heading = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->review_heading, 0);
  gtk_label_set_wrap (self->review_heading, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->review_heading), "title-4");
  gtk_box_append (GTK_BOX (panel), GTK_WIDGET (self->review_heading));

  self->review_busy = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->review_spinner = GTK_SPINNER (gtk_spinner_new ());
  self->review_status = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->review_status, TRUE);
  gtk_label_set_xalign (self->review_status, 0);
  gtk_box_append (GTK_BOX (self->review_busy), GTK_WIDGET (self->review_spinner));
  gtk_box_append (GTK_BOX (self->review_busy), GTK_WIDGET (self->review_status));
  gtk_widget_set_visible (self->review_busy, FALSE);
  gtk_box_append (GTK_BOX (panel), self->review_busy);

  self->review_list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->review_list, GTK_SELECTION_SINGLE);
  gtk_widget_add_css_class (GTK_WIDGET (self->review_list), "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->review_list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Reviewed decisions"), -1);
  g_signal_connect_swapped (self->review_list, "row-activated", G_CALLBACK (on_review_row_activated),
                            self);
  gtk_widget_set_visible (GTK_WIDGET (self->review_list), FALSE);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->review_list));
  gtk_box_append (GTK_BOX (panel), scrolled);

  gtk_revealer_set_child (self->review_revealer, panel);
  return GTK_WIDGET (self->review_revealer);
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
  GtkWidget *box, *header, *body, *bar, *buttons, *play_on;
  g_autofree char *window_title = g_strdup_printf (_("Replay: %s"), _(info->name));
  int view_seat = parlor_replay_cursor_get_view_seat (self->cursor);

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
  gtk_widget_set_visible (play_on, view_seat < 0);
  self->review_button = GTK_TOGGLE_BUTTON (gtk_toggle_button_new_with_mnemonic (_("_Review")));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->review_button),
                               _("The strongest computer player goes through your decisions (Ctrl+R)"));
  g_signal_connect_swapped (self->review_button, "toggled", G_CALLBACK (on_review_toggled), self);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), GTK_WIDGET (self->review_button));
  /* Only a table's whole record has every hand: not a guest's seat view. */
  self->all_button = GTK_TOGGLE_BUTTON (gtk_toggle_button_new_with_mnemonic (_("All _Hands")));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->all_button),
                               _("Every player’s view at once, their hidden tiles and cards open (Ctrl+H)"));
  g_signal_connect_swapped (self->all_button, "toggled", G_CALLBACK (on_all_toggled), self);
  gtk_widget_set_visible (GTK_WIDGET (self->all_button), view_seat < 0);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), GTK_WIDGET (self->all_button));

  gtk_box_append (GTK_BOX (box), header);

  body = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_set_vexpand (body, TRUE);
  self->screen = PARLOR_GAME_SCREEN (g_object_new (game->get_screen_type (), NULL));
  gtk_widget_set_hexpand (GTK_WIDGET (self->screen), TRUE);
  self->body_stack = GTK_STACK (gtk_stack_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->body_stack), TRUE);
  gtk_stack_add_named (self->body_stack, GTK_WIDGET (self->screen), "one");
  {
    GtkWidget *scrolled = gtk_scrolled_window_new ();

    self->all_grid = GTK_GRID (gtk_grid_new ());
    gtk_grid_set_column_spacing (self->all_grid, 12);
    gtk_grid_set_row_spacing (self->all_grid, 12);
    gtk_grid_set_column_homogeneous (self->all_grid, TRUE);
    gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->all_grid));
    gtk_stack_add_named (self->body_stack, scrolled, "all");
  }
  gtk_stack_set_visible_child_name (self->body_stack, "one");
  gtk_box_append (GTK_BOX (body), GTK_WIDGET (self->body_stack));
  gtk_box_append (GTK_BOX (body), build_review_panel (self));
  gtk_box_append (GTK_BOX (box), body);

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

  /* A seat's view has that seat's only: the others were never seen. */
  for (guint s = 0; s < parlor_replay_cursor_get_n_seats (self->cursor); s++)
    if (view_seat < 0 || (int) s == view_seat)
      gtk_string_list_append (names, parlor_replay_cursor_get_seat_name (self->cursor, s));
  self->seat_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (names)), NULL));
  gtk_drop_down_set_selected (self->seat_dropdown, view_seat < 0 ? (guint) self->seat : 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->seat_dropdown), view_seat < 0);
  if (view_seat >= 0)
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->seat_dropdown),
                                 _("A game you joined keeps only what your seat saw"));
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
  local = parlor_replay_cursor_get_view_seat (cursor);
  if (local < 0)
    local = parlor_replay_cursor_get_local_seat (cursor);
  self->seat = local >= 0 ? local : 0;
  build (self, title);
  parlor_replay_viewer_go_to (self, parlor_replay_cursor_get_step (cursor));
  update_review_actions (self);
  return self;
}

ParlorReplayViewer *
parlor_replay_viewer_new_for_text (const char  *text,
                                   const char  *title,
                                   GError     **error)
{
  g_autoptr(ParlorReplayCursor) cursor = NULL;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  cursor = parlor_replay_cursor_new (text, parlor_games_lookup, 0, error);
  if (cursor == NULL)
    return NULL;
  return parlor_replay_viewer_new (cursor, title);
}

/* The file read by the one replay reader (bounded, regular files only)
 * and its cursor made: safe off the main loop. */
static ParlorReplayCursor *
load_cursor (GFile       *file,
             const char  *name,
             GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *text = NULL;
  ParlorReplayCursor *cursor;

  if (path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("%s cannot be read: only a file on this computer can be watched"), name);
      return NULL;
    }
  text = parlor_replay_read_file (path, NULL, &local_error);
  if (text == NULL && local_error->domain != PARLOR_REPLAY_ERROR)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error), _("%s cannot be read: "), name);
      return NULL;
    }
  cursor = text != NULL ? parlor_replay_cursor_new (text, parlor_games_lookup, 0, &local_error) : NULL;
  if (cursor == NULL)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error),
                                  _("%s cannot be watched: "), name);
      return NULL;
    }
  return cursor;
}

ParlorReplayViewer *
parlor_replay_viewer_new_for_file (GFile   *file,
                                   GError **error)
{
  g_autoptr(ParlorReplayCursor) cursor = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  name = g_file_get_basename (file);
  cursor = load_cursor (file, name, error);
  if (cursor == NULL)
    return NULL;
  return parlor_replay_viewer_new (cursor, name);
}

static void
load_in_thread (GTask        *task,
                gpointer      source,
                gpointer      task_data,
                GCancellable *cancellable)
{
  GFile *file = task_data;
  g_autofree char *name = g_file_get_basename (file);
  GError *error = NULL;
  ParlorReplayCursor *cursor = load_cursor (file, name, &error);

  if (cursor == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, cursor, g_object_unref);
}

void
parlor_replay_viewer_new_for_file_async (GFile               *file,
                                         GCancellable        *cancellable,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_task_data (task, g_object_ref (file), g_object_unref);
  g_task_run_in_thread (task, load_in_thread);
}

ParlorReplayViewer *
parlor_replay_viewer_new_for_file_finish (GAsyncResult  *result,
                                          GError       **error)
{
  g_autoptr(ParlorReplayCursor) cursor = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  cursor = g_task_propagate_pointer (G_TASK (result), error);
  if (cursor == NULL)
    return NULL;
  name = g_file_get_basename (g_task_get_task_data (G_TASK (result)));
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
  if (parlor_replay_cursor_get_view_seat (self->cursor) >= 0)
    return;   /* the other seats were never seen */
  gtk_drop_down_set_selected (self->seat_dropdown, seat);
}

const char *
parlor_replay_viewer_get_announcement (ParlorReplayViewer *self)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_VIEWER (self), NULL);
  return gtk_label_get_text (self->status_label);
}

void
parlor_replay_viewer_set_all_hands (ParlorReplayViewer *self,
                                    gboolean            all)
{
  g_return_if_fail (PARLOR_IS_REPLAY_VIEWER (self));

  if (parlor_replay_cursor_get_view_seat (self->cursor) >= 0)
    return;
  gtk_toggle_button_set_active (self->all_button, all);
}

gboolean
parlor_replay_viewer_get_all_hands (ParlorReplayViewer *self)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_VIEWER (self), FALSE);
  return gtk_toggle_button_get_active (self->all_button);
}

ParlorGameScreen *
parlor_replay_viewer_get_all_hands_screen (ParlorReplayViewer *self,
                                           guint               seat)
{
  g_return_val_if_fail (PARLOR_IS_REPLAY_VIEWER (self), NULL);

  if (self->all_screens == NULL || seat >= self->all_screens->len)
    return NULL;
  return g_ptr_array_index (self->all_screens, seat);
}
