/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "parlor-game-screen.h"

G_BEGIN_DECLS

/* Nim's screen: what a game screen supplies when the base does the rest. */
#define NIM_TYPE_SCREEN (nim_screen_get_type ())
G_DECLARE_FINAL_TYPE (NimScreen, nim_screen, NIM, SCREEN, ParlorGameScreen)

GtkWidget  *nim_screen_get_take_button (NimScreen *self,
                                        guint      stones);
const char *nim_screen_get_pile_text   (NimScreen *self);
const char *nim_screen_get_result_text (NimScreen *self);

G_END_DECLS
