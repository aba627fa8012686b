/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define MANHATTAN_TYPE_CARD (manhattan_card_get_type ())
G_DECLARE_FINAL_TYPE (ManhattanCard, manhattan_card, MANHATTAN, CARD, GtkWidget)

/* A building card as its holder sees it: a 3 × 3 grid with one cell marked. */
GtkWidget *manhattan_card_new          (void);
void       manhattan_card_set_position (ManhattanCard *self,
                                        int            position);
int        manhattan_card_get_position (ManhattanCard *self);

G_END_DECLS
