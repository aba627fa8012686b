/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "parlor-application.h"
#include "parlor-host-window.h"
#include "parlor-join-window.h"
#include "parlor-replay-viewer.h"

G_BEGIN_DECLS

#define PARLOR_TYPE_WINDOW (parlor_window_get_type ())
G_DECLARE_FINAL_TYPE (ParlorWindow, parlor_window, PARLOR, WINDOW, AdwApplicationWindow)

ParlorWindow *parlor_window_new         (ParlorApplication *app);
void          parlor_window_show_start  (ParlorWindow      *self);
void          parlor_window_show_game   (ParlorWindow      *self,
                                         const char        *game_id);
gboolean      parlor_window_play        (ParlorWindow      *self,
                                         const char        *game_id);
ParlorHostWindow *parlor_window_host_lan (ParlorWindow     *self);
ParlorJoinWindow *parlor_window_join_lan (ParlorWindow     *self);
void          parlor_window_toast       (ParlorWindow      *self,
                                         const char        *message);
/* The page now shown: "start", "menu" or "play". */
const char   *parlor_window_get_page    (ParlorWindow      *self);
/* The id of the game chosen on the start page, or NULL. */
const char   *parlor_window_get_game_id (ParlorWindow      *self);
GtkWidget    *parlor_window_get_screen  (ParlorWindow      *self);
void          parlor_window_present_dialog (ParlorWindow   *self,
                                            GtkWindow      *dialog);
/* Quitting would end a game that is not kept to be resumed (a LAN game):
 * ask first with confirm_quit(), whose Quit runs app.quit again with the
 * window's quit confirmed. */
gboolean      parlor_window_needs_quit_question (ParlorWindow *self);
void          parlor_window_confirm_quit (ParlorWindow     *self);
gboolean      parlor_window_get_quit_confirmed (ParlorWindow *self);
/* What screen readers were last told of pause, resume, undo or restore. */
const char   *parlor_window_get_announcement (ParlorWindow *self);
/* Whether @game_id's saved game is known to be one that can be played
 * on; a file not yet checked as it is now is checked, and the game's
 * screen is brought up to date when the verdict comes. */
gboolean      parlor_window_saved_game_is_playable (ParlorWindow *self,
                                                    const char   *game_id);
/* Writes the game against the computer now. */
void          parlor_window_save_game   (ParlorWindow      *self);
/* Remembers the window's size and whether it is maximized, for the next start. */
void          parlor_window_save_state  (ParlorWindow      *self);

/* Opens the replay @file in a viewer window (a dialog says why a file
 * cannot be watched); Play on from here plays on in this window. */
void          parlor_window_open_replay (ParlorWindow      *self,
                                         GFile             *file);
/* Shows @viewer over this window; Play on from here plays on in it. */
void          parlor_window_present_viewer (ParlorWindow   *self,
                                            ParlorReplayViewer *viewer);
/* Plays @table (a record's first moves, not started) against the computer. */
gboolean      parlor_window_play_on     (ParlorWindow      *self,
                                         ParlorTable       *table,
                                         GError           **error);

G_END_DECLS
