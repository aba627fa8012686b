/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "jihai-screen.h"
#include "jihai-view.h"

G_BEGIN_DECLS

/* Whether a discard of @kind would win for the viewer of @view but for the
 * ron ban (the viewer discarded that kind earlier in the hand): the screen's
 * hint, since the game opens no claim window then. */
gboolean jihai_ron_barred (const JihaiView *view,
                           guint            kind);

G_END_DECLS
