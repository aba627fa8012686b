/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-game-screen"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "parlor-game-screen.h"
#include "parlor-line.h"
#include "parlor-recorder.h"
#include "parlor-records.h"
#include "parlor-hint.h"
#include "parlor-saved-game.h"
#include "parlor-screen-util.h"
#include "parlor-setup.h"
#include "parlor-window.h"

typedef struct
{
  ParlorSettings    *settings;
  ParlorSound       *sound;
  ParlorSession     *session;
  GtkStack          *stack;
  GtkWidget         *setup;
  GtkWidget         *setup_box;    /* the setup page: the saved game, then the setup */
  GtkPaned          *play_paned;   /* the play page: the game's board, then the log */
  GtkOverlay        *play_overlay; /* the board, under the notice */
  GtkLabel          *notice;
  guint              notice_id;    /* the notice's timeout */
  gboolean           hint_shown;   /* the notice is a hint, for the decision at hint_mark */
  int                hint_mark;
  GPtrArray         *kept_clear;   /* widgets the notice never covers */
  gboolean           notice_middle; /* the notice goes near the board's middle */
  AdwStatusPage     *result_page;
  GtkWidget         *result_box;
  GtkLabel          *result_details;
  GtkWidget         *again_button;
  GtkWidget         *back_button;
  GtkLabel          *clock_label;
  ParlorLogView     *log;
  GtkWidget         *log_pane;     /* what hides with the log */
  GPtrArray         *dialogs;      /* GWeakRef: windows closed with the game */
  GPtrArray         *events;       /* the lines this seat saw, for the records */
  GtkWidget         *resume_button;
  GtkWidget         *saved_bar;    /* on the setup page: continue the saved game */
  char              *paused_from;  /* the page the pause hides */
  GdkSurface        *surface;      /* the window's, watched for minimising */
  int                seat;
  char              *names[PARLOR_GAME_SCREEN_MAX_SEATS + 1];   /* NULL-terminated */
  guint              tick_id;
  gint64             told_deadline; /* the deadline whose last seconds were told */
  int                told_left;     /* and the last of them told */
  guint              holds;
  char              *held_page;    /* the page whose showing holds the game */
  guint              saved_len;    /* records in the saved file */
  gboolean           finished;
  gboolean           user_paused;
  gboolean           minimized;
  gboolean           start_told;   /* a LAN game's start has been announced */
  gboolean           replaying;    /* a record played again: no sounds */
  gboolean           can_pause;
  gboolean           can_undo;
  gboolean           assisted;     /* a hint was shown or a move undone */
  gboolean           can_hint;
  GCancellable      *hint_cancellable;   /* the hint being worked out */
  char              *last_replay;        /* the finished game's replay text */
  char              *last_replay_path;   /* and where the records kept it */
  guint              finished_games;     /* tells a late record from the game shown */
  GtkWidget         *watch_button;       /* on the result page */
} ParlorGameScreenPrivate;

static void parlor_game_screen_buildable_init (GtkBuildableIface *iface);

G_DEFINE_ABSTRACT_TYPE_WITH_CODE (ParlorGameScreen, parlor_game_screen, GTK_TYPE_WIDGET,
                                  G_ADD_PRIVATE (ParlorGameScreen)
                                  G_IMPLEMENT_INTERFACE (GTK_TYPE_BUILDABLE,
                                                         parlor_game_screen_buildable_init))

static GtkBuildableIface *parent_buildable_iface;

enum {
  PROP_0,
  PROP_SETTINGS,
  PROP_SOUND,
  PROP_SESSION,
  PROP_CAN_PAUSE,
  PROP_PAUSED,
  PROP_CAN_UNDO,
  PROP_CAN_HINT,
  PROP_CAN_WATCH_AGAIN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  ANNOUNCE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Pause, resume, undo and restore are told to screen readers by the
 * window, which has a place for it whatever the screen's layout. */
static void
announce (ParlorGameScreen *self,
          const char       *text)
{
  g_signal_emit (self, signals[ANNOUNCE], 0, text);
}

#define PRIV(self) ((ParlorGameScreenPrivate *) parlor_game_screen_get_instance_private (self))

static void update_clock (ParlorGameScreen *self);
static void update_actions (ParlorGameScreen *self);
static void hide_notice (ParlorGameScreen *self);
static void save_game (ParlorGameScreen *self);
static void update_saved_bar (ParlorGameScreen *self);

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
      /* Screen readers hear the clock at 10 and 5 seconds left, not every second. */
      if (deadline != priv->told_deadline)
        {
          priv->told_deadline = deadline;
          priv->told_left = left <= 5 ? 5 : left <= 10 ? 10 : G_MAXINT;
        }
      else if ((left <= 10 && priv->told_left > 10) || (left <= 5 && priv->told_left > 5))
        {
          g_autofree char *words = NULL;

          priv->told_left = left <= 5 ? 5 : 10;
          words = g_strdup_printf (g_dngettext (NULL, "%d second left", "%d seconds left",
                                                priv->told_left),
                                   priv->told_left);
          announce (self, words);
        }
      if (left <= 10)
        gtk_widget_add_css_class (GTK_WIDGET (priv->clock_label), "error");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (priv->clock_label), "error");
      if (usec > 0)
        priv->tick_id = g_timeout_add ((usec % G_USEC_PER_SEC) / 1000 + 1, on_tick, self);
    }
  else
    {
      /* A page that holds the game says so itself; the clock gives way. */
      gboolean paused = priv->session != NULL && !priv->finished &&
                        parlor_session_get_paused (priv->session) &&
                        (priv->user_paused || priv->minimized || priv->holds > (priv->held_page != NULL ? 1u : 0u));

      /* Translators: the turn clock while a dialog is open */
      gtk_label_set_text (priv->clock_label, paused ? _("Paused") : "");
      gtk_widget_remove_css_class (GTK_WIDGET (priv->clock_label), "error");
    }
}

