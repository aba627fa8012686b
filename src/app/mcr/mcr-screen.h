/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "mahjong-screen.h"

G_BEGIN_DECLS

#define MCR_TYPE_SCREEN (mcr_screen_get_type ())
G_DECLARE_FINAL_TYPE (McrScreen, mcr_screen, MCR, SCREEN, MahjongScreen)

G_END_DECLS
