/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "parlor-client.h"
#include "parlor-server.h"
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
 *
 * LAN play: the host chooses the rules (hands, Same, Plus, Combo) on the
 * setup page; host_config() turns them into the hosted table's config
 * (who moves first is drawn at random). host_game() plays the host's seat
 * of a server's table, join_game() a guest's seat through a client.
 */
GtkWidget   *triad_screen_new_for_app    (ParlorApplication *app);
void         triad_screen_new_local_game (GtkWidget         *screen);
gboolean     triad_screen_is_playing     (GtkWidget         *screen);
char        *triad_screen_host_config    (GtkWidget         *screen,
                                          char             **summary);
gboolean     triad_screen_host_game      (GtkWidget         *screen,
                                          ParlorServer      *server,
                                          const char        *table_id,
                                          GError           **error);
void         triad_screen_join_game      (GtkWidget         *screen,
                                          ParlorClient      *client,
                                          const char        *address);

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
/* This seat's view line (from the table, or the last one the host sent). */
char        *triad_screen_dup_view       (TriadScreen       *self);
/* Whether it is this player's turn and no move is on its way to the host. */
gboolean     triad_screen_is_waiting     (TriadScreen       *self);
/* The rules line of the play page, "Closed hands · Same". */
const char  *triad_screen_get_rules_text (TriadScreen       *self);

G_END_DECLS