static void
update_names (ParlorGameScreen *self)
{
  ParlorGameScreenPrivate *priv = PRIV (self);

  /* One rule: a seat is its player's name ("Alice", from the settings, never "(you)") in seat
   * labels, score rows and the log; only sentences to the player say "you" ("You discard …"). */

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

static gboolean
among (const char * const *types,
       const char         *type)
{
  return types != NULL && g_strv_contains (types, type);
}

/* The game's news: its words in the log, the game's own part, a sound. */
static void
parlor_game_screen_real_session_event (ParlorGameScreen *self,
                                       const char       *text)
{
  ParlorGameScreenClass *klass = PARLOR_GAME_SCREEN_GET_CLASS (self);
  ParlorGameScreenPrivate *priv = PRIV (self);
  g_autoptr(ParlorLine) line = parlor_line_parse (text, NULL);
  g_autofree char *words = NULL;
  const char *type;

  if (line == NULL)
    return;
  type = parlor_line_get_type (line);
  if (klass->event_words != NULL)
    words = klass->event_words (self, line, text);
  else if (klass->game_info != NULL && klass->game_info->describe != NULL)
    {
      /* The log speaks to the player: "You discard…". */
      const char *names[PARLOR_GAME_SCREEN_MAX_SEATS];

      for (int i = 0; i < PARLOR_GAME_SCREEN_MAX_SEATS; i++)
        names[i] = i == priv->seat ? "" : priv->names[i];
      words = klass->game_info->describe (text, names);
    }
  if (words != NULL && *words == '\0')
    g_clear_pointer (&words, g_free);
  if (words != NULL && !among (klass->quiet_events, type))
    parlor_log_view_append (priv->log, words, among (klass->headline_events, type));
  if (klass->take_event != NULL)
    klass->take_event (self, line, type, words);
  if (among (klass->turn_events, type))
    parlor_game_screen_play_sound (self, PARLOR_SOUND_TURN_END);
  else if (among (klass->round_events, type))
    parlor_game_screen_play_sound (self, PARLOR_SOUND_ROUND_END);
}

static void
parlor_game_screen_real_session_changed (ParlorGameScreen *self)
{
  parlor_game_screen_refresh (self);
}

static void
on_event (ParlorSession    *session,
          const char       *line,
          ParlorGameScreen *self)
{
  ParlorGameScreenClass *klass = PARLOR_GAME_SCREEN_GET_CLASS (self);

  ensure_seated (self);
  g_ptr_array_add (PRIV (self)->events, g_strdup (line));
  if (klass->session_event != NULL)
    klass->session_event (self, line);
}

/* Which decision of the player's the game is at: it changes with each
 * move they make (the actions before their last one). */
static int
decision_mark (ParlorGameScreen *self)
{
  ParlorGameScreenPrivate *priv = PRIV (self);
  ParlorTable *table = priv->session != NULL ? parlor_session_get_table (priv->session) : NULL;
  int seat = priv->session != NULL ? parlor_session_get_seat (priv->session) : -1;

  return table != NULL && seat >= 0 ? parlor_table_get_undo_point (table, (guint) seat) : -1;
}

/* A hint shown for a decision that has passed goes with it. */
static void
drop_passed_hint (ParlorGameScreen *self)
{
  ParlorGameScreenPrivate *priv = PRIV (self);

  if (priv->hint_shown && (!priv->can_hint || decision_mark (self) != priv->hint_mark))
    hide_notice (self);
}

static void
on_changed (ParlorSession    *session,
            ParlorGameScreen *self)
{
  ParlorGameScreenClass *klass = PARLOR_GAME_SCREEN_GET_CLASS (self);

  save_game (self);
  update_actions (self);
  ensure_seated (self);
  drop_passed_hint (self);
  if (klass->session_changed != NULL)
    klass->session_changed (self);
  if (!PRIV (self)->start_told && parlor_session_is_playing (session))
    {
      PRIV (self)->start_told = TRUE;
      announce (self, parlor_game_screen_can_move (self) ? _("Game started, your turn") : _("Game started"));
    }
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
  /* A game put back tells its old timeouts in the log alone. */
  if ((int) seat == parlor_session_get_seat (session) && !PRIV (self)->replaying)
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

/* Where the records kept the game's replay, unless another game came since. */
static void
set_last_replay_path (ParlorGameScreen *self,
                      guint             finished_games,
                      const char       *path)
{
  ParlorGameScreenPrivate *priv = PRIV (self);

  if (finished_games != priv->finished_games || priv->last_replay == NULL)
    return;
  g_free (priv->last_replay_path);
  priv->last_replay_path = g_strdup (path);
}

typedef struct
{
  GWeakRef ref;
  guint    finished_games;
} Recording;

static void
on_recorded (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  Recording *recording = data;
  g_autoptr(ParlorGameScreen) self = g_weak_ref_get (&recording->ref);
  guint finished_games = recording->finished_games;
  g_autoptr(GError) error = NULL;
  g_autofree char *notice = NULL;
  g_autofree char *path = NULL;

  g_weak_ref_clear (&recording->ref);
  g_free (recording);

  parlor_recorder_write_finish (result, &notice, &path, &error);
  if (self != NULL)
    set_last_replay_path (self, finished_games, path);
  if (self != NULL && (g_error_matches (error, PARLOR_RECORDS_ERROR, PARLOR_RECORDS_ERROR_BUSY) ||
                       g_error_matches (error, PARLOR_RECORDS_ERROR, PARLOR_RECORDS_ERROR_FAILED)))
    {
      g_autofree char *text = g_strdup_printf (_("The game is kept and will be recorded as soon "
                                                 "as your records can be written: %s"),
                                               error->message);

      parlor_game_screen_toast (self, text);
    }
  else if (error != NULL && self != NULL)
    {
      g_autofree char *text = g_strdup_printf (_("The game could not be recorded: %s"),
                                               error->message);

      parlor_game_screen_toast (self, text);
    }
  if (notice != NULL && self != NULL)
    parlor_game_screen_toast (self, notice);
  g_application_release (g_application_get_default ());
}

/* The strength the computers of @table play at: a game resumed from its
 * saved file keeps the level it was started at, whatever Preferences say. */
static int
played_strength (ParlorGameScreen *self,
                 ParlorTable      *table)
{
  const ParlorGameInfo *info = PARLOR_GAME_SCREEN_GET_CLASS (self)->game_info;
  guint strength = parlor_settings_get_computer_strength (PRIV (self)->settings);

  for (guint i = 0; table != NULL && i < parlor_table_get_n_seats (table); i++)
    if (parlor_table_get_seat_kind (table, i) == PARLOR_SEAT_AI)
      return (int) parlor_strength_for_level (info, parlor_table_get_seat_level (table, i),
                                              strength);
  return (int) strength;
}

/* The finished game goes to the records, with its replay when this side
 * has the table's record (against the computer, or hosting). FALSE if it
 * could not even be kept until then. */
static gboolean
record_game (ParlorGameScreen *self,
             const char       *result)
{
  ParlorGameScreenPrivate *priv = PRIV (self);
  const ParlorGameInfo *info = PARLOR_GAME_SCREEN_GET_CLASS (self)->game_info;
  ParlorTable *table = parlor_session_get_table (priv->session);
  ParlorClient *client = parlor_session_get_client (priv->session);
  int seat = parlor_session_get_seat (priv->session);
  g_autoptr(ParlorGameRecord) record = NULL;
  g_autoptr(GError) error = NULL;
  Recording *recording;
  guint n_seats;

  if (info == NULL || priv->replaying || seat < 0 || g_application_get_default () == NULL)
    return TRUE;
  n_seats = table != NULL ? parlor_table_get_n_seats (table)
            : client != NULL ? parlor_client_get_n_seats (client) : 0;
  if ((guint) seat >= n_seats || n_seats > PARLOR_RECORD_MAX_SEATS)
    return TRUE;

  record = parlor_game_record_new (info->id, n_seats, seat);
  for (guint i = 0; i < n_seats; i++)
    if ((int) i != seat)
      {
        gboolean computer = table != NULL
                            ? parlor_table_get_seat_kind (table, i) == PARLOR_SEAT_AI
                            : !parlor_client_seat_is_human (client, i);

        parlor_game_record_set_seat_kind (record, i, computer ? PARLOR_RECORD_SEAT_COMPUTER
                                                              : PARLOR_RECORD_SEAT_HUMAN);
      }
  record->strength = parlor_game_screen_is_kept (self) && priv->settings != NULL
                     ? played_strength (self, table)
                     : PARLOR_RECORD_LAN;
  record->assisted = priv->assisted;
  for (guint i = 0; i < priv->events->len; i++)
    parlor_game_record_add_event (record, g_ptr_array_index (priv->events, i));
  if (!parlor_game_record_set_result (record, result, &error))
    {
      g_debug ("Not recorded: %s", error->message);
      return TRUE;
    }
  recording = g_new0 (Recording, 1);
  g_weak_ref_init (&recording->ref, self);
  recording->finished_games = priv->finished_games;
  g_application_hold (g_application_get_default ());
  if (!parlor_recorder_write_async (g_steal_pointer (&record), g_strdup (priv->last_replay),
                                    NULL, on_recorded, recording, &error))
    {
      g_autofree char *text = g_strdup_printf (_("The game could not be recorded: %s"),
                                               error->message);

      g_weak_ref_clear (&recording->ref);
      g_free (recording);
      g_application_release (g_application_get_default ());
      parlor_game_screen_toast (self, text);
      return FALSE;
    }
  return TRUE;
}

/* The table's record as a replay file's text, when this side has it
 * (against the computer, or hosting); a guest's seat view. */
static char *
dup_replay_text (ParlorGameScreen *self)
{
  ParlorTable *table = parlor_session_get_table (PRIV (self)->session);
  GPtrArray *lines;
  GString *replay;

  if (table == NULL)
    return parlor_session_dup_seat_view (PRIV (self)->session);
  lines = parlor_table_get_record (table);
  replay = g_string_new (NULL);
  for (guint i = 0; i < lines->len; i++)
    {
      g_string_append (replay, g_ptr_array_index (lines, i));
      g_string_append_c (replay, '\n');
    }
  return g_string_free (replay, FALSE);
}

static void
set_last_replay (ParlorGameScreen *self,
                 char             *text)
{
  ParlorGameScreenPrivate *priv = PRIV (self);
  gboolean could = priv->last_replay != NULL;

  g_free (priv->last_replay);
  priv->last_replay = text;
  g_clear_pointer (&priv->last_replay_path, g_free);
  if (could != (text != NULL))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_WATCH_AGAIN]);
}


