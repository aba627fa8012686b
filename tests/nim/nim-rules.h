/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * Nim, the smallest game with Parlor's shape (docs/adding-a-game.md): two
 * players take one to three stones in turn from a pile of 13 to 24; who
 * takes the last stone wins. The rules on a plain struct: no GObject, no text.
 */
#define NIM_N_SEATS  2
#define NIM_MAX_TAKE 3

typedef struct
{
  guint pile;
  guint turn;
  int   winner;     /* -1 while the game goes on */
} NimState;

void     nim_rules_init  (NimState       *state,
                          guint           pile,
                          guint           first);
/* The stones @seat may take now (0 when it may not move). */
guint    nim_rules_max   (const NimState *state,
                          guint           seat);
gboolean nim_rules_take  (NimState       *state,
                          guint           seat,
                          guint           stones);

G_END_DECLS
