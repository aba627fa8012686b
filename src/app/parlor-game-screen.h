/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>
#include <gtk/gtk.h>

#include "parlor-line.h"
#include "parlor-log-view.h"
#include "parlor-session.h"
#include "parlor-settings.h"
#include "parlor-sound.h"

G_BEGIN_DECLS

/*
 * What every game screen shares: its session (a game here, hosted or
 * joined), its pages (setup, play…), starting a game against the computer
 * and playing again, the countdown of this player's time, the log of who
 * left and who ran out of time, sounds, toasts, the connection-lost dialog,
 * and dialogs that pause a game against the computer. A game's screen
 * derives from it, gives what is its own as class methods, and takes the
 * settings and the sound player as construct properties.
 */
#define PARLOR_TYPE_GAME_SCREEN (parlor_game_screen_get_type ())
G_DECLARE_DERIVABLE_TYPE (ParlorGameScreen, parlor_game_screen, PARLOR, GAME_SCREEN, GtkWidget)

struct _ParlorGameScreenClass
{
  GtkWidgetClass parent_class;

  /* The app's entry points. host_game, join_game and host_config may be NULL.
   * new_local_game forgets the last game and shows the setup page (the
   * default); by default host_game and join_game do that, start the session,
   * then begin_play. */
  void      (*new_local_game)  (ParlorGameScreen  *self);
  gboolean  (*is_playing)      (ParlorGameScreen  *self);
  gboolean  (*host_game)       (ParlorGameScreen  *self,
                                ParlorServer      *server,
                                const char        *table_id,
                                GError           **error);
  void      (*join_game)       (ParlorGameScreen  *self,
                                ParlorClient      *client,
                                const char        *address);
  /* The config of the table to host, from the choices made on the screen,
   * and those choices in words for the host window (*summary, may stay NULL). */
  char     *(*host_config)     (ParlorGameScreen  *self,
                                char             **summary);

  /* The session's news. The base's own tells an event: its words (from
   * event_words, else the game's describe with the player named ""), in the
   * log unless its type is quiet (headlines stand out), then take_event
   * (@words NULL when it has none), then the sound of turn_events and
   * round_events. */
  void      (*session_event)   (ParlorGameScreen  *self,
                                const char        *line);
  char     *(*event_words)     (ParlorGameScreen  *self,
                                const ParlorLine  *line,
                                const char        *text);
  void      (*take_event)      (ParlorGameScreen  *self,
                                ParlorLine        *line,
                                const char        *type,
                                const char        *words);
  const char * const *headline_events;
  const char * const *quiet_events;
  const char * const *turn_events;
  const char * const *round_events;
  void      (*session_changed) (ParlorGameScreen  *self);
  /* Draws this seat's view line; FALSE with @error when it cannot be read.
   * The base's session_changed shows the new view with it. */
  gboolean  (*show_view)       (ParlorGameScreen  *self,
                                const char        *view,
                                GError           **error);
  void      (*seats_changed)   (ParlorGameScreen  *self);
  void      (*game_over)       (ParlorGameScreen  *self,
                                const char        *result);
  void      (*reconnected)     (ParlorGameScreen  *self);
  /* This player's seat has just become known (a game started, joined or
   * taken back): the names are there too. */
  void      (*seated)          (ParlorGameScreen  *self);
  /* Shows the game the screen's session has just started. */
  void      (*begin_play)      (ParlorGameScreen  *self);

  /* A game against the computer (the `<prefix>.start` action): the game,
   * its config from the setup page's choices (NULL: ""), and its seats.
   * seat_players seats you, named @name, and the computer players at
   * @table, whose time limit and computer delay the base has set from the
   * settings, and returns your player (NULL: parlor_game_screen_seat_computers).
   * reset forgets the game shown. */
  const ParlorGameInfo *game_info;
  char     *(*local_config)    (ParlorGameScreen  *self);
  guint     (*seat_players)    (ParlorGameScreen  *self,
                                ParlorTable       *table,
                                const char        *name);
  void      (*reset)           (ParlorGameScreen  *self);
  /* Escape was pressed in the game: TRUE if the screen took it (a mahjong
   * screen lets the tile go); otherwise the window goes back. */
  gboolean  (*escape)          (ParlorGameScreen  *self);

  /* Shows the hinted @action on the board: the card and spot, the cell,
   * the tile to discard, with the keyboard focus on it. Not asked when a
   * widget makes @action (parlor_widget_set_move()): it has the focus. */
  void      (*show_hint)       (ParlorGameScreen  *self,
                                const char        *action);