static void
on_game_over (ParlorSession    *session,
              const char       *result,
              ParlorGameScreen *self)
{
  ParlorGameScreenClass *klass = PARLOR_GAME_SCREEN_GET_CLASS (self);

  parlor_game_screen_set_finished (self, TRUE);
  PRIV (self)->finished_games++;
  set_last_replay (self, PRIV (self)->replaying ? NULL : dup_replay_text (self));
  /* A game played to its end is not one to come back to, once it is
   * kept for the records (else it stays saved, not lost). */
  if (record_game (self, result) && parlor_game_screen_is_kept (self) && klass->game_info != NULL)
    parlor_saved_game_remove (klass->game_info->id);
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

  if (priv->session != NULL && !priv->finished && !priv->replaying &&
      parlor_session_is_remote (priv->session) && g_application_get_default () != NULL)
    {
      /* A guest's game left before its end keeps what was seen, unfinished. */
      char *text = parlor_session_dup_seat_view (priv->session);
      const ParlorGameInfo *info = PARLOR_GAME_SCREEN_GET_CLASS (self)->game_info;

      if (text != NULL && info != NULL)
        parlor_recorder_keep_unfinished (info->id, text);
      else
        g_free (text);
    }
  if (priv->session != NULL)
    {
      /* A host's server says goodbye to the guest, who hears that the host left. */
      g_signal_handlers_disconnect_by_data (priv->session, self);
      parlor_session_stop (priv->session);
      g_clear_object (&priv->session);
    }
  priv->finished = FALSE;
  priv->holds = 0;
  g_clear_pointer (&priv->held_page, g_free);
  priv->saved_len = 0;
  g_ptr_array_set_size (priv->events, 0);
  if (priv->user_paused)
    {
      priv->user_paused = FALSE;
      if (priv->paused_from != NULL)
        parlor_game_screen_show_page (self, priv->paused_from);
      g_clear_pointer (&priv->paused_from, g_free);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
    }
  priv->seat = -1;
  update_names (self);

  if (session != NULL)
    {
      priv->session = g_object_ref (session);
      /* A game here starts at once and says so; a LAN game when the host starts it. */
      priv->start_told = !parlor_session_is_remote (session) && !parlor_session_is_hosted (session);
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
  update_actions (self);
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

static void
on_resume_clicked (ParlorGameScreen *self)
{
  parlor_game_screen_set_paused (self, FALSE);
}

static void
on_continue_clicked (ParlorGameScreen *self)
{
  parlor_game_screen_resume_saved_game (self, NULL);
}

void
parlor_game_screen_set_setup (ParlorGameScreen *self,
                              GtkWidget        *setup)
{
  ParlorGameScreenPrivate *priv;

  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));
  g_return_if_fail (GTK_IS_WIDGET (setup));
  priv = PRIV (self);
  g_return_if_fail (priv->setup == NULL);

  priv->setup = setup;
  gtk_widget_set_vexpand (setup, TRUE);
  gtk_box_append (GTK_BOX (priv->setup_box), setup);
  update_saved_bar (self);
}

void
parlor_game_screen_set_play (ParlorGameScreen *self,
                             GtkWidget        *board)
{
  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));
  g_return_if_fail (GTK_IS_WIDGET (board));
  g_return_if_fail (gtk_overlay_get_child (PRIV (self)->play_overlay) == NULL);

  gtk_overlay_set_child (PRIV (self)->play_overlay, board);
}

void
parlor_game_screen_keep_clear (ParlorGameScreen *self,
                               GtkWidget        *widget)
{
  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));
  g_return_if_fail (GTK_IS_WIDGET (widget));

  g_ptr_array_add (PRIV (self)->kept_clear, g_object_ref (widget));
}

GtkWidget *
parlor_game_screen_get_notice (ParlorGameScreen *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), NULL);
  return GTK_WIDGET (PRIV (self)->notice);
}

static void
hide_notice (ParlorGameScreen *self)
{
  ParlorGameScreenPrivate *priv = PRIV (self);

  g_clear_handle_id (&priv->notice_id, g_source_remove);
  priv->hint_shown = FALSE;
  if (priv->notice != NULL)
    gtk_widget_set_visible (GTK_WIDGET (priv->notice), FALSE);
}

static gboolean
on_notice_timeout (gpointer data)
{
  ParlorGameScreen *self = data;

  PRIV (self)->notice_id = 0;
  hide_notice (self);
  return G_SOURCE_REMOVE;
}

#define NOTICE_MARGIN 12
#define NOTICE_SECONDS 4

/* One notice at a time, in place of the last: a hint stays until its
 * decision has passed, others a few seconds. Off the play page the window
 * shows it as a toast, a hint not at all. */
static void
show_notice (ParlorGameScreen *self,
             const char       *message,
             gboolean          hint)
{
  ParlorGameScreenPrivate *priv = PRIV (self);

  hide_notice (self);
  if (priv->notice == NULL || g_strcmp0 (parlor_game_screen_get_page (self), "play") != 0)
    {
      if (!hint)
        parlor_screen_toast (GTK_WIDGET (self), message);
      return;
    }
  gtk_label_set_text (priv->notice, message);
  gtk_widget_set_visible (GTK_WIDGET (priv->notice), TRUE);
  priv->hint_shown = hint;
  priv->hint_mark = decision_mark (self);
  if (!hint)
    priv->notice_id = g_timeout_add_seconds (NOTICE_SECONDS, on_notice_timeout, self);
}

/* A notice belongs to the play page, and a hint to its turn. */
static void
on_page_changed (ParlorGameScreen *self)
{
  if (g_strcmp0 (parlor_game_screen_get_page (self), "play") != 0)
    hide_notice (self);
}

/* Whether a notice fits on the row from @y, clear of the widgets kept
 * clear there and as near @centre as they let it: its place in @rect
 * (a narrower notice wraps, and so grows taller). */
static gboolean
fit_at (ParlorGameScreen *self,
        GtkWidget        *overlay,
        GtkWidget        *notice,
        int               y,
        int               centre,
        GdkRectangle     *rect)
{
  GPtrArray *kept = PRIV (self)->kept_clear;
  int width = gtk_widget_get_width (overlay);
  int height = gtk_widget_get_height (overlay);
  int left = NOTICE_MARGIN, right = width - NOTICE_MARGIN;
  int min_w, nat_w;

  gtk_widget_measure (notice, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, &nat_w, NULL, NULL);
  for (int tries = 0; tries < 4; tries++)
    {
      int w = MAX (MIN (nat_w, right - left), min_w);
      int min_h, nat_h;
      int row_left = NOTICE_MARGIN, row_right = width - NOTICE_MARGIN;

      gtk_widget_measure (notice, GTK_ORIENTATION_VERTICAL, w, &min_h, &nat_h, NULL, NULL);
      rect->height = MAX (nat_h, min_h);
      if (y < 0 || y + rect->height > height)
        return FALSE;
      for (guint i = 0; i < kept->len; i++)
        {
          graphene_rect_t b;

          if (!gtk_widget_get_mapped (g_ptr_array_index (kept, i)) ||
              !gtk_widget_compute_bounds (g_ptr_array_index (kept, i), overlay, &b) ||
              y >= b.origin.y + b.size.height || b.origin.y >= y + rect->height)
            continue;
          if (b.origin.x + b.size.width <= centre)
            row_left = MAX (row_left, (int) (b.origin.x + b.size.width) + NOTICE_MARGIN);
          else if (b.origin.x >= centre)
            row_right = MIN (row_right, (int) b.origin.x - NOTICE_MARGIN);
          else
            return FALSE;
        }
      if (row_right - row_left < min_w)
        return FALSE;
      if (w <= row_right - row_left)
        {
          rect->width = w;
          rect->x = CLAMP (centre - w / 2, row_left, row_right - w);
          rect->y = y;
          return TRUE;
        }
      left = row_left;
      right = row_right;
    }
  return FALSE;
}

/* The notice goes over the board without covering a widget kept clear
 * (the hand, the calls, other players' tiles): as high as it can, or on
 * a table with room in its middle, as near the middle as it can; at the
 * top when nothing is clear. */
static gboolean
on_notice_position (GtkOverlay       *overlay,
                    GtkWidget        *widget,
                    GdkRectangle     *rect,
                    ParlorGameScreen *self)
{
  ParlorGameScreenPrivate *priv = PRIV (self);
  int width = gtk_widget_get_width (GTK_WIDGET (overlay));
  int height = gtk_widget_get_height (GTK_WIDGET (overlay));
  int centre = width / 2;
  g_autoptr(GArray) rows = g_array_new (FALSE, FALSE, sizeof (int));
  gboolean found = FALSE;
  int best_score = G_MAXINT;
  int min_w, nat_w, min_h, nat_h;
  int first;

  if (widget != GTK_WIDGET (priv->notice))
    return FALSE;
  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, &nat_w, NULL, NULL);
  rect->width = MAX (MIN (nat_w, width - 2 * NOTICE_MARGIN), min_w);
  gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, rect->width, &min_h, &nat_h, NULL, NULL);
  rect->height = MAX (nat_h, min_h);
  rect->x = MAX ((width - rect->width) / 2, 0);
  rect->y = NOTICE_MARGIN;

  /* The rows to try: the top, the middle, and next to each kept widget. */
  first = NOTICE_MARGIN;
  g_array_append_val (rows, first);
  first = (height - rect->height) / 2;
  g_array_append_val (rows, first);
  for (guint i = 0; i < priv->kept_clear->len; i++)
    {
      graphene_rect_t b;
      int row;

      if (!gtk_widget_get_mapped (g_ptr_array_index (priv->kept_clear, i)) ||
          !gtk_widget_compute_bounds (g_ptr_array_index (priv->kept_clear, i), GTK_WIDGET (overlay), &b))
        continue;
      row = (int) (b.origin.y + b.size.height) + NOTICE_MARGIN;
      g_array_append_val (rows, row);
      /* Above it, for the heights a notice may take when it wraps. */
      for (int lines = 1; lines <= 4; lines++)
        {
          row = (int) b.origin.y - NOTICE_MARGIN - rect->height * lines;
          g_array_append_val (rows, row);
        }
    }
  for (guint i = 0; i < rows->len; i++)
    {
      GdkRectangle fit;
      int score;

      if (!fit_at (self, GTK_WIDGET (overlay), widget, g_array_index (rows, int, i), centre, &fit))
        continue;
      score = priv->notice_middle ? ABS (fit.y + fit.height / 2 - height / 2) : fit.y;
      if (!found || score < best_score)
        {
          *rect = fit;
          best_score = score;
          found = TRUE;
        }
    }
  return TRUE;
}

