/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "jihai-view.h"
#include "mahjong-hint.h"

G_BEGIN_DECLS

/* The copies of @tile the viewer has not seen in @view: 4 minus its own
 * tiles and every meld and discard on the table. */
guint  jihai_view_unseen (const JihaiView *view,
                          MahjongTile      tile);
/* For ParlorGameInfo.hint_notes and describe_move. */
extern const MahjongHint jihai_hint;

G_END_DECLS