  /* Focuses what the player acts on in @page, a page of the game's own
   * (the base focuses the setup, result and paused pages). */
  gboolean  (*focus_play)      (ParlorGameScreen  *self,
                                const char        *page);

  gpointer padding[3];
};

ParlorSession     *parlor_game_screen_get_session  (ParlorGameScreen  *self);
ParlorSettings    *parlor_game_screen_get_settings (ParlorGameScreen  *self);
/* This player's seat, -1 until the session knows it, and every seat's name
 * as the table shows it ("Ann", "Ann (computer)" while a computer keeps her
 * seat, "Player 3" before the game starts). */
#define PARLOR_GAME_SCREEN_MAX_SEATS 8
int                 parlor_game_screen_get_seat      (ParlorGameScreen *self);
const char         *parlor_game_screen_get_seat_name (ParlorGameScreen *self,
                                                      guint             seat);
const char * const *parlor_game_screen_get_names     (ParlorGameScreen *self);
/* Shorthands for a game screen's own code. */
#define PARLOR_SCREEN_SEAT(screen)       parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (screen))
#define PARLOR_SCREEN_NAME(screen, seat) parlor_game_screen_get_seat_name (PARLOR_GAME_SCREEN (screen), (seat))
#define PARLOR_SCREEN_SESSION(screen)    parlor_game_screen_get_session (PARLOR_GAME_SCREEN (screen))
/* The session is a guest's at another's table, or the host's own. */
gboolean  parlor_game_screen_is_guest       (ParlorGameScreen  *self);
gboolean  parlor_game_screen_is_host        (ParlorGameScreen  *self);

/* What every game screen takes from its game's id (info->id, "ID"): the
 * game, its template /io/github/parlorgames/Parlor/ID/ID-screen.ui where
 * there is one, the actions `ID.start` (a game against the computer from the
 * setup page) and `ID.play-again` (the same game again: at once against the
 * computer, the host window for a host, the start page for a guest), and the
 * CSS name ID-screen. Call it first in class_init. */
void      parlor_game_screen_class_set_game (GtkWidgetClass       *widget_class,
                                             const ParlorGameInfo *info);
/*
 * The screen's pages (parlor-game-screen.ui): "setup", "play" (the game's
 * board beside the log), "result" and "paused". A game's template puts its
 * parts in with <child type="setup">, <child type="play"> and
 * <child type="result"> (above the result's details); or from init with
 * these. A ParlorSetup's strength and times become the settings'.
 */
void      parlor_game_screen_set_setup      (ParlorGameScreen  *self,
                                             GtkWidget         *setup);
void      parlor_game_screen_set_play       (ParlorGameScreen  *self,
                                             GtkWidget         *board);
void      parlor_game_screen_add_result     (ParlorGameScreen  *self,
                                             GtkWidget         *widget);
/* The pages' stack, for a page of the game's own (a mahjong hand's result),
 * and the log. */
GtkStack *parlor_game_screen_get_stack      (ParlorGameScreen  *self);
ParlorLogView *parlor_game_screen_get_log_view (ParlorGameScreen *self);
const char *parlor_game_screen_get_page     (ParlorGameScreen  *self);
/* The setup page, and the session's table (NULL without a session). */
GtkWidget   *parlor_game_screen_get_setup   (ParlorGameScreen  *self);
ParlorTable *parlor_game_screen_get_table   (ParlorGameScreen  *self);
/* The match-result page, its title and description the game's, and its
 * details (markup, shown when not empty). */
AdwStatusPage *parlor_game_screen_get_result_page    (ParlorGameScreen *self);
GtkLabel      *parlor_game_screen_get_result_details (ParlorGameScreen *self);
/* Shows it: Play Again (Host Again for a host; none for a guest, whose way
 * on is Back to Menu), focused. */
void      parlor_game_screen_show_result_page (ParlorGameScreen *self);
void      parlor_game_screen_show_page      (ParlorGameScreen  *self,
                                             const char        *name);

void      parlor_game_screen_new_local_game (ParlorGameScreen  *self);
/* The seats of a game against the computer: you at seat 0, named @name,
 * and a computer player at every other seat, at @levels[seat] (NULL: the
 * setup page's level). Two seats at the setup's level name the computer by its
 * strength. It is what seat_players does when a screen gives none. */