void
parlor_game_screen_set_notice_middle (ParlorGameScreen *self,
                                      gboolean          middle)
{
  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));

  PRIV (self)->notice_middle = middle;
}

void
parlor_game_screen_add_result (ParlorGameScreen *self,
                               GtkWidget        *widget)
{
  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));
  g_return_if_fail (GTK_IS_WIDGET (widget));

  gtk_box_insert_child_after (GTK_BOX (PRIV (self)->result_box), widget,
                              gtk_widget_get_prev_sibling (GTK_WIDGET (PRIV (self)->result_details)));
}

GtkStack *
parlor_game_screen_get_stack (ParlorGameScreen *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), NULL);
  return PRIV (self)->stack;
}

ParlorLogView *
parlor_game_screen_get_log_view (ParlorGameScreen *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), NULL);
  return PRIV (self)->log;
}

AdwStatusPage *
parlor_game_screen_get_result_page (ParlorGameScreen *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), NULL);
  return PRIV (self)->result_page;
}

GtkLabel *
parlor_game_screen_get_result_details (ParlorGameScreen *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), NULL);
  return PRIV (self)->result_details;
}

GtkWidget *
parlor_game_screen_get_setup (ParlorGameScreen *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), NULL);
  return PRIV (self)->setup;
}

ParlorTable *
parlor_game_screen_get_table (ParlorGameScreen *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), NULL);
  return PRIV (self)->session != NULL ? parlor_session_get_table (PRIV (self)->session) : NULL;
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
  GtkRoot *root;
  GtkWidget *focus;
  GtkWidget *stack;

  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));
  g_return_if_fail (name != NULL);
  if (PRIV (self)->stack == NULL)
    return;

  stack = GTK_WIDGET (PRIV (self)->stack);
  root = gtk_widget_get_root (stack);
  focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  if (focus == NULL || !gtk_widget_is_ancestor (focus, stack) ||
      g_strcmp0 (gtk_stack_get_visible_child_name (PRIV (self)->stack), name) == 0)
    {
      gtk_stack_set_visible_child_name (PRIV (self)->stack, name);
      return;
    }
  /* The stack would hand the focus to the new page's first control (another
   * player's hand, the log); it goes where the player acts on it instead. */
  gtk_root_set_focus (root, NULL);
  gtk_stack_set_visible_child_name (PRIV (self)->stack, name);
  gtk_widget_grab_focus (GTK_WIDGET (self));
}

void
parlor_game_screen_show_result_page (ParlorGameScreen *self)
{
  ParlorGameScreenPrivate *priv;
  gboolean guest, host;

  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));

  priv = PRIV (self);
  guest = parlor_game_screen_is_guest (self);
  host = parlor_game_screen_is_host (self);
  gtk_widget_set_visible (GTK_WIDGET (priv->result_details),
                          *gtk_label_get_label (priv->result_details) != '\0');
  gtk_widget_set_visible (priv->watch_button, parlor_game_screen_will_keep_replay (self));
  gtk_widget_set_visible (priv->again_button, !guest);
  gtk_button_set_label (GTK_BUTTON (priv->again_button), host ? _("Host _Again") : _("_Play Again"));
  gtk_button_set_label (GTK_BUTTON (priv->back_button), guest ? _("_Back to Menu") : _("_Back"));
  parlor_game_screen_show_page (self, "result");
  gtk_widget_grab_focus (guest ? priv->back_button : priv->again_button);
}

/* Forgets the game shown: the base's part, then the screen's. */
static void
reset (ParlorGameScreen *self)
{
  ParlorGameScreenClass *klass = PARLOR_GAME_SCREEN_GET_CLASS (self);

  parlor_game_screen_set_session (self, NULL);
  parlor_game_screen_close_dialogs (self);
  set_last_replay (self, NULL);
  parlor_log_view_clear (PRIV (self)->log);
  hide_notice (self);
  if (klass->reset != NULL)
    klass->reset (self);
}

static void
parlor_game_screen_real_new_local_game (ParlorGameScreen *self)
{
  reset (self);
  update_saved_bar (self);
  parlor_game_screen_show_page (self, "setup");
  if (PRIV (self)->setup != NULL)
    parlor_widget_grab_focus_heard (PRIV (self)->setup);
}

/* A game against the computer keeps the times a hosted table would. */
static void
set_table_times (ParlorTable    *table,
                 ParlorSettings *settings)
{
  parlor_table_set_time_limit (table, parlor_settings_get_time_limit (settings));
  parlor_table_set_prompt_time_limit (table, PARLOR_PROMPT_CLAIM,
                                      parlor_settings_get_claim_time_limit (settings));
  parlor_table_set_ai_delay (table, parlor_settings_get_ai_delay (settings));
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

  g_assert (klass->game_info != NULL && klass->begin_play != NULL);

  reset (self);
  PRIV (self)->assisted = FALSE;
  parlor_saved_game_set_assisted (klass->game_info->id, FALSE);
  config = klass->local_config != NULL ? klass->local_config (self) : NULL;
  table = parlor_table_new (klass->game_info, config != NULL ? config : "",
                            parlor_game_seed (), &error);
  if (table == NULL)
    {
      parlor_game_screen_toast (self, error->message);
      return;
    }
  if (settings != NULL)
    set_table_times (table, settings);
  player = klass->seat_players != NULL ? klass->seat_players (self, table, name)
                                       : parlor_game_screen_seat_computers (self, table, name, NULL);

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
  announce (self, parlor_game_screen_can_move (self) ? _("Game started, your turn") : _("Game started"));
}

/* Plays @table (made from a record, not started) for its local seat in
 * place of the game shown: the screen hears the record's events again,
 * silently, and tells screen readers @said. */
static gboolean
play_table (ParlorGameScreen  *self,
            ParlorTable       *table,
            const char        *said,
            GError           **error)
{
  ParlorGameScreenClass *klass = PARLOR_GAME_SCREEN_GET_CLASS (self);
  ParlorGameScreenPrivate *priv = PRIV (self);
  g_autoptr(ParlorSession) session = NULL;
  int player = -1;
  gboolean started;

  for (guint i = 0; i < parlor_table_get_n_seats (table) && player < 0; i++)
    if (parlor_table_get_player_kind (table, i) == PARLOR_SEAT_LOCAL)
      player = i;
  if (player < 0)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                           _("The saved game has no seat for you"));
      return FALSE;
    }

  reset (self);
  session = parlor_session_new_local (table, player);
  parlor_game_screen_show_page (self, "play");
  priv->replaying = TRUE;
  started = parlor_game_screen_start_session (self, session, error);
  priv->replaying = FALSE;
  if (!started)
    {
      parlor_game_screen_show_page (self, "setup");
      return FALSE;
    }
  klass->begin_play (self);
  save_game (self);
  update_actions (self);
  announce (self, said);
  return TRUE;
}

void
parlor_game_screen_watch (ParlorGameScreen *self,
                          ParlorSession    *session)
{
  ParlorGameScreenClass *klass;
  ParlorGameScreenPrivate *priv;

  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));
  g_return_if_fail (PARLOR_IS_SESSION (session) && parlor_session_is_replay (session));

  klass = PARLOR_GAME_SCREEN_GET_CLASS (self);
  priv = PRIV (self);
  g_return_if_fail (klass->begin_play != NULL);

  reset (self);
  parlor_game_screen_show_page (self, "play");
  priv->replaying = TRUE;
  parlor_game_screen_start_session (self, session, NULL);
  ensure_seated (self);
  klass->begin_play (self);
  priv->replaying = FALSE;
}

gboolean
parlor_game_screen_play_on (ParlorGameScreen  *self,
                            ParlorTable       *table,
                            GError           **error)
{
  ParlorSettings *settings;

  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);
  g_return_val_if_fail (PARLOR_IS_TABLE (table), FALSE);

  settings = PRIV (self)->settings;
  if (settings != NULL)
    {
      parlor_table_set_time_limit (table, parlor_settings_get_time_limit (settings));
      parlor_table_set_ai_delay (table, parlor_settings_get_ai_delay (settings));
    }
  PRIV (self)->assisted = FALSE;
  return play_table (self, table, _("A new game from the replay’s position: your move when it is your turn"),
                     error);
}

