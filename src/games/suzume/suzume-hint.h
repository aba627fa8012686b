/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "mahjong-hint.h"

G_BEGIN_DECLS

/* For ParlorGameInfo.hint_notes and describe_move. */
extern const MahjongHint suzume_hint;

G_END_DECLS
