/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "mahjong-hint.h"

G_BEGIN_DECLS

/* For ParlorGameInfo.hint_notes. */
extern const MahjongHint suzume_hint;

/* ParlorGameInfo.describe_move: the move alone tells it. */
char *suzume_hint_describe (const char *view,
                            const char *action);

G_END_DECLS