gboolean
parlor_game_screen_resume_saved_game (ParlorGameScreen  *self,
                                      GError           **error)
{
  ParlorGameScreenClass *klass;
  ParlorSettings *settings;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(ParlorTable) table = NULL;
  g_auto(GStrv) records = NULL;

  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);

  klass = PARLOR_GAME_SCREEN_GET_CLASS (self);
  settings = PRIV (self)->settings;
  g_return_val_if_fail (klass->game_info != NULL && klass->begin_play != NULL, FALSE);

  records = parlor_saved_game_read (klass->game_info->id, &local_error);
  if (records != NULL)
    table = parlor_table_new_from_record (klass->game_info, (const char * const *) records,
                                          g_strv_length (records), -1, &local_error);
  if (table != NULL && settings != NULL)
    set_table_times (table, settings);
  PRIV (self)->assisted = parlor_saved_game_get_assisted (klass->game_info->id);
  if (table == NULL ||
      !play_table (self, table, _("Your game is back where you left it"), &local_error))
    {
      /* A file the checks above let through but that cannot be played
       * here (another version of the game's record, say). */
      if (records != NULL)
        parlor_saved_game_set_aside (klass->game_info->id);
      parlor_game_screen_toast (self, local_error->message);
      update_saved_bar (self);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  return TRUE;
}

gboolean
parlor_game_screen_has_saved_game (ParlorGameScreen *self)
{
  ParlorGameScreenClass *klass;

  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);

  klass = PARLOR_GAME_SCREEN_GET_CLASS (self);
  return klass->game_info != NULL && parlor_saved_game_exists (klass->game_info->id);
}

static void
update_saved_bar (ParlorGameScreen *self)
{
  ParlorGameScreenPrivate *priv = PRIV (self);
  const ParlorGameInfo *info = PARLOR_GAME_SCREEN_GET_CLASS (self)->game_info;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (priv->saved_bar != NULL)
    gtk_widget_set_visible (priv->saved_bar,
                            info != NULL && PARLOR_IS_WINDOW (root) &&
                            parlor_window_saved_game_is_playable (PARLOR_WINDOW (root), info->id));
}

void
parlor_game_screen_update_saved_bar (ParlorGameScreen *self)
{
  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));

  update_saved_bar (self);
}

gboolean
parlor_game_screen_is_kept (ParlorGameScreen *self)
{
  ParlorSession *session;

  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);

  session = PRIV (self)->session;
  return session != NULL && parlor_session_get_table (session) != NULL &&
         !parlor_session_is_hosted (session) &&
         PARLOR_GAME_SCREEN_GET_CLASS (self)->game_info != NULL;
}

/* After every move of a game against the computer, its record replaces
 * the saved file; a game that has ended leaves none. */
static void
save_game (ParlorGameScreen *self)
{
  ParlorGameScreenPrivate *priv = PRIV (self);
  const ParlorGameInfo *info = PARLOR_GAME_SCREEN_GET_CLASS (self)->game_info;
  g_autoptr(GError) error = NULL;
  ParlorTable *table;
  GPtrArray *record;

  if (priv->replaying || !parlor_game_screen_is_kept (self))
    return;
  table = parlor_session_get_table (priv->session);
  if (!parlor_table_is_started (table) || parlor_game_is_over (parlor_table_get_game (table)))
    return;
  record = parlor_table_get_record (table);
  if (record->len == priv->saved_len)
    return;
  if (!parlor_saved_game_write (info->id, record, &error))
    {
      g_autofree char *text = g_strdup_printf (_("The game could not be saved: %s"),
                                               error->message);

      /* Once, not after every move. */
      if (priv->saved_len != G_MAXUINT)
        parlor_game_screen_toast (self, text);
      priv->saved_len = G_MAXUINT;
      return;
    }
  priv->saved_len = record->len;
}

void
parlor_game_screen_save (ParlorGameScreen *self)
{
  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));
  save_game (self);
}

static void
notify_if (ParlorGameScreen *self,
           gboolean         *field,
           gboolean          value,
           guint             prop)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

/* Pause and undo: a game against the computer, on and not over. */
static void
update_actions (ParlorGameScreen *self)
{
  ParlorGameScreenPrivate *priv = PRIV (self);
  gboolean playing = parlor_game_screen_is_kept (self) && !priv->finished &&
                     parlor_session_is_playing (priv->session);
  gboolean undo = FALSE;

  if (playing && !priv->user_paused)
    {
      int seat = parlor_session_get_seat (priv->session);

      undo = seat >= 0 &&
             parlor_table_get_undo_point (parlor_session_get_table (priv->session), seat) >= 0;
    }
  notify_if (self, &priv->can_pause, playing, PROP_CAN_PAUSE);
  notify_if (self, &priv->can_undo, undo, PROP_CAN_UNDO);
  notify_if (self, &priv->can_hint,
             playing && !priv->user_paused && parlor_game_screen_can_move (self), PROP_CAN_HINT);
  /* A hint worked out for a position that has passed is dropped. */
  if (!priv->can_hint && priv->hint_cancellable != NULL)
    g_cancellable_cancel (priv->hint_cancellable);
}

/* Pauses the game for a dialog, the player's pause, or a minimised window. */
static void
sync_paused (ParlorGameScreen *self)
{
  ParlorGameScreenPrivate *priv = PRIV (self);

  if (priv->session != NULL && !priv->finished)
    parlor_session_set_paused (priv->session,
                               priv->holds > 0 || priv->user_paused || priv->minimized);
}

gboolean
parlor_game_screen_can_pause (ParlorGameScreen *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);
  return PRIV (self)->can_pause;
}

gboolean
parlor_game_screen_get_paused (ParlorGameScreen *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);
  return PRIV (self)->user_paused;
}

/* The board gives way to "Paused" and the clock stops; resuming brings
 * both back. Only a game against the computer pauses. */
void
parlor_game_screen_set_paused (ParlorGameScreen *self,
                               gboolean          paused)
{
  ParlorGameScreenPrivate *priv;

  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));

  priv = PRIV (self);
  paused = !!paused;
  if (priv->user_paused == paused || (paused && !priv->can_pause) || priv->stack == NULL)
    return;

  priv->user_paused = paused;
  if (paused)
    {
      g_free (priv->paused_from);
      priv->paused_from = g_strdup (gtk_stack_get_visible_child_name (priv->stack));
      parlor_game_screen_show_page (self, "paused");
      gtk_widget_grab_focus (priv->resume_button);
      announce (self, _("Game paused"));
    }
  else
    {
      parlor_game_screen_show_page (self, priv->paused_from != NULL ? priv->paused_from : "play");
      g_clear_pointer (&priv->paused_from, g_free);
      gtk_widget_grab_focus (GTK_WIDGET (self));
      announce (self, _("Game resumed"));
    }
  sync_paused (self);
  update_actions (self);
  update_clock (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
}

gboolean
parlor_game_screen_can_undo (ParlorGameScreen *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);
  return PRIV (self)->can_undo;
}

/* Back to this player's last decision: the table is made again from its
 * record, less the tail from that decision on, and shown in place. */
gboolean
parlor_game_screen_undo (ParlorGameScreen  *self,
                         GError           **error)
{
  ParlorGameScreenPrivate *priv;
  g_autoptr(ParlorTable) table = NULL;

  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);

  priv = PRIV (self);
  if (!priv->can_undo)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN,
                           _("There is no move to undo"));
      return FALSE;
    }
  table = parlor_table_undo (parlor_session_get_table (priv->session),
                             parlor_session_get_seat (priv->session), error);
  if (table == NULL)
    return FALSE;
  parlor_game_screen_mark_assisted (self);
  return play_table (self, table, _("Your last move was undone"), error);
}

gboolean
parlor_game_screen_can_hint (ParlorGameScreen *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);
  return PRIV (self)->can_hint;
}

#define MOVE_KEY "parlor-game-screen-move"

void
parlor_widget_set_move (GtkWidget  *widget,
                        const char *action)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  g_object_set_data_full (G_OBJECT (widget), MOVE_KEY, g_strdup (action), g_free);
}

