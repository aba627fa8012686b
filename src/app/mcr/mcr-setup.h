/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "parlor-setup.h"

G_BEGIN_DECLS

/*
 * Chinese Official mahjong's setup page, a ParlorSetup: the computer
 * players' strength ("strength", or "level": "1" … "4"), the times for a
 * turn and a claim, and the match length (property "hands", 16 or 1). Its
 * Start button activates mcr.start.
 */
#define MCR_TYPE_SETUP (mcr_setup_get_type ())
G_DECLARE_FINAL_TYPE (McrSetup, mcr_setup, MCR, SETUP, ParlorSetup)

const char *mcr_setup_get_level   (McrSetup *self);
guint       mcr_setup_get_hands   (McrSetup *self);
/* The table config line: "hands=16" or "hands=1". */
char       *mcr_setup_make_config (McrSetup *self);
/* The choices in a few words: "Computer strength: Hard · 16 hands". */
char       *mcr_setup_summary     (McrSetup *self);

G_END_DECLS
