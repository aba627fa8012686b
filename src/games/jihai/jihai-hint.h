/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "jihai-view.h"

G_BEGIN_DECLS

/* The viewer's tiles of @kind not seen in @view: 4 minus its own tiles and
 * every meld and discard on the table. */
guint  jihai_view_unseen (const JihaiView *view,
                          guint            kind);
/* ParlorGameInfo.hint_notes */
char  *jihai_hint_notes  (const char      *view,
                          const char      *action);

/* ParlorGameInfo.describe_move */
char  *jihai_hint_describe (const char    *view,
                            const char    *action);

G_END_DECLS