static GtkWidget *
find_move (GtkWidget  *widget,
           const char *action)
{
  if (!gtk_widget_get_mapped (widget) || !gtk_widget_is_sensitive (widget))
    return NULL;
  if (g_strcmp0 (g_object_get_data (G_OBJECT (widget), MOVE_KEY), action) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_move (child, action);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The widget that makes @action (parlor_widget_set_move()) takes the focus,
 * found by the move it makes, not by its place among its siblings. */
gboolean
parlor_game_screen_focus_move (ParlorGameScreen *self,
                               const char       *action)
{
  GtkWidget *widget;

  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  widget = find_move (GTK_WIDGET (PRIV (self)->play_overlay), action);
  return widget != NULL && gtk_widget_grab_focus (widget);
}

typedef struct
{
  const ParlorGameInfo *info;
  char                 *view;
  char                 *names[PARLOR_GAME_SCREEN_MAX_SEATS + 1];
  int                   mark;
} HintJob;

static void
hint_job_free (HintJob *job)
{
  g_free (job->view);
  for (guint i = 0; i < PARLOR_GAME_SCREEN_MAX_SEATS; i++)
    g_free (job->names[i]);
  g_free (job);
}

static void
hint_thread (GTask        *task,
             gpointer      source,
             gpointer      data,
             GCancellable *cancellable)
{
  HintJob *job = data;
  GError *error = NULL;
  ParlorHint *hint = parlor_hint_compute (job->info, job->view, (const char * const *) job->names,
                                          cancellable, &error);

  if (hint == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, hint, (GDestroyNotify) parlor_hint_free);
}

static void
hint_done (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  ParlorGameScreen *self = PARLOR_GAME_SCREEN (source);
  ParlorGameScreenPrivate *priv = PRIV (self);
  g_autoptr(ParlorHint) hint = g_task_propagate_pointer (G_TASK (result), NULL);
  HintJob *job = g_task_get_task_data (G_TASK (result));
  g_autofree char *text = NULL;
  g_autofree char *said = NULL;

  if (g_task_get_cancellable (G_TASK (result)) == priv->hint_cancellable)
    g_clear_object (&priv->hint_cancellable);
  if (hint == NULL || g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))) ||
      !priv->can_hint)
    return;
  if (decision_mark (self) != job->mark)
    return;

  parlor_game_screen_mark_assisted (self);
  text = parlor_hint_to_text (hint);
  said = g_strdup_printf (_("Hint: %s"), text);
  if (!parlor_game_screen_focus_move (self, hint->action) &&
      PARLOR_GAME_SCREEN_GET_CLASS (self)->show_hint != NULL)
    PARLOR_GAME_SCREEN_GET_CLASS (self)->show_hint (self, hint->action);
  show_notice (self, said, TRUE);
  announce (self, said);
}

/* The strongest computer player's move for this player, worked out off
 * the main thread from this player's view, then shown and said. */
gboolean
parlor_game_screen_hint (ParlorGameScreen  *self,
                         GError           **error)
{
  ParlorGameScreenPrivate *priv;
  g_autoptr(GTask) task = NULL;
  HintJob *job;

  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);

  priv = PRIV (self);
  if (!priv->can_hint)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN,
                           _("A hint is given when the game waits for your move"));
      return FALSE;
    }
  if (priv->hint_cancellable != NULL)
    return TRUE;

  job = g_new0 (HintJob, 1);
  job->info = PARLOR_GAME_SCREEN_GET_CLASS (self)->game_info;
  job->view = parlor_session_dup_view (priv->session);
  job->mark = decision_mark (self);
  for (guint i = 0; i < PARLOR_GAME_SCREEN_MAX_SEATS && priv->names[i] != NULL; i++)
    job->names[i] = g_strdup (priv->names[i]);
  if (job->info == NULL || job->view == NULL)
    {
      hint_job_free (job);
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN,
                           _("A hint is given when the game waits for your move"));
      return FALSE;
    }
  priv->hint_cancellable = g_cancellable_new ();
  task = g_task_new (self, priv->hint_cancellable, hint_done, NULL);
  g_task_set_task_data (task, job, (GDestroyNotify) hint_job_free);
  g_task_run_in_thread (task, hint_thread);
  announce (self, _("Working out a hint…"));
  return TRUE;
}

void
parlor_game_screen_mark_assisted (ParlorGameScreen *self)
{
  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));

  PRIV (self)->assisted = TRUE;
  /* Resuming the game keeps it counted apart. */
  if (parlor_game_screen_is_kept (self))
    parlor_saved_game_set_assisted (PARLOR_GAME_SCREEN_GET_CLASS (self)->game_info->id, TRUE);
}

gboolean
parlor_game_screen_get_assisted (ParlorGameScreen *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);

  return PRIV (self)->assisted;
}

static void
on_surface_state (GdkSurface       *surface,
                  GParamSpec       *pspec,
                  ParlorGameScreen *self)
{
  gboolean minimized = (gdk_toplevel_get_state (GDK_TOPLEVEL (surface)) &
                        GDK_TOPLEVEL_STATE_MINIMIZED) != 0;

  if (PRIV (self)->minimized == minimized)
    return;
  PRIV (self)->minimized = minimized;
  sync_paused (self);
}

static void
watch_surface (ParlorGameScreen *self,
               GdkSurface       *surface)
{
  ParlorGameScreenPrivate *priv = PRIV (self);

  if (priv->surface == surface)
    return;
  if (priv->surface != NULL)
    g_signal_handlers_disconnect_by_data (priv->surface, self);
  g_set_object (&priv->surface, surface);
  priv->minimized = FALSE;
  if (surface != NULL && GDK_IS_TOPLEVEL (surface))
    {
      g_signal_connect (surface, "notify::state", G_CALLBACK (on_surface_state), self);
      on_surface_state (surface, NULL, self);
    }
  sync_paused (self);
}

static void
on_root_realize (GtkWidget        *root,
                 ParlorGameScreen *self)
{
  watch_surface (self, gtk_native_get_surface (GTK_NATIVE (root)));
}

static void
on_root_unrealize (GtkWidget        *root,
                   ParlorGameScreen *self)
{
  watch_surface (self, NULL);
}

/* A game against the computer waits while its window is minimised. */
static void
parlor_game_screen_root (GtkWidget *widget)
{
  ParlorGameScreen *self = PARLOR_GAME_SCREEN (widget);
  GtkRoot *root;

  GTK_WIDGET_CLASS (parlor_game_screen_parent_class)->root (widget);

  root = gtk_widget_get_root (widget);
  if (!GTK_IS_NATIVE (root))
    return;
  g_signal_connect_object (root, "realize", G_CALLBACK (on_root_realize), self, 0);
  g_signal_connect_object (root, "unrealize", G_CALLBACK (on_root_unrealize), self, 0);
  if (gtk_widget_get_realized (GTK_WIDGET (root)))
    on_root_realize (GTK_WIDGET (root), self);
}

static void
parlor_game_screen_unroot (GtkWidget *widget)
{
  ParlorGameScreen *self = PARLOR_GAME_SCREEN (widget);
  GtkRoot *root = gtk_widget_get_root (widget);

  if (root != NULL)
    g_signal_handlers_disconnect_by_data (root, self);
  watch_surface (self, NULL);

  GTK_WIDGET_CLASS (parlor_game_screen_parent_class)->unroot (widget);
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

  /* Against the computer, at once with the choices of the game just played. */
  parlor_game_screen_new_local_game (self);
  if (host)
    gtk_widget_activate_action (widget, "win.host-lan", NULL);
  else if (guest)
    gtk_widget_activate_action (widget, "win.back", NULL);
  else
    start_local_game (self);
}

static GQuark
play_again_quark (void)
{
  return g_quark_from_static_string ("parlor-game-screen-play-again");
}

void
parlor_game_screen_class_set_game (GtkWidgetClass       *widget_class,
                                   const ParlorGameInfo *info)
{
  ParlorGameScreenClass *klass = (ParlorGameScreenClass *) widget_class;
  g_autofree char *start = NULL;
  g_autofree char *again = NULL;
  g_autofree char *css = NULL;
  g_autofree char *ui = NULL;

  g_return_if_fail (g_type_is_a (G_TYPE_FROM_CLASS (widget_class), PARLOR_TYPE_GAME_SCREEN));
  g_return_if_fail (info != NULL && info->id != NULL);

  klass->game_info = info;
  ui = g_strdup_printf ("/io/github/parlorgames/Parlor/%s/%s-screen.ui", info->id, info->id);
  if (g_resources_get_info (ui, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL, NULL, NULL))
    gtk_widget_class_set_template_from_resource (widget_class, ui);
  start = g_strconcat (info->id, ".start", NULL);
  again = g_strconcat (info->id, ".play-again", NULL);
  gtk_widget_class_install_action (widget_class, start, NULL, start_action);
  gtk_widget_class_install_action (widget_class, again, NULL, play_again_action);
  g_type_set_qdata (G_TYPE_FROM_CLASS (widget_class), play_again_quark (), g_steal_pointer (&again));
  css = g_strconcat (info->id, "-screen", NULL);
  gtk_widget_class_set_css_name (widget_class, css);
}

