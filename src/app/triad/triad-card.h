/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "triad-rules.h"

G_BEGIN_DECLS

/*
 * How a Triple Triad card is drawn, shared by the board and the hands. Blue
 * cards are the viewer's (plain, a circle emblem), red ones the opponent's
 * (striped, a diamond emblem), so colour is never the only cue.
 */
typedef enum
{
  TRIAD_FACE_BLUE,
  TRIAD_FACE_RED,
  TRIAD_FACE_BACK,
} TriadFace;

/* Width / height of a card. */
#define TRIAD_CARD_ASPECT 0.8

void  triad_card_snapshot     (GtkSnapshot           *snapshot,
                               GtkWidget             *widget,
                               const graphene_rect_t *rect,
                               const TriadCard       *card,
                               TriadFace              face);
/* The largest card of TRIAD_CARD_ASPECT fitting @width × @height. */
void  triad_card_fit          (double                 width,
                               double                 height,
                               double                *card_width,
                               double                *card_height);
/* "top 7, right 3, bottom 10, left 5": the numbers in words, as the log writes them. */
char *triad_card_to_text      (const TriadCard       *card);
/* Rounded outline helper. */

G_END_DECLS
