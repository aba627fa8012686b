/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "parlor-table.h"

G_BEGIN_DECLS

typedef struct _ParlorApplication ParlorApplication;

#define TRIAD_TYPE_SCREEN (triad_screen_get_type ())
G_DECLARE_FINAL_TYPE (TriadScreen, triad_screen, TRIAD, SCREEN, GtkWidget)

/*
 * The Triple Triad screen: a setup page (difficulty, turn order, Open or
 * Closed hands, Same, Plus, Combo), the play page (score, hands, board,
 * game log) and the result page. The setup choices are the properties
 * "level" (easy|medium|hard|expert), "order" (first|second), "hands"
 * (open|closed), "same", "plus" and "combo", and the actions setup.<name>;
 * triad.start, triad.card(i), triad.show-result and triad.play-again
 * drive the rest.
 */
GtkWidget   *triad_screen_new_for_app    (ParlorApplication *app);
void         triad_screen_new_local_game (GtkWidget         *screen);
gboolean     triad_screen_is_playing     (GtkWidget         *screen);

/* "setup", "play" or "result". */
const char  *triad_screen_get_page       (TriadScreen       *self);
ParlorTable *triad_screen_get_table      (TriadScreen       *self);
int          triad_screen_get_seat       (TriadScreen       *self);
GtkWidget   *triad_screen_get_board      (TriadScreen       *self);
GtkWidget   *triad_screen_get_my_hand    (TriadScreen       *self);
GtkWidget   *triad_screen_get_their_hand (TriadScreen       *self);
GtkWidget   *triad_screen_get_result_page (TriadScreen      *self);
const char  *triad_screen_get_score_text (TriadScreen       *self);
/* The countdown of the player's move time, "" when there is none. */
const char  *triad_screen_get_clock_text (TriadScreen       *self);
char        *triad_screen_get_log_text   (TriadScreen       *self);

G_END_DECLS