void
parlor_game_screen_set_finished (ParlorGameScreen *self,
                                 gboolean          finished)
{
  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));

  PRIV (self)->finished = !!finished;
  if (finished && PRIV (self)->session != NULL)
    parlor_session_set_paused (PRIV (self)->session, FALSE);
  if (finished)
    parlor_game_screen_set_paused (self, FALSE);
  update_clock (self);
  update_actions (self);
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
parlor_game_screen_escape (ParlorGameScreen *self)
{
  ParlorGameScreenClass *klass;

  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);

  klass = PARLOR_GAME_SCREEN_GET_CLASS (self);
  return klass->escape != NULL && klass->escape (self);
}

gboolean
parlor_game_screen_is_playing (ParlorGameScreen *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);
  return PARLOR_GAME_SCREEN_GET_CLASS (self)->is_playing (self);
}

char *
parlor_game_screen_dup_view (ParlorGameScreen *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), NULL);

  if (PRIV (self)->seat < 0 || PRIV (self)->session == NULL)
    return NULL;
  return parlor_session_dup_view (PRIV (self)->session);
}

gboolean
parlor_game_screen_refresh (ParlorGameScreen *self)
{
  ParlorGameScreenClass *klass;
  g_autofree char *line = NULL;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);

  klass = PARLOR_GAME_SCREEN_GET_CLASS (self);
  line = klass->show_view != NULL ? parlor_game_screen_dup_view (self) : NULL;
  if (line == NULL)
    return FALSE;
  if (!klass->show_view (self, line, &error))
    {
      g_warning ("Unreadable view: %s", error != NULL ? error->message : "");
      return FALSE;
    }
  return TRUE;
}

gboolean
parlor_game_screen_can_move (ParlorGameScreen *self)
{
  ParlorGameScreenPrivate *priv;

  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);

  priv = PRIV (self);
  return priv->session != NULL && !priv->finished && !priv->user_paused &&
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
  if (PRIV (self)->user_paused)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN,
                           _("The game is paused"));
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
  /* It changes every second: what it says is announced at moments that matter. */
  if (label != NULL)
    gtk_accessible_update_state (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  update_clock (self);
}

const char *
parlor_game_screen_get_clock_text (ParlorGameScreen *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), NULL);
  return PRIV (self)->clock_label != NULL ? gtk_label_get_text (PRIV (self)->clock_label) : "";
}

/* The log's lines, one a line (tests); NULL without a log. */
char *
parlor_game_screen_dup_log_text (ParlorGameScreen *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), NULL);
  return parlor_log_view_get_text (PRIV (self)->log);
}

void
parlor_game_screen_set_log_shown (ParlorGameScreen *self,
                                  gboolean          shown)
{
  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));

  gtk_widget_set_visible (PRIV (self)->log_pane, !!shown);
}

gboolean
parlor_game_screen_get_log_shown (ParlorGameScreen *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);
  return gtk_widget_get_visible (PRIV (self)->log_pane);
}

void
parlor_game_screen_toast (ParlorGameScreen *self,
                          const char       *message)
{
  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));
  g_return_if_fail (message != NULL);

  show_notice (self, message, FALSE);
  /* A toast is not heard by itself: every refusal is told to screen readers too. */
  announce (self, message);
}

void
parlor_game_screen_play_sound (ParlorGameScreen *self,
                               ParlorSoundEvent  id)
{
  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));

  /* A game played again from its record is heard from where it is. */
  if (PRIV (self)->sound != NULL && !PRIV (self)->replaying)
    parlor_sound_play (PRIV (self)->sound, id);
}

void
parlor_game_screen_hold (ParlorGameScreen *self)
{
  ParlorGameScreenPrivate *priv;

  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));

  priv = PRIV (self);
  if (priv->holds++ == 0)
    sync_paused (self);
}

void
parlor_game_screen_release (ParlorGameScreen *self)
{
  ParlorGameScreenPrivate *priv;

  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));

  priv = PRIV (self);
  if (priv->holds == 0)
    return;
  if (--priv->holds == 0)
    sync_paused (self);
}

void
parlor_game_screen_hold_page (ParlorGameScreen *self,
                              const char       *page)
{
  ParlorGameScreenPrivate *priv;

  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));
  g_return_if_fail (page != NULL);

  priv = PRIV (self);
  if (priv->held_page != NULL)
    {
      g_free (priv->held_page);
      priv->held_page = g_strdup (page);
      return;
    }
  priv->held_page = g_strdup (page);
  parlor_game_screen_hold (self);
}

/* However the screen leaves a held page (its button, a new game, a game
 * put back, the match's end), the game goes on; the player's pause only
 * covers it. */
static void
on_visible_page (GtkStack         *stack,
                 GParamSpec       *pspec,
                 ParlorGameScreen *self)
{
  ParlorGameScreenPrivate *priv = PRIV (self);
  const char *page = gtk_stack_get_visible_child_name (stack);

  if (priv->held_page == NULL || g_strcmp0 (page, priv->held_page) == 0 ||
      (g_strcmp0 (page, "paused") == 0 && g_strcmp0 (priv->paused_from, priv->held_page) == 0))
    return;
  g_clear_pointer (&priv->held_page, g_free);
  parlor_game_screen_release (self);
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

  /* A replay tells a hand's end in its log; it opens no dialog. */
  if (PRIV (self)->session != NULL && parlor_session_is_replay (PRIV (self)->session))
    {
      gtk_window_destroy (dialog);
      return;
    }
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

guint
parlor_game_screen_seat_computers (ParlorGameScreen   *self,
                                   ParlorTable        *table,
                                   const char         *name,
                                   const char * const *levels)
{
  GtkWidget *setup;
  guint n_seats;
  guint player;

  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), 0);
  g_return_val_if_fail (PARLOR_IS_TABLE (table), 0);

  setup = PRIV (self)->setup;
  n_seats = parlor_table_get_n_seats (table);
  player = parlor_table_add_player_at (table, 0, PARLOR_SEAT_LOCAL, name, NULL);
  for (guint s = 1; s < n_seats; s++)
    {
      const char *level = levels != NULL ? levels[s]
                          : PARLOR_IS_SETUP (setup) ? parlor_setup_get_level (PARLOR_SETUP (setup))
                          : NULL;
      g_autofree char *computer = NULL;

      if (levels == NULL && n_seats == 2 && PARLOR_IS_SETUP (setup))
        /* Translators: "Computer (Medium)" */
        computer = g_strdup_printf (_("Computer (%s)"),
                                    parlor_setup_get_strength_label (PARLOR_SETUP (setup)));
      else
        /* Translators: a computer player, "Computer 2"; short, as several headings share the table */
        computer = g_strdup_printf (_("Computer %u"), s);
      parlor_table_add_player_at (table, (int) s, PARLOR_SEAT_AI, computer, level);
    }
  return player;
}

void
parlor_game_screen_start_local_game (ParlorGameScreen *self)
{
  g_return_if_fail (PARLOR_IS_GAME_SCREEN (self));
  PARLOR_GAME_SCREEN_GET_CLASS (self)->new_local_game (self);
  start_local_game (self);
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
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);
  return parlor_game_screen_class_can_host (PARLOR_GAME_SCREEN_GET_CLASS (self));
}

gboolean
parlor_game_screen_class_can_host (ParlorGameScreenClass *klass)
{
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
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);
  return parlor_game_screen_class_can_join (PARLOR_GAME_SCREEN_GET_CLASS (self));
}

gboolean
parlor_game_screen_class_can_join (ParlorGameScreenClass *klass)
{
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
    case PROP_CAN_PAUSE:
      g_value_set_boolean (value, PRIV (self)->can_pause);
      break;
    case PROP_PAUSED:
      g_value_set_boolean (value, PRIV (self)->user_paused);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, PRIV (self)->can_undo);
      break;
    case PROP_CAN_HINT:
      g_value_set_boolean (value, PRIV (self)->can_hint);
      break;
    case PROP_CAN_WATCH_AGAIN:
      g_value_set_boolean (value, PRIV (self)->last_replay != NULL);
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
  const char *again = NULL;

  G_OBJECT_CLASS (parlor_game_screen_parent_class)->constructed (object);

  /* Play Again runs the action of the nearest class that installed it. */
  for (GType type = G_OBJECT_TYPE (object); again == NULL && type != PARLOR_TYPE_GAME_SCREEN;
       type = g_type_parent (type))
    again = g_type_get_qdata (type, play_again_quark ());
  gtk_actionable_set_action_name (GTK_ACTIONABLE (priv->again_button), again);

  if (priv->settings != NULL && PARLOR_IS_SETUP (priv->setup))
    parlor_setup_bind_settings (PARLOR_SETUP (priv->setup), priv->settings);
}

