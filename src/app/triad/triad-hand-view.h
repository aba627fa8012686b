/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "triad-card.h"

G_BEGIN_DECLS

#define TRIAD_TYPE_HAND_VIEW (triad_hand_view_get_type ())
G_DECLARE_FINAL_TYPE (TriadHandView, triad_hand_view, TRIAD, HAND_VIEW, GtkWidget)

/*
 * One seat's hand as a row of cards, face down when hidden. Left/Right move
 * the selection (the player's own hand raises the chosen card); Enter,
 * Space or Up emit "card-activated" (index) while interactive; a click
 * selects a card. "selection-changed" follows every change of selection.
 */
GtkWidget *triad_hand_view_new             (void);
/* @owner_name NULL: the viewer's own hand. */
void       triad_hand_view_set_owner       (TriadHandView   *self,
                                            const char      *owner_name,
                                            TriadFace        face);
void       triad_hand_view_set_cards       (TriadHandView   *self,
                                            const TriadCard *cards,
                                            guint            n_cards,
                                            gboolean         known);
guint      triad_hand_view_get_n_cards     (TriadHandView   *self);
gboolean   triad_hand_view_get_known       (TriadHandView   *self);
void       triad_hand_view_set_interactive (TriadHandView   *self,
                                            gboolean         interactive);
int        triad_hand_view_get_selected    (TriadHandView   *self);
void       triad_hand_view_select          (TriadHandView   *self,
                                            int              index);
/* The selected card, or NULL when the hand is empty or hidden. */
const TriadCard *triad_hand_view_get_selected_card (TriadHandView *self);
char      *triad_hand_view_describe        (TriadHandView   *self);

G_END_DECLS