guint     parlor_game_screen_seat_computers (ParlorGameScreen   *self,
                                             ParlorTable        *table,
                                             const char         *name,
                                             const char * const *levels);
/* A game against the computer at once, with the setup page's choices. */
void      parlor_game_screen_start_local_game (ParlorGameScreen *self);
gboolean  parlor_game_screen_can_host       (ParlorGameScreen  *self);
gboolean  parlor_game_screen_host_game      (ParlorGameScreen  *self,
                                             ParlorServer      *server,
                                             const char        *table_id,
                                             GError           **error);
gboolean  parlor_game_screen_can_join       (ParlorGameScreen  *self);
/* The same for every screen of @klass: the app offers LAN play by these. */
gboolean  parlor_game_screen_class_can_host (ParlorGameScreenClass *klass);
gboolean  parlor_game_screen_class_can_join (ParlorGameScreenClass *klass);
void      parlor_game_screen_join_game      (ParlorGameScreen  *self,
                                             ParlorClient      *client,
                                             const char        *address);
char     *parlor_game_screen_host_config    (ParlorGameScreen  *self,
                                             char             **summary);
/* Whether the screen takes Escape now (see the escape class method). */
gboolean  parlor_game_screen_escape         (ParlorGameScreen  *self);
/* A game is on and not over. */
gboolean  parlor_game_screen_is_playing     (ParlorGameScreen  *self);

/* For the game screens. The screen takes @session; NULL stops the game. */
void      parlor_game_screen_set_session    (ParlorGameScreen  *self,
                                             ParlorSession     *session);
/* The host's session for @table_id of @server, or NULL (error set) if the
 * table is gone. */
ParlorSession *parlor_game_screen_new_hosted_session (ParlorServer  *server,
                                                      const char    *table_id,
                                                      GError       **error);
/* A local game (table in this process), or a hosted one. */
gboolean  parlor_game_screen_start_session  (ParlorGameScreen  *self,
                                             ParlorSession     *session,
                                             GError           **error);
void      parlor_game_screen_set_finished   (ParlorGameScreen  *self,
                                             gboolean           finished);
gboolean  parlor_game_screen_get_finished   (ParlorGameScreen  *self);
/* The game waits for this player and no move of theirs is on its way. */
gboolean  parlor_game_screen_can_move       (ParlorGameScreen  *self);
/* This seat's view line (from the table, or the last one the host sent);
 * NULL without a seat. */
char     *parlor_game_screen_dup_view       (ParlorGameScreen  *self);
/* Shows the session's view (show_view); FALSE when there is none to show
 * (no seat, no view, or a view that could not be read). */
gboolean  parlor_game_screen_refresh        (ParlorGameScreen  *self);
gboolean  parlor_game_screen_submit         (ParlorGameScreen  *self,
                                             const char        *action,
                                             GError           **error);
void      parlor_game_screen_set_clock_label (ParlorGameScreen *self,
                                             GtkLabel          *label);
const char *parlor_game_screen_get_clock_text (ParlorGameScreen *self);
/* The window shows or folds the log (a toggle, F9, a narrow window). */
void      parlor_game_screen_set_log_shown  (ParlorGameScreen  *self,
                                             gboolean           shown);
gboolean  parlor_game_screen_get_log_shown  (ParlorGameScreen  *self);
char     *parlor_game_screen_dup_log_text   (ParlorGameScreen  *self);
void      parlor_game_screen_toast          (ParlorGameScreen  *self,
                                             const char        *message);
void      parlor_game_screen_play_sound     (ParlorGameScreen  *self,
                                             ParlorSoundEvent   id);
/* Shows @dialog (transient for the screen's window); a game against the
 * computer waits while it is open. */
void      parlor_game_screen_present_dialog (ParlorGameScreen  *self,
                                             GtkWindow         *dialog);
/* Pauses a game against the computer until the matching release. */
void      parlor_game_screen_hold           (ParlorGameScreen  *self);
void      parlor_game_screen_release        (ParlorGameScreen  *self);
/* Pauses a game against the computer while @page shows (the player's pause
 * may cover it): leaving it any way releases the hold. One page at a time. */
void      parlor_game_screen_hold_page      (ParlorGameScreen  *self,
                                             const char        *page);
void      parlor_game_screen_close_dialogs  (ParlorGameScreen  *self);