static void
parlor_game_screen_dispose (GObject *object)
{
  ParlorGameScreen *self = PARLOR_GAME_SCREEN (object);
  ParlorGameScreenPrivate *priv = PRIV (self);

  g_clear_handle_id (&priv->tick_id, g_source_remove);
  hide_notice (self);
  priv->notice = NULL;
  g_ptr_array_set_size (priv->kept_clear, 0);
  if (priv->hint_cancellable != NULL)
    g_cancellable_cancel (priv->hint_cancellable);
  g_clear_object (&priv->hint_cancellable);
  parlor_game_screen_set_session (self, NULL);
  parlor_game_screen_close_dialogs (self);
  watch_surface (self, NULL);
  /* By hand: GTK 4.8's gtk_widget_dispose_template() takes the instance's template. */
  if (priv->stack != NULL)
    gtk_widget_unparent (GTK_WIDGET (priv->stack));
  priv->stack = NULL;
  priv->clock_label = NULL;
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
  g_ptr_array_unref (PRIV (self)->events);
  g_ptr_array_unref (PRIV (self)->kept_clear);
  g_free (PRIV (self)->paused_from);
  g_free (PRIV (self)->held_page);
  g_free (PRIV (self)->last_replay);
  g_free (PRIV (self)->last_replay_path);
  for (guint i = 0; i < PARLOR_GAME_SCREEN_MAX_SEATS; i++)
    g_free (PRIV (self)->names[i]);

  G_OBJECT_CLASS (parlor_game_screen_parent_class)->finalize (object);
}

/* The focus goes where the player acts on the page shown. */
static gboolean
parlor_game_screen_grab_focus (GtkWidget *widget)
{
  ParlorGameScreen *self = PARLOR_GAME_SCREEN (widget);
  ParlorGameScreenPrivate *priv = PRIV (self);
  ParlorGameScreenClass *klass = PARLOR_GAME_SCREEN_GET_CLASS (self);
  const char *page = parlor_game_screen_get_page (self);

  if (g_strcmp0 (page, "setup") == 0 && priv->setup != NULL)
    return gtk_widget_grab_focus (priv->setup);
  if (g_strcmp0 (page, "result") == 0)
    return gtk_widget_grab_focus (gtk_widget_get_visible (priv->again_button)
                                  ? priv->again_button : priv->back_button);
  if (g_strcmp0 (page, "paused") == 0)
    return gtk_widget_grab_focus (priv->resume_button);
  return klass->focus_play != NULL && klass->focus_play (self, page);
}

/* grab_focus puts the focus on Start; Tab from outside enters the setup
 * page at its first choice instead (its saved game first). */
static gboolean
parlor_game_screen_focus (GtkWidget        *widget,
                          GtkDirectionType  direction)
{
  ParlorGameScreenPrivate *priv = PRIV (PARLOR_GAME_SCREEN (widget));
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  if (direction == GTK_DIR_TAB_FORWARD && priv->setup != NULL &&
      g_strcmp0 (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (widget)), "setup") == 0 &&
      (focus == NULL || !gtk_widget_is_ancestor (focus, widget)))
    return gtk_widget_child_focus (gtk_widget_get_parent (priv->setup), direction);
  return GTK_WIDGET_CLASS (parlor_game_screen_parent_class)->focus (widget, direction);
}

/* A game's template puts its parts in: <child type="setup">, "play" (the
 * board beside the log) and "result" (above the result's details). */
static void
parlor_game_screen_add_child (GtkBuildable *buildable,
                              GtkBuilder   *builder,
                              GObject      *child,
                              const char   *type)
{
  ParlorGameScreen *self = PARLOR_GAME_SCREEN (buildable);

  if (g_strcmp0 (type, "setup") == 0)
    parlor_game_screen_set_setup (self, GTK_WIDGET (child));
  else if (g_strcmp0 (type, "play") == 0)
    parlor_game_screen_set_play (self, GTK_WIDGET (child));
  else if (g_strcmp0 (type, "result") == 0)
    parlor_game_screen_add_result (self, GTK_WIDGET (child));
  else
    parent_buildable_iface->add_child (buildable, builder, child, type);
}

static void
parlor_game_screen_buildable_init (GtkBuildableIface *iface)
{
  parent_buildable_iface = g_type_interface_peek_parent (iface);
  iface->add_child = parlor_game_screen_add_child;
}

static void
parlor_game_screen_class_init (ParlorGameScreenClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = parlor_game_screen_get_property;
  object_class->set_property = parlor_game_screen_set_property;
  object_class->constructed = parlor_game_screen_constructed;
  object_class->dispose = parlor_game_screen_dispose;
  object_class->finalize = parlor_game_screen_finalize;
  GTK_WIDGET_CLASS (klass)->root = parlor_game_screen_root;
  GTK_WIDGET_CLASS (klass)->unroot = parlor_game_screen_unroot;
  GTK_WIDGET_CLASS (klass)->focus = parlor_game_screen_focus;
  GTK_WIDGET_CLASS (klass)->grab_focus = parlor_game_screen_grab_focus;
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
  /* A game against the computer is on: it may pause. */
  properties[PROP_CAN_PAUSE] =
    g_param_spec_boolean ("can-pause", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The player paused it: the board is hidden. */
  properties[PROP_PAUSED] =
    g_param_spec_boolean ("paused", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* ...and the player has a move to take back. */
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_HINT] =
    g_param_spec_boolean ("can-hint", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The game just finished can be watched again (its replay is here). */
  properties[PROP_CAN_WATCH_AGAIN] =
    g_param_spec_boolean ("can-watch-again", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* (const char *text): words for screen readers. */
  signals[ANNOUNCE] = g_signal_new ("announce", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  g_type_ensure (PARLOR_TYPE_LOG_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/parlorgames/Parlor/parlor-game-screen.ui");
  gtk_widget_class_bind_template_child_private (widget_class, ParlorGameScreen, stack);
  gtk_widget_class_bind_template_child_private (widget_class, ParlorGameScreen, setup_box);
  gtk_widget_class_bind_template_child_private (widget_class, ParlorGameScreen, saved_bar);
  gtk_widget_class_bind_template_child_private (widget_class, ParlorGameScreen, play_paned);
  gtk_widget_class_bind_template_child_private (widget_class, ParlorGameScreen, play_overlay);
  gtk_widget_class_bind_template_child_private (widget_class, ParlorGameScreen, notice);
  gtk_widget_class_bind_template_child_private (widget_class, ParlorGameScreen, log_pane);
  gtk_widget_class_bind_template_child_private (widget_class, ParlorGameScreen, log);
  gtk_widget_class_bind_template_child_private (widget_class, ParlorGameScreen, result_page);
  gtk_widget_class_bind_template_child_private (widget_class, ParlorGameScreen, result_box);
  gtk_widget_class_bind_template_child_private (widget_class, ParlorGameScreen, result_details);
  gtk_widget_class_bind_template_child_private (widget_class, ParlorGameScreen, back_button);
  gtk_widget_class_bind_template_child_private (widget_class, ParlorGameScreen, watch_button);
  gtk_widget_class_bind_template_child_private (widget_class, ParlorGameScreen, again_button);
  gtk_widget_class_bind_template_child_private (widget_class, ParlorGameScreen, resume_button);
  gtk_widget_class_bind_template_callback (widget_class, on_continue_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_resume_clicked);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  klass->session_event = parlor_game_screen_real_session_event;
  klass->session_changed = parlor_game_screen_real_session_changed;
}

static void
parlor_game_screen_init (ParlorGameScreen *self)
{
  PRIV (self)->dialogs = g_ptr_array_new_with_free_func ((GDestroyNotify) weak_ref_free);
  PRIV (self)->events = g_ptr_array_new_with_free_func (g_free);
  PRIV (self)->seat = -1;
  PRIV (self)->kept_clear = g_ptr_array_new_with_free_func (g_object_unref);
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (PRIV (self)->play_overlay, "get-child-position",
                    G_CALLBACK (on_notice_position), self);
  g_signal_connect_swapped (PRIV (self)->stack, "notify::visible-child-name",
                            G_CALLBACK (on_page_changed), self);
  g_signal_connect_object (PRIV (self)->stack, "notify::visible-child-name", G_CALLBACK (on_visible_page), self, 0);
  update_names (self);
}

gboolean
parlor_game_screen_will_keep_replay (ParlorGameScreen *self)
{
  ParlorSession *session;

  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);
  session = PRIV (self)->session;
  return session != NULL && !parlor_session_is_replay (session) &&
         (parlor_session_get_table (session) != NULL || parlor_session_is_remote (session));
}

gboolean
parlor_game_screen_can_watch_again (ParlorGameScreen *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), FALSE);
  return PRIV (self)->last_replay != NULL;
}

const char *
parlor_game_screen_get_last_replay (ParlorGameScreen *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), NULL);
  return PRIV (self)->last_replay;
}

const char *
parlor_game_screen_get_last_replay_path (ParlorGameScreen *self)
{
  g_return_val_if_fail (PARLOR_IS_GAME_SCREEN (self), NULL);
  return PRIV (self)->last_replay_path;
}
