/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "parlor-application.h"
#include "parlor-window.h"

G_BEGIN_DECLS

/* What the UI tests share: one app, its window, waiting and screenshots. */
void               ui_test_init       (int         *argc,
                                       char      ***argv);
ParlorApplication *ui_test_get_app    (void);
ParlorWindow      *ui_test_get_window (void);
void               ui_test_iterate    (guint        ms);
void               ui_test_wait_for_done (gboolean (*done) (gpointer),
                                       gpointer     data,
                                       const char  *what);
#define ui_test_wait_for(done, data) ui_test_wait_for_done (done, data, #done)

/* Waits for this player's turn in @screen (a ParlorGameScreen) and plays
 * the first legal move; FALSE once the game is over. */
gboolean           ui_test_play_first_move (gpointer screen);
/* Renders @widget to screenshots/NAME[-LANGUAGE].png in the build dir, for a person to look at. */
void               ui_test_screenshot (GtkWidget   *widget,
                                       const char  *name);
/* The same after only @settle_ms, to catch an animation in the middle. */
void               ui_test_screenshot_after (GtkWidget *widget,
                                       const char  *name,
                                       guint        settle_ms);
/* NAME.png, then NAME-dark.png in the dark style. */
void               ui_test_screenshot_light_dark (GtkWidget *widget,
                                       const char  *name);
int                ui_test_run        (void);
/* The test's own data directory (XDG_DATA_HOME), where games are saved. */
const char        *ui_test_get_data_home (void);
/* Whether Tab, pressed again and again from the start, reaches @target
 * (or a widget inside it). */
gboolean           ui_test_reached_by_tab (GtkWidget *window,
                                       GtkWidget   *target);

/* The first visible toplevel window of @type, or NULL. */
GtkWindow         *ui_test_find_window (GType       type);
/* For ui_test_wait_for: the host window has two players seated. */
gboolean           ui_test_two_players (gpointer    host_window);

G_END_DECLS

G_BEGIN_DECLS

/* Mahjong journeys, the same in every mahjong game @game_id ("suzume",
 * "jihai", "mcr"), dealt from @seed. */
/* Starts a game against the computer dealt from @seed; returns its screen. */
GtkWidget         *ui_test_mahjong_start (const char  *game_id,
                                       guint        seed);
/* One move as a keyboard player makes it: a win when offered, else Pass on
 * a call, else the drawn (or last) tile discarded with Enter. */
void               ui_test_mahjong_move (GtkWidget   *screen);
/* Plays until a hand's result page shows; FALSE if the match ended first. */
gboolean           ui_test_mahjong_play_to_hand_page (GtkWidget *screen);
/* The game goes on: the player moves (on the table), then the computers do. */
void               ui_test_mahjong_assert_goes_on (GtkWidget *screen);
/* Some visible label inside @widget reads @text. */
gboolean           ui_test_shows_label (GtkWidget   *widget,
                                       const char  *text);
/* Winning hands (tiles shown) inside @widget. */
guint              ui_test_count_win_hands (GtkWidget *widget);
void               ui_test_mahjong_continue_journey (const char *game_id,
                                       guint        seed);
void               ui_test_mahjong_undo_journey (const char *game_id,
                                       guint        seed);
void               ui_test_mahjong_pause_journey (const char *game_id,
                                       guint        seed);

G_END_DECLS