/*
 * Against the computer (never in a LAN game): pause, undo, and the game
 * kept as its replay in the user's data directory after every move, so it
 * can be resumed (parlor-saved-game.h). Properties "can-pause", "paused"
 * and "can-undo" notify on change; the signal "announce" (const char *text)
 * gives words for screen readers as the game pauses, resumes, is undone or
 * restored.
 */
gboolean  parlor_game_screen_can_pause      (ParlorGameScreen  *self);
/* Paused, the board gives way to a "Paused" page and the clock stops. */
void      parlor_game_screen_set_paused     (ParlorGameScreen  *self,
                                             gboolean           paused);
gboolean  parlor_game_screen_get_paused     (ParlorGameScreen  *self);
gboolean  parlor_game_screen_can_undo       (ParlorGameScreen  *self);
/* Back to this player's last decision, the computer's moves since undone. */
gboolean  parlor_game_screen_undo           (ParlorGameScreen  *self,
                                             GError           **error);
/* Against the computer when the game waits for this player ("can-hint"
 * notifies): the strongest computer player's move, worked out off the main
 * thread, is shown on the board (show_hint) and said ("announce"). */
gboolean  parlor_game_screen_can_hint       (ParlorGameScreen  *self);
/* A widget that makes @action when activated (a call's button): a hint of
 * @action puts the focus on it, before the screen's show_hint is asked. */
void      parlor_widget_set_move            (GtkWidget         *widget,
                                             const char        *action);
gboolean  parlor_game_screen_focus_move     (ParlorGameScreen  *self,
                                             const char        *action);
/* The screen's notices (toasts, hints) never cover @widget (the hand, the
 * calls); the notice is shown on the play page, one at a time. */
void      parlor_game_screen_keep_clear     (ParlorGameScreen  *self,
                                             GtkWidget         *widget);
/* Notices go as near the middle of the board as they can, clear of what is
 * kept clear (a table with room in its middle), not as high as they can. */
void      parlor_game_screen_set_notice_middle (ParlorGameScreen *self,
                                             gboolean          middle);
GtkWidget *parlor_game_screen_get_notice    (ParlorGameScreen  *self);
gboolean  parlor_game_screen_hint           (ParlorGameScreen  *self,
                                             GError           **error);
/* The game was played with help (a hint shown or a move undone): its
 * records are counted apart. Forgotten when a new game starts. */
void      parlor_game_screen_mark_assisted  (ParlorGameScreen  *self);
gboolean  parlor_game_screen_get_assisted   (ParlorGameScreen  *self);
/* The game shown will be resumed if left: one against the computer. */
gboolean  parlor_game_screen_is_kept        (ParlorGameScreen  *self);
/* Writes the game against the computer now (it is after every move). */
void      parlor_game_screen_save           (ParlorGameScreen  *self);
gboolean  parlor_game_screen_has_saved_game (ParlorGameScreen  *self);
/* The setup page offers to continue the saved game once its window knows
 * the game can be played on. */
void      parlor_game_screen_update_saved_bar (ParlorGameScreen *self);
/* Plays the saved game again up to where it was left. A file this version
 * cannot play is set aside, and a toast says so. */
gboolean  parlor_game_screen_resume_saved_game (ParlorGameScreen *self,
                                             GError           **error);

/*
 * Watch Again: the game just finished, as a replay (the table's record:
 * against the computer or hosting), until another starts.
 * "can-watch-again" notifies; the result page's Watch Again button runs
 * `win.watch-again`. The records keep the file a moment later: its path
 * then, or NULL.
 */
gboolean    parlor_game_screen_will_keep_replay     (ParlorGameScreen *self);
gboolean    parlor_game_screen_can_watch_again      (ParlorGameScreen *self);
const char *parlor_game_screen_get_last_replay      (ParlorGameScreen *self);
const char *parlor_game_screen_get_last_replay_path (ParlorGameScreen *self);

/* Shows a replay session (parlor_session_new_replay()) in place of the
 * game shown: the board and log of its step, silently; the hand dialogs a
 * game would open are left out (the log has their words). */
void      parlor_game_screen_watch          (ParlorGameScreen  *self,
                                             ParlorSession     *session);
/* Plays @table (made from a record, not started) for its local seat in
 * place of the game shown, as a resumed game: Play on from here. */
gboolean  parlor_game_screen_play_on        (ParlorGameScreen  *self,
                                             ParlorTable       *table,
                                             GError           **error);

G_END_DECLS
